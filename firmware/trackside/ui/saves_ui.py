# The saved games on the device: at power-on the last game (or a new one),
# the list of saves, and resuming, deleting or recovering one. Every way
# ends on a screen, whatever is in the save folder (issue 13). Loaded at
# start-up and while the saved games are shown; during a game the device
# lets it go (App.home).
from trackside.ui.screens import ListScreen, ConfirmScreen, MessageScreen
from trackside.journal import SaveError
from trackside import need


def start(app):
    # Whatever is in the save folder, this ends on a screen: the last
    # game, a new game, or the saved games with what went wrong.
    journal = need('trackside.journal')
    try:
        slot = app.saves.last()
        if slot is not None:
            open_slot(app, slot)
            return
        if not app.saves.problem:
            app.new_game()
            return
        why = app.saves.problem
    except Exception as e:          # never a crash at power-on
        why = journal.explain(e)
        why = why[:1].upper() + why[1:] + '.'
    app.session = None
    app.stack = []
    app.saved_games()
    app.push(MessageScreen('Saved games', why))


def open_slot(app, slot):
    # Resume a save; returns whether the game is open.
    return resume(app, slot, app.saves.open, 'opened')


def resume(app, slot, how, verb):
    # Play the game how(slot) gives (a save opened, or recovered). The game
    # in play is closed first (two games may not fit in RAM). Whatever goes
    # wrong, even out of memory, ends on the saved games with the reason.
    journal = need('trackside.journal')
    app.close()                     # (the game put aside: its save whole)
    try:
        session, note = how(slot)
        app.play(session)
    except Exception as e:
        session = None
        app.session = None
        app.stack = []
        why = str(e) if isinstance(e, SaveError) else (
            'This save could not be %s: %s.' % (verb, journal.explain(e)))
        app.saved_games()
        app.push(MessageScreen('Save %d' % slot, why))
        return False
    if note:
        app.status = note
        app.home()
    return True


def saved_games(app):
    # The list of saves, and always a way on: "New game".
    items = []
    try:
        for slot in app.saves.slots():
            items.append((app.saves.describe(slot), slot))
    except Exception:
        pass                        # (Saves reports its own trouble)
    items.append(('New game', 'new'))
    screen = ListScreen('Saved games', items, on_save)
    if app.stack:
        app.push(screen)
    else:
        app.stack = [screen]
        screen.draw(app.p, app)


def on_save(app, slot):
    if slot == 'new':
        app.new_game()
        return
    if slot is None:
        return
    items = [('Resume', 'open'), ('Delete', 'delete'), ('Recover what is readable', 'recover')]
    app.push(ListScreen('Save %d' % slot, items, lambda app, what: app.on_slot(slot, what)))


def on_slot(app, slot, what):
    if what == 'delete':
        app.push(ConfirmScreen('Delete save %d?' % slot, [app.saves.describe(slot)],
                                lambda app: app.delete(slot)))
    elif what == 'open':
        open_slot(app, slot)
    else:
        resume(app, slot, app.saves.recover, 'recovered')     # what is readable


def delete(app, slot):
    try:
        app.saves.delete(slot)
    except SaveError as e:
        app.push(MessageScreen('Save %d' % slot, str(e)))
        return
    s = app.session
    if s and s.journal and getattr(s.journal, 'path', None) == app.saves.path(slot):
        app.session = None          # (nothing to save: its save is gone)
        app.close()
    # back to the game in play if there is one, with the saves over it
    app.stack = []
    if app.session:
        app.home()
    app.saved_games()
