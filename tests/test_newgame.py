# The new-game screens go back exactly one step (issue 13, item 3): a
# seat's screen comes back with its choice under the cursor, a choice made
# again replaces the one before and what came after it, and pressing on
# after going back seats the players chosen, never more than the count.
import os
import sys
import tempfile

import pytest

from conftest import ui_on_both
from host_sim import keyscript
from host_sim.headless import BOARDS
from trackside.saves import Saves
from ui_play import device, press, keys, saved_game


def top(app):
    return app.stack[-1]


def test_issue_13s_presses_never_seat_more_players_than_the_count(tmp_path):
    # Steam, base, 4 players, three colours, back, then A nine times: the
    # seats are filled once each, the settings come, then the game starts.
    app, names = device('pico_display', tmp_path)
    press(app, names, 'A A A A A A B')
    assert top(app).title == 'Player 3 of 4'
    titles = []
    for _ in range(9):
        press(app, names, 'A')
        titles.append(getattr(top(app), 'title', ''))
        assert 'of 4' not in titles[-1] or int(titles[-1].split()[1]) <= 4
    assert app.session is not None
    assert app.session.setup['players'] == ['Red', 'Blue', 'Green', 'Yellow']
    assert Saves(str(tmp_path)).slots() == [1]


def test_back_goes_one_step_and_a_new_choice_replaces_the_old(tmp_path):
    app, names = device('pico_display', tmp_path)
    press(app, names, 'A A Y A')                    # Steam, base, 3 players
    press(app, names, 'A A')                        # Red, Blue
    assert top(app).title == 'Player 3 of 3'
    press(app, names, 'B')                          # back: seat 2, Blue under the cursor
    assert top(app).title == 'Player 2 of 3'
    assert top(app).items[top(app).index][1] == 'blue'
    press(app, names, 'B')                          # seat 1, Red under the cursor
    assert top(app).items[top(app).index][1] == 'red' and top(app).title.startswith('Player 1')
    press(app, names, 'Y Y Y A')                    # Yellow instead of Red
    assert top(app).title == 'Player 2 of 3'
    assert 'yellow' not in [item[1] for item in top(app).items]
    press(app, names, 'A A')                        # Red, Blue: the settings
    assert top(app).title == 'Settings'
    press(app, names, 'B')                          # back from the settings: the last seat
    assert top(app).title == 'Player 3 of 3'
    press(app, names, 'A A')                        # Blue again; Start the game
    assert app.session.setup['players'] == ['Yellow', 'Red', 'Blue']
    # and back from the first seat reaches the count, then the variant, the game
    app2, names = device('pico_display', tmp_path / 'two')
    press(app2, names, 'A A A B')
    assert top(app2).title == 'Players (3 to 6)'
    press(app2, names, 'B')
    assert top(app2).title == 'Steam'
    press(app2, names, 'B')
    assert top(app2).title == 'New game'


def test_a_typed_name_and_back_from_the_letters(tmp_path):
    # Score pad: a name typed with the buttons; back from the letters is the
    # seat again, nothing added.
    app, names = device('pico_display', tmp_path)
    press(app, names, 'Y A')                        # Score pad (one variant: no such screen)
    assert top(app).title == 'Players (2 to 8)'
    press(app, names, 'Y*2 A')                      # 2 players
    press(app, names, 'X A')                        # "Type a name" (the last item)
    assert top(app).title == 'Player 1: name'
    press(app, names, 'B')
    assert top(app).title.startswith('Player 1') and app.stack[-1].items[-1][1] is None
    press(app, names, 'A')                          # the letters again (the cursor stayed)
    assert top(app).choices() == ['ABCDEF', 'GHIJKL', 'MNOPQR', 'STUVWX', 'YZ']
    press(app, names, 'A A')                        # the first group, "A" (its first letter)
    assert top(app).word == 'A' and top(app).choices()[0] == 'OK'
    press(app, names, 'X A')                        # up to OK, select
    assert top(app).title == 'Player 2 of 2'
    press(app, names, 'A A')                        # Red; Start the game
    assert app.session.setup['players'] == ['A', 'Red']


def test_a_typed_name_whose_check_cannot_be_loaded_says_so_and_keeps_the_screens(tmp_path,
                                                                                 monkeypatch):
    # The name's check is loaded when a name is typed (trackside/setupline.py): with no
    # room for it, the player is told, and the letters are still there to try again.
    from trackside.ui import newgame
    app, names = device('pico_display', tmp_path)
    press(app, names, 'Y A Y*2 A X A A A')          # Score pad, 2 players, a name: "A"
    assert top(app).word == 'A'
    real = newgame.need

    def need(name):
        if name == 'trackside.setupline':
            raise MemoryError()
        return real(name)
    monkeypatch.setattr(newgame, 'need', need)
    depth = len(app.stack)
    press(app, names, 'X A')                        # OK
    assert top(app).title == 'Name' and 'ran out of working memory' in top(app).text
    press(app, names, 'A')                          # the message read
    assert len(app.stack) == depth and top(app).word == 'A'
    monkeypatch.setattr(newgame, 'need', real)
    press(app, names, 'A')                          # OK again (the cursor stayed): taken
    assert top(app).title == 'Player 2 of 2'


# A new game set up while a game is in play (the menu's "New game"): the
# game is put aside, saved whole, and its code let go, so that the new-game
# screens and the new game's rules have the heap a first game has; back
# from the first new-game screen opens it again where it was.

def one_by_one(script, board='pico_display'):
    # The script's presses, a word each ("A*3" is three).
    names = BOARDS[board][3]
    marks = {keyscript.SHORT: '', keyscript.HELD: '-', keyscript.VERY: '--'}
    return [names[i] + marks[hold] for i, hold in keyscript.presses(script, names, BOARDS[board][4])]


def setup_words(script, board='pico_display'):
    # The script's presses that set the game up (until it starts).
    app, names = device(board, os.path.join(tempfile.mkdtemp(), 'saves'))
    words = one_by_one(script, board)
    for k in range(len(words)):
        press(app, names, words[k])
        if app.session is not None:
            return words[:k + 1]
    raise AssertionError('the script never starts a game')


def test_a_new_game_from_the_menu_puts_the_game_aside_and_back_opens_it(tmp_path):
    app, names = device('pico_display', tmp_path)
    press(app, names, keys('steam-base-3p.keys'))
    was = app.session.standings()
    cursor = app.session.cursor
    press(app, names, 'B X X')                      # the menu, up twice: "New game"
    assert top(app).items[top(app).index][1] == 'new'
    press(app, names, 'A')
    assert top(app).title == 'New game' and app.session is None
    for name in ('trackside.games.steam', 'trackside.games.steam.turn', 'trackside.games.steam.ui',
                 'trackside.ui.rows', 'trackside.ui.table', 'trackside.ui.dashboard',
                 'trackside.ui.table_questions', 'trackside.ui.entry'):
        assert name not in sys.modules, name
    press(app, names, 'B')                          # back: the game again, as it was
    assert app.session is not None and app.session.cursor == cursor
    assert app.session.standings() == was
    assert type(top(app)).__name__ == 'Dashboard'
    # and a second game set up the same way is a save of its own
    press(app, names, 'B X X A')
    press(app, names, ' '.join(setup_words(keys('steam-base-3p.keys'))))
    assert app.session is not None and app.session.cursor == 0
    assert Saves(str(tmp_path)).slots() == [1, 2]
    assert Saves(str(tmp_path)).open(1)[0].standings() == was


def test_opening_a_save_of_another_game_lets_the_first_games_code_go(tmp_path):
    # A score pad in play, a Steam game set up, then the score pad opened
    # again: one game's code in RAM (ui/saves_ui.py, one_game).
    saved_game(tmp_path, ['scorepad players=Ann,Bob'])
    app, names = device('pico_display', tmp_path)   # (the last game is opened)
    assert app.session.setup['game'] == 'scorepad'
    assert 'trackside.games.scorepad' in sys.modules
    app.new_game()
    press(app, names, ' '.join(setup_words(keys('steam-base-3p.keys'))))
    assert app.session.setup['game'] == 'steam'
    assert 'trackside.games.scorepad' not in sys.modules
    assert 'trackside.games.scorepad.ui' not in sys.modules
    app.open(1)
    assert app.session.setup['game'] == 'scorepad'
    assert 'trackside.games.steam' not in sys.modules
    assert 'trackside.games.steam.turn' not in sys.modules
    assert 'trackside.games.steam.ui' not in sys.modules


def test_a_second_game_set_up_on_micropython_needs_no_more_heap_than_the_first(mpy_dir, tmp_path):
    # On the real interpreter at the Pico's heap: a whole game, then "New
    # game" from the menu and the same set-up again. With the first game in
    # RAM the second set-up took 20 KB more than the first (the 64-bit UI
    # bench); put aside, it takes what the first did, give or take the
    # interned names the first game left (they stay for good).
    script = keys('steam-base-3p.keys')
    first = setup_words(script)
    words = one_by_one(script) + ['B', 'X', 'X', 'A'] + first
    path = str(tmp_path / 'two.keys')
    with open(path, 'w') as f:
        f.write(' '.join(words))
    mp, cp = ui_on_both(mpy_dir, tmp_path, path)
    assert mp['standings'] == cp['standings'] and mp['standings']['turn'] == 1
    heaps = mp['heaps'][1:]                         # (after each press)
    n = len(one_by_one(script))
    assert len(heaps) == len(words)
    first_setup = max(heaps[:len(first)])
    second_setup = max(heaps[n + 4:])
    assert 0 < second_setup <= first_setup + 2048, (first_setup, second_setup)


def test_a_game_shown_lets_the_big_digits_go_and_an_amount_screen_loads_them_again(tmp_path):
    # The new-game screens' amounts use the big digits (16x32); a game
    # screen that asks in its own lines does not, and lets them go (1.5 KB
    # of the 64-bit bench's heap). A full-screen amount loads them again.
    from trackside.ui import font
    digits = 'trackside.ui.fonts.digits'
    app, names = device('pico_display', tmp_path)
    press(app, names, 'A A')                        # Steam, base: how many players
    assert type(top(app)).__name__ == 'AmountScreen' and digits in sys.modules
    assert top(app).font(app.p).height == 32
    press(app, names, ' '.join(setup_words(keys('steam-base-3p.keys'))[2:]))
    assert app.session is not None and 'digits' not in font._loaded
    # (its module goes too, unless a font drawn from it is loaded: the tests
    # share one process, and the 320x240 board's digits2x is the same glyphs)
    sharing = [n for n in font._loaded if font.SCALED.get(n, (n, 1))[0] == 'digits']
    assert (digits in sys.modules) == bool(sharing)
    app.new_game()
    press(app, names, 'A A')
    assert type(top(app)).__name__ == 'AmountScreen'
    assert top(app).font(app.p).height == 32 and digits in sys.modules



def test_a_save_of_another_game_is_opened_with_the_first_games_code_gone(tmp_path):
    # Steam in play, a Brass save opened from the saved games: Steam's
    # modules are let go before Brass's are imported (two games' rules would
    # not fit in a Pico's heap together: issue 11; found by review).
    import importlib.abc
    saved_game(tmp_path, ['brass players=Ann,Bob,Cid'])
    app, names = device('pico_display', tmp_path)
    app.new_game()
    press(app, names, ' '.join(setup_words(keys('steam-base-3p.keys'))))
    assert app.session.setup['game'] == 'steam' and 'trackside.games.steam' in sys.modules
    seen = []

    class Watch(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if name == 'trackside.games.brass':
                seen.append([k for k in sys.modules if k.startswith('trackside.') and 'steam' in k])
            return None

    sys.meta_path.insert(0, Watch())
    try:
        app.open(1)
    finally:
        del sys.meta_path[0]
    assert app.session.setup['game'] == 'brass'
    assert seen == [[]]


def no_room_for(monkeypatch, module):
    # The App's imports of module run out of memory (as on a heap in pieces)
    # until the function returned is called.
    import trackside.ui.app as app_module
    real = app_module.need

    def need(name):
        if name == module:
            raise MemoryError('memory allocation failed, allocating 1280 bytes')
        return real(name)
    monkeypatch.setattr(app_module, 'need', need)
    return lambda: monkeypatch.setattr(app_module, 'need', real)


def test_new_game_screens_that_fail_to_load_leave_a_way_back_to_the_game(tmp_path, monkeypatch):
    # The game is put aside first; if the new-game screens then cannot be
    # loaded (out of memory), the Error goes back to the saved games, where
    # the game is (found by review: the Error was the only screen left, and
    # no key took it away).
    app, names = device('pico_display', tmp_path)
    press(app, names, keys('steam-base-3p.keys'))
    was = app.session.standings()
    loads = no_room_for(monkeypatch, 'trackside.ui.newgame')
    press(app, names, 'B X X A')                    # the menu's New game
    assert top(app).title == 'Error' and len(app.stack) == 2
    assert top(app).text == 'The device ran out of working memory. Switch off and on again to free it.'
    press(app, names, 'A')                          # gone: the saved games, with the game
    assert top(app).title == 'Saved games'
    loads()
    press(app, names, 'A A')                        # its save, Resume
    assert app.session is not None and app.session.standings() == was


def test_a_name_is_typed_a_group_of_letters_then_a_letter(tmp_path):
    # Issue 12, names: each letter is two choices, its group and then the
    # letter; the groups come back with the last letter's group under the
    # cursor, and a group opens on that letter (a double letter is two
    # presses). Back in a group is the groups again; "<" takes a letter back.
    app, names = device('pico_display', tmp_path)
    press(app, names, 'Y A Y*2 A X A')              # Score pad, 2 players, "Type a name"
    press(app, names, 'A A')                        # ABCDEF, A
    assert top(app).word == 'A'
    assert top(app).choices() == ['OK', 'abcdef', 'ghijkl', 'mnopqr', 'stuvwx', 'yz', '<']
    assert top(app).at == 1                         # abcdef: the group of the letter typed
    press(app, names, 'Y*2 A')                      # mnopqr: its letters, from m
    assert top(app).choices() == list('mnopqr') and top(app).at == 0
    assert app.p.slots['count'][0] == 'm n o p q r'
    press(app, names, 'Y A')                        # n
    press(app, names, 'A A')                        # mnopqr again, on n: n
    assert top(app).word == 'Ann' and top(app).at == 3
    press(app, names, 'A Y B')                      # into the group and back out
    assert top(app).group is None and top(app).at == 3 and top(app).word == 'Ann'
    press(app, names, 'Y*3 A')                      # "<" (up from OK, the other way round)
    assert top(app).word == 'An' and top(app).choices()[top(app).at] == '<'
    press(app, names, 'X*3 A A')                    # mnopqr, on the n typed before: n
    assert top(app).word == 'Ann'
    press(app, names, 'X*3 A')                      # OK
    assert top(app).title == 'Player 2 of 2'
    press(app, names, 'A A')                        # Red; Start the game
    assert app.session.setup['players'] == ['Ann', 'Red']


def test_a_full_name_offers_only_ok_and_taking_a_letter_back(tmp_path):
    from trackside.ui.forms import LettersScreen
    typed = []
    screen = LettersScreen('Name', 2, lambda app, word: typed.append(word), word='Bo')
    assert screen.choices() == ['OK', '<']


def test_the_letters_screen_after_each_press_is_what_a_fresh_drawing_shows(tmp_path):
    # Only what changed is redrawn: after every press the canvas must be
    # what the screen drawn afresh shows (the count line was once wiped by
    # a move and not drawn again).
    live, names = device('pico_display', tmp_path / 'live')
    fresh, _ = device('pico_display', tmp_path / 'fresh')
    for word in one_by_one('Y A Y*2 A X A A A Y*2 A Y A Y X*3 A Y B X A'):
        press(live, names, word)
        press(fresh, names, word)
        fresh.p.clear()
        fresh.stack[-1].draw(fresh.p, fresh)
        fresh.p.flush()                 # (onto the screen: a colour board's canvas is a band)
        assert bytes(live.p.display.buffer) == bytes(fresh.p.display.buffer), word


# --- a new game opened by a restart (issue 30, part 2) ------------------------------------
# Where the device can start afresh (App.restart: MicroPython's soft reset, CircuitPython's
# supervisor.reload()), the new game is saved, named the last and opened by a restart, as
# at power-on: from source, its code then compiles on an empty heap, with none of the
# new-game screens' (docs/benchmarks-source.md).

class Restarted(BaseException):
    # what a soft reset raises (SystemExit): no Exception guard takes it
    pass


def restart():
    raise Restarted()


STEAM_BASE_4P = 'A A A A A A A A'       # Steam, base, 4 players, four colours, start


@pytest.mark.parametrize('saves', ['trackside.saves', 'trackside.fixed'])
def test_a_new_game_is_saved_named_the_last_and_opened_by_a_restart(tmp_path, monkeypatch, saves):
    from trackside import need
    from trackside.ui.app import App
    monkeypatch.setattr(App, 'SAVES', saves)
    steam = need('trackside.games.steam')
    begun = []
    monkeypatch.setattr(steam, 'new_game', lambda setup, made=steam.new_game: begun.append(1) or made(setup))
    app, names = device('pico_display', tmp_path, restart)
    with pytest.raises(Restarted):
        press(app, names, STEAM_BASE_4P)
    assert app.session is None                  # not played in place
    assert not begun                            # its start is made after the restart
    slots = need(saves).Saves(str(tmp_path))
    assert slots.slots() == [1] and slots.last() == 1
    # the power-on after it: the new game, on its game screen
    app, names = device('pico_display', tmp_path, restart)
    assert type(top(app)).__name__ == 'Dashboard'
    assert app.session.cursor == 0
    assert app.session.setup['players'] == ['Red', 'Blue', 'Green', 'Yellow']


def test_a_new_game_not_named_the_last_is_played_in_place(tmp_path, monkeypatch):
    # (a write of the last slot failed: a restart would open another game)
    from trackside import saves, journal
    saved_game(tmp_path, ['scorepad players=Ann,Bob'])      # slot 1, named the last
    write = journal._write

    def full(path, mode, parts):                # (the flash full for the name of the last)
        if path.endswith('/last.tmp'):
            raise OSError(28, 'No space left on device')
        return write(path, mode, parts)

    monkeypatch.setattr(journal, '_write', full)
    app, names = device('pico_display', tmp_path, restart)
    press(app, names, 'B X X A')                # the menu, up twice: "New game"
    press(app, names, STEAM_BASE_4P)
    assert type(top(app)).__name__ == 'Dashboard'
    assert app.session.setup['game'] == 'steam' and app.session.cursor == 0
    assert saves.Saves(str(tmp_path)).slots() == [1, 2]
    assert saves.Saves(str(tmp_path)).last() == 1          # (what a restart would have opened)


# Menu > New game and Menu > Saved games: (the keys from the game screen, the word the
# save is named with, the title of the screen the power-on shows first)
FROM_MENU = {'new game': ('B X X A', 'new', 'New game'), 'saved games': ('B X A', 'saves', 'Saved games')}


@pytest.mark.parametrize('item', sorted(FROM_MENU))
@pytest.mark.parametrize('saves', ['trackside.saves', 'trackside.fixed'])
def test_the_menu_restarts_into_new_game_or_saved_games_and_back_into_the_game(
        tmp_path, monkeypatch, saves, item):
    # Menu > New game (or Saved games) with a game in play: the game is put aside, the save
    # named with "new" (or "saves") and the device restarted: its power-on shows the
    # new-game screens (or the list) on the heap a first game has; back from the first of
    # them restarts into the game, as it was. A save picked from the list opens by a
    # restart too.
    from trackside import need
    from trackside.ui.app import App
    monkeypatch.setattr(App, 'SAVES', saves)
    keys, word, title = FROM_MENU[item]
    app, names = device('pico_display', tmp_path, restart)
    with pytest.raises(Restarted):
        press(app, names, STEAM_BASE_4P)
    app, names = device('pico_display', tmp_path, restart)
    for _ in range(6):                          # an entry: the game is not where it began
        if app.session.cursor:
            break
        press(app, names, 'A')
    played = app.session.all_lines()
    assert app.session.cursor == 1 and type(top(app)).__name__ == 'Dashboard'
    with pytest.raises(Restarted):
        press(app, names, keys)
    slots = need(saves).Saves(str(tmp_path))
    assert slots.last() == 1 and slots.first_screen() == word
    app, names = device('pico_display', tmp_path, restart)
    assert top(app).title == title and app.session is None
    assert need(saves).Saves(str(tmp_path)).first_screen() is None      # (once)
    with pytest.raises(Restarted):
        press(app, names, 'B')                  # back: the game put aside
    app, names = device('pico_display', tmp_path, restart)
    assert type(top(app)).__name__ == 'Dashboard' and app.session.all_lines() == played
    if item == 'saved games':
        with pytest.raises(Restarted):
            press(app, names, keys)
        app, names = device('pico_display', tmp_path, restart)
        assert [i[0] for i in top(app).items][-1] == 'New game'
        with pytest.raises(Restarted):
            press(app, names, 'A A')            # the save, Resume
        app, names = device('pico_display', tmp_path, restart)
        assert type(top(app)).__name__ == 'Dashboard' and app.session.all_lines() == played


def test_saved_games_from_a_game_where_no_restart_comes_lists_them_in_place(tmp_path):
    saved_game(tmp_path, ['scorepad players=Ann,Bob', 'round 1 2'])
    # a restart that returns (one that failed): the list, the game closed; back opens it
    called = []
    app, names = device('pico_display', tmp_path, lambda: called.append(1))
    press(app, names, 'B X A')
    assert called == [1] and top(app).title == 'Saved games' and app.session is None
    assert Saves(str(tmp_path)).first_screen() is None
    press(app, names, 'B')
    assert type(top(app)).__name__ == 'Dashboard' and app.session.cursor == 1
    # no restart at all (the simulator): the list over the menu, the game still in play
    app, names = device('pico_display', tmp_path, None)
    press(app, names, 'B X A')
    assert top(app).title == 'Saved games' and app.session.cursor == 1
    press(app, names, 'B')
    assert top(app).title == 'Menu'


def test_a_power_on_in_the_new_game_screens_opens_the_game_the_next_time(tmp_path):
    # (switched off while setting up a new game: the game put aside is not lost to them)
    saved_game(tmp_path, ['scorepad players=Ann,Bob'])
    Saves(str(tmp_path)).set_last(1, 'new')
    app, names = device('pico_display', tmp_path, restart)
    assert top(app).title == 'New game'
    app, names = device('pico_display', tmp_path, restart)
    assert type(top(app)).__name__ == 'Dashboard' and app.session.setup['game'] == 'scorepad'


def test_a_menu_that_cannot_be_loaded_mid_game_says_the_game_is_saved(tmp_path, monkeypatch):
    # Late in a long game the heap is in pieces, and the menu's code may find
    # no block (a Russian Railroads game of 200 entries at the device heap,
    # issue 30): the Error screen says so in a player's words, back is the
    # game as it was, and a power-on opens it where it is, every entry there.
    app, names = device('pico_display', tmp_path)
    press(app, names, keys('steam-base-3p.keys'))
    was, cursor = app.session.standings(), app.session.cursor
    loads = no_room_for(monkeypatch, 'trackside.ui.menu')
    press(app, names, 'B')                          # the menu
    assert top(app).title == 'Error'
    assert top(app).text == ('The device ran out of working memory. Every entry is saved: '
                             'switch off and on again, and the game opens where it is.')
    press(app, names, 'A')
    assert type(top(app)).__name__ == 'Dashboard' and app.session.cursor == cursor
    loads()
    again, names = device('pico_display', tmp_path)  # the power-on
    assert type(top(again)).__name__ == 'Dashboard'
    assert (again.session.cursor, again.session.standings()) == (cursor, was)
