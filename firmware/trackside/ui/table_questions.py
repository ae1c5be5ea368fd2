# Questions asked during a game, at the bottom of the game screen: the
# players' table stays where it is above them, so answering a prompt pushes
# to the display only the question's lines, not whole new screens. On a
# screen too small for both (the 128x64 OLED) the full screens are used
# and this module is not loaded, so the two bottom lines such a screen has,
# under its questions and under the game alike, are drawn here (lines).
from trackside.ui.screens import ListScreen, AmountScreen, ConfirmScreen, MessageScreen, wrap
from trackside.ui.table import game_screen, height, HINT
from trackside.ui import theme


def lines(p, title, answer, font=None, note='', bg=theme.BACKGROUND, swatch=None):
    # The bottom lines of the game screen where it has room for a question
    # there (ui/table.py, lines: on the OLED the title line only): what is
    # asked (small), the answer (medium, or font), a note beside it (small).
    # The same boxes on every question and on the game screen, so that only
    # their text changes from one to the next (a long answer scrolls in its box).
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
    # the gap before the note: lines, above.)
    w = wrap(text, p.small, p.w - 4)
    return len(w) <= 2 and (len(w) < 2 or p.small.measure(w[1]) <= p.w - 10 * p.small.width - 4)
