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


class Ask:
    # Mixed in before a generic screen (AskList(Ask, ListScreen)): it draws
    # the question's way, the screen does the rest. Not a Screen itself:
    # MicroPython looks methods up depth first, so a shared base class here
    # would hide the generic screen's key().
    def draw(self, p, app):
        bottom = height(p)
        app.gui.draw_top(p, app, p.h - bottom, HINT.get(app.buttons, ''))
        y = p.h - bottom
        p.fill(0, y, p.w, bottom, theme.BACKGROUND)
        p.fill(0, y, p.w, 1, theme.BAR)
        p.text(2, y + 2, self.title[:(p.w - 4) // p.small.width], p.small, theme.DIM)
        self.draw_answer(p)

    def answer_box(self, p):
        # (y, height) of the answer line
        return p.h - p.medium.height - 1, p.medium.height


class AskList(Ask, ListScreen):
    # One item at a time: up/down turn through them, select picks.
    def draw(self, p, app):
        Ask.draw(self, p, app)

    def draw_answer(self, p, old=None):
        y, h = self.answer_box(p)
        item = self.items[self.index]
        count = '%d/%d' % (self.index + 1, len(self.items))
        p.fill(0, y, p.w, h, theme.BACKGROUND)
        x = 2
        if len(item) > 2 and item[2] is not None:
            p.swatch(x, y + 2, h - 4, h - 4, item[2])
            x += h
        room = (p.w - x - p.small.measure(count) - 6) // p.medium.width
        label = item[0][:room]
        p.text(x, y, label, p.medium)
        if len(self.items) > 1:
            # next to the label, not at the far right: only that span changes
            p.text(x + p.medium.measure(label) + 6, y + h - p.small.height, count, p.small, theme.DIM)

    def move(self, p, step):
        self.index = (self.index + step) % len(self.items)
        self.draw_answer(p)


class AmountLine:
    # The answer line of an amount question (a mixin, like Ask).
    def draw_answer(self, p, old=''):
        y, h = self.answer_box(p)
        s = self.text()
        wide = max(p.medium.measure(s), p.medium.measure(old))
        p.fill(2, y, wide, h, theme.BACKGROUND)
        p.text(2, y, s, p.medium)
        note = self.note or '%d to %d' % (self.lo, self.hi)
        x = max(2 + wide + 8, p.medium.width * 5)
        p.text(x, y + h - p.small.height, note, p.small, theme.DIM)

    def draw_value(self, p, old=''):
        self.draw_answer(p, old)


class AskAmount(Ask, AmountLine, AmountScreen):
    def draw(self, p, app):
        Ask.draw(self, p, app)


class AskConfirm(Ask, ConfirmScreen):
    def draw(self, p, app):
        Ask.draw(self, p, app)

    def draw_answer(self, p):
        y, h = self.answer_box(p)
        text = ' '.join(self.lines)
        p.text(2, y + (h - p.small.height) // 2, text[:(p.w - 4) // p.small.width], p.small)


class AskMessage(Ask, MessageScreen):
    def draw(self, p, app):
        Ask.draw(self, p, app)

    def draw_answer(self, p):
        y, h = self.answer_box(p)
        bg = theme.ALERT if self.alert else theme.BACKGROUND
        top = y - p.small.height - 1
        p.fill(0, top, p.w, p.h - top, bg)
        lines = wrap(self.text, p.small, p.w - 4)
        for i in range(min(2, len(lines))):
            p.text(2, top + 1 + i * (p.small.height + 2), lines[i], p.small, theme.TEXT, bg)


def fits(p, text):
    # Does a message fit the two lines of a question?
    return len(wrap(text, p.small, p.w - 4)) <= 2
