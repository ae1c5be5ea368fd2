# Switching between saved games on the device (issue 31, item 4): a long
# save of every game, and from each game in play to every other one through
# the keys (Menu > Saved games > the save > Resume), at the heap of the whole
# device (DEVICE_HEAP). Opened in place after another game, a save needed up
# to 146 KB more than at power-on; the device now restarts for it
# (ui/saves_ui.py, switch), and for the list of saves too (from_game: listed
# beside a Russian Railroads game of 200 entries, at this heap, the saves'
# lines came to its end), so each switch is two power-ons of
# tests/mp/switch_games.py: the process ends where a device would reboot.
# On CPython: the switch's ways (restart, or in place where it cannot), and
# the message when a save was read but its game screen could not be shown.
import json
import os

import pytest

from conftest import DEVICE_HEAP, fixed_dir, run_micropython, mp_ui_paths
from host_sim.randplay import random_game
from trackside.saves import Saves
from trackside.session import new_session

# slot: (game, variant, records)
GAMES = {1: ('steam', 'standard', 116), 2: ('brass', None, 138),
         3: ('russianrailroads', None, 200), 4: ('scorepad', None, 98)}
# every ordered pair of the four games once, each game from and to every other
ORDER = [1, 2, 3, 4, 1, 3, 2, 4, 3, 1, 4, 2, 1]


def lines_of(game, variant, n):
    if game == 'scorepad':      # (random play ends it early: a pad of 98 rounds)
        return ['scorepad players=Ann,Bob,Cid,Dee rounds=99'] + [
            'round %d %d %d %d' % (i % 7, i % 5, i % 11, i % 3) for i in range(n)]
    lines, s = random_game(1, game=game, variant=variant, max_lines=n + 1)
    return lines


@pytest.fixture(scope='module')
def folder():
    top = fixed_dir('ts-sw-')
    root = os.path.join(top, 'saves')
    saves = Saves(root)
    made = {}
    for slot in sorted(GAMES):
        lines = lines_of(*GAMES[slot])
        s = new_session(lines[0])
        assert saves.new(s) == slot
        for line in lines[1:]:
            s.do_text(line)
        s.idle()
        assert s.cursor == GAMES[slot][2]
        made[slot] = s.all_lines()
    yield root, made
    import shutil
    shutil.rmtree(top, ignore_errors=True)


def test_the_order_switches_between_every_ordered_pair_of_games():
    pairs = set(zip(ORDER, ORDER[1:]))
    assert len(ORDER) == 13 and pairs == {(a, b) for a in GAMES for b in GAMES if a != b}


@pytest.mark.slow
def test_switching_between_every_pair_of_games_at_the_device_heap(mpy_dir, folder):
    root, made = folder
    with open(os.path.join(root, 'last'), 'w') as f:
        f.write('%d\n' % ORDER[0])
    paths = mp_ui_paths(mpy_dir)
    problems = []

    def power_on(*what):
        args = [os.path.join('tests', 'mp', 'switch_games.py'), paths, root] + list(what)
        out = run_micropython(args, heap=DEVICE_HEAP)
        return [json.loads(line) for line in out.strip().splitlines()]

    for i, slot in enumerate(ORDER):
        after = ORDER[i + 1] if i + 1 < len(ORDER) else None
        rows = power_on(*(['menu'] if after else []))
        boot = rows[0]
        game, variant, records = GAMES[slot]
        if (boot['game'], boot['cursor'], boot['screen']) != (game, records, 'Dashboard'):
            problems.append('power-on %d, save %d: %s' % (i, slot, boot))
        if after is None:
            assert len(rows) == 1
            continue
        # Menu > Saved games restarts into the list; the save picked there, into it
        if rows[1:] != [{'played': True}, {'restart': True, 'last': '%d saves' % slot}]:
            problems.append('switch %d, %s to the saved games: %s' % (i, game, rows[1:]))
            with open(os.path.join(root, 'last'), 'w') as f:
                f.write('%d saves\n' % slot)
        rows = power_on('pick', str(after))
        if (rows[0]['title'], rows[0]['game']) != ('Saved games', None):
            problems.append('power-on %d in the saved games: %s' % (i, rows[0]))
        if rows[1:] != [{'restart': True, 'last': str(after)}]:
            problems.append('switch %d, %s to %s: %s' % (i, game, GAMES[after][0], rows[1:]))
            with open(os.path.join(root, 'last'), 'w') as f:
                f.write('%d\n' % after)     # (the next power-on as the switch should have)
    assert problems == []
    # and every save as it was made (the undo and redo played in each: one more of each)
    saves = Saves(root)
    for slot in GAMES:
        s, note = saves.open(slot)
        assert note is None and s.all_lines() == made[slot] and s.cursor == GAMES[slot][2]


# --- the switch's ways, on CPython (the App's save methods called as the
# saved-games screens call them) -------------------------------------------

class Restarted(BaseException):
    # what MicroPython's soft reset raises (SystemExit): no Exception guard takes it
    pass


def device(root, restart):
    from host_sim.headless import Display, BOARDS
    from trackside.ui.app import App
    width, height, mono, names, keymap = BOARDS['pico_display']
    return App(Display(width, height, mono), keymap, root, None, restart)


def two_saves(root):
    # slot 1 a Brass game, slot 2 (the last made) a Steam one: a record each
    saves = Saves(root)
    for game in ('brass', 'steam'):
        lines = lines_of(game, None, 1)
        s = new_session(lines[0])
        saves.new(s)
        s.do_text(lines[1])
        s.idle()
    return saves


def restart():
    raise Restarted()


def test_a_switch_closes_the_game_names_the_save_and_restarts(tmp_path):
    root = str(tmp_path / 'saves')
    two_saves(root)
    app = device(root, restart)
    assert app.session.setup['game'] == 'steam'         # (slot 2, the last made)
    before = app.session.all_lines()
    with pytest.raises(Restarted):
        app.on_slot(1, 'open')
    assert app.session is None and app.stack == []      # closed: nothing of it held
    assert Saves(root).last() == 1
    # the power-on after it: the save chosen; the game put aside as it was
    app = device(root, restart)
    assert app.session.setup['game'] == 'brass' and app.session.cursor == 1
    assert Saves(root).open(2)[0].all_lines() == before


@pytest.mark.parametrize('why', ['last not written', 'no restart'])
def test_a_switch_that_cannot_restart_for_it_opens_the_save_in_place(tmp_path, monkeypatch, why):
    root = str(tmp_path / 'saves')
    two_saves(root)
    called = []
    app = device(root, lambda: called.append(1))
    if why == 'last not written':
        from trackside import saves
        monkeypatch.setattr(saves.Saves, 'set_last', lambda self, slot: False)
    app.on_slot(1, 'open')
    assert app.session.setup['game'] == 'brass' and type(app.stack[-1]).__name__ == 'Dashboard'
    assert called == ([] if why == 'last not written' else [1])


def test_the_host_with_no_restart_opens_a_save_in_place(tmp_path):
    root = str(tmp_path / 'saves')
    two_saves(root)
    app = device(root, None)
    app.on_slot(1, 'open')
    assert app.session.setup['game'] == 'brass' and type(app.stack[-1]).__name__ == 'Dashboard'


@pytest.mark.parametrize('fault', [MemoryError(), RuntimeError('a bug')])
def test_a_save_read_whose_game_screen_fails_says_so(tmp_path, monkeypatch, fault):
    # Out of memory loading the game screen's code, after the save was read
    # (at 340 KB, Brass after Steam opened in place, 101 KB free after it):
    # "This save could not be opened" was shown; the save was fine.
    from trackside.ui.app import App
    root = str(tmp_path / 'saves')
    two_saves(root)
    app = device(root, None)

    def play(self, session):
        raise fault

    monkeypatch.setattr(App, 'play', play)
    app.on_slot(1, 'open')
    top = app.stack[-1]
    assert app.session is None and top.title == 'Save 1'
    assert Saves(root).last() == 1          # (named by the read; at power-on it opens)
    assert top.text.startswith('This save was read, but its game screen could not be shown: ')
    if isinstance(fault, MemoryError):
        assert top.text.endswith('the device ran out of working memory. Switch off and on '
                                 'again: it opens then.')
    else:
        assert top.text.endswith('an unexpected error (RuntimeError).')
