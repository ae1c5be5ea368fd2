# The screens for answers of several parts: ticks on a list (a subset), a
# form of numbers, and a word typed letter by letter (a player's name).
# Few prompts need them, so they are kept apart from the everyday screens
# (screens.py) and imported only when one is asked.
from trackside.ui.screens import Screen, ListScreen, AmountScreen, HINTS
from trackside.ui import theme

HINTS['ticks'] = {4: 'X/Y move  A tick  B back', 3: 'sel=tick  hold=back',
                  2: '1 next  2 tick  hold 2: back'}
HINTS['letters'] = {4: 'X/Y move  A choose  B back', 3: 'sel=pick  hold=back',
                    2: '1 next  2 pick  hold 2: back'}


class SubsetScreen(ListScreen):
    # Tick lo..hi of the items; the last row says how many are ticked and
    # takes them. items: (word, label); on_done(app, words ticked, in order).
    kind = 'ticks'

    def __init__(self, title, items, lo, hi, on_done, font='medium'):
        self.choices = items
        self.ticked = [False] * len(items)
        self.lo, self.hi = lo, hi
        self.on_done = on_done
        ListScreen.__init__(self, title, self.rows_now(), self.pick, font=font)

    def rows_now(self):
        out = [('[%s] %s' % ('x' if self.ticked[i] else ' ', self.choices[i][1]), i)
               for i in range(len(self.choices))]
        k = self.ticked.count(True)
        ok = self.lo <= k <= self.hi
        out.append((('Done: %d ticked' % k) if ok else ('Tick %s' % self.need()), -1))
        return out

    def need(self):
        if self.lo == self.hi:
            return '%d' % self.lo
        return '%d to %d' % (self.lo, self.hi)

    def pick(self, app, i):
        if i >= 0:
            self.ticked[i] = not self.ticked[i]
            self.items = self.rows_now()
            last = len(self.items) - 1
            for j in (i, last):
                if self.top <= j < self.top + self.rows(app.p):
                    self.draw_row(app.p, j)
            return
        k = self.ticked.count(True)
        if self.lo <= k <= self.hi:
            self.on_done(app, [self.choices[j][0] for j in range(len(self.choices)) if self.ticked[j]])


class FormScreen(ListScreen):
    # Several numbers on one screen: a row per field ("label: value"),
    # select one to change it, the last row takes them all.
    # fields: (label, lo, hi, default); on_done(app, [values]).
    def __init__(self, title, fields, on_done, unit=''):
        self.fields = fields
        self.values = [min(f[2], max(f[1], f[3])) for f in fields]
        self.on_done = on_done
        self.unit = unit
        ListScreen.__init__(self, title, self.rows_now(), self.pick, font='small')

    def rows_now(self):
        out = [('%s: %d' % (self.fields[i][0], self.values[i]), i) for i in range(len(self.fields))]
        out.append(('Done', -1))
        return out

    def pick(self, app, i):
        if i < 0:
            self.on_done(app, self.values[:])
            return
        f = self.fields[i]
        app.push(AmountScreen(f[0], f[1], f[2], self.values[i],
                              lambda app, v: self.set(app, i, v), self.unit))

    def set(self, app, i, v):
        self.values[i] = v
        self.items = self.rows_now()
        self.index = min(i + 1, len(self.items) - 1)     # on to the next field
        app.pop()


class LettersScreen(Screen):
    # A word typed with the buttons, two choices a letter: up/down turn to a
    # group of letters ("ABCDEF"), select opens it; up/down turn to the
    # letter, select adds it, and the groups are back with that letter's
    # group under the cursor. "OK" ends, "<" takes the last letter back;
    # back from a group's letters is the groups again. (One wheel of 26
    # letters took 47 presses for a name, on average over thirty common
    # ones; the groups take 25: issue 12.)
    kind = 'letters'
    GROUPS = ('abcdef', 'ghijkl', 'mnopqr', 'stuvwx', 'yz')

    def __init__(self, title, most, on_done, word=''):
        self.title = title
        self.most = most
        self.on_done = on_done
        self.word = word
        self.group = None           # the group open (its letters), or None: the groups
        self.at = 0                 # the choice under the cursor: a group, a letter, '<' or 'OK'

    def choices(self):
        if self.group is not None:
            return list(self.group.upper() if not self.word else self.group)
        groups = [g.upper() for g in self.GROUPS] if not self.word else list(self.GROUPS)
        out = groups if len(self.word) < self.most else []
        if self.word:
            out = ['OK'] + out + ['<']
        return out

    def draw(self, p, app):
        self.draw_frame(p, app)
        self.draw_word(p)

    def draw_word(self, p):
        y, h = self.body(p)
        c = self.choices()
        self.at %= len(c)
        font = p.medium
        p.fill(0, y, p.w, h, theme.BACKGROUND)
        line = self.word + '[' + c[self.at] + ']'
        if font.measure(line) > p.w - 4:
            font = p.small                  # a long name and "[OK]" on a small screen
        p.forget('word')                    # (both wiped by the fill above)
        p.forget('count')
        p.put('word', 0, y + (h - font.height) // 2, p.w, font.height, line, font)
        # under it: the letters of the group open, or how many are typed
        note = ' '.join(c) if self.group is not None else \
            '%d of %d letters' % (len(self.word), self.most)
        p.put('count', 0, y + h - p.small.height, p.w, p.small.height, note, p.small, theme.DIM)

    def key(self, app, key, n):
        c = self.choices()
        if key == 'up':
            self.at = (self.at - 1) % len(c)
        elif key == 'down' or key == 'advance':
            self.at = (self.at + 1) % len(c)
        elif key == 'select':
            pick = c[self.at]
            if pick == 'OK':
                self.on_done(app, self.word)
                return
            if self.group is None and pick != '<':
                # a group: its letters, from the last letter typed if it is one of them
                self.group = pick.lower()
                last = self.word[-1:].lower()
                self.at = self.group.find(last) if last and last in self.group else 0
            else:
                if pick == '<':
                    self.word = self.word[:-1]
                else:
                    self.word += pick
                self.group = None
                self.at = self.group_at(pick.lower())
        elif key == 'back':
            if self.group is None:
                app.pop()
                return
            first = self.group[0]
            self.group = None
            self.at = self.group_at(first)
        self.draw_word(app.p)

    def group_at(self, letter):
        # Where the groups' list has the group of this letter ('<': still on
        # '<' while letters are left to take back; else the first).
        c = self.choices()
        for i in range(len(c)):
            if len(c[i]) > 1 and letter in c[i].lower() and c[i] != 'OK':
                return i
        return len(c) - 1 if letter == '<' and self.word else 0
