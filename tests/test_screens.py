# Screenshots of every kind of screen on every screen size, compared with
# reviewed reference pictures (tests/screens/<board>/<name>.png): what the
# panel shows, from the real driver's bytes (host_sim/panels.py).
#
# After a deliberate change of the look: UPDATE_SCREENS=1 .venv/bin/python -m
# pytest tests/test_screens.py writes new references; look at every one of
# them before committing.
import os

import pytest

from conftest import ROOT
from host_sim import png, keyscript, sim
from test_sim import four_to_three

HERE = os.path.join(ROOT, 'tests', 'screens')
BOARDS = ('pico_display', 'pico_display2', 'oled_ssd1306')

# name: (log to start from, or None for a new device; keys on a 4-button board)
SHOTS = {
    'newgame': (None, ''),
    'players': (None, 'A A'),
    'settings': (None, 'A A A A A A A'),
    'dashboard': ('base-4p.log', ''),
    'build': ('base-4p.log', 'A'),
    'menu': ('base-4p.log', 'B'),
    'history': ('base-4p.log', 'B Y*5 A'),
    'entry': ('base-4p.log', 'B Y*5 A Y A'),
    'chart': ('base-4p.log', 'B Y*6 A'),
    'confirm': ('base-4p-income.log', 'A'),
    'message': ('base-4p.log', None),
    'auction': ('standard-4p.log', ''),
    'bid': ('standard-4p.log', 'A A'),
    'over': (os.path.join('..', 'scenarios', 'steam-base-short.log'), ''),
}


def shoot(board, name, tmp_path):
    import machine
    machine.host.clear()
    log, keys = SHOTS[name]
    d = sim.Device(board, str(tmp_path), os.path.join(HERE, log) if log else None)
    if keys is None:
        # a refused action: the rule's words
        d.app.tell('Not allowed', 'Income cannot pass 10 (setting income_max; §1): take VP')
        d.app.p.flush()
    elif keys:
        if d.display.mono:
            keys = four_to_three(keys)
        for index, hold in keyscript.presses(keys, d.names):
            d.press(index, hold)
    return d.panel.width, d.panel.height, d.panel.rgb()


@pytest.mark.parametrize('board', BOARDS)
@pytest.mark.parametrize('name', sorted(SHOTS))
def test_screen_looks_as_reviewed(board, name, tmp_path):
    w, h, rgb = shoot(board, name, tmp_path)
    ref = os.path.join(HERE, board, name + '.png')
    if os.environ.get('UPDATE_SCREENS'):
        os.makedirs(os.path.dirname(ref), exist_ok=True)
        png.write_png(ref, w, h, rgb)
    rw, rh, rrgb = png.read_png(ref)
    if (rw, rh, rrgb) != (w, h, rgb):
        got = str(tmp_path / ('%s-%s.png' % (board, name)))
        png.write_png(got, w, h, rgb)
        raise AssertionError('%s on %s differs from %s: see %s' % (name, board, ref, got))
