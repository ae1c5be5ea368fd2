# Random presses on every board, from a device with no saves: the new-game
# screens (and going back in them at every step), games of every kind, the
# menu, undo. Whatever is pressed, the device never shows an Error screen
# (App.handle's last guard: a bug), and the saved game always replays to
# the game on screen. (Issue 13: "zero Error screens".)
import random

import pytest

from host_sim import keyscript
from host_sim.headless import Display, BOARDS
from trackside.saves import Saves
from trackside.ui.app import App


def errors(app):
    return [s for s in app.stack if getattr(s, 'title', '') == 'Error']


@pytest.mark.parametrize('board', ['pico_display', 'oled_ssd1306', 'tdisplay'])
@pytest.mark.parametrize('seed', range(3))
def test_random_presses_never_show_an_error(board, seed, tmp_path):
    rnd = random.Random(seed * 7 + len(board))
    width, height, mono, names, keymap = BOARDS[board]
    app = App(Display(width, height, mono), keymap, str(tmp_path))
    clock = keyscript.Clock()
    for i in range(400):
        word = rnd.choice(names)
        r = rnd.random()
        if r < 0.15:
            word += '-'                     # a hold: back, or undo, or repeat
        elif r < 0.18:
            word += '--'                    # a very long hold
        keyscript.play(app, names, word, clock)
        assert not errors(app), 'press %d (%s): %s' % (i, word, errors(app)[0].text)
    # the game on screen is the one saved
    if app.session is not None and app.session.journal is not None:
        slot = Saves(str(tmp_path)).last()
        again, note = Saves(str(tmp_path)).open(slot)
        assert again.state == app.session.state


@pytest.mark.slow
@pytest.mark.parametrize('board', ['pico_display', 'oled_ssd1306', 'tdisplay'])
@pytest.mark.parametrize('log', ['steam base players=Red,Blue,Green start=firstgame',
                                 'steam standard players=Red,Blue,Green,Pink',
                                 'scorepad players=Ann,Bob,Cid rounds=4 min_points=-5 max_points=9'])
def test_random_presses_in_a_game_never_show_an_error(board, log, tmp_path):
    # A game under way: random presses make entries, undo, redo, open the
    # menu's pages, and sometimes leave for a new game.
    from trackside.session import new_session
    Saves(str(tmp_path)).new(new_session(log))
    rnd = random.Random(log)
    width, height, mono, names, keymap = BOARDS[board]
    app = App(Display(width, height, mono), keymap, str(tmp_path))
    clock = keyscript.Clock()
    for i in range(300):
        word = rnd.choice(names) + ('-' if rnd.random() < 0.1 else '')
        keyscript.play(app, names, word, clock)
        assert not errors(app), 'press %d (%s): %s' % (i, word, errors(app)[0].text)
    if app.session is not None and app.session.journal is not None:
        slot = Saves(str(tmp_path)).last()
        again, note = Saves(str(tmp_path)).open(slot)
        assert again.state == app.session.state
