# The game screen's rows: one per player, in the game's order, with the
# cells the game's UI module gives (cells()) lined up in columns as far as
# they fit, in the biggest type that shows them all; the player to move
# marked. Where not all rows fit (the 128x64 OLED) the rows around the one
# to move, and at the game's end up/down turn them. Drawn by ui/table.py.
from trackside import need
from trackside.ui import theme

# the rows' boxes (Painter.put's names), one per seat: written out, as
# 'row%d' % i would make a new str at every redraw
ROWS = ('row0', 'row1', 'row2', 'row3', 'row4', 'row5', 'row6', 'row7')
MARKS = ('mark0', 'mark1', 'mark2', 'mark3', 'mark4', 'mark5', 'mark6', 'mark7')


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
