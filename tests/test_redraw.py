# The game screen is redrawn only where something changed (ui/paint.py's boxes): after
# every press of whole games, on the three screen sizes, what the screen shows must be
# exactly what drawing it afresh shows. A box that forgets it was painted over (the
# mark of the player to move under a row painted whole), or lines left from another
# layout, show up here as pixels that differ.
import pytest

from host_sim import keyscript
from trackside.ui import paint, dashboard
from ui_play import device, keys

GAMES = [('pico_display', 'steam-base-3p.keys'), ('pico_display2', 'steam-base-3p.keys'),
         ('pico_display', 'brass-w07-4p.keys'), ('pico_display2', 'brass-w07-4p.keys'),
         ('tdisplay', 'steam-base-3p-2buttons.keys'), ('pico_display2', 'scorepad-4p.keys')]


def picture(app):
    # the screen once what was drawn is pushed (host_sim/headless.py: a colour
    # board's canvas is a band of it)
    app.p.flush()
    return bytes(app.p.display.buffer)


@pytest.mark.slow
@pytest.mark.parametrize('board,script', GAMES)
def test_the_game_screen_after_each_press_is_what_a_fresh_drawing_shows(board, script, tmp_path,
                                                                      monkeypatch):
    monkeypatch.setattr(paint, 'PAUSE_MS', 10 ** 9)     # (a scrolling text stays put)
    app, names = device(board, tmp_path)
    clock = keyscript.Clock()
    checked = 0
    for n, (index, hold) in enumerate(keyscript.presses(keys(script), names, app.keys.keymap)):
        keyscript.press(app, len(names), index, hold, clock)
        p = app.p
        if p.layout != 'game':
            continue
        shown = picture(app)
        p.clear()
        dashboard.Dashboard().draw(p, app)
        if not isinstance(app.stack[-1], dashboard.Dashboard):
            app.stack[-1].draw(p, app)      # a question at the foot of the game screen
        assert picture(app) == shown, 'press %d (%s) on %s' % (n, names[index], type(app.stack[-1]).__name__)
        checked += 1
    assert checked > 50


# Random presses from part-way through hand-worked games (seeds that found a lost mark).
WALKS = [('pico_display', 'brass-w07-4p.log', 3), ('pico_display', 'brass-rx18-3p.log', 3),
         ('pico_display', 'steam-base-short.log', 2), ('pico_display2', 'russianrailroads-3p.log', 1),
         ('tdisplay', 'steam-standard-b1.log', 4), ('oled_ssd1306', 'brass-w07-3p.log', 5)]


@pytest.mark.slow
@pytest.mark.parametrize('board,log,seed', WALKS)
def test_random_presses_leave_the_game_screen_as_a_fresh_drawing_shows(board, log, seed, tmp_path,
                                                                     monkeypatch):
    import os
    import random
    from conftest import ROOT
    from trackside.logfmt import words_of
    from trackside.ui import keys as K
    from ui_play import saved_game
    monkeypatch.setattr(paint, 'PAUSE_MS', 10 ** 9)
    rnd = random.Random(seed)
    with open(os.path.join(ROOT, 'tests', 'scenarios', log)) as f:
        lines = [l for l in f.read().splitlines() if words_of(l) and not l.startswith('#')]
    saved_game(tmp_path, lines[:rnd.randrange(1, len(lines))])
    app, names = device(board, tmp_path)
    clock = keyscript.Clock()
    for n in range(400):
        index = rnd.choice([0, 0, 0, 2, 3, 3, 1] if len(names) == 4 else
                           list(range(len(names))) + [0])
        r = rnd.random()
        hold = keyscript.SHORT if r < 0.85 else (K.HOLD_MS + 100 if r < 0.97 else K.VERY_MS + 100)
        keyscript.press(app, len(names), index, hold, clock)
        p = app.p
        if app.session is None or p.layout != 'game':
            continue
        shown = picture(app)
        p.clear()
        dashboard.Dashboard().draw(p, app)
        if not isinstance(app.stack[-1], dashboard.Dashboard):
            app.stack[-1].draw(p, app)
        assert picture(app) == shown, 'press %d (%s) on %s' % (n, names[index], type(app.stack[-1]).__name__)


def test_a_tall_screen_writes_out_what_an_entry_changed_and_keeps_it_under_questions(tmp_path):
    # The 320x240 board with three players has room under the rows: the last entry's
    # changes are written out there on lines of their own (ui/roomy.py), the answer's
    # line is left to the hint, and the lines stay while a question is asked, also one
    # reached from the menu (the game screen is drawn afresh under it). The 240x135 board
    # has no such room and never loads the module.
    import sys
    from trackside import unload
    from ui_play import saved_game, press
    lines = ['steam base players=Ann,Bob,Cid start=firstgame', 'Ann tile engineer',
             'Bob tile firstbuild', 'Cid tile turnorder']
    saved_game(tmp_path / 'small', lines)
    unload('trackside.ui.roomy')
    app, names = device('pico_display', tmp_path / 'small')
    app.submit('Bob build 2')
    assert 'trackside.ui.roomy' not in sys.modules and 'said0' not in app.p.slots
    saved_game(tmp_path / 'tall', lines)
    app, names = device('pico_display2', tmp_path / 'tall')
    app.submit('Bob build 2')
    said = [app.p.slots[k][0] for k in ('said0', 'said1', 'said2') if k in app.p.slots]
    assert said[0].startswith('Bob build 2: Bob $') and app.p.slots['answer'][0] == ''
    press(app, names, 'A')                      # a question at the foot: the lines stay
    assert app.p.slots['said0'][0] == said[0]
    press(app, names, 'B B Y*3 A')              # back; the menu; "Undo to turn start"
    assert type(app.stack[-1]).__name__ == 'AskConfirm'     # asked at the foot of the game
    assert app.p.layout == 'game' and app.p.slots['said0'][0] == said[0]
