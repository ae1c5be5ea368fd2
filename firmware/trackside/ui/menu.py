# The menu (B on the game screen) and what it opens: undo and redo, the
# entries that are nobody's move, the history, the chart, a game's own
# pages. Its items stay where they are: one that cannot be used now is
# greyed, and says why. Taking back many entries at once asks first. Only
# loaded while the menu is open.
from trackside.ui.screens import ListScreen, ConfirmScreen, MessageScreen
from trackside.ui import dashboard
from trackside import need


def open_menu(app):
    s = app.session
    items = []
    if s:
        nothing = 'Nothing to undo yet' if not s.can_undo() else None
        items.append((('Undo: ' + s.line(s.cursor - 1)) if s.can_undo() else 'Undo', 'undo',
                      None, nothing))
        left = s.lines.n - s.cursor
        items.append((('Redo: ' + s.line(s.cursor)) if left else 'Redo', 'redo', None,
                      None if left else 'Nothing to redo: nothing was undone'))
        items.append(('Redo all %d' % left if left > 1 else 'Redo all', 'redo all', None,
                      None if left > 1 else 'Nothing more to redo'))
        back = s.cursor - s.turn_start()
        items.append(('Undo to turn start (%d)' % back if back else 'Undo to turn start', 'turn',
                      None, None if back else 'Nothing to undo yet'))
        anytime = s.prompt()['anytime']
        items.append(('Other entry', 'other', None,
                      None if anytime else 'No other entry can be made now'))
        items += [('History', 'history'), ('Chart', 'chart')]
        for view in getattr(app.gui, 'VIEWS', ()):
            items.append((view[0], view))
    items += [('New game', 'new'), ('Saved games', 'saves')]
    app.push(ListScreen('Menu', items, on_menu, font='small'))


def on_menu(app, what):
    s = app.session
    if what == 'undo':
        app.undo()
    elif what == 'redo':
        before = dashboard.numbers(app)
        if safely(app, s.redo):
            app.done('redid: ' + s.line(s.cursor - 1), before, False)
    elif what == 'redo all':
        n = s.lines.n - s.cursor
        app.confirm('Redo %d entries?' % n, ['The last one: ' + s.line(s.lines.n - 1)],
                    lambda app: redo_all(app, n))
    elif what == 'turn':
        n = s.cursor - s.turn_start()
        app.confirm('Undo %d entries?' % n, ['Back to the start of the turn, before: ' +
                                             s.line(s.turn_start())], lambda app: undo_to(app, s.turn_start()))
    elif what == 'other':
        pr = s.prompt()
        items = [(app.label(opt[0]), (actors, opt)) for actors, opt in pr['anytime']]
        app.push(ListScreen('Other entry', items, lambda app, a: app.answer(pr, a[1], a[0]),
                            font='small'))
    elif what == 'history':
        history(app)
    elif what == 'chart':
        app.push(need('trackside.ui.chart').ChartScreen(s, app.gui))
        app.forget('trackside.ui.chart')    # the screen holds what it needs
    elif isinstance(what, tuple):
        # a game's own page of text (a scoring breakdown, the markets)
        title, lines = what[1](app)
        app.push(ListScreen(title, [(line, None) for line in lines] or [('-', None)],
                            lambda app, v: None, font='small'))
    elif what == 'new':
        app.new_game()
    elif what == 'saves':
        app.saved_games()


def safely(app, step, *args):
    # Make a change; if it cannot be made or saved, say so (App.failed).
    try:
        step(*args)
        return True
    except Exception as e:
        app.failed(e)
        return False


def redo_all(app, n):
    before = dashboard.numbers(app)
    if safely(app, app.session.redo, n):
        app.done('redid %d entries' % n, before, False)


def undo_to(app, k):
    # Take back every entry after the first k: one step, which redo brings back.
    s = app.session
    before = dashboard.numbers(app)
    n = s.cursor - k
    if safely(app, s.undo, n):
        app.done('undid %d entries' % n, before, False)


# --- the history: every entry, the last first, a line between turns -------------------

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
