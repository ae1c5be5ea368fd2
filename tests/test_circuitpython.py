# The CircuitPython boards (boards/reverse_tft.py, boards/macropad.py) and their canvas
# (boards/cp_canvas.py) on the host, with Adafruit's displayio for CPython
# (adafruit-blinka-displayio) and Adafruit's display drivers, through host_sim/cphost.py;
# and CIRCUITPY with the power cut at every flash operation (tests/cp/powercut_fat.py on
# the real MicroPython, whose VfsFat is the FatFs CircuitPython runs).
#
# Each CircuitPython run is a fresh CPython process (tests/cp/cp_run.py): there,
# `framebuf` is the displayio canvas, as on the device; here in pytest it is the host's
# MicroPython framebuf shim.
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

from conftest import ROOT, run_micropython

CP_RUN = os.path.join(ROOT, 'tests', 'cp', 'cp_run.py')
SCENARIOS = os.path.join(ROOT, 'tests', 'scenarios')
GAMES = ('steam-base-short', 'steam-standard-b1')
CP_BOARDS = ('reverse_tft', 'macropad')
# The Pico Display's buttons, as the key planner presses them, on each board
# (docs/device.md): X up, Y down, A select, B back.
ON_BOARD = {'reverse_tft': {'X': 'D0', 'Y': 'D2', 'A': 'D1', 'B': 'D1-'},
            'macropad': {'X': 'UP', 'Y': 'DOWN', 'A': 'SEL', 'B': 'SEL-'}}


def log_lines(name):
    with open(os.path.join(SCENARIOS, name + '.log')) as f:
        return [ln.split('#')[0].strip() for ln in f if ln.split('#')[0].strip()]


def cp_run(board, saves, keys_file, glass_every=0):
    r = subprocess.run([sys.executable, CP_RUN, board, str(saves), str(keys_file),
                        str(glass_every)], capture_output=True, text=True, cwd=ROOT,
                       timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


@pytest.fixture(scope='module')
def games(tmp_path_factory):
    # Each scenario's whole game, the key presses planned from what the screens show
    # (host_sim/keyplan.py, on the Pico Display), then pressed on each CircuitPython board:
    # through displayio (CPython) and through MicroPython's own framebuf on a headless
    # board of the same size and buttons (tests/mp/ui_run.py). The CircuitPython runs go
    # two at a time.
    from host_sim import keyplan
    from trackside.replay import replay
    out = {}
    jobs = []
    for game in GAMES:
        lines = log_lines(game)
        words, counts, planner = keyplan.plan(lines, str(tmp_path_factory.mktemp('plan')))
        session, error = replay(lines)
        assert error is None
        for board in CP_BOARDS:
            keys = tmp_path_factory.mktemp('keys') / (board + '.keys')
            keys.write_text(' '.join(w if w.startswith('game:') else ON_BOARD[board][w] for w in words))
            out[game, board] = {'keys': keys, 'winner': session.standings()['winner'],
                                'presses': len(words)}
            jobs.append((game, board, keys))

    def run(job):
        game, board, keys = job
        return job, cp_run(board, tmp_path_factory.mktemp('cp'), keys, 25)

    with ThreadPoolExecutor(2) as pool:
        for (game, board, keys), result in pool.map(run, jobs):
            out[game, board]['cp'] = result
    for game, board, keys in jobs:
        mp = run_micropython([os.path.join('tests', 'mp', 'ui_run.py'), 'firmware:host_sim', board,
                              str(tmp_path_factory.mktemp('mp')), str(keys)], heap='512k')
        out[game, board]['mp'] = json.loads(mp.strip().splitlines()[-1])
    return out


@pytest.mark.slow
@pytest.mark.parametrize('board', CP_BOARDS)
@pytest.mark.parametrize('game', GAMES)
def test_whole_game_on_displayio_is_the_micropython_canvas_pixel_for_pixel(games, game, board):
    g = games[game, board]
    cp, mp = g['cp'], g['mp']
    # the game was played to its end, through the board's own buttons
    assert cp['standings']['over'] and cp['standings']['winner'] == g['winner']
    assert mp['standings']['winner'] == g['winner']
    # the canvas after every press, in MicroPython's byte layout: the same pixels
    assert len(cp['crcs']) == g['presses'] + 1
    diff = [i for i, (a, b) in enumerate(zip(cp['crcs'], mp['crcs'])) if a != b]
    assert diff == [] and len(cp['crcs']) == len(mp['crcs'])
    # and the glass, from the bytes displayio sent (every 25th press and at the end)
    assert cp['glass_bad'] == []


@pytest.mark.slow
@pytest.mark.parametrize('board', CP_BOARDS)
def test_only_the_changed_area_is_refreshed(games, board):
    # what each press pushes is the painter's dirty rectangles (the area of each press is
    # reported, as the MicroPython boards report bytes): on the ST7789 the very same
    # bytes as MicroPython's count for the same shows; many presses push only a part
    cp = games['steam-base-short', board]['cp']
    full = {'reverse_tft': 240 * 135, 'macropad': 128 * 64}[board]
    areas = cp['areas']
    assert len(areas) == games['steam-base-short', board]['presses']
    assert max(areas) <= 2 * full
    small = [a for a in areas if a < full // 4]
    assert len(small) >= len(areas) // (2 if board == 'reverse_tft' else 10)
    if board == 'reverse_tft':
        # the same shows: CircuitPython sends at most 256 pixels a window, MicroPython's
        # driver 512 or more a band, so at least as many bytes (test_display_bytes_written_
        # is_what_busdisplay_sends works them out by hand)
        assert cp['bytes_written'] >= games['steam-base-short', board]['mp']['sent'][-1]


# -- the board modules, on the stand-in hardware -------------------------------------------

BOARD_SCRIPT = r'''
import json, sys
sys.path.insert(0, sys.argv[1]); sys.path.insert(0, sys.argv[1] + '/firmware')
from host_sim import cphost
name = sys.argv[2]
host = cphost.install(name)
board = __import__(name)
display, buttons, led = board.open()
clock = [0]
buttons.clock = lambda: clock[0]
from trackside.ui.keys import Keys
keys = Keys(board.KEYMAP)
out = {'name': board.NAME, 'size': [board.WIDTH, board.HEIGHT, display.width, display.height],
       'mono': board.MONO, 'buttons': list(board.BUTTONS), 'keymap': board.KEYMAP,
       'saves': board.SAVES, 'idle': buttons.pressed(), 'framebuf': sys.modules['framebuf'].__name__}

def events(act, ms=700):
    # act() presses something; then the board polled every 10 ms for ms: the key events
    act()
    got = []
    for _ in range(ms // 10):
        for k, n in keys.poll(buttons.pressed(), clock[0]):
            got.append(k)
        clock[0] += 10
    return got

def tap(pin, ms=80):
    def act():
        host.press(pin)
    got = events(act, ms)
    host.press(pin, False)
    return got + events(lambda: None, 1900)

if name == 'reverse_tft':
    out['bits'] = []
    for pin in ('D0', 'D1', 'D2'):
        host.press(pin)
        out['bits'].append(buttons.pressed())
        host.press(pin, False)
        for _ in range(4):          # a press is reported for 3 polls at least (cp_keys)
            buttons.pressed()
    out['taps'] = [tap('D0'), tap('D1'), tap('D2'), tap('D1', 800), tap('D1', 1700)]
else:
    out['turn'] = events(lambda: host.turn(3), 400)
    out['back_turn'] = events(lambda: host.turn(-2), 400)
    out['spin'] = events(lambda: host.turn(30), 2000)
    out['taps'] = [tap('BUTTON'), tap('KEY5'), tap('KEY2'), tap('KEY8'), tap('KEY1', 30),
                   tap('KEY3', 30), tap('KEY4'), tap('BUTTON', 800)]
    out['quick'] = events(lambda: (host.press('KEY5'), host.press('KEY5', False)), 200)
led.rgb(255, 128, 0)
out['pixels'] = list(host.pixels[-1][1])
out['pixel_pin'] = host.pixels[-1][0]
print(json.dumps(out))
'''


@pytest.fixture(scope='module')
def board_runs(tmp_path_factory):
    script = tmp_path_factory.mktemp('board') / 'board_run.py'
    script.write_text(BOARD_SCRIPT)
    out = {}
    for name in CP_BOARDS:
        r = subprocess.run([sys.executable, str(script), ROOT, name], capture_output=True,
                           text=True, cwd=ROOT, timeout=900)
        assert r.returncode == 0, r.stderr[-3000:]
        out[name] = json.loads(r.stdout.strip().splitlines()[-1])
    return out


def test_reverse_tft_module(board_runs):
    b = board_runs['reverse_tft']
    assert b['size'] == [240, 135, 240, 135] and b['mono'] is False
    assert b['buttons'] == ['D0', 'D1', 'D2'] and b['saves'] == '/saves'
    assert b['framebuf'] == 'cp_canvas'
    # the keypad stand-in refuses a pull the board does not have (host_sim/cphost.py:
    # D0 pulled up, D1 and D2 pulled down), so opening at all checks the pulls
    assert b['idle'] == 0 and b['bits'] == [1, 2, 4]
    # D0 up, D1 select / hold back / very long undo, D2 down (docs/device.md, Keys)
    assert b['taps'] == [['up'], ['select'], ['down'], ['back'], ['undo']]
    # the NeoPixel: GRB, dimmed to 32/256
    assert b['pixel_pin'] == 'NEOPIXEL' and b['pixels'] == [128 * 32 >> 8, 255 * 32 >> 8, 0]


def test_macropad_module(board_runs):
    b = board_runs['macropad']
    assert b['size'] == [128, 64, 128, 64] and b['mono'] is True
    assert b['buttons'] == ['UP', 'DOWN', 'SEL']
    assert b['keymap'] == [['up', 'repeat', None], ['down', 'repeat', None],
                           ['select', 'back', 'undo']]
    # every detent is one key event: clockwise down, anticlockwise up
    assert b['turn'] == ['down'] * 3
    assert b['back_turn'] == ['up'] * 2
    # a fast spin is capped (cp_keys.MOST_WAITING), not run on for seconds
    assert b['spin'] == ['down'] * 8
    # the push and KEY5 select, KEY2 up, KEY8 down, KEY1 back, KEY3 undo, KEY4 nothing,
    # the push held: back
    assert b['taps'] == [['select'], ['select'], ['up'], ['down'], ['back'], ['undo'], [],
                         ['back']]
    # a press that begins and ends between two polls is still one press
    assert b['quick'] == ['select']
    # the keys in use light in the player's colour (GRB, 24/256); the others stay dark
    px = b['pixels']
    assert len(px) == 36
    lit = [k for k in range(12) if px[3 * k:3 * k + 3] != [0, 0, 0]]
    assert lit == [0, 1, 2, 4, 7]
    assert px[0:3] == [128 * 24 >> 8, 255 * 24 >> 8, 0]


@pytest.mark.parametrize('name', CP_BOARDS)
def test_board_modules_name_their_sources(name):
    with open(os.path.join(ROOT, 'boards', name + '.py')) as f:
        head = f.read(5000)
    assert 'adafruit/circuitpython' in head
    if name == 'macropad':
        assert 'Adafruit_CircuitPython_MacroPad' in head
    else:
        assert 'esp32-s3-reverse-tft-feather' in head and 'pulled' in head


def test_the_hosts_arrayblit_refuses_what_circuitpythons_refuses():
    # shared-bindings/bitmaptools/__init__.c: fewer values than the rectangle's pixels,
    # or a rectangle off the bitmap, is an IndexError there (the canvas's glyph blocks
    # must be whole); run apart, cphost.install() fills sys.modules with its stand-ins
    script = (
        "import sys; sys.path[:0] = ['host_sim/shim', 'firmware', '.', 'boards']\n"
        "from host_sim import cphost\n"
        "cphost.install('macropad')\n"
        "import displayio\n"
        "b = displayio.Bitmap(4, 4, 2)\n"
        "cphost.arrayblit(b, bytearray(4), 1, 1, 3, 3)\n"
        "for data, x2 in ((bytearray(3), 3), (bytearray(16), 5)):\n"
        "    try:\n"
        "        cphost.arrayblit(b, data, 1, 1, x2, 3)\n"
        "        print('drawn')\n"
        "    except IndexError as e:\n"
        "        print('refused', e)\n")
    r = subprocess.run([sys.executable, '-c', script], cwd=ROOT, capture_output=True, text=True)
    assert r.stdout.split('\n')[:2] == ['refused index out of range',
                                         'refused pixel coordinates out of bounds'], r.stderr


CACHE_SCRIPT = r"""
import sys; sys.path[:0] = ['host_sim/shim', 'firmware', '.', 'boards', 'tests/cp']
from host_sim import cphost
cphost.install('macropad')
import cp_canvas, cpcanvas_bytes
cp_canvas.install()                     # (framebuf is the canvas, as on the board)
from trackside.ui import font
cp_canvas.CACHE_BYTES = int(sys.argv[1])
display = cp_canvas.Display(__import__('board').DISPLAY, 128, 64, True)
c = display.canvas
lit, dark = font.ink(0, 0, 1), font.ink(0, 1, 0)
small, big = font.load('small'), font.load('digits')
for n in range(3):                      # again and again: drawn from the cache, or kept anew
    for x, y, f, text, ink, key in ((0, 0, small, 'Bob 12 -3', lit, -1), (0, 16, big, '7:45', lit, -1),
                                    (64, 16, small, 'Ann', dark, -1), (2, 48, small, 'Bob 12', lit, 0),
                                    (70, 40, big, '0', dark, 1)):
        f.draw(c, x + n, y, text, ink, key=key)
print(cpcanvas_bytes.packed(display).hex(), len(c._glyphs), c._cached)
"""


def test_a_glyph_cache_too_small_for_a_glyph_draws_the_same_pixels():
    # boards/cp_canvas.py keeps each glyph's block in one bytearray (CACHE_BYTES): full,
    # it starts again; a glyph larger than it (the 16x32 digits' 512 pixels) is drawn
    # from a block of its own, not kept. Each way gives the pixels of a cache that
    # keeps everything (which the whole-game tests compare with MicroPython's canvas).
    runs = {}
    for size in (24576, 300, 0):
        r = subprocess.run([sys.executable, '-c', CACHE_SCRIPT, str(size)], cwd=ROOT,
                           capture_output=True, text=True)
        assert r.returncode == 0, r.stderr[-2000:]
        pixels, kept, used = r.stdout.split()
        runs[size] = pixels, int(kept), int(used)
    assert runs[300][0] == runs[0][0] == runs[24576][0]
    assert runs[24576][0].strip('0')                # (something was drawn)
    assert runs[24576][1] > 10 and runs[24576][2] > 300     # every glyph kept
    assert 0 < runs[300][2] <= 300                  # small ones kept, up to the size
    assert runs[0][1:] == (0, 0)                    # nothing kept


def test_the_glyph_cache_needs_no_new_block_once_its_first_text_is_drawn(micropython):
    # On the MacroPad its dict grew as glyphs came (a table of 1-2 KB made anew), and
    # late in a game of Russian Railroads, compiled from source, the heap in pieces had
    # no such block (docs/benchmarks-source.md). Its table is made at
    # full size with the first text and kept when it starts again: on MicroPython, with
    # no block larger than 512 bytes free, more glyphs than it keeps are drawn, three times.
    out = micropython(['tests/mp/glyph_table.py'], heap='300000').split()
    assert out[0] == 'drawn', out
    assert 0 < int(out[1]) <= 64


DISPLAY_SCRIPT = r'''
import json, sys
sys.path.insert(0, sys.argv[1]); sys.path.insert(0, sys.argv[1] + '/tests/cp')
from host_sim import cphost
import cpcanvas_bytes
name = sys.argv[2]
host = cphost.install(name)
# blinka refreshes an auto_refresh display from a thread; board.DISPLAY starts with it
# on, and a refresh of that thread racing the Display's first ones changes what the bus
# carries: stopped here (the figures below are counted, not timed)
import displayio
displayio._stop_background()
hw = __import__(name)
display, buttons, led = hw.open()
import board
bus = board.DISPLAY.spi
out = {'shows': []}
def show(*area):
    n, b = display.bytes_written, bus.bytes_written
    display.canvas.fill_rect(0, 0, 9, 9, len(out['shows']) + 1)
    display.show(*area)
    out['shows'].append([display.bytes_written - n, bus.bytes_written - b])
for area in ((10, 5, 20, 5), (10, 5, 20, 5), (0, 20, 240, 16), (3, 3, 7, 40), (100, 60, 28, 4)):
    show(*area)
display.palette([(i * 16, 255 - i * 16, i) for i in range(16)])
show(1, 1, 2, 2)
def glass():
    return bytes(host.panel.rgb()) == cpcanvas_bytes.picture(display, host.panel)
def dark():
    return not any(host.panel.rgb())
display.show()
out['shown'] = glass()
display.sleep(True)
out['asleep'] = [dark(), board.DISPLAY.brightness, host.level('TFT_BACKLIGHT')]
display.sleep(False)
out['awake'] = [glass(), board.DISPLAY.brightness]
print(json.dumps(out))
'''


@pytest.mark.parametrize('name', CP_BOARDS)
def test_display_bytes_written_is_what_busdisplay_sends(name, tmp_path):
    # CircuitPython's BusDisplay (shared-module/busdisplay/BusDisplay.c, _refresh_area)
    # sends an area in sub-rectangles: on the ST7789 of whole rows in a 128-word buffer,
    # 256 pixels (one row at least), each with its window, CASET + 4, RASET + 4, RAMWR:
    # 11 bytes; on the MacroPad's SH1106 one 8-row page each (the rows widened to whole
    # pages), its column in 2 bytes and page in 1, then a byte a column. The first
    # refresh after the root group is set, and the first after a palette colour
    # changes, send the whole screen. Worked by hand:
    script = tmp_path / 'display_run.py'
    script.write_text(DISPLAY_SCRIPT)
    r = subprocess.run([sys.executable, str(script), ROOT, name], capture_output=True,
                       text=True, cwd=ROOT, timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    sent = [a for a, b in out['shows']]
    bus = [b for a, b in out['shows']]
    if name == 'reverse_tft':
        assert sent == [
            135 * 11 + 240 * 135 * 2,   # the whole screen: 240 px a row, 1 row a window
            11 + 20 * 5 * 2,            # 100 px: one window
            16 * 11 + 240 * 16 * 2,     # a 16-row strip: 16 windows
            2 * 11 + 7 * 40 * 2,        # 280 px: 36 rows of 7, then 4: 2 windows
            11 + 28 * 4 * 2,
            135 * 11 + 240 * 135 * 2,   # after the palette changed: the whole screen
        ] == [66285, 211, 7856, 582, 235, 66285]
        # blinka (the host's displayio) sends each area in one window: the same pixels,
        # 11 bytes less for each window CircuitPython adds
        assert bus[2:] == [a - 11 * (w - 1) for a, w in zip(sent[2:], (16, 2, 1, 135))]
    else:
        assert sent == [
            8 * (3 + 128),              # the whole screen: 8 pages
            2 * (3 + 20),               # rows 5-9: pages 0 and 1
            3 * (3 + 128),              # rows 20-35, cut to 128 wide: pages 2-4
            6 * (3 + 7),                # rows 3-42: pages 0-5
            1 * (3 + 28),               # rows 60-63: page 7
            1 * (3 + 2),                # a mono palette does not change
        ] == [1048, 46, 393, 60, 31, 5]
        # blinka splits an SH1106's area as CircuitPython does: the very bytes on the bus
        assert bus[2:] == sent[2:]
    # but blinka sends the whole screen at the refresh after a whole one too: its
    # TileGrid._finish_refresh skips a TileGrid that the full refresh did not ask for
    # areas, where CircuitPython's displayio_tilegrid_finish_refresh always clears it
    assert bus[1] == bus[0]
    # sleep(): the panel dark (ST7789 DISPOFF + SLPIN and the backlight off; SH1106
    # display off), then the same picture back
    assert out['shown'] is True
    if name == 'reverse_tft':
        assert out['asleep'] == [True, 0, False]
    else:
        assert out['asleep'][0] is True
    assert out['awake'] == [True, 1.0]


BOOT_SCRIPT = r'''
import json, sys
sys.path.insert(0, sys.argv[1])
from host_sim import cphost
name, held = sys.argv[2], sys.argv[3] == 'held'
host = cphost.install(name)
board = __import__(name)
sys.modules['trackside_board'] = board
if held:
    host.press(board.EDIT_PIN)
exec(open(sys.argv[1] + '/boards/cp_boot.py').read())
print(json.dumps(host.remounts))
'''


@pytest.mark.slow
@pytest.mark.parametrize('name', CP_BOARDS)
def test_boot_py_makes_the_drive_writable_unless_the_edit_button_is_held(name, tmp_path):
    script = tmp_path / 'boot_run.py'
    script.write_text(BOOT_SCRIPT)
    got = {}
    for held in ('free', 'held'):
        r = subprocess.run([sys.executable, str(script), ROOT, name, held], capture_output=True,
                           text=True, cwd=ROOT, timeout=600)
        assert r.returncode == 0, r.stderr[-2000:]
        got[held] = json.loads(r.stdout.strip().splitlines()[-1])
    assert got == {'free': [['/', False]], 'held': []}


# -- CIRCUITPY, the power cut at every erase and every program ------------------------------

@pytest.mark.slow
@pytest.mark.parametrize('board', ('reverse_tft', 'macropad'))
@pytest.mark.parametrize('flash', ('rp2040', 'esp32s3'))
@pytest.mark.parametrize('cut', ('torn', 'erased'))
def test_circuitpy_power_cut_at_every_erase_and_program(board, flash, cut):
    # tests/cp/powercut_fat.py: CIRCUITPY as CircuitPython formats and writes it, the
    # installed firmware on it, a game played and a save deleted with the power cut at
    # each flash operation in turn (README, "CircuitPython": what a cut can cost). The
    # counts are what README states.
    out = json.loads(run_micropython([os.path.join('tests', 'cp', 'powercut_fat.py'), ROOT,
                                      board, flash, cut], heap='64m').strip().splitlines()[-1])
    print(json.dumps(out))
    assert out['slots'] == 4 and out['problem'] is None
    assert out['ops'] >= 60                 # every entry's erases and programs, each cut in turn
    assert out['damaged'] == {'firmware': 0, 'other': 0, 'lost': 0, 'unopened': 0}
    assert out['failures'] == []
    # the cuts that spoil a copy (its folder's entry, written once, when the files are
    # closed) are answered by moving the game to a free slot, and said; an entry being
    # written when the power went may be dropped, and said
    assert set(out['notes']) <= {'A power cut spoiled one of the two copies of save 2: '
                                 'the game was moved to slot 3.',
                                 'The last entry was cut off (the power went) and was dropped.'}


# -- tools/install_cp.py ------------------------------------------------------------------

FROM_DRIVE = r'''
import json, sys
root, drive, name = sys.argv[1:4]
sys.path.insert(0, root)
from host_sim import cphost
host = cphost.install(name, boards_on_path=False)
sys.path.insert(0, drive)            # only what is on the drive, as on the board
import trackside_board as hw
display, buttons, led = hw.open()
from trackside.ui.app import App
import trackside
app = App(display, hw.KEYMAP, drive + '/saves', led)
app.tick(buttons.pressed(), 0)
print(json.dumps({'from': trackside.__file__, 'screen': type(app.stack[-1]).__name__,
                  'lit': sum(1 for y in range(0, display.height, 4) for x in range(display.width)
                             if display.canvas.pixel(x, y))}))
'''


@pytest.mark.slow
@pytest.mark.parametrize('name', CP_BOARDS)
def test_install_cp_copies_a_drive_that_runs_on_its_own(name, tmp_path):
    drive = tmp_path / 'CIRCUITPY'
    (drive / 'saves').mkdir(parents=True)
    (drive / 'boot_out.txt').write_text('Adafruit CircuitPython 9.2.1 on 2024-11-20; %s with x\n' % (
        {'reverse_tft': 'Adafruit Feather ESP32-S3 Reverse TFT',
         'macropad': 'Adafruit MacroPad RP2040'}[name]))
    (drive / 'saves' / 'game1.log').write_text('kept\n')
    (drive / 'trackside').mkdir()
    (drive / 'trackside' / 'stale.py').write_text('')
    tool = os.path.join(ROOT, 'tools', 'install_cp.py')
    r = subprocess.run([sys.executable, tool, '--board', name, '--drive', str(drive)],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[-1].startswith('Done')
    for f in ('code.py', 'boot.py', 'trackside_board.py', 'cp_canvas.py', 'cp_keys.py',
              'trackside/ui/app.py', 'trackside/journal.py'):
        assert (drive / f).is_file(), f
    assert not (drive / 'trackside' / 'stale.py').exists()
    assert (drive / 'saves' / 'game1.log').read_text() == 'kept\n'
    import slim
    import install_cp
    keep = slim.keywords(install_cp.read(src) for src, dst in install_cp.plan(name, str(drive)))
    board = install_cp.read(os.path.join(ROOT, 'boards', name + '.py'))
    assert (drive / 'trackside_board.py').read_text() == slim.slim(board, keep)
    # the drive alone runs the firmware (no boards/, no firmware/ on the path)
    script = tmp_path / 'from_drive.py'
    script.write_text(FROM_DRIVE)
    r = subprocess.run([sys.executable, str(script), ROOT, str(drive), name], capture_output=True,
                       text=True, timeout=600, cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr[-2000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out['from'].startswith(str(drive)) and out['lit'] > 50
    # dry run: it says what it would do, and changes nothing
    r = subprocess.run([sys.executable, tool, '--board', name, '--drive', str(drive), '--dry-run'],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0 and 'Dry run: nothing on %s was changed.' % drive in r.stdout
    assert 'circup' not in r.stdout and 'Done' not in r.stdout
    assert 'cp_code.py -> %s' % (drive / 'code.py') in r.stdout.replace('boards/', '')


# -- the simulator ----------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize('name,keys', [('reverse_tft', 'D1 D1 D2 D1'), ('macropad', 'SEL SEL DOWN SEL')])
def test_sim_runs_the_circuitpython_boards(name, keys, tmp_path):
    from host_sim import png
    r = subprocess.run([sys.executable, '-m', 'host_sim', 'sim', '--board', name, '--saves',
                        str(tmp_path / 'saves'), '--keys', keys, '--png', str(tmp_path / 'png'),
                        '--scale', '1'], cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.strip() == 'ListScreen | Player 1 (first to bid)'
    w, h, rgb = png.read_png(str(tmp_path / 'png' / '0004.png'))
    assert (w, h) == {'reverse_tft': (240, 135), 'macropad': (128, 64)}[name]
    assert len(set(rgb[i:i + 3] for i in range(0, len(rgb), 3))) >= 2


# -- another saved game opens by a restart, as on MicroPython (issue 31, item 4) --------------

CODE_BOOT = os.path.join(ROOT, 'tests', 'cp', 'code_boot.py')
# Menu > Saved games (a restart into the list); then, at that power-on, save 2 > Resume
SWITCH = {'reverse_tft': ('D1- D0 D1', 'D2 D1 D1'), 'macropad': ('SEL- UP SEL', 'DOWN SEL SEL')}


def code_boot(board, saves, reason, keys, seconds):
    r = subprocess.run([sys.executable, CODE_BOOT, ROOT, board, str(saves), reason, keys,
                        str(seconds)], capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize('board', CP_BOARDS)
def test_resuming_another_save_restarts_code_py_which_opens_it_without_the_power_on_note(
        board, tmp_path):
    # Menu > Saved games with a Steam game in play: code.py closes it, names it with
    # "saves" and calls supervisor.reload(); the reload shows the saves (no 4 s note about
    # the drive), 2 > Resume names save 2 the one to resume and reloads again (opened in
    # place after a game, a save needs far more heap than at power-on, and a MacroPad has
    # little); that reload opens the score pad at its first poll.
    from trackside.replay import replay
    from trackside.fixed import Saves         # (the saves on CIRCUITPY)
    saves = Saves(str(tmp_path))
    logs = {}
    for name in ('steam-base-short', 'scorepad-ties'):
        session, error = replay(log_lines(name))
        assert error is None
        logs[saves.new(session)] = session.standings()
    saves.set_last(1)
    first = code_boot(board, tmp_path, 'STARTUP', SWITCH[board][0], 40)
    assert first['end'] == 'reload' and first['reloads'] == 1, first
    assert first['last'] == '1 saves' and first['first_poll_ms'] >= 4000    # the note, at power-on
    listed = code_boot(board, tmp_path, 'SUPERVISOR_RELOAD', SWITCH[board][1], 10)
    assert listed['end'] == 'reload' and listed['reloads'] == 1, listed
    assert listed['last'] == '2' and listed['first_poll_ms'] == 0
    again = code_boot(board, tmp_path, 'SUPERVISOR_RELOAD', '', 3)
    assert again['end'] == 'time' and again['reloads'] == 0
    assert again['game'] == 'scorepad' and again['first_poll_ms'] == 0  # at once, no note
    for slot, standings in logs.items():                                # both saves whole
        session, note = Saves(str(tmp_path)).open(slot)
        assert session.standings() == standings, slot


# -- a new game opens by a restart too (issue 30, part 2) ----------------------------------------
NEW_GAME = {'reverse_tft': ' '.join(['D1'] * 8), 'macropad': ' '.join(['SEL'] * 8)}


@pytest.mark.slow              # (ten power-ons of code.py: make test runs it, make check not)
@pytest.mark.parametrize('board', CP_BOARDS)
def test_a_new_game_is_saved_and_opened_by_a_reload(board, tmp_path):
    # A fresh CIRCUITPY: the power-on makes the save space, the new-game screens set up
    # Steam (base, four colours); Start saves it, names it the last and calls
    # supervisor.reload(): the game is compiled on an empty heap, with none of the
    # new-game screens' code (docs/benchmarks-source.md), and opened at once.
    first = code_boot(board, tmp_path, 'STARTUP', NEW_GAME[board], 40)
    assert first['end'] == 'reload' and first['reloads'] == 1, first
    assert first['last'] == '1' and first['game'] is None
    again = code_boot(board, tmp_path, 'SUPERVISOR_RELOAD', '', 3)
    assert again['end'] == 'time' and again['game'] == 'steam', again
    assert not first['journal'] and not again['journal']     # (littlefs's: not compiled here)
    from trackside.fixed import Saves
    session, note = Saves(str(tmp_path)).open(1)
    assert session.cursor == 0 and session.setup['players'] == ['Red', 'Blue', 'Green', 'Yellow']
    # Menu > New game with it in play: a reload into the new-game screens, back: into the game
    menu = {'reverse_tft': 'D1- D0 D0 D1', 'macropad': 'SEL- UP UP SEL'}[board]
    for step in ('back', 'power-on'):
        aside = code_boot(board, tmp_path, 'SUPERVISOR_RELOAD', menu, 8)
        assert aside['end'] == 'reload' and aside['last'] == '1 new', aside
        if step == 'back':          # back from the first new-game screen: a reload into the game
            back = code_boot(board, tmp_path, 'SUPERVISOR_RELOAD', menu.split()[0], 8)
            assert back['end'] == 'reload' and back['last'] == '1', back
        else:                       # the new-game screens; switched off there, then on: the game
            lobby = code_boot(board, tmp_path, 'SUPERVISOR_RELOAD', '', 3)
            assert lobby['screen'] == 'New game' and lobby['game'] is None, lobby
            assert lobby['last'] == '1'
        assert code_boot(board, tmp_path, 'STARTUP', '', 8)['game'] == 'steam'
