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
