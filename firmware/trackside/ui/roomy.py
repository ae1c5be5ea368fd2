# The game screen on a tall screen (320x240): where the rows leave room for
# two lines or more, what the last entry changed (and the phase's summary)
# is written out on lines of its own above the bottom lines, to be read at
# once, not scrolled through on the answer's line. Loaded only on such a
# screen: the others never hold this code.
from trackside.ui import theme
from trackside.ui.screens import wrap
from trackside.ui.dashboard import status_text

NAMES = ('said0', 'said1', 'said2', 'said3', 'said4', 'said5')


def said(p, app, bottom):
    # The lines between the rows' end and bottom; False if there is no room
    # for two (the caller puts the text on the answer's line). Drawn on the
    # game screen and under its questions alike: at every redraw, so the
    # text is wrapped again only when the status is another one.
    below = p.slots.get('#below')
    sh = p.small.height
    n = min(len(NAMES), (bottom - below) // sh) if below else 0
    if n < 2:
        return False
    if p.slots.get('#said') is app.status and NAMES[0] in p.slots:
        return True                 # (the same status, its lines still there)
    p.slots['#said'] = app.status
    text = status_text(app) if app.status else ''
    words = wrap(text, p.small, p.w - 4) if text else []
    if len(words) > n:
        words = words[:n - 1] + [' '.join(words[n - 1:])]     # (the last line scrolls)
    y = bottom - n * sh
    for i in range(n):
        p.put(NAMES[i], 0, y + i * sh, p.w, sh, words[i] if i < len(words) else '', p.small,
              theme.TEXT)
    return True
