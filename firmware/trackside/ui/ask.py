# Questions asked during a game, at the bottom of the game screen: the
# players' table stays where it is above them, so answering a prompt pushes
# to the display only the question's lines, not whole new screens. On a
# screen too small for both (the 128x64 OLED) the full screens are used.
from trackside.ui.screens import ListScreen, AmountScreen, ConfirmScreen, MessageScreen, wrap
from trackside.ui import theme

# The header's hint is the dashboard's, so it need not be redrawn: A picks,
# B goes back, as the dashboard's own line says.
HINT = {4: 'hold B: undo', 3: 'v.long=undo', 2: 'very long 2: undo'}


def height(p):
    # The question's two lines: what is asked, and the answer being chosen.
    return p.small.height + p.medium.height + 2


def inline(p):
    return p.h >= 120


def game_screen(p, app, hint):
    # The game screen: the header (the game's words, the keys' hint), the
    # game's rows, and below them the two lines of a question. Drawn whole
    # only when coming from another kind of screen; else only what changed.
    bottom = p.h - (height(p) if inline(p) else p.small.height)
    if p.layout != 'game':
        p.clear()
        p.layout = 'game'
        if inline(p):
            p.fill(0, bottom, p.w, 1, theme.BAR)
    version = app.session.version
    if p.slots.get('#version') == version:
        return                      # the game has not changed: the top is as it was
    p.slots['#version'] = version
    hh = p.small.height + 1
    head = app.gui.header(app)
    hint_w = p.small.measure(hint) + 4
    if p.small.measure(head) + 4 + hint_w > p.w:
        hint_w = 0                  # the header's own words come first
    p.put('head', 0, 0, p.w - hint_w, hh, head, p.small, theme.TEXT, theme.BAR)
    if hint_w:
        p.put('hint', p.w - hint_w, 0, hint_w, hh, hint, p.small, theme.TEXT, theme.BAR)
    app.gui.draw_rows(p, app, hh, bottom)


def lines(p, title, answer, font=None, note='', bg=theme.BACKGROUND, swatch=None):
    # The question's lines: what is asked (small), the answer (medium, or
    # font), a note beside it (small). On the OLED: the title line only.
    if not inline(p):
        p.put('title', 0, p.h - p.small.height, p.w, p.small.height, title, p.small, theme.DIM, bg)
        return
    y = p.h - height(p) + 2
    fg = theme.DIM if bg == theme.BACKGROUND else theme.TEXT
    p.put('title', 0, y, p.w, p.small.height, title, p.small, fg, bg)
    ay = p.h - p.medium.height - 1
    nw = 10 * p.small.width         # the same boxes on every question: only text changes
    p.put('answer', 0, ay, p.w - nw, p.medium.height, answer, font or p.medium, theme.TEXT, bg, swatch)
    p.put('note', p.w - nw, ay, nw, p.medium.height, note, p.small, fg, bg)


class Ask:
    # Mixed in before a generic screen (AskList(Ask, ListScreen)): it draws
    # the question's way, the screen does the rest. Not a Screen itself:
    # MicroPython looks methods up depth first, so a shared base class here
    # would hide the generic screen's key().
    def draw(self, p, app):
        game_screen(p, app, HINT.get(app.buttons, ''))
        self.draw_answer(p)


class AskList(Ask, ListScreen):
    # One item at a time: up/down turn through them, select picks.
    def draw(self, p, app):
        Ask.draw(self, p, app)

    def draw_answer(self, p):
        item = self.items[self.index]
        count = '%d/%d' % (self.index + 1, len(self.items)) if len(self.items) > 1 else ''
        swatch = item[2] if len(item) > 2 else None
        lines(p, self.title, item[0], note=count, swatch=swatch)

    def move(self, p, step):
        self.index = (self.index + step) % len(self.items)
        self.draw_answer(p)


class AmountLine:
    # The answer line of an amount question (a mixin, like Ask).
    def draw_answer(self, p, old=''):
        lines(p, self.title, self.text(), note=self.note or '%d to %d' % (self.lo, self.hi))

    def draw_value(self, p, old=''):
        self.draw_answer(p)


class AskAmount(Ask, AmountLine, AmountScreen):
    def draw(self, p, app):
        Ask.draw(self, p, app)


class AskConfirm(Ask, ConfirmScreen):
    def draw(self, p, app):
        Ask.draw(self, p, app)

    def draw_answer(self, p):
        # what will happen on the first line, the short question below
        lines(p, ' '.join(self.lines), self.title)


class AskMessage(Ask, MessageScreen):
    def draw(self, p, app):
        Ask.draw(self, p, app)

    def draw_answer(self, p):
        bg = theme.ALERT if self.alert else theme.BACKGROUND
        words = wrap(self.text, p.small, p.w - 4)
        lines(p, words[0], words[1] if len(words) > 1 else '', p.small, bg=bg)


def fits(p, text):
    # Does a message fit the two lines of a question?
    return len(wrap(text, p.small, p.w - 4)) <= 2
