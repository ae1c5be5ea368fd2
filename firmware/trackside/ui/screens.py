# The generic screens: a list to choose from, an amount, a yes/no question,
# a message. Every game's prompts are answered with these; each game adds
# only its dashboard (and forms built from these).
#
# A screen draws itself whole in draw(p), and after a key redraws only what
# changed (the Painter remembers it). key(app, key, n) handles one key
# event (trackside.ui.keys); app.pop() goes back to the screen before.
from trackside.ui import theme

MARK = 5            # width of the selection bar
MONEY = ('$', '£', '€')     # units written before the number

HINTS = {
    # what the keys do, by screen kind and by board (docs/device.md, Keys)
    # (3 buttons: the 128x64 OLED, 21 characters a line)
    'list': {4: 'X/Y move  A choose  B back', 3: 'sel=pick  hold=back',
             2: '1 next  2 choose  hold 2: back'},
    'amount': {4: 'X/Y change  A ok  B back', 3: 'sel=ok  hold=back',
               2: '1 count up  2 ok  hold 2: back'},
    'confirm': {4: 'A yes  B no', 3: 'sel=yes  hold=no', 2: '2 yes  hold 2: no'},
    'message': {4: 'any key', 3: 'any key', 2: 'any key'},

    'dashboard': {4: 'hold B: undo', 3: 'v.long=undo', 2: 'very long 2: undo'},
    'act': {4: 'A: go', 3: 'sel: go', 2: '2: go'},
    'over': {4: 'B: menu', 3: 'hold sel: menu', 2: 'hold 2: menu'},
}


def wrap(text, font, width):
    # Words onto lines no wider than width pixels.
    lines = []
    line = ''
    for word in text.split():
        trial = word if not line else line + ' ' + word
        if font.measure(trial) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


class Screen:
    kind = 'list'
    title = ''
    summary = ''        # a sequence's answers so far, shown under the title

    def header_h(self, p):
        return (p.small.height + 2) * (2 if self.summary else 1)

    def footer_h(self, p):
        return p.small.height

    def draw_frame(self, p, app, title=None):
        # Title bar on top, what the keys do at the bottom.
        p.clear()
        hh = self.header_h(p)
        if self.summary:
            p.line_of(0, p.small.height + 1, self.summary, p.small, theme.TEXT, theme.BAR)
        p.line_of(hh - p.small.height - 2, p.small.height + 1, title or self.title, p.small, theme.DIM)
        p.fill(0, hh - 1, p.w, 1, theme.BAR)
        hint = HINTS[self.kind].get(app.buttons, '')
        if hint:
            fh = self.footer_h(p)
            p.line_of(p.h - fh, fh, hint, p.small, theme.DIM)

    def paragraph(self, p, y, text, bg=theme.BACKGROUND):
        # The text wrapped to the screen's width from y down, as far as the
        # footer; returns the y below it (the footer's top if it ran out).
        bottom = p.h - self.footer_h(p)
        for part in wrap(text, p.small, p.w - 4):
            if y + p.small.height > bottom:
                return bottom
            p.text(2, y, part, p.small, theme.TEXT, bg)
            y += p.small.height
        return y

    def body(self, p):
        # The area between the title and the hint: (y, height).
        y = self.header_h(p)
        return y, p.h - y - self.footer_h(p)

    def draw(self, p, app):
        self.draw_frame(p, app)

    def key(self, app, key, n):
        if key == 'back':
            app.pop()


class ListScreen(Screen):
    # Items are (label, value) or (label, value, colour): colour draws a
    # swatch of a player's colour before the label. (label, value, colour,
    # reason): an item that cannot be chosen now, greyed; choosing it says
    # why. (Menus keep their items in place: nothing moves under a finger.)
    def __init__(self, title, items, on_pick, index=0, on_back=None, font='medium'):
        self.title = title
        self.items = items
        self.on_pick = on_pick
        self.on_back = on_back
        self.index = index
        self.top = 0
        self.font = font                # 'small' for long lines: the menu, the history

    def row_h(self, p):
        return getattr(p, self.font).height + (1 if p.h < 100 else 4)

    def rows(self, p):
        return max(1, self.body(p)[1] // self.row_h(p))

    def draw(self, p, app):
        self.draw_frame(p, app)
        self.scroll(p)
        for i in range(self.top, min(len(self.items), self.top + self.rows(p))):
            self.draw_row(p, i)
        self.draw_more(p)

    def draw_more(self, p):
        # Arrows at the right edge where the list goes on above or below.
        y0, h = self.body(p)
        rows = self.rows(p)
        x = p.w - 9
        for up, show in ((True, self.top > 0), (False, self.top + rows < len(self.items))):
            y = y0 + 2 if up else y0 + rows * self.row_h(p) - 6
            for k in range(4):
                w = 7 - 2 * k if not up else 1 + 2 * k
                p.fill(x + (7 - w) // 2, y + k, w, 1, theme.DIM if show else theme.BACKGROUND)

    def scroll(self, p):
        # Keep the selected row on screen; True if the view moved.
        rows = self.rows(p)
        top = self.top
        if self.index < self.top:
            self.top = self.index
        elif self.index >= self.top + rows:
            self.top = self.index - rows + 1
        return top != self.top

    def draw_row(self, p, i):
        y0, h = self.body(p)
        rh = self.row_h(p)
        y = y0 + (i - self.top) * rh
        item = self.items[i]
        p.fill(0, y, p.w, rh, theme.BACKGROUND)
        self.draw_mark(p, i)
        x = MARK + 2
        if len(item) > 2 and item[2] is not None:
            p.swatch(x, y + 2, rh - 4, rh - 4, item[2])
            x += rh
        font = getattr(p, self.font)
        room = p.w - x - (10 if len(self.items) > self.rows(p) else 0)    # (the arrows)
        fg = theme.DIM if len(item) > 3 and item[3] else theme.TEXT
        p.text(x, y + (rh - font.height) // 2, item[0][:room // font.width], font, fg)

    def draw_mark(self, p, i):
        # The selected row has a bar at its left edge: moving it pushes two
        # narrow strips, not two whole rows.
        y0, h = self.body(p)
        rh = self.row_h(p)
        y = y0 + (i - self.top) * rh
        p.fill(0, y, MARK, rh, theme.TEXT if i == self.index else theme.BACKGROUND)

    def move(self, p, step):
        old = self.index
        self.index = (self.index + step) % len(self.items)
        if self.scroll(p):
            y0, h = self.body(p)
            p.fill(0, y0, p.w, h, theme.BACKGROUND)
            for i in range(self.top, min(len(self.items), self.top + self.rows(p))):
                self.draw_row(p, i)
            self.draw_more(p)
        else:
            self.draw_mark(p, old)
            self.draw_mark(p, self.index)

    def key(self, app, key, n):
        if key == 'up':
            self.move(app.p, -1)
        elif key == 'down' or key == 'advance':
            self.move(app.p, 1)
        elif key == 'select':
            item = self.items[self.index]
            if len(item) > 3 and item[3]:
                app.push(MessageScreen('Not now', item[3], False))
            else:
                self.on_pick(app, item[1])
        elif key == 'back':
            if self.on_back:
                self.on_back(app)
            else:
                app.pop()


class AmountScreen(Screen):
    # A whole number between lo and hi. Held up/down speeds up: steps of 1,
    # then 5, then 10 (docs/device.md: hold-to-accelerate, jumps of 5 and 10).
    kind = 'amount'

    def __init__(self, title, lo, hi, value, on_done, unit='$', note=''):
        self.title = title
        self.lo, self.hi = lo, hi
        self.value = min(hi, max(lo, value))
        self.on_done = on_done
        self.unit = unit
        self.note = note

    def text(self):
        if self.unit in MONEY:
            return '%s%d' % (self.unit, self.value)       # $7, £7
        return '%d%s' % (self.value, self.unit)

    def font(self, p):
        # the big digits, where they fit above the note
        return p.big if self.body(p)[1] >= p.big.height + p.small.height else p.medium

    def box(self, p):
        y0, h = self.body(p)
        bh = self.font(p).height
        return y0 + max(0, (h - bh - p.small.height) // 2), bh

    def draw(self, p, app):
        self.draw_frame(p, app)
        y0, h = self.body(p)
        note = self.note or '%d to %d' % (self.lo, self.hi)
        p.text(2, y0 + h - p.small.height, note, p.small, theme.DIM)
        self.draw_value(p)

    def draw_value(self, p, old=''):
        # Centred; only the span of the old and the new text is redrawn.
        y, bh = self.box(p)
        font = self.font(p)
        s = self.text()
        wide = max(font.measure(s), font.measure(old))
        p.fill((p.w - wide) // 2, y, wide, bh, theme.BACKGROUND)
        p.text((p.w - font.measure(s)) // 2, y, s, font)

    def step(self, n):
        return 1 if n < 4 else (5 if n < 12 else 10)

    def key(self, app, key, n):
        v = self.value
        s = self.step(n)
        if key == 'up':
            v = (v // s + 1) * s                # the next multiple of the step
            v = min(self.hi, v)
        elif key == 'down':
            v = -((-v) // s + 1) * s            # the multiple before
            v = max(self.lo, v)
        elif key == 'advance':
            v += self.step(n)
            if v > self.hi:
                v = self.lo                                         # one button: wrap
        elif key == 'select':
            self.on_done(app, self.value)
            return
        elif key == 'back':
            app.pop()
            return
        if v != self.value:
            old = self.text()
            self.value = v
            self.draw_value(app.p, old)


class ConfirmScreen(Screen):
    kind = 'confirm'

    def __init__(self, title, lines, on_yes):
        self.title = title
        self.lines = lines
        self.on_yes = on_yes

    def draw(self, p, app):
        self.draw_frame(p, app)
        y, h = self.body(p)
        for line in self.lines:
            y = self.paragraph(p, y, line)

    def key(self, app, key, n):
        if key == 'select':
            self.on_yes(app)
        elif key == 'back':
            app.pop()


class MessageScreen(Screen):
    # A message (a refused action: the rule's words), gone at any key.
    kind = 'message'

    def __init__(self, title, text, alert=True):
        self.title = title
        self.text = text
        self.alert = alert

    def draw(self, p, app):
        self.draw_frame(p, app)
        y, h = self.body(p)
        bg = theme.ALERT if self.alert else theme.BACKGROUND
        p.fill(0, y, p.w, h, bg)
        self.paragraph(p, y, self.text, bg)

    def key(self, app, key, n):
        app.pop()
