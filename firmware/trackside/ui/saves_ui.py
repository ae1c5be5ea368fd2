# The saved games on the device: at power-on the last game (or a new one),
# the list of saves, and resuming, deleting or recovering one. Every way
# ends on a screen, whatever is in the save folder (issue 13). Loaded at
# start-up and while the saved games are shown; during a game the device
# lets it go (App.home).
from trackside.ui.screens import ListScreen, ConfirmScreen, MessageScreen
from trackside.files import SaveError
from trackside import need, unload, FROM_SOURCE
from trackside.games import names
import gc
import sys


def start(app):
    # Whatever is in the save folder, this ends on a screen: the last
    # game, a new game, or the saved games with what went wrong.
    journal = need('trackside.files')
    try:
        slot = app.saves.last()
        first = app.saves.first_screen() if slot is not None else None
        if first is not None:
            app.saves.set_last(slot)        # (once: the next power-on opens it)
            if first == 'new':
                app.new_game(slot)
            else:
                saved_games(app, slot)
            return
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


# The game screen's modules (ui/NAME.py), loaded when a game is first shown
# (not at start-up: the saved games and the new-game screens have the heap,
# 13 KB of the 64-bit bench's), let go with a game put aside for a new one.
GAME_SCREEN = ('history', 'rows', 'table', 'dashboard', 'table_questions', 'entry', 'roomy', 'menu', 'chart')


def close(app):
    # The game in play closed. Its every entry is on flash already: idle()
    # only folds the save's tail into its log and writes the snapshot, and a
    # failure there loses nothing (resume reads the tail).
    if app.session is not None:
        try:
            app.session.idle()
        except Exception:
            pass
    app.session = None
    app.gui = None
    app.stack = []
    app.status = None
    app.phase = None


def put_aside(app):
    # Before a new game is set up: the game in play closed, and the code of
    # every game and of the game screen let go. With them in RAM, the
    # new-game screens and the new game's rules took 20 KB more than a first
    # game (the 64-bit UI bench). Returns the game's slot, to open it again
    # (None: no game, or one with no save, left as it is).
    slot = app.saves.slot_of(app.session) if app.session else None
    if slot is not None:
        close(app)
        one_game(None)
        for name in GAME_SCREEN:
            unload('trackside.ui.' + name)
    return slot


def compile_game(words):
    # A game's code loaded before its save is read, one module at a time on a swept
    # heap: the game's rules, the parts they load later (PARTS, docs/engine.md) and
    # the game's screens, then the setup's checks and the game screen's (those the
    # game's screens have not imported already: rows and table, most). From source
    # (CircuitPython) a module is compiled as it is imported, its parse tree beside
    # all that is held; compiled after the replay has spread the game's many small
    # objects over the heap, one found no room (docs/benchmarks-source.md). The
    # game's modules first: theirs are the largest trees (Russian Railroads' rules
    # 3,500 tokens, its questions 2,900; the game screen's 500-1,200 each).
    # (Only from source: from .mpy files, as MicroPython boards run the firmware,
    # nothing is compiled, and each module is loaded when first needed, the entry's
    # screens never if no entry is made.)
    name = words[0]
    if not FROM_SOURCE or name not in names():
        return                              # (not a game: reading the save says why)
    where = 'trackside.games.' + name
    compiled(where)
    game = sys.modules[where]
    parts = getattr(game, 'PARTS', ())
    if isinstance(parts, dict):             # by variant: the setup's second word, or the first
        variant = words[1] if words[1:] and words[1] in parts else game.VARIANTS[0][0]
        parts = parts.get(variant, ())
    for part in parts + ('ui',):
        compiled(where + '.' + part)
    for m in ('trackside.setupline', 'trackside.settings', 'trackside.ui.rows',
              'trackside.ui.table', 'trackside.ui.dashboard', 'trackside.ui.entry'):
        compiled(m)


def compiled(name):
    # (a collection only where the module is compiled now, and on a device's heap:
    # on the host, CPython's gc has no mem_free, and a collection sweeps a large heap)
    if name not in sys.modules:
        if SWEEP:
            gc.collect()
        need(name)


SWEEP = hasattr(gc, 'mem_free')


def one_game(name):
    # One game's code in RAM: another game's (played before this one,
    # closed: nothing holds it) is let go before this one's is loaded. A
    # game's modules are its folder, trackside.games.NAME (docs/engine.md).
    # name None: every game's.
    for k in list(sys.modules):
        if k[:16] == 'trackside.games.' and k.split('.')[2] != name:
            unload(k)


def open_slot(app, slot):
    # Resume a save; returns whether the game is open.
    return resume(app, slot, app.saves.open, 'opened')


def switch(app, slot):
    # Resume a save chosen in the saved games. Where the device can restart
    # (App.restart), by a restart: the game in play closed (its save whole),
    # this save named the one to resume, and the interpreter started afresh,
    # so that the save opens in the heap a power-on gives it. Opened in place
    # after another game, a save needed up to 146 KB more heap than at
    # power-on (a Steam save after a Brass one: 353 KB, not 207; issue 31,
    # the 64-bit port); with the first game's session, screens and modules
    # let go, still 40 KB more: the names MicroPython keeps for good (23 KB
    # for the four games), and a heap in pieces among them. If the save cannot be named
    # the one to resume (flash full), or no restart comes, it opens in place.
    if app.restart is not None:
        close(app)
        if app.saves.set_last(slot):
            app.restart()           # (MicroPython: SystemExit, and a soft reboot)
    return open_slot(app, slot)


def resume(app, slot, how, verb):
    # Play the game how(slot) gives (a save opened, or recovered). The game
    # in play is closed first (two games may not fit in RAM). Whatever goes
    # wrong, even out of memory, ends on the saved games with the reason.
    journal = need('trackside.files')
    close(app)
    session = None
    try:
        words = app.saves.setup_of(slot) or [None]
        one_game(words[0])                  # (before its rules are imported)
        compile_game(words)
        if SWEEP:
            gc.collect()        # (swept first: the replay's objects fill the holes left so far)
        session, note = how(slot)
        app.play(session)
    except Exception as e:
        read = session is not None
        session = None
        app.session = None
        app.gui = None
        app.stack = []
        why = not_shown(app, slot, e, verb, read, journal)
        app.saved_games()
        app.push(MessageScreen('Save %d' % slot, why))
        return False
    if note:
        app.status = note
        app.home()
    return True


def not_shown(app, slot, e, verb, read, journal):
    # What went wrong, as it happened: the save was not read (how's
    # SaveError says why), or it was and its game screen was not shown
    # (its code is loaded after the save is read: out of memory there, with
    # a heap in pieces after another game, the save was called unreadable,
    # issue 31). Out of memory, the player is told a power-on opens it, if
    # it is the save named to resume (Saves.open names it; flash full, not).
    if isinstance(e, SaveError):
        return str(e)
    if not read:
        return 'This save could not be %s: %s.' % (verb, journal.explain(e))
    why = 'This save was read, but its game screen could not be shown: %s.' % journal.explain(e)
    if isinstance(e, MemoryError) and app.saves.set_last(slot):
        why += ' Switch off and on again: it opens then.'
    return why


def from_game(app):
    # Menu > Saved games. Where the device can restart, by a restart into the
    # list (as Menu > New game): listed beside a long game's code and its heap
    # in pieces, the saves' lines came close to the end of a Pico's heap (a
    # Russian Railroads game of 200 entries, issue 30). Back from the list
    # opens the game again.
    slot = app.saves.slot_of(app.session) if app.session else None
    if slot is not None and app.restart is not None and app.saves.set_last(slot, 'saves'):
        close(app)
        app.restart()
        app.saves.set_last(slot)    # (no restart came: the list here, back opens the game)
        saved_games(app, slot)
        return
    saved_games(app)


def saved_games(app, back=None):
    # The list of saves, and always a way on: "New game". back: the save that
    # back from the list opens (the game the list was asked for from).
    items = []
    try:
        for slot in app.saves.slots():
            items.append((app.saves.describe(slot), slot))
    except Exception:
        pass                        # (Saves reports its own trouble)
    items.append(('New game', 'new'))
    screen = ListScreen('Saved games', items, on_save)
    if back is not None:
        screen.on_back = lambda app: switch(app, back)
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
        switch(app, slot)
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
        close(app)
    # back to the game in play if there is one, with the saves over it
    app.stack = []
    if app.session:
        app.home()
    app.saved_games()
