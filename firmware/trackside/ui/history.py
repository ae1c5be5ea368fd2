# The history (Menu > History): every entry, the last first, a line before each
# turn's; an entry chosen says what it changed and offers to undo back to it, a
# turn's line what the whole turn changed. Loaded when it is opened (menu.py).
from trackside.ui.screens import ListScreen, ConfirmScreen, MessageScreen
from trackside.ui import dashboard
from trackside.ui.menu import undo_to


def turn_summary(app, t):
    # What turn t changed, from its first entry to the next turn's (or now).
    s = app.session
    starts = [k for k in s.turn_starts() if 0 < k < s.cursor]
    first = starts[t - 2] if t >= 2 else 0
    end = starts[t - 1] if t - 1 < len(starts) else s.cursor
    before = dashboard.numbers(app, s.state_at(first))
    after = dashboard.numbers(app, s.state_at(end))
    moved = dashboard.changes(app, before, after) or 'no numbers changed'
    name = turn_name(s, t)
    screen = MessageScreen('%s%s: %d entries' % (name[0].upper(), name[1:], end - first), moved,
                           alert=False)
    screen.lines = moved.split('; ')        # a player a line
    app.push(screen)


def turn_name(s, t):
    # "turn 3", or as the game names its turns ("round 2", "rail round 1").
    if hasattr(s.game, 'turn_title'):
        return s.game.turn_title(s.state, t)
    return 'turn %d' % t


def history(app):
    s = app.session
    items = Entries(s) if s.cursor else [('(nothing yet)', None)]
    # the first entry, not the separator, under the cursor
    app.push(ListScreen('History (%d)' % s.cursor, items, entry, index=1 if s.cursor else 0,
                        font='small'))


class Entries:
    # The history's rows, the last entry first and a line before each turn's
    # entries, each row made as it is drawn: the lines of a long game would
    # not all fit in RAM at once (the 127 of the UI bench's game took 14 KB,
    # 64-bit; each is a new string). A row is (line, k): k the entry (0 the
    # first), or -turn for a turn's line (chosen: what the turn changed).
    def __init__(self, s):
        self.s = s
        self.turns = []                 # (row, turn): each turn's line
        n = 0
        turn = None
        for k in range(s.cursor - 1, -1, -1):
            t = s.turn_of(k)
            if t != turn:
                self.turns.append((n, t))
                n += 1
                turn = t
            n += 1
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if not 0 <= i < self.n:
            raise IndexError(i)
        above = 0                       # turn lines above row i
        for row, t in self.turns:
            if row == i:
                return ('-- %s --' % turn_name(self.s, t), -t)
            if row > i:
                break
            above += 1
        k = self.s.cursor - 1 - (i - above)
        return (self.s.line(k), k)


def entry(app, k):
    # One entry of the history: what it changed, and undoing back to it.
    # A turn's line (k = -turn): what the whole turn changed.
    if k is None:
        return
    s = app.session
    if k < 0:
        turn_summary(app, -k)
        return
    before = dashboard.numbers(app, s.state_at(k))
    after = dashboard.numbers(app, s.state_at(k + 1))
    moved = dashboard.changes(app, before, after) or 'no numbers changed'
    later = s.cursor - k
    app.push(ConfirmScreen('Undo to here? (%d)' % later,
                           ['%d. %s' % (k + 1, s.line(k)), moved,
                            'A: undo this entry and the %d after it' % (later - 1)
                            if later > 1 else 'A: undo this entry'],
                           lambda app: undo_to(app, k)))
