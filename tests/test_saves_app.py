# The saved games through the App (CPython, a headless Pico Display): it
# starts whatever goes wrong opening the last game, deleting the only save
# leaves "New game", "Recover what is readable" on a save that is gone or is
# a folder says so (never an "Error" screen), and a damaged save is listed
# beside the good ones, which still open. The App's save methods are called
# as the saved-games screens call them; the screens' keys are not this
# test's subject (tests/test_ui.py).
import os

import pytest

from host_sim.headless import Display, BOARDS
from trackside import journal, logfmt
from trackside.journal import SaveError
from trackside.saves import Saves
from trackside.session import new_session
from trackside.ui.app import App
from trackside.ui.screens import ListScreen, MessageScreen

SETUP = 'steam base players=Ann,Bob,Cid start=firstgame'


def device(saves_dir):
    width, height, mono, names, keymap = BOARDS['pico_display']
    return App(Display(width, height, mono), keymap, str(saves_dir))


def saved(saves_dir, setup=SETUP, lines=('Ann tile engineer',)):
    saves = Saves(str(saves_dir))
    s = new_session(setup)
    slot = saves.new(s)
    for line in lines:
        s.do_text(line)
    s.idle()                # (the log whole: its tail folded in, as the device does when idle)
    return slot


def top(app):
    return app.stack[-1]


def saves_module():
    # trackside.saves as the device will import it next: the device lets the
    # module go during a game, so a copy imported earlier may not be it.
    from trackside import saves
    return saves


def no_error(app):
    assert app.stack and all(getattr(x, 'title', '') != 'Error' for x in app.stack)


@pytest.mark.parametrize('fault', [RuntimeError('a bug'), MemoryError(), OSError(5),
                                   SaveError('This save cannot be read.')])
def test_start_shows_the_saved_games_whatever_goes_wrong_opening_the_last(tmp_path, monkeypatch,
                                                                          fault):
    saved(tmp_path)

    def fails(self, slot):
        raise fault
    monkeypatch.setattr(saves_module().Saves, 'open', fails)
    app = device(tmp_path)
    no_error(app)
    assert isinstance(top(app), MessageScreen) and top(app).title == 'Save 1'
    assert app.session is None
    assert isinstance(app.stack[0], ListScreen) and app.stack[0].title == 'Saved games'
    labels = [i[0] for i in app.stack[0].items]
    assert labels == ['1: steam base, Ann Bob Cid', 'New game']
    if isinstance(fault, MemoryError):
        assert top(app).text == 'This save could not be opened: the device ran out of working memory.'


def test_start_survives_the_save_folder_itself_failing(tmp_path, monkeypatch):
    def fails(path):
        raise OSError(5)
    monkeypatch.setattr(saves_module(), '_names', fails)
    app = device(tmp_path / 'saves')
    no_error(app)
    assert top(app).title == 'Saved games'
    assert top(app).text == ('The save folder cannot be read: the memory could not be read or '
                             'written (a flash error).')


def test_deleting_the_only_save_leaves_a_new_game(tmp_path):
    slot = saved(tmp_path)
    app = device(tmp_path)
    assert app.session is not None
    app.delete(slot)
    no_error(app)
    assert app.session is None and Saves(str(tmp_path)).slots() == []
    assert top(app).title == 'Saved games' and top(app).items == [('New game', 'new')]
    app.on_save('new')                  # the way out: the new-game screens
    no_error(app)
    assert top(app).title == 'New game'


@pytest.mark.parametrize('what', ['missing', 'folder'])
def test_recover_on_a_save_that_is_gone_or_a_folder_says_so(tmp_path, what):
    saved(tmp_path)
    app = device(tmp_path)
    if what == 'folder':
        os.mkdir(str(tmp_path / 'game2.log'))
        want = ('Save 2 cannot be recovered: a folder is where the save file should be. '
                'Choose "Delete" to remove it.')
    else:
        want = 'There is no save 2 any more.'
    app.on_slot(2, 'recover')
    no_error(app)
    assert isinstance(top(app), MessageScreen) and top(app).text == want
    if what == 'folder':
        app.delete(2)                   # and Delete takes the folder away
        assert not os.path.exists(str(tmp_path / 'game2.log'))
        no_error(app)


def test_a_damaged_save_is_listed_beside_the_good_ones_which_still_open(tmp_path):
    good = saved(tmp_path)
    bad = saved(tmp_path, 'steam base players=Dee,Eve,Fay start=firstgame',
                ['Dee tile engineer', 'Eve tile firstbuild', 'Fay tile turnorder'])
    path = str(tmp_path / ('game%d.log' % bad))
    data = bytearray(open(path, 'rb').read())
    data[data.index(b'Eve tile') + 1] ^= 0x20       # the 2nd entry damaged
    open(path, 'wb').write(bytes(data))
    app = device(tmp_path)                           # last: the damaged one
    no_error(app)
    assert top(app).text == ('This save is damaged at entry 2. Choose "Recover what is '
                             'readable" to keep the 1 entry before it.')
    assert [i[0] for i in app.stack[0].items] == [
        '1: steam base, Ann Bob Cid', '2: steam base, Dee Eve Fay', 'New game']
    app.on_slot(good, 'open')
    assert app.session.history() == ['Ann tile engineer']
    app.on_slot(bad, 'recover')
    no_error(app)
    assert app.session.history() == ['Dee tile engineer']
    assert 'game2.bad' in app.status


# --- an entry: on the panel first, then on flash (ui/app.py, submit) ----------------

def flushed(app):
    # What the panel shows: the canvas once every change is pushed.
    app.tick(0, 10 ** 6)
    assert not app.p.dirty
    return bytes(app.p.display.buffer)


def test_an_entry_is_on_the_panel_before_it_is_written(tmp_path):
    # littlefs erases a flash sector for almost every record (45 ms on a
    # Pico, up to 400 ms): the game screen is drawn and pushed first.
    slot = saved(tmp_path)
    app = device(tmp_path)
    s = app.session
    flushed(app)
    seen = []
    append = s.journal.append

    def watched(text):
        seen.append((text, app.p.display.sent, list(app.p.dirty), bytes(app.p.display.buffer),
                     s.cursor))
        append(text)
    s.journal.append = watched
    sent = app.p.display.sent
    app.submit('Bob tile firstbuild')
    after = flushed(app)
    assert len(seen) == 1
    text, sent_then, dirty_then, canvas_then, cursor_then = seen[0]
    assert text == 'Bob tile firstbuild'
    assert sent_then > sent and dirty_then == []        # pushed, all of it, before the write
    assert canvas_then == after                          # and it was the screen after the entry
    assert cursor_then == 1 and s.cursor == 2
    assert s.history() == ['Ann tile engineer', 'Bob tile firstbuild']
    assert Saves(str(tmp_path)).open(slot)[0].history() == s.history()       # on flash too


@pytest.mark.parametrize('fault', [OSError(28), OSError(5), MemoryError()])
def test_a_write_that_fails_after_the_entry_was_shown_takes_it_back(tmp_path, fault):
    # The entry was on the screen; its record could not be written: the
    # game is as it was, on the screen, in memory and on flash, and the
    # player is told.
    slot = saved(tmp_path)
    app = device(tmp_path)
    s = app.session
    before = flushed(app)

    def fails(text):
        raise fault
    s.journal.append = fails
    app.submit('Bob tile firstbuild')
    flushed(app)
    assert isinstance(top(app), MessageScreen) and top(app).title == 'Not saved'
    assert app.session is s and not s.lost
    assert s.cursor == 1 and s.history() == ['Ann tile engineer']
    assert s.state == replayed(tmp_path, slot)
    top(app).key(app, 'select', 0)      # the message read: the game screen
    assert flushed(app) == before
    assert Saves(str(tmp_path)).open(slot)[0].history() == ['Ann tile engineer']
    s.journal.append = type(s.journal).append.__get__(s.journal)
    app.submit('Bob tile firstbuild')   # and the same entry goes in once the write works
    assert s.history() == ['Ann tile engineer', 'Bob tile firstbuild']


def replayed(saves_dir, slot):
    return Saves(str(saves_dir)).open(slot)[0].state


@pytest.mark.slow
def test_out_of_memory_anywhere_in_an_entry_shown_then_saved(tmp_path):
    # A MemoryError at each call the firmware makes while an entry is
    # drawn, pushed and saved (test_saves_memory.py's hook): the game is
    # the one before the entry or the one after it, the same in memory as
    # on flash, and the device is on a screen.
    from test_saves_memory import OutOfMemory
    before, after = ['Ann tile engineer'], ['Ann tile engineer', 'Bob tile firstbuild']
    at = 0
    while True:
        at += 1
        root = tmp_path / ('at%d' % at)
        slot = saved(root)
        app = device(root)
        hook = OutOfMemory(at)
        try:
            hook.run(app.submit, 'Bob tile firstbuild')
        except MemoryError:
            pass                            # (App.handle shows it: not this test's subject)
        if not hook.fired:
            break
        flushed(app)
        on_flash = Saves(str(root)).open(slot)[0]
        assert on_flash.history() in (before, after), hook.where
        s = app.session
        if s is not None and not s.lost:
            assert s.history() == on_flash.history(), hook.where
            assert s.state == on_flash.state, hook.where
            assert s._staged is None, hook.where
        assert app.stack, hook.where
    assert at > 50                          # the entry makes many calls: each was tried


def test_out_of_memory_as_an_entry_is_staged_leaves_the_game_as_it_was(tmp_path):
    # stage() applies the entry to the state in place, then notes it for
    # commit(): a MemoryError there (on MicroPython the note allocates)
    # must make the state again, not leave the entry applied but unsaved.
    slot = saved(tmp_path)
    app = device(tmp_path)
    s = app.session
    Session = type(s)

    class Failing(Session):
        def __setattr__(self, name, value):
            if name == '_staged' and value is not None:
                s.__class__ = Session           # once
                raise MemoryError('noting the staged entry')
            Session.__setattr__(self, name, value)
    s.__class__ = Failing
    app.submit('Bob tile firstbuild')
    assert isinstance(top(app), MessageScreen) and top(app).title == 'Not saved'
    on_flash = Saves(str(tmp_path)).open(slot)[0]
    assert on_flash.history() == s.history() == ['Ann tile engineer']
    assert s.state == on_flash.state and s._staged is None
    top(app).key(app, 'select', 0)
    app.submit('Bob tile firstbuild')           # and the entry goes in as normal
    assert s.history() == ['Ann tile engineer', 'Bob tile firstbuild']


def test_a_failure_after_the_record_landed_reopens_and_names_the_last_entry(tmp_path):
    # The record is on flash, then memory runs out moving the session on
    # (Session.lost): the device opens the save again, which has the entry,
    # and says what its last entry is, so that nobody enters it twice.
    slot = saved(tmp_path)
    app = device(tmp_path)
    s = app.session

    def fails(*args):
        raise MemoryError('moving on')
    s._advance = fails
    app.submit('Bob tile firstbuild')
    assert app.session is not s and app.session.history() == ['Ann tile engineer', 'Bob tile firstbuild']
    assert isinstance(top(app), MessageScreen) and top(app).title == 'Not saved'
    assert 'its last entry: Bob tile firstbuild.' in top(app).text
    assert Saves(str(tmp_path)).open(slot)[0].history() == app.session.history()


def test_a_save_not_read_for_want_of_memory_is_not_called_damaged(tmp_path, monkeypatch):
    # Listing the saves loads the module that reads them: with no room for it, a good
    # save must not be called damaged (a player might delete it).
    saved(tmp_path)
    module = saves_module()

    def no_room():
        raise MemoryError()
    monkeypatch.setattr(module, '_reader', no_room)
    assert module.Saves(str(tmp_path)).describe(1) == '1: not read, the working memory is full'
    monkeypatch.undo()
    assert saves_module().Saves(str(tmp_path)).describe(1) == '1: steam base, Ann Bob Cid'
