# The menu (B on the game screen) and what it opens: undo and redo, the
# entries that are nobody's move, the history (history.py), the chart, a game's own
# pages. Its items stay where they are: one that cannot be used now is
# greyed, and says why. Taking back many entries at once asks first. Only
# loaded while the menu is open, and small: from source (CircuitPython) it is
# compiled as a player opens it, mid-game.
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
        need('trackside.ui.history').history(app)
        app.forget('trackside.ui.history')  # the screen holds what it needs
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
        need('trackside.ui.saves_ui').from_game(app)


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
