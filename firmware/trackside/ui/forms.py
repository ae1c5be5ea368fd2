# The screens for answers of several parts: ticks on a list (a subset), a
# form of numbers, and a word typed letter by letter (a player's name).
# Few prompts need them, so they are kept apart from the everyday screens
# (screens.py) and imported only when one is asked.
from trackside.ui.screens import Screen, ListScreen, AmountScreen, HINTS
from trackside.ui import theme

HINTS['ticks'] = {4: 'X/Y move  A tick  B back', 3: 'sel=tick  hold=back',
                  2: '1 next  2 tick  hold 2: back'}
HINTS['letters'] = {4: 'X/Y letter  A add  B back', 3: 'sel=add  hold=back',
                    2: '1 letter  2 add  hold 2: back'}


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
    # A word typed with the buttons, a letter at a time: up/down turn the
    # letter, select adds it; "<" takes the last one back, "OK" ends.
    kind = 'letters'
    CHARS = 'abcdefghijklmnopqrstuvwxyz'

    def __init__(self, title, most, on_done, word=''):
        self.title = title
        self.most = most
        self.on_done = on_done
        self.word = word
        self.at = 0                 # the choice under the cursor: a letter, '<' or 'OK'

    def choices(self):
        letters = self.CHARS.upper() if not self.word else self.CHARS
        out = list(letters) if len(self.word) < self.most else []
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
        p.forget('word')
        p.put('word', 0, y + (h - font.height) // 2, p.w, font.height, line, font)
        p.put('count', 0, y + h - p.small.height, p.w, p.small.height,
              '%d of %d letters' % (len(self.word), self.most), p.small, theme.DIM)

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
            if pick == '<':
                self.word = self.word[:-1]
            else:
                self.word += pick
            # the cursor stays where it was: a double letter is one press
            c = self.choices()
            low = pick.lower()
            self.at = c.index(low) if low in c else (len(c) - 1 if pick == '<' and self.word else 0)
        elif key == 'back':
            app.pop()
            return
        self.draw_word(app.p)
