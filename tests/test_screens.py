# Screenshots of every kind of screen on every screen size, compared with
# reviewed reference pictures (tests/screens/<board>/<name>.png): what the
# panel shows, from the real driver's bytes (host_sim/panels.py).
#
# After a deliberate change of the look: UPDATE_SCREENS=1 .venv/bin/python -m
# pytest tests/test_screens.py writes new references; look at every one of
# them before committing.
#
# The pictures are compared pixel for pixel (read with Pillow, host_sim/png.py), not
# byte for byte: a PNG encoder may pack the same pixels into other bytes.
import glob
import os
import struct
import zlib

import pytest

from conftest import ROOT
from host_sim import png, keyscript
from host_sim.device import Device
from test_sim import four_to_three

HERE = os.path.join(ROOT, 'tests', 'screens')
BOARDS = ('pico_display', 'pico_display2', 'oled_ssd1306')

# The game list as reviewed: a game added to the registry changes no reference
# picture (test_the_new_game_list_is_the_registry checks the real list).
LISTED = (('steam', 'Steam'), ('scorepad', 'Score pad'), ('brass', 'Brass'),
          ('russianrailroads', 'Russian Railroads'))

# name: (log to start from, or None for a new device; keys on a 4-button board)
SHOTS = {
    'newgame': (None, ''),
    'players': (None, 'game:steam A'),
    'settings': (None, 'game:steam A A A A A A'),
    'letters': (None, 'game:steam A A X A A A Y*2 A Y'),     # "A", then the group mnopqr open, on n
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


def shoot(board, name, tmp_path, monkeypatch):
    import machine
    import trackside.games
    from trackside.ui import newgame
    monkeypatch.setattr(trackside.games, 'GAMES', LISTED)
    monkeypatch.setattr(newgame, 'GAMES', LISTED)      # (and when it is imported again)
    machine.host.clear()
    log, keys = SHOTS[name]
    d = Device(board, str(tmp_path), os.path.join(HERE, log) if log else None)
    if keys is None:
        # a refused action: the rule's words
        d.app.tell('Not allowed', 'Income cannot pass 10 (setting income_max; §1): take VP')
        d.app.p.flush()
    elif keys:
        if d.display.mono:
            keys = four_to_three(keys)
        for index, hold in keyscript.presses(keys, d.names, d.board.KEYMAP):
            d.press(index, hold)
    return d.panel.width, d.panel.height, d.panel.rgb()


@pytest.mark.slow
@pytest.mark.parametrize('board', BOARDS)
@pytest.mark.parametrize('name', sorted(SHOTS))
def test_screen_looks_as_reviewed(board, name, tmp_path, monkeypatch):
    from PIL import Image, ImageChops
    w, h, rgb = shoot(board, name, tmp_path, monkeypatch)
    ref = os.path.join(HERE, board, name + '.png')
    got = Image.frombytes('RGB', (w, h), bytes(rgb))
    if os.environ.get('UPDATE_SCREENS'):
        os.makedirs(os.path.dirname(ref), exist_ok=True)
        png.write_image(ref, got)
    want = png.read_image(ref)
    if want.size != got.size or want.tobytes() != got.tobytes():
        shot = str(tmp_path / ('%s-%s.png' % (board, name)))
        png.write_image(shot, got)
        where = ''
        if want.size == got.size:
            # the pixels that differ, white on black
            diff = ImageChops.difference(want, got).convert('L').point(lambda v: 255 if v else 0)
            png.write_image(shot[:-4] + '-diff.png', diff.convert('RGB'))
            where = ' in %s (the differing pixels: %s)' % (diff.getbbox(), shot[:-4] + '-diff.png')
        raise AssertionError('%s on %s differs from %s%s: see %s' % (name, board, ref, where, shot))


def unfiltered_pixels(path):
    # The pixels of a PNG whose rows are all unfiltered (as host_sim/png.py writes
    # them), read with zlib alone: the old hand-written codec's way.
    with open(path, 'rb') as f:
        data = f.read()
    pos, idat, header = 8, b'', None
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b'IHDR':
            header = struct.unpack('>IIBBBBB', body)
        elif kind == b'IDAT':
            idat += body
        pos += 12 + length
    w, h = header[0], header[1]
    raw = zlib.decompress(idat)
    rows = [raw[y * (3 * w + 1):(y + 1) * (3 * w + 1)] for y in range(h)]
    assert all(r[0] == 0 for r in rows), '%s has filtered rows: not written by host_sim/png.py' % path
    return w, h, b''.join(r[1:] for r in rows)


@pytest.mark.slow
def test_the_reference_pictures_read_the_same_with_pillow_as_before():
    refs = sorted(glob.glob(os.path.join(HERE, '*', '*.png')))
    assert len(refs) >= len(BOARDS) * len(SHOTS)
    for ref in refs:
        assert png.read_png(ref) == unfiltered_pixels(ref), ref
        # and what is written again reads back the same
        w, h, rgb = png.read_png(ref)
        assert png.decode_png(png.encode_png(w, h, rgb)) == (w, h, rgb), ref


@pytest.mark.parametrize('board', ['pico_display', 'tdisplay', 'oled_ssd1306'])
def test_a_row_drawn_again_leaves_the_lists_arrows_as_a_fresh_drawing_has_them(board, tmp_path):
    # Found by random presses: a word setting changed in place on the last
    # row shown (and a long item chosen there, which draws its row again
    # to scroll it) wiped the arrow saying the list goes on below.
    from host_sim.headless import Display, BOARDS
    from trackside.ui.app import App
    from trackside.ui.screens import ListScreen
    width, height, mono, names, keymap = BOARDS[board]
    app = App(Display(width, height, mono), keymap, str(tmp_path))
    items = [('Item %d, a label long enough to scroll in its row' % i, i) for i in range(12)]
    screen = ListScreen('Many', items, lambda app, v: None, font='small')
    app.stack = [screen]
    screen.draw(app.p, app)
    last = screen.rows(app.p) - 1
    for i in range(last):
        screen.move(app.p, 1)           # onto the last row shown, and off it
    screen.draw_row(app.p, screen.index)
    app.p.flush()                       # (onto the screen: a colour board's canvas is a band)
    live = bytes(app.p.display.buffer)
    app.p.clear()
    screen.draw(app.p, app)
    app.p.flush()
    assert bytes(app.p.display.buffer) == live


def test_the_new_game_list_is_the_registry(tmp_path):
    # What the reviewed picture leaves out: a device's first screen lists
    # every game of trackside.games.GAMES, in its order (docs/engine.md)
    from trackside.games import GAMES
    import machine
    machine.host.clear()
    d = Device('pico_display', str(tmp_path))
    top = d.app.stack[-1]
    assert top.title == 'New game'
    assert [(title, name) for title, name in top.items] == [(t, n) for n, t in GAMES]
