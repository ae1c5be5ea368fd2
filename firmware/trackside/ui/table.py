# The game screen every game shares: a header (the game's turn and phase,
# or what an entry has so far), a row per player in the game's order with
# the columns the game names, the player to move marked, and at the bottom
# two lines: what comes next, or the question being answered (ui/table_questions.py).
# A game's UI module (games/<game>/ui.py) says what goes in it: docs/engine.md.
from trackside import need
from trackside.ui import theme
from trackside.ui.screens import Screen, HINTS

# the rows' boxes (Painter.put's names), one per seat: written out, as
# 'row%d' % i would make a new str at every redraw
ROWS = ('row0', 'row1', 'row2', 'row3', 'row4', 'row5', 'row6', 'row7')
MARKS = ('mark0', 'mark1', 'mark2', 'mark3', 'mark4', 'mark5', 'mark6', 'mark7')
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
    # font), a note beside it (small). The same boxes on every question and
    # on the game screen, so that only their text changes from one to the
    # next (a long answer scrolls in its box). On the OLED: the title line only.
    if not inline(p):
        p.put('title', 0, p.h - p.small.height, p.w, p.small.height, title, p.small, theme.DIM, bg)
        return
    y = p.h - height(p) + 2
    fg = theme.DIM if bg == theme.BACKGROUND else theme.TEXT
    # Each box is put only when it is to show something else: here every
    # box has the same place at every call, and a call of put() costs
    # 10,000 instructions on MicroPython (its frame is on the heap), a look
    # in the slots a few hundred. (fg follows bg.)
    slots = p.slots
    was = slots.get('title')
    if was is None or was[0] != title or was[7] != bg:
        p.put('title', 0, y, p.w, p.small.height, title, p.small, fg, bg)
    ay = p.h - p.medium.height - 1
    nw = 9 * p.small.width + 2         # (a note is 9 characters at most: tests/test_text_fits.py)
    # the note keeps a character's gap from the answer, which would otherwise
    # run on into it ("in7/7", "Yel £ A/X/Y: go"): a blank box of its own,
    # there note or none (boxes that keep their places are redrawn only
    # where their text changed)
    gap = p.small.width
    font = font or p.medium
    was = slots.get('answer')
    if was is None or was[0] != answer or was[5] is not font or was[7] != bg or was[8] != swatch:
        p.put('answer', 0, ay, p.w - nw - gap, p.medium.height, answer, font, theme.TEXT, bg, swatch)
    was = slots.get('gap')
    if was is None or was[7] != bg:
        p.put('gap', p.w - nw - gap, ay, gap, p.medium.height, '', p.small, fg, bg)
    was = slots.get('note')
    if was is None or was[0] != note or was[7] != bg:
        p.put('note', p.w - nw, ay, nw, p.medium.height, note, p.small, fg, bg)


# --- the players' rows ------------------------------------------------------------------

def row_order(app):
    gui = app.gui
    if hasattr(gui, 'order'):
        return gui.order(app)
    return list(range(len(app.session.setup['players'])))


def is_out(app, q):
    gui = app.gui
    return hasattr(gui, 'out') and gui.out(app, q)


def name_of(short, width):
    # A colour's three letters (theme.SHORT: app.shorts); a name as much as fits.
    return short if len(short) <= width else short[:width]


def draw_rows(p, app, top, bottom):
    # One row per player, between top and bottom; the player to move marked.
    order = row_order(app)
    mover = app.session.prompt()['player']
    room = bottom - top
    font = p.medium
    if font.height + 1 > room // len(order):
        font = p.small if p.small.height <= room // len(order) else tiny()
    elif app.rows_small:
        # (the rows needed the small type once this game: they keep it, so
        # the table does not change its size from one entry to the next)
        font = p.small
    texts, whole = columns(app, order, (p.w - 16) // font.width)
    if not whole and font is p.medium:
        # columns left out in the big type: the small one, if all fit there
        small, whole = columns(app, order, (p.w - 16) // p.small.width)
        if whole:
            font, texts = p.small, small
            app.rows_small = True
    rh = max(font.height, min(font.height + 6, room // len(order)))
    shown = room // rh
    if shown < len(order):
        # too many players for this screen: the rows around the one to move;
        # with nobody to move (the game over), from the row up/down turned
        # them to (more_rows: the 128x64 OLED shows two of four)
        at = order.index(mover) - 1 if mover in order else app.rows_from
        first = max(0, min(at, len(order) - shown))
        order = order[first:first + shown]
        texts = columns(app, order, (p.w - 16) // font.width)[0]
    geometry = (len(order), rh, font)
    if p.slots.get('#rows') != geometry:
        # a different table (a player gone, another font): start it afresh
        p.fill(0, top, p.w, bottom - top, theme.BACKGROUND)
        for i in range(len(ROWS)):
            p.forget(ROWS[i])
            p.forget(MARKS[i])
        for name in [k for k in p.slots if k[:4] == 'said']:
            p.forget(name)          # (ui/roomy.py's lines, in the room under the rows)
        p.slots['#rows'] = geometry
    p.slots['#below'] = top + rh * len(order)      # (the room left under them: ui/roomy.py)
    y = top
    slots = p.slots
    for i in range(len(order)):
        q = order[i]
        fg = theme.DIM if is_out(app, q) else theme.TEXT
        # (each box put only when it is to show something else, as in
        # lines(): its width, font and background are the table's, which
        # '#rows' keeps; a call of put() is dear on MicroPython)
        was = slots.get(ROWS[i])
        if was is None or was[0] != texts[i] or was[2] != y or was[4] != rh or was[5] is not font or \
                was[6] != fg or was[8] != app.colours[q]:
            if p.put(ROWS[i], 0, y, p.w, rh, texts[i], font, fg, theme.BACKGROUND, app.colours[q]):
                p.forget(MARKS[i])      # (the row was painted whole, its mark strip too)
        # the player to move: a bar beside their colour (moving it to the
        # next player redraws two narrow strips, not two rows)
        mark = theme.TEXT if q == mover else theme.BACKGROUND
        was = slots.get(MARKS[i])
        if was is None or was[2] != y + 1 or was[4] != rh - 2 or was[6] != mark:
            p.put(MARKS[i], 8, y + 1, 4, rh - 2, '', font, mark, mark)
        y += rh


def columns(app, order, chars):
    # Each row's text: the name, then the game's cells in columns, each as
    # wide as its widest cell (numbers line up), as many as fit in chars;
    # and whether every cell fitted. A row is put together as UTF-8 bytes
    # and made a str once: on MicroPython each str made costs thousands of
    # instructions (it is looked up among all the interned strings), bytes
    # only their allocation. The spaces owed before the next cell (gap) are
    # added with it, so that a row ends with its last cell, not spaces to be
    # stripped (a second str). (No max(), min() or sum(): a builtin's call
    # costs more than a comparison; this runs at every entry.)
    shorts = app.shorts
    gui = app.gui
    cells = [gui.cells(app, q) for q in order]
    widths = []
    for row in cells:
        for j in range(len(row)):
            n = len(row[j])
            if j == len(widths):
                widths.append(n)
            elif n > widths[j]:
                widths[j] = n
    name_w = 3
    for q in order:
        n = len(shorts[q])
        if n > name_w:
            name_w = n if n < 8 else 8
    if name_w > 3:
        size = name_w
        for w in widths:
            size += 1 + w
        if size > chars:
            name_w = 3                  # shorter names before fewer columns
    out = []
    whole = True
    for i in range(len(order)):
        name = name_of(shorts[order[i]], name_w)
        text = bytearray(name.encode())
        gap = name_w - len(name)
        size = name_w
        row = cells[i]
        for j in range(len(row)):
            size += 1 + widths[j]
            if size > chars:
                whole = False
                break
            cell = row[j]
            pad = widths[j] - len(cell)     # (in characters: '£' is two bytes)
            if not isinstance(cell, bytes):
                cell = cell.encode()        # (a game's cells may be bytes: see games/steam/ui.py)
            # amounts line up on the right; words ("out 4th") on the left
            if b' ' in cell:
                text += b' ' * (gap + 1)
                text += cell
                gap = pad
            elif cell:
                text += b' ' * (gap + 1 + pad)
                text += cell
                gap = 0
            else:
                gap += 1 + pad
        out.append(text.decode().rstrip() if text and text[-1] == 32 else text.decode())
    return out, whole


def tiny():
    return need('trackside.ui.font').load('tiny')


# --- what an entry changed ----------------------------------------------------------

def numbers(app, s=None):
    # The numbers the game names (its UI module's NUMBERS: (label, series)),
    # for each player, now (or in the state s).
    s = s or app.session.state
    return [s[f][:] if isinstance(f, str) else f(s) for label, f in app.gui.NUMBERS]


def changes(app, before, after):
    # What moved, in words: "Blu $0→1 income 0→-1; Red VP 2→4". Put together
    # as UTF-8 bytes and made a str once: every str made on MicroPython is
    # looked up among all the interned strings (thousands of instructions),
    # and a phase's end changes every player's numbers.
    money = app.session.game.CURRENCY
    out = []
    for q in range(len(app.shorts)):
        cells = []
        for i in range(len(after)):
            a, b = before[i][q], after[i][q]
            if a != b:
                label = app.gui.NUMBERS[i][0]
                cells.append(b'%s%s%d\xe2\x86\x92%d' % (label.encode(), b'' if label == money else b' ',
                                                       a, b))
        if cells:
            out.append(b'%s %s' % (app.shorts[q].encode(), b' '.join(cells)))
    return b'; '.join(out).decode()


def status_text(app):
    # What the last entry did and what it changed, and if it ended a phase,
    # what the phase did (app.status: (what, changes, phase summary)).
    what, moved, phase = app.status if isinstance(app.status, tuple) else (app.status, '', '')
    # (one str made, not one a +: each is looked up among the interned strings)
    return '%s%s%s%s%s' % (what, ': ' if moved else '', moved, '. ' if phase else '', phase)


class Dashboard(Screen):
    # The game screen with what comes next at the bottom, and under it what
    # the last entry did and what it changed (app.status: (what, changes,
    # the summary of a phase it ended)),
    # or what the keys do. A acts (the game's prompt), B opens the menu,
    # holding B undoes; up or down act too, their step already taken in the
    # question they open (one press fewer when the answer is not the first).
    def draw(self, p, app):
        room = game_screen(p, app, HINTS['dashboard'].get(app.buttons, ''))
        pr = app.session.prompt()
        hint = HINTS['act' if pr['options'] else 'over'].get(app.buttons, '')
        text = pr['text'] if pr['options'] else 'Game over'
        if not pr['options'] and not inline(p):
            # (the OLED's one line: the header says the game is over)
            text = 'up/dn more hold=menu' if more_rows(p, app) else hint
        if app.status and room:
            # written out above (game_screen): the answer's line has the hint
            lines(p, text, '' if pr['options'] else hint, p.small, hint if pr['options'] else '')
        elif app.status:
            lines(p, text, status_text(app), p.small, hint)
        elif pr['options']:
            lines(p, text, hint)
        else:
            lines(p, text, hint, p.small)       # the game is over: what is left to do

    def key(self, app, key, n):
        if key == 'select':
            app.act()
        elif key == 'back':
            app.menu()
        elif key in ('up', 'down', 'advance'):
            if not app.session.over():
                app.act_by(key, n)
            elif more_rows(app.p, app):
                turn_rows(app.p, app, -1 if key == 'up' else 1)
                self.draw(app.p, app)
            else:
                app.menu()


def more_rows(p, app):
    # Are some players' rows left out (the screen too small for them all)?
    shown = p.slots.get('#rows')
    return shown is not None and shown[0] < len(row_order(app))


def turn_rows(p, app, step):
    # The game over, up/down turn the rows shown, round and round, so that
    # every player's final row can be read.
    rows = len(row_order(app))
    last = rows - p.slots['#rows'][0]
    first = app.rows_from + step
    app.rows_from = 0 if first > last else (last if first < 0 else first)
    p.slots['#version'] = None          # (the rows are drawn again)
