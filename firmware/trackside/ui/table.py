# The game screen every game shares: a header (the game's turn and phase,
# or what an entry has so far), a row per player in the game's order with
# the columns the game names, the player to move marked (ui/rows.py), and at
# the bottom two lines: what comes next (the Dashboard, ui/dashboard.py), or
# the question being answered (ui/table_questions.py). Also the words games
# share (signed, winners). A game's UI module (games/<game>/ui.py) says what
# goes in it: docs/engine.md.
from trackside import need
from trackside.ui import theme
from trackside.ui.rows import draw_rows

HINT = {4: 'hold B: undo', 3: 'v.long=undo', 2: 'very long 2: undo'}


def height(p):
    # The question's two lines: what is asked, and the answer being chosen.
    return p.small.height + p.medium.height + 2


def inline(p):
    # Questions at the bottom of the game screen where there is room for
    # both; on a small screen (the 128x64 OLED) they get screens of their own.
    return p.h >= 120


def signed(n):
    # A change or an income as the rows show it: +3, 0, -2.
    return '+%d' % n if n > 0 else '%d' % n


def winners(names, won):
    return 'Game over: %s %s' % (' & '.join(names[q] for q in won), 'win' if len(won) > 1 else 'wins')


def header(app):
    # A sequence's answers so far, else the game's own words: its header(),
    # or the turn and phase, and at the end who won (state['rank'] 1).
    top = app.stack[-1] if app.stack else None
    summary = getattr(top, 'summary', '')
    if summary:
        return summary
    # The game's words change only with its state: made once a change (the
    # session's version), not at every redraw (new strs, costly on MicroPython).
    # Kept on the session, so it goes with it (the App lets a game go before
    # it opens another: two may not fit in RAM).
    session = app.session
    head = getattr(session, 'ui_head', None)
    if head is not None and head[0] == session.version:
        return head[1]
    gui = app.gui
    s = session.state
    if hasattr(gui, 'header'):
        text = gui.header(app)
    elif s['phase'] == 'over':
        rank = s['rank']
        text = winners(session.setup['players'], [q for q in range(len(rank)) if rank[q] == 1])
    else:
        text = '%s %s' % (session.game.clock(s), gui.PHASES.get(s['phase'], s['phase']))
    session.ui_head = (session.version, text)
    return text


def game_screen(p, app, hint):
    # Drawn whole only when coming from another kind of screen; else only
    # what changed (the Painter's boxes remember what they show). A game's
    # info() line (Brass's markets) goes between the rows and the bottom.
    # True if what the last entry changed is written out above the bottom
    # lines (ui/roomy.py, where a tall screen leaves room for it).
    bottom = p.h - (height(p) if inline(p) else p.small.height)
    info = getattr(app.gui, 'info', None)
    if info:
        bottom -= p.small.height
    if p.layout != 'game':
        p.clear()
        p.layout = 'game'
        if inline(p):
            p.fill(0, bottom, p.w, 1, theme.BAR)
    hh = p.small.height + 1
    head = header(app)
    hint_w = p.small.measure(hint) + 4
    if p.small.measure(head) + 4 + p.small.width + hint_w > p.w:
        hint_w = 0                  # the header's own words come first, a space before the hint
    # (put only when changed, as lines() does: a call of put() is dear)
    was = p.slots.get('head')
    if was is None or was[0] != head or was[3] != p.w - hint_w:
        p.put('head', 0, 0, p.w - hint_w, hh, head, p.small, theme.TEXT, theme.BAR)
    if hint_w:
        was = p.slots.get('hint')
        if was is None or was[0] != hint or was[1] != p.w - hint_w:
            p.put('hint', p.w - hint_w, 0, hint_w, hh, hint, p.small, theme.TEXT, theme.BAR)
    else:
        p.slots.pop('hint', None)
    version = app.session.version
    if p.slots.get('#version') != version:      # (else the rows are as they were)
        p.slots['#version'] = version
        draw_rows(p, app, hh, bottom)
        if info:
            p.put('info', 0, bottom, p.w, p.small.height, info(app), p.small, theme.DIM)
    return p.h >= 240 and inline(p) and need('trackside.ui.roomy').said(p, app, bottom)


def lines(p, title, answer, font=None, note='', bg=theme.BACKGROUND, swatch=None):
    # The bottom lines: what is asked (small), the answer (medium, or
    # font), a note beside it (small), the same boxes on every question and
    # on the game screen. Drawn by ui/table_questions.py, where the screen
    # has room for questions there (only those screens load it); on the
    # OLED: the title line only.
    if inline(p):
        need('trackside.ui.table_questions').lines(p, title, answer, font, note, bg, swatch)
    else:
        p.put('title', 0, p.h - p.small.height, p.w, p.small.height, title, p.small, theme.DIM, bg)
