# The simulator (python -m host_sim sim): the real board modules on the fake
# bus, the panel emulators' picture, the PNG files, starting from a log.
import json
import os
import subprocess
import sys

import pytest

from conftest import ROOT
from host_sim import png, screenshot, keyscript
from host_sim import sim, panels
from trackside.ui import theme

KEYS = os.path.join(ROOT, 'tests', 'keys')


def script(name):
    with open(os.path.join(KEYS, name)) as f:
        return f.read()


def four_to_three(words):
    # The Pico Display script on the OLED's three buttons (docs/device.md).
    out = []
    for w in words.split():
        base, _, times = w.partition('*')
        three = {'A': 'SEL', 'B': 'SEL-', 'X': 'UP', 'Y': 'DOWN'}[base]
        out.append(three + ('*' + times if times else ''))
    return ' '.join(out)


GAMES = {
    'pico_display': lambda: script('steam-base-3p.keys'),
    'pico_display2': lambda: script('steam-base-3p.keys'),
    'tdisplay': lambda: script('steam-base-3p-2buttons.keys'),
    'oled_ssd1306': lambda: four_to_three(script('steam-base-3p.keys')),
}


def st7789_565(c):
    r, g, b = c
    return ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)


def device(board, tmp_path):
    import machine
    machine.host.clear()
    return sim.Device(board, str(tmp_path))


@pytest.mark.parametrize('board', sorted(GAMES))
def test_the_panel_shows_the_canvas_after_every_press(board, tmp_path):
    # Only changed parts are pushed (CRC per row block): the panel must still
    # show exactly the canvas, through the real driver's bytes, every time.
    d = device(board, tmp_path)
    mono = d.display.mono
    # the UI's colours as the panel shows them: RGB565, expanded again
    colours = [panels._rgb565_to_rgb(st7789_565(c)) for c in theme.rgb_list()]
    for i, (index, hold) in enumerate(keyscript.presses(GAMES[board](), d.names)):
        d.press(index, hold)
        want = screenshot.rgb(d.display, colours)
        got = d.panel.rgb()
        if mono:       # lit or dark, whatever the colour of the glass
            want = bytes(1 if v else 0 for v in want)
            got = bytes(1 if v else 0 for v in got)
        assert got == want, 'press %d' % i
    assert d.app.session.standings()['winner'] == 'Red'
    assert d.display.bytes_written > 0


def test_sim_command_writes_a_screenshot_after_each_key(tmp_path):
    out = tmp_path / 'png'
    r = subprocess.run([sys.executable, '-m', 'host_sim', 'sim', '--saves', str(tmp_path / 'saves'),
                        '--keys', 'A A Y A', '--png', str(out), '--scale', '2'],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == 'ListScreen | Player 1 (first to bid)'
    files = sorted(os.listdir(str(out)))
    assert files == ['0000.png', '0001.png', '0002.png', '0003.png', '0004.png']
    w, h, rgb = png.read_png(str(out / '0004.png'))
    assert (w, h) == (480, 270) and len(set(rgb[i:i + 3] for i in range(0, len(rgb), 3))) > 3


def test_sim_starts_from_a_game_log(tmp_path):
    r = subprocess.run([sys.executable, '-m', 'host_sim', 'sim', '--saves', str(tmp_path),
                        '--log', os.path.join(ROOT, 'tests', 'scenarios', 'steam-base-short.log'),
                        '--png', str(tmp_path / 'png')], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == 'Dashboard | 36 actions | over: Cid wins'


def test_sim_refuses_a_key_the_board_does_not_have(tmp_path):
    r = subprocess.run([sys.executable, '-m', 'host_sim', 'sim', '--board', 'tdisplay',
                        '--saves', str(tmp_path), '--keys', 'A'], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode != 0 and 'no button "A" on this board (it has BTN1, BTN2)' in r.stderr
