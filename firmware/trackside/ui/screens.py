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
             2: '1 next  2 pick  hold 2: back'},
    'amount': {4: 'X/Y change  A ok  B back', 3: 'sel=ok  hold=back',
               2: '1 up  2 ok  hold 2: back'},
    'confirm': {4: 'A yes  B no', 3: 'sel=yes  hold=no', 2: '2 yes  hold 2: no'},
    'message': {4: 'any key', 3: 'any key', 2: 'any key'},
    'message more': {4: 'X/Y more  A ok', 3: 'up/dn more sel=ok', 2: '1 more  2 ok'},
    'confirm more': {4: 'X/Y more A yes B no', 3: 'up/dn sel=yes hold=no', 2: '1 more 2 yes hold:no'},

    'dashboard': {4: 'hold B: undo', 3: 'v.long=undo', 2: 'very long 2: undo'},
    'act': {4: 'A/X/Y: go', 3: 'sel: go', 2: '1/2: go'},   # (an arrow opens the move a step on)
    'over': {4: 'B: menu', 3: 'up: menu', 2: '1: menu'},     # (beside the answer: 9 characters)
}


def wrap(text, font, width):
    # Words onto lines no wider than width pixels (a word longer than a
    # line is cut into pieces that are).
    lines = []
    line = ''
    most = max(1, width // font.width)
    for word in text.split():
        while len(word) > most:
            if line:
                lines.append(line)
                line = ''
            lines.append(word[:most])
            word = word[most:]
        trial = word if not line else line + ' ' + word
        if font.measure(trial) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def fit(text, chars):
    # The text in at most chars characters: shortened with '…' if need be.
    return text if len(text) <= chars else text[:max(0, chars - 1)] + '…'


def arrows(p, x, top, bottom, up, down, bg=theme.BACKGROUND):
    # Small arrows at the right edge where a list or text goes on above or
    # below, or nothing (the background bg).
    arrow(p, x, top + 2, True, up, bg)
    arrow(p, x, bottom - 6, False, down, bg)


def arrow(p, x, y, is_up, show, bg):
    # One arrow, 7x4 at (x, y), or its box blank: the box filled (and marked
    # changed) once, the ink's four lines drawn on it unmarked (each fill()
    # is a call that goes through the list of changed areas).
    p.fill(x, y, 7, 4, bg)
    if show:
        ink = theme.DIM
        if bg != theme.BACKGROUND:
            ink = theme.BACKGROUND if p.mono else theme.TEXT     # (mono: dark on a lit box)
        c = p.c(ink)
        for k in range(4):
            w = 1 + 2 * k if is_up else 7 - 2 * k
            p.box(x + (7 - w) // 2, y + k, w, 1, c)


class Screen:
    kind = 'list'
    title = ''
    summary = ''        # a sequence's answers so far, shown under the title

    def header_h(self, p):
        return (p.small.height + 2) * (2 if self.summary else 1)

    def footer_h(self, p):
        return p.small.height

    def draw_frame(self, p, app, title=None):
        # Title bar on top, what the keys do at the bottom. Either scrolls
        # when it is longer than the screen is wide.
        self.draw_top(p, title)
        self.draw_hint(p, app)

    def draw_top(self, p, title=None):
        p.clear()
        hh = self.header_h(p)
        lh = p.small.height + 1
        if self.summary:
            p.put('summary', 0, 0, p.w, lh, self.summary, p.small, theme.TEXT, theme.BAR)
        p.put('frame', 0, hh - lh - 1, p.w, lh, title or self.title, p.small, theme.DIM)
        p.fill(0, hh - 1, p.w, 1, theme.BAR)

    def draw_hint(self, p, app):
        hint = self.hint(app)
        if hint:
            fh = self.footer_h(p)
            p.put('hint', 0, p.h - fh, p.w, fh, hint, p.small, theme.DIM)

    def hint(self, app):
        return HINTS[self.kind].get(app.buttons, '')

    def body(self, p):
        # The area between the title and the hint: (y, height).
        y = self.header_h(p)
        return y, p.h - y - self.footer_h(p)

    def draw(self, p, app):
        self.draw_frame(p, app)

    # back's own way, a function of the app (a sequence's question goes to
    # the question before it: ui/entry.py); None: the screen underneath
    on_back = None

    def back(self, app):
        if self.on_back:
            self.on_back(app)
        else:
            app.pop()

    def key(self, app, key, n):
        if key == 'back':
            self.back(app)


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
        # From the top down, the arrow above with the first row: where the
        # canvas is a band of the screen (ui/paint.py), the band only moves
        # down (each move sends what changed, then wipes the rows it comes to).
        self.draw_top(p)
        self.scroll(p)
        for i in range(self.top, min(len(self.items), self.top + self.rows(p))):
            self.draw_row(p, i)
            if i == self.top:
                self.draw_more(p, True, False)
        self.draw_more(p, False, True)
        self.draw_hint(p, app)          # (the settings' help above it: ui/newgame.py)

    def draw_more(self, p, above=True, below=True):
        # Arrows at the right edge where the list goes on above or below.
        y0, h = self.body(p)
        rows = self.rows(p)
        if above:
            arrow(p, p.w - 9, y0 + 2, True, self.top > 0, theme.BACKGROUND)
        if below:
            arrow(p, p.w - 9, y0 + rows * self.row_h(p) - 6, False, self.top + rows < len(self.items),
                  theme.BACKGROUND)

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
        # (the arrows' strip at the right edge is left alone: a row drawn
        # again, the last one shown, would wipe the arrow under it)
        # The row is painted whole by the mark's bar and the text's box beside
        # it (a swatch's column filled first), with no fill of the row under them.
        edge = p.w - (10 if len(self.items) > self.rows(p) else 0)
        self.draw_mark(p, i)
        x = MARK + 2
        if len(item) > 2 and item[2] is not None:
            p.fill(MARK, y, rh, rh, theme.BACKGROUND)
            p.swatch(x, y + 2, rh - 4, rh - 4, item[2])
            x += rh
        font = getattr(p, self.font)
        room = edge - x
        fg = theme.DIM if len(item) > 3 and item[3] else theme.TEXT
        # a long item is shortened, and scrolls once it is chosen
        name = 'item%d' % (i - self.top)
        p.forget(name)
        text = item[0]
        if fg == theme.DIM and p.mono:
            text = '(%s)' % text        # (a 1-bit screen has no grey: brackets say "not now")
        text = text if i == self.index else fit(text, room // font.width)
        p.put(name, x - 2, y, room + 2, rh, text, font, fg)

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
            room = (p.w - MARK - 14) // getattr(p, self.font).width
            for i in (old, self.index):
                if len(self.items[i][0]) > room:
                    self.draw_row(p, i)     # one that scrolls, or stops scrolling
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
            self.back(app)


class AmountScreen(Screen):
    # A whole number between lo and hi. Held up/down speeds up: ones, then
    # fives (step() below).
    kind = 'amount'

    def __init__(self, title, lo, hi, value, on_done, unit='$', note=''):
        self.title = title
        self.lo, self.hi = lo, hi
        self.value = min(hi, max(lo, value))
        self.on_done = on_done
        self.unit = unit
        # (made once: each new str is costly on MicroPython, and a held
        # button redraws the value many times)
        self.note = note or '%d to %d' % (lo, hi)

    def text(self):
        if self.unit in MONEY:
            return '%s%d' % (self.unit, self.value)       # $7, £7
        return '%d%s' % (self.value, self.unit)

    def font(self, p):
        # the big digits, where they fit above the note
        big = p.big()
        return big if self.body(p)[1] >= big.height + p.small.height else p.medium

    def box(self, p):
        y0, h = self.body(p)
        bh = self.font(p).height
        return y0 + max(0, (h - bh - p.small.height) // 2), bh

    def draw(self, p, app):
        self.draw_frame(p, app)
        y0, h = self.body(p)
        p.put('note', 0, y0 + h - p.small.height, p.w, p.small.height, self.note, p.small,
              theme.DIM)
        self.shown = ''
        self.draw_value(p)

    shown = ''          # the value's text as drawn

    def draw_value(self, p):
        # Centred; only the span of the old and the new text is redrawn.
        y, bh = self.box(p)
        font = self.font(p)
        s = self.text()
        wide = max(font.measure(s), font.measure(self.shown))
        p.fill((p.w - wide) // 2, y, wide, bh, theme.BACKGROUND)
        p.text((p.w - font.measure(s)) // 2, y, s, font)
        self.shown = s

    def step(self, n):
        # Held: ones for the first second and a half (a dozen steps, easy to
        # stop on), then fives. (Issue 12: 1.6 s used to make $35.)
        return 1 if n < 12 else 5

    then = None         # up from the least goes to this value at once
    skip = ()           # values not offered (Russian Railroads: an engineer someone holds)

    def free(self, v, d):
        # v, or the first value from it in direction d (1 or -1) that is
        # not skipped; None if there is none before the end.
        while v in self.skip:
            v += d
            if v < self.lo or v > self.hi:
                return None
        return v

    def key(self, app, key, n):
        v = self.value
        s = self.step(n)
        if key == 'up' and v == self.lo and self.then is not None:
            # e.g. from "0 = done" to the last cost (a one-button board, which
            # only counts up, steps through every value instead)
            v = self.then
        elif key == 'up':
            v = (v // s + 1) * s                # the next multiple of the step
            v = self.free(min(self.hi, v), 1)
        elif key == 'down':
            v = -((-v) // s + 1) * s            # the multiple before
            v = self.free(max(self.lo, v), -1)
        elif key == 'advance':
            v += self.step(n)
            if v > self.hi:
                v = self.lo                                         # one button: wrap
            v = self.free(v, 1)
            if v is None:
                v = self.free(self.lo, 1)
        elif key == 'select':
            self.on_done(app, self.value)
            return
        elif key == 'back':
            self.back(app)
            return
        if v is not None and v != self.value:
            self.value = v
            self.draw_value(app.p)


class TextScreen(Screen):
    # Lines of text, wrapped; when they are more than the screen holds,
    # up/down scroll them (the arrows say there is more).
    first = 0

    def wrapped(self, p):
        out = []
        for line in self.lines:
            out += wrap(line, p.small, p.w - 14)
        return out

    def shown(self, p):
        return max(1, self.body(p)[1] // p.small.height)

    def more(self, p):
        return len(self.wrapped(p)) > self.shown(p)

    def draw_text(self, p, bg=theme.BACKGROUND):
        y0, h = self.body(p)
        p.fill(0, y0, p.w, h, bg)
        lines = self.wrapped(p)
        y = y0
        for line in lines[self.first:self.first + self.shown(p)]:
            p.text(2, y, line, p.small, theme.TEXT, bg)
            y += p.small.height
        if len(lines) > self.shown(p):
            arrows(p, p.w - 9, y0, y0 + h, self.first > 0, self.first + self.shown(p) < len(lines), bg)

    def scroll(self, app, key):
        # True if the key scrolled the text (and it was drawn again).
        p = app.p
        if key not in ('up', 'down', 'advance') or not self.more(p):
            return False
        top = len(self.wrapped(p)) - self.shown(p)
        if key == 'up':
            self.first = max(0, self.first - 1)
        else:
            self.first = self.first + 1 if self.first < top else (0 if key == 'advance' else top)
        self.draw_body(p)
        return True

    def hint(self, app):
        if self.more(app.p):
            return HINTS[self.kind + ' more'].get(app.buttons, '')
        return Screen.hint(self, app)


class ConfirmScreen(TextScreen):
    kind = 'confirm'

    def __init__(self, title, lines, on_yes):
        self.title = title
        self.lines = lines
        self.on_yes = on_yes

    def draw(self, p, app):
        self.draw_frame(p, app)
        self.draw_body(p)

    def draw_body(self, p):
        self.draw_text(p)

    def key(self, app, key, n):
        if self.scroll(app, key):
            return
        if key == 'select':
            self.on_yes(app)
        elif key == 'back':
            self.back(app)


class MessageScreen(TextScreen):
    # A message (a refused action: the rule's words), gone at any key (when
    # it is longer than the screen: up/down scroll it, the others close it).
    kind = 'message'

    def __init__(self, title, text, alert=True):
        self.title = title
        self.text = text
        self.lines = [text]
        self.alert = alert

    def draw(self, p, app):
        self.draw_frame(p, app)
        self.draw_body(p)

    def draw_body(self, p):
        self.draw_text(p, theme.ALERT if self.alert else theme.BACKGROUND)

    def key(self, app, key, n):
        if not self.scroll(app, key):
            app.pop()
