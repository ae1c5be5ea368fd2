# Questions asked during a game, at the bottom of the game screen: the
# players' table stays where it is above them, so answering a prompt pushes
# to the display only the question's lines, not whole new screens. On a
# screen too small for both (the 128x64 OLED) the full screens are used.
from trackside.ui.screens import ListScreen, AmountScreen, ConfirmScreen, MessageScreen, wrap
from trackside.ui.table import game_screen, lines, HINT
from trackside.ui import theme


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
    def draw_answer(self, p):
        lines(p, self.title, self.text(), note=self.note)

    def draw_value(self, p):
        self.draw_answer(p)


class AskAmount(Ask, AmountLine, AmountScreen):
    def draw(self, p, app):
        Ask.draw(self, p, app)


class AskConfirm(Ask, ConfirmScreen):
    # "Build?" alone does not say which key is yes: the note beside it does
    # (B is no, as back is everywhere).
    NOTE = {4: 'A: yes', 2: '2: yes'}
    note = ''

    def draw(self, p, app):
        self.note = self.NOTE.get(app.buttons, '')
        Ask.draw(self, p, app)

    def draw_answer(self, p):
        # what will happen on the first line, the short question below
        lines(p, ' '.join(self.lines), self.title, note=self.note)


class AskMessage(Ask, MessageScreen):
    def draw(self, p, app):
        Ask.draw(self, p, app)

    def draw_answer(self, p):
        bg = theme.ALERT if self.alert else theme.BACKGROUND
        words = wrap(self.text, p.small, p.w - 4)
        lines(p, words[0], words[1] if len(words) > 1 else '', p.small, bg=bg)


def fits(p, text):
    # Does a message fit the two lines of a question? (The second line is
    # the answer's box, narrower than the screen by the note beside it and
    # the gap before the note: ui/table.py, lines.)
    w = wrap(text, p.small, p.w - 4)
    return len(w) <= 2 and (len(w) < 2 or p.small.measure(w[1]) <= p.w - 10 * p.small.width - 4)
