# The board modules (boards/) on the fake machine (host_sim/shim/machine.py) with the
# framebuf shim, and what the panel emulators (host_sim/panels.py) make of their bytes.
#
# The expectations here are written from the controllers' datasheets and the makers'
# published pin maps and panel settings (sources beside each), not read back from the
# drivers' own constants, so a wrong byte in a driver fails a test.
import json
import os
import random
import subprocess
import sys

import pytest

from conftest import ROOT, run_micropython

SHIM = os.path.join(ROOT, 'host_sim', 'shim')
BOARDS_DIR = os.path.join(ROOT, 'boards')
for _d in (BOARDS_DIR, SHIM):
    if _d in sys.path:
        sys.path.remove(_d)
    sys.path.insert(0, _d)

import framebuf  # noqa: E402
import machine  # noqa: E402
import st7789  # noqa: E402

from host_sim import panels, device  # noqa: E402

ST7789_BOARDS = ('pico_display', 'pico_display2', 'tdisplay')
ALL_BOARDS = ST7789_BOARDS + ('oled_ssd1306',)

# Each board's bus pins, from the makers (see the board modules' headers):
# Pimoroni pimoroni-pico common/pimoroni_common.hpp (DC 16, CS 17, BL 20) and
# libraries/pico_display*/ (A B X Y = 12 13 14 15, LED 6 7 8); LilyGO TTGO-T-Display
# README.MD (DC 16, CS 5, BL 4, BUTTON1 35, BUTTON2 0) and TTGO-T-Display.ino (RST 23).
PINS = {
    'pico_display': {'dc': 16, 'cs': 17, 'bl': 20, 'rst': None, 'buttons': (12, 13, 14, 15)},
    'pico_display2': {'dc': 16, 'cs': 17, 'bl': 20, 'rst': None, 'buttons': (12, 13, 14, 15)},
    'tdisplay': {'dc': 16, 'cs': 5, 'bl': 4, 'rst': 23, 'buttons': (35, 0)},
    'oled_ssd1306': {'sda': 4, 'scl': 5, 'buttons': (10, 11, 12)},
}

# ST7789V datasheet (Sitronix v1.0) command codes
SWRESET, SLPOUT, NORON, INVON, DISPON = 0x01, 0x11, 0x13, 0x21, 0x29
CASET, RASET, RAMWR, MADCTL, COLMOD = 0x2A, 0x2B, 0x2C, 0x36, 0x3A

# Pimoroni's panel settings, transcribed from pimoroni-pico drivers/st7789/st7789.cpp
# (common_init): the common block, then the block for the panel size.
PIMORONI_COMMON = [
    (0xB2, bytes([0x0C, 0x0C, 0x00, 0x33, 0x33])),     # PORCTRL
    (0xC0, bytes([0x2C])),                             # LCMCTRL
    (0xC2, bytes([0x01])),                             # VDVVRHEN
    (0xC3, bytes([0x12])),                             # VRHS
    (0xC4, bytes([0x20])),                             # VDVS
    (0xD0, bytes([0xA4, 0xA1])),                       # PWCTRL1
    (0xC6, bytes([0x0F])),                             # FRCTRL2
]
PIMORONI_240x135 = [
    (0xC3, bytes([0x00])),
    (0xB7, bytes([0x75])),
    (0xBB, bytes([0x3D])),
    (0xD6, bytes([0xA1])),
    (0xE0, bytes([0x70, 0x04, 0x08, 0x09, 0x09, 0x05, 0x2A, 0x33, 0x41, 0x07, 0x13, 0x13, 0x29, 0x2F])),
    (0xE1, bytes([0x70, 0x03, 0x09, 0x0A, 0x09, 0x06, 0x2B, 0x34, 0x41, 0x07, 0x12, 0x14, 0x28, 0x2E])),
]
PIMORONI_320x240 = [
    (0xB7, bytes([0x35])),
    (0xBB, bytes([0x1F])),
    (0xE0, bytes([0xD0, 0x08, 0x11, 0x08, 0x0C, 0x15, 0x39, 0x33, 0x50, 0x36, 0x13, 0x14, 0x29, 0x2D])),
    (0xE1, bytes([0xD0, 0x08, 0x10, 0x08, 0x06, 0x06, 0x39, 0x44, 0x51, 0x0B, 0x16, 0x14, 0x2F, 0x31])),
]

# The window of each panel in landscape. Pimoroni st7789.cpp: 240x135 -> columns
# 40..279, rows 53..187, MADCTL ROW/COL_ORDER.. = COL_ORDER|SWAP_XY|SCAN_ORDER (0x70);
# 320x240 -> 0..319, 0..239, 0x70. TFT_eSPI ST7789_Rotation.h for the T-Display's
# 135x240 at rotation 1: colstart 40, rowstart 53, MADCTL MX|MV (0x60).
GEOMETRY = {
    'pico_display': {'madctl': 0x70, 'x0': 40, 'y0': 53, 'w': 240, 'h': 135,
                     'tuning': PIMORONI_COMMON + PIMORONI_240x135},
    'pico_display2': {'madctl': 0x70, 'x0': 0, 'y0': 0, 'w': 320, 'h': 240,
                      'tuning': PIMORONI_COMMON + PIMORONI_320x240},
    'tdisplay': {'madctl': 0x60, 'x0': 40, 'y0': 53, 'w': 240, 'h': 135, 'tuning': []},
}

# docs/device.md, "Keys"
KEYMAPS = {
    'pico_display': (('select', None, None), ('back', 'undo', None),
                     ('up', 'repeat', None), ('down', 'repeat', None)),
    'pico_display2': (('select', None, None), ('back', 'undo', None),
                      ('up', 'repeat', None), ('down', 'repeat', None)),
    'tdisplay': (('advance', 'repeat', None), ('select', 'back', 'undo')),
    'oled_ssd1306': (('up', 'repeat', None), ('down', 'repeat', None), ('select', 'back', 'undo')),
}

PALETTE = [(0, 0, 0), (255, 255, 255), (255, 0, 0), (0, 255, 0), (0, 0, 255),
           (255, 255, 0), (0, 255, 255), (255, 0, 255), (18, 52, 86), (200, 100, 50),
           (7, 3, 250), (128, 128, 128), (1, 254, 9), (250, 9, 1), (99, 199, 33), (33, 66, 99)]


def rgb565(r, g, b):
    return ((r >> 3) << 11) | ((g >> 2) << 5) | (b >> 3)


def shown(r, g, b):
    # what a 5-6-5 panel shows for a colour: the kept bits, low bits repeated
    r5, g6, b5 = r >> 3, g >> 2, b >> 3
    return ((r5 << 3) | (r5 >> 2), (g6 << 2) | (g6 >> 4), (b5 << 3) | (b5 >> 2))


class Recorder:
    """The SPI traffic decoded by hand: a command is a byte sent with DC low and CS
    low, its parameters the bytes after it with DC high (ST7789V 8.4, 4-line serial)."""

    def __init__(self, dc, cs):
        self.commands = []          # [command, bytearray(parameters)]
        self.writes = []            # (dc, cs, len) of every SPI write
        self.events = []            # ('spi', cmd) / ('pin', id, level) / ('sleep', ms)
        self.deselected = 0
        self.entry = machine.host.on_spi(self.feed, pins=(dc, cs))

    def feed(self, data, levels, spi):
        dc, cs = levels
        self.writes.append((dc, cs, len(data)))
        if cs:
            self.deselected += len(data)
            return
        if dc == 0:
            for b in data:
                self.commands.append([b, bytearray()])
                self.events.append(('spi', b))
        else:
            assert self.commands, 'parameters before any command'
            self.commands[-1][1].extend(data)

    def clear(self):
        self.commands, self.writes, self.events = [], [], []


@pytest.fixture(autouse=True)
def fresh_machine(monkeypatch):
    machine.host.clear()
    sleeps = []
    monkeypatch.setattr(st7789, 'sleep_ms', sleeps.append)
    yield sleeps
    machine.host.clear()


def board_module(name):
    if name == 'oled_ssd1306':
        panels.ensure_ssd1306()
    __import__(name)
    return sys.modules[name]


def span(a, b):
    # a CASET/RASET parameter: start and end, 16 bits each, high byte first
    return bytes([a >> 8, a & 255, b >> 8, b & 255])


def open_with_recorder(name):
    pins = PINS[name]
    rec = Recorder(pins['dc'], pins['cs'])
    machine.host.on_pin(lambda pin, level: rec.events.append(('pin', pin, level)))
    st7789.sleep_ms = lambda ms: rec.events.append(('sleep', ms))  # undone by the fixture
    board = board_module(name)
    panel = panels.attach(name)
    display, buttons, led = board.open()
    return board, rec, panel, display, buttons, led


def whole_canvas(display):
    # The driver's band as tall as the screen (what ST7789(rows=height) makes): the
    # conversion and window tests below draw a whole picture and show any part of it.
    display.rows = display.height
    display.buffer = display.band_buffer = bytearray(((display.width + 1) // 2) * display.height)
    display.canvas = display.band = framebuf.FrameBuffer(display.buffer, display.width,
                                                         display.height, framebuf.GS4_HMSB)
    return display


def open_whole(name):
    board, rec, panel, display, buttons, led = open_with_recorder(name)
    return board, rec, panel, whole_canvas(display), buttons, led


def open_any(name):
    if name == 'oled_ssd1306':
        panels.attach(name)
        return board_module(name).open()
    return open_with_recorder(name)[3:]


# -- the board interface --------------------------------------------------------------

@pytest.mark.parametrize('name', ALL_BOARDS)
def test_board_module_has_the_interface_of_docs_device_md(name):
    board = board_module(name)
    assert isinstance(board.NAME, str) and board.NAME
    assert board.KEYMAP == KEYMAPS[name]
    assert len(board.BUTTONS) == len(board.KEYMAP) == len(PINS[name]['buttons'])
    assert board.SAVES == '/saves'
    assert board.MONO == (name == 'oled_ssd1306')
    size = {'pico_display': (240, 135), 'pico_display2': (320, 240), 'tdisplay': (240, 135),
            'oled_ssd1306': (128, 64)}[name]
    assert (board.WIDTH, board.HEIGHT) == size
    display, buttons, led = open_any(name)
    assert (display.width, display.height) == size
    assert buttons.pressed() == 0
    assert (led is None) == (name in ('tdisplay', 'oled_ssd1306'))


@pytest.mark.parametrize('name', ALL_BOARDS)
def test_board_modules_name_their_pin_map_source(name):
    with open(os.path.join(BOARDS_DIR, name + '.py')) as f:
        head = f.read(3000)
    assert 'source' in head.lower() or 'PINS:' in head
    if name.startswith('pico_display'):
        assert 'pimoroni-pico' in head
    if name == 'tdisplay':
        assert 'Xinyuan-LilyGO/TTGO-T-Display' in head


# -- ST7789: init, window, pixels, bytes -------------------------------------------------

@pytest.mark.parametrize('name', ST7789_BOARDS)
def test_st7789_init_sequence(name, fresh_machine):
    g = GEOMETRY[name]
    board, rec, panel, display, buttons, led = open_with_recorder(name)
    x1, y1 = g['x0'] + g['w'] - 1, g['y0'] + g['h'] - 1
    expected = ([(SWRESET, b''), (SLPOUT, b''), (COLMOD, b'\x55'), (MADCTL, bytes([g['madctl']]))]
                + g['tuning']
                + [(INVON, b''), (NORON, b''),
                   (CASET, span(g['x0'], x1)),
                   (RASET, span(g['y0'], y1)),
                   (RAMWR, bytes(g['w'] * g['h'] * 2)),       # black: the RAM is noise at reset
                   (DISPON, b'')])
    assert [(c, bytes(p)) for c, p in rec.commands] == expected
    # every byte went out with CS low, and CS is high again at the end
    assert rec.deselected == 0
    assert machine.host.level(PINS[name]['cs']) == 1
    # the datasheet's waits (ST7789V 9.1): 120 ms after SWRESET before SLPOUT, then
    # 5 ms after SLPOUT before the next command
    ev = rec.events

    def waited_after(cmd):
        i = ev.index(('spi', cmd)) + 1
        total = 0
        while ev[i][0] != 'spi':
            total += ev[i][1] if ev[i][0] == 'sleep' else 0
            i += 1
        return total

    assert waited_after(SWRESET) >= 120
    assert waited_after(SLPOUT) >= 5
    # the backlight comes on only after the black frame and DISPON
    bl = PINS[name]['bl']
    order = [e for e in rec.events if e == ('spi', DISPON) or e[:2] == ('pin', bl)]
    assert order[-1] == ('pin', bl, 1) and ('spi', DISPON) in order[:-1]
    assert machine.host.level(bl) == 1
    # a reset line, where there is one, is pulsed low before anything is sent
    rst = PINS[name]['rst']
    if rst is not None:
        pulses = [e for e in rec.events if e[:2] == ('pin', rst)]
        assert pulses[-2:] == [('pin', rst, 0), ('pin', rst, 1)]
        first_spi = [i for i, e in enumerate(rec.events) if e[0] == 'spi'][0]
        assert rec.events.index(('pin', rst, 1), rec.events.index(('pin', rst, 0))) < first_spi
    assert panel.errors == []


@pytest.mark.parametrize('name', ST7789_BOARDS)
def test_st7789_window_for_a_sub_rectangle(name):
    g = GEOMETRY[name]
    board, rec, panel, display, buttons, led = open_with_recorder(name)
    rec.clear()
    display.top = 20            # the band's first row is the screen's row 20
    display.show(10, 20, 30, 16)
    x0, y0 = 10 + g['x0'], 20 + g['y0']
    x1, y1 = x0 + 29, y0 + 15
    assert [(c, bytes(p)) for c, p in rec.commands] == [
        (CASET, span(x0, x1)), (RASET, span(y0, y1)), (RAMWR, bytes(30 * 16 * 2))]
    # one CS-low transaction: CASET..pixels, then CS high
    assert all(cs == 0 for dc, cs, n in rec.writes)
    assert machine.host.level(PINS[name]['cs']) == 1


def draw_test_picture(canvas, w, h):
    # every colour index, edges, single pixels in the corners, an odd-sized block
    canvas.fill(0)
    for i in range(16):
        canvas.fill_rect(i * (w // 16), 0, w // 16, h // 2, i)
    canvas.rect(0, 0, w, h, 1)
    canvas.pixel(0, 0, 2)
    canvas.pixel(w - 1, 0, 3)
    canvas.pixel(0, h - 1, 4)
    canvas.pixel(w - 1, h - 1, 5)
    canvas.fill_rect(17, h // 2 + 3, 33, 19, 9)
    canvas.hline(5, h - 5, w - 10, 12)
    canvas.vline(w // 2, 5, h - 10, 14)


def expected_picture(canvas, w, h, palette):
    colours = [bytes(shown(*c)) for c in palette]
    return b''.join(colours[canvas.pixel(x, y)] for y in range(h) for x in range(w))


@pytest.mark.parametrize('name', ST7789_BOARDS)
def test_st7789_pixels_on_the_glass_are_the_canvas_through_the_palette(name):
    board, rec, panel, display, buttons, led = open_whole(name)
    w, h = display.width, display.height
    display.palette(PALETTE)
    draw_test_picture(display.canvas, w, h)
    rec.clear()
    display.show(0, 0, w, h)
    assert (panel.width, panel.height) == (w, h)
    assert bytes(panel.rgb()) == expected_picture(display.canvas, w, h, PALETTE)
    # byte order on the wire: each pixel high byte first (ST7789V, 16-bit 4-line SPI)
    pixels = bytes(rec.commands[-1][1])
    assert rec.commands[-1][0] == RAMWR and len(pixels) == w * h * 2
    top_left = rgb565(*PALETTE[2])          # canvas.pixel(0, 0, 2): red
    assert pixels[0:2] == bytes([top_left >> 8, top_left & 255]) == b'\xf8\x00'
    second = rgb565(*PALETTE[1])            # the frame, white
    assert pixels[2:4] == b'\xff\xff' == bytes([second >> 8, second & 255])
    blue = rgb565(*PALETTE[4])              # bottom-left pixel: (0, 0, 255) -> 001Fh
    k = (h - 1) * w * 2
    assert pixels[k:k + 2] == b'\x00\x1f' == bytes([blue >> 8, blue & 255])


@pytest.mark.slow
@pytest.mark.parametrize('name', ST7789_BOARDS)
def test_st7789_partial_shows_update_only_their_rectangle(name):
    board, rec, panel, display, buttons, led = open_whole(name)
    w, h = display.width, display.height
    display.palette(PALETTE)
    canvas = display.canvas
    draw_test_picture(canvas, w, h)
    display.show(0, 0, w, h)
    rnd = random.Random(name)
    for _ in range(25):
        x, y = rnd.randrange(w), rnd.randrange(h)
        rw, rh = rnd.randint(1, w - x), rnd.randint(1, h - y)
        canvas.fill_rect(rnd.randrange(w), rnd.randrange(h), rnd.randint(1, 60),
                         rnd.randint(1, 40), rnd.randrange(16))   # changes anywhere
        before = bytes(panel.rgb())
        display.show(x, y, rw, rh)
        after = bytes(panel.rgb())
        want = expected_picture(canvas, w, h, PALETTE)
        for yy in range(h):
            row = slice(yy * w * 3, (yy + 1) * w * 3)
            if y <= yy < y + rh:
                inside = slice((yy * w + x) * 3, (yy * w + x + rw) * 3)
                assert after[inside] == want[inside]
                assert after[row][:x * 3] == before[row][:x * 3]
                assert after[row][(x + rw) * 3:] == before[row][(x + rw) * 3:]
            else:
                assert after[row] == before[row]


def test_palette_change_shows_after_the_next_show():
    board, rec, panel, display, buttons, led = open_whole('pico_display')
    display.canvas.fill(7)
    display.show(0, 0, 240, 135)
    grey = bytes(shown(7 * 17, 7 * 17, 7 * 17))         # the default palette: 16 greys
    assert bytes(panel.rgb()[:3]) == grey
    display.palette([(10, 200, 30)] * 16)
    assert bytes(panel.rgb()[:3]) == grey               # nothing sent yet
    display.show(0, 0, 240, 135)
    assert bytes(panel.rgb()[:3]) == bytes(shown(10, 200, 30))


def test_bytes_for_a_full_frame_and_a_16_row_band_at_240x135():
    board, rec, panel, display, buttons, led = open_whole('pico_display')
    window = 1 + 4 + 1 + 4 + 1                  # CASET, RASET (2x16 bits each), RAMWR
    n = display.bytes_written
    got = panel.bytes_received
    display.show(0, 0, 240, 135)
    assert display.bytes_written - n == window + 240 * 135 * 2 == 64811
    assert panel.bytes_received - got == 64811
    rec.clear()
    n = display.bytes_written
    display.show(0, 40, 240, 16)
    assert display.bytes_written - n == window + 240 * 16 * 2 == 7691
    assert sum(size for dc, cs, size in rec.writes) == 7691
    # bands from a small line buffer: no write near a full frame's 64 KB
    rec.clear()
    display.show(0, 0, 240, 135)
    pixel_writes = [size for dc, cs, size in rec.writes if dc == 1 and size > 4]
    assert sum(pixel_writes) == 64800
    assert max(pixel_writes) <= 4096 and len(pixel_writes) >= 135 * 480 // 4096


def test_show_keeps_to_the_panel_and_ignores_empty_rectangles():
    board, rec, panel, display, buttons, led = open_whole('pico_display')
    rec.clear()
    display.show(230, 130, 50, 50)          # past the corner: clipped to 10x5
    assert [(c, bytes(p)) for c, p in rec.commands][:2] == [
        (CASET, span(230 + 40, 279)), (RASET, span(130 + 53, 187))]
    assert len(rec.commands[2][1]) == 10 * 5 * 2
    rec.clear()
    display.show(10, 10, 0, 5)
    display.show(10, 10, 5, 0)
    assert rec.commands == []


def test_driver_allocates_no_full_screen_buffer():
    # Issue 11: the UI's canvas is a band of the screen, 4 KB, not the whole screen at 4
    # bits a pixel (38.4 KB at 320x240); nor is there a whole frame in RGB565.
    board, rec, panel, display, buttons, led = open_with_recorder('pico_display2')
    assert display.rows == 36 and len(display.band_buffer) == 36 * 160
    assert not hasattr(display, 'canvas')
    sizes = [len(v) for k, v in vars(display).items() if isinstance(v, (bytearray, memoryview))]
    assert sizes and max(sizes) <= 6 * 1024         # the band, the line buffer


def push(display, picture, x, y, w, h):
    # A rectangle of a whole 4-bit picture sent as the UI's Painter sends it: the band
    # moved down the screen (top), filled with the picture's rows there, each band's part
    # of the rectangle shown.
    stride = (display.width + 1) // 2
    top = y
    while top < y + h:
        n = min(display.rows, display.height - top)
        display.band_buffer[:n * stride] = picture[top * stride:(top + n) * stride]
        display.top = top
        display.show(x, top, w, min(n, y + h - top))
        top += n
    display.top = 0


@pytest.mark.slow
@pytest.mark.parametrize('name', ST7789_BOARDS)
def test_st7789_band_at_any_top_puts_its_rows_where_they_belong(name):
    board, rec, panel, display, buttons, led = open_with_recorder(name)
    w, h = display.width, display.height
    assert display.rows < h
    display.palette(PALETTE)
    picture = bytearray(((w + 1) // 2) * h)
    canvas = framebuf.FrameBuffer(picture, w, h, framebuf.GS4_HMSB)
    draw_test_picture(canvas, w, h)
    push(display, picture, 0, 0, w, h)
    assert bytes(panel.rgb()) == expected_picture(canvas, w, h, PALETTE)
    rnd = random.Random(name)
    for _ in range(20):
        x, y = rnd.randrange(w), rnd.randrange(h)
        rw, rh = rnd.randint(1, w - x), rnd.randint(1, h - y)
        canvas.fill_rect(x, y, rw, rh, rnd.randrange(16))
        push(display, picture, x, y, rw, rh)
        assert bytes(panel.rgb()) == expected_picture(canvas, w, h, PALETTE)
    # a show past the band's rows sends only the rows the band holds (its bytes are
    # read unchecked by the machine code): here none above it, and those in it below
    display.top = 40
    rec.clear()
    display.show(0, 0, w, 30)
    display.show(0, 30, w, 200)
    assert [c for c, p in rec.commands] == [CASET, RASET, RAMWR]
    assert len(rec.commands[2][1]) == w * display.rows * 2


def expected_window(canvas, x, y, w, h, palette):
    # ST7789V, 16-bit 4-line SPI: each pixel high byte first, rows top to bottom
    out = bytearray()
    for yy in range(y, y + h):
        for xx in range(x, x + w):
            v = rgb565(*palette[canvas.pixel(xx, yy)])
            out += bytes([v >> 8, v & 255])
    return bytes(out)


# windows: a full frame, h a multiple of the band and not, lower than one band, narrow
WINDOWS = [(0, 0, 240, 135), (0, 40, 240, 16), (0, 40, 240, 10), (0, 3, 240, 17),
           (20, 50, 100, 12), (5, 5, 30, 12), (239, 134, 1, 1), (7, 9, 33, 21), (0, 0, 1, 135)]


@pytest.mark.parametrize('window', WINDOWS)
def test_st7789_window_bytes_are_exact_and_only_its_rows_are_converted(window):
    board, rec, panel, display, buttons, led = open_whole('pico_display')
    x, y, w, h = window
    display.palette(PALETTE)
    draw_test_picture(display.canvas, 240, 135)
    rows = len(display._line) // (w * 2)        # rows the line buffer holds at this width
    n_last = h % rows or rows if h > rows else h
    sentinel = b'\xa5' * len(display._line)
    display._line[:] = sentinel
    rec.clear()
    display.show(x, y, w, h)
    assert [c for c, p in rec.commands] == [CASET, RASET, RAMWR]
    assert bytes(rec.commands[2][1]) == expected_window(display.canvas, x, y, w, h, PALETTE)
    # one SPI write a band: whole bands of `rows` rows, then the rest
    pixel_writes = [n for dc, cs, n in rec.writes[5:]]
    bands = [min(rows, h - i) for i in range(0, h, rows)]
    assert pixel_writes == [b * w * 2 for b in bands]
    # the last band converted only its own rows: past them the line buffer still holds the
    # band before it (or, for a window of one band, what was there before the show)
    line = bytes(display._line)
    if len(bands) > 1:
        y0 = y + (len(bands) - 2) * rows        # the band before the last
        held = expected_window(display.canvas, x, y0 + n_last, w, rows - n_last, PALETTE)
        assert line[n_last * w * 2:rows * w * 2] == held
        assert line[rows * w * 2:] == sentinel[rows * w * 2:]
    else:
        assert line[n_last * w * 2:] == sentinel[n_last * w * 2:]


def test_st7789_same_shows_allocate_no_new_band():
    board, rec, panel, display, buttons, led = open_with_recorder('pico_display')
    display.show(0, 40, 240, 10)
    kept = (display._fb1, display._fb2)
    display.show(0, 40, 240, 10)
    display.show(0, 90, 240, 10)                # same size elsewhere: the same FrameBuffer
    assert (display._fb1, display._fb2) == kept
    rows = len(display._line) // (240 * 2)      # the rows a band holds at this width
    display.show(0, 0, 240, 2 * rows + 1)       # two whole bands and a last of one row
    assert {display._key1, display._key2} == {240 << 16 | rows, 240 << 16 | 1}


# -- the SPI clock ---------------------------------------------------------------------

def brute_force_spi_rate(want, peri):
    # RP2040 datasheet 4.4: SPI clock = clk_peri / (CPSDVSR x (1 + SCR)), CPSDVSR even from
    # 2 to 254, SCR 0 to 255: the fastest rate not above the one asked for
    best = 0
    for c in range(2, 256, 2):
        for scr in range(256):
            r = peri // (c * (1 + scr))
            if best < r <= want:
                best = r
    return best


def test_spi_rate_is_what_the_rp2040_divisors_give():
    pd = board_module('pico_display')
    for peri in (48000000, 125000000, 133000000):
        for want in (62500000, 40000000, 24000000, 10000000, 1000000):
            assert pd.spi_rate(want, peri) == brute_force_spi_rate(want, peri)
    assert pd.spi_rate(62500000, 48000000) == 24000000      # MicroPython 1.24+'s default
    assert pd.spi_rate(62500000, 125000000) == 62500000     # clk_peri at the CPU's 125 MHz


@pytest.fixture
def rp2_clock(monkeypatch):
    # machine.freq as MicroPython's rp2 port has it (ports/rp2/modmachine.c): freq() the
    # CPU's, freq(cpu, peri) with peri 48 MHz or the CPU's; and when each SPI was opened
    state = {'cpu': 125000000, 'peri': 48000000, 'two_args': True, 'log': []}

    def freq(*args):
        if not args:
            return state['cpu']
        if len(args) > 1 and not state['two_args']:
            raise TypeError('function takes 1 positional arguments but 2 were given')
        state['cpu'] = args[0]
        if len(args) > 1:
            if args[1] not in (48000000, args[0]):
                raise ValueError('peripheral freq must be 48_000_000 or the same as the MCU freq')
            state['peri'] = args[1]
        state['log'].append(('freq',) + args)

    real_init = machine.SPI.__init__

    def spi_init(self, *a, **kw):
        state['log'].append(('SPI', state['peri']))
        real_init(self, *a, **kw)

    monkeypatch.setattr(machine, 'freq', freq)
    monkeypatch.setattr(machine.SPI, '__init__', spi_init)
    return state


@pytest.mark.parametrize('name', ('pico_display', 'pico_display2'))
def test_pico_boards_run_the_spi_at_the_rate_they_ask_for(name, rp2_clock):
    display = open_with_recorder(name)[3]
    # clk_peri set to the CPU's clock before the SPI is opened (its divisors come from it)
    assert rp2_clock['log'] == [('freq', 125000000, 125000000), ('SPI', 125000000)]
    assert display.spi_hz == 62500000
    assert machine.freq() == 125000000          # the CPU as it was


def test_pico_boards_on_older_firmware_or_an_overclocked_cpu(rp2_clock):
    rp2_clock['two_args'] = False               # before 1.24: freq() takes one argument
    display = open_with_recorder('pico_display')[3]
    assert rp2_clock['log'] == [('SPI', 48000000)] and display.spi_hz is None
    machine.host.clear()
    rp2_clock.update(two_args=True, cpu=250000000, log=[])     # clk_peri may not go past 133 MHz
    display = open_with_recorder('pico_display')[3]
    assert rp2_clock['log'] == [('SPI', 48000000)] and display.spi_hz == 24000000


def test_tdisplay_runs_its_spi_at_the_gpio_matrix_limit():
    td = board_module('tdisplay')
    display = open_with_recorder('tdisplay')[3]
    assert td.SPI_HZ == 40000000 == display.spi_hz      # 80 MHz APB / 2, the matrix's most


# -- buttons and LED -------------------------------------------------------------------

@pytest.mark.parametrize('name', ALL_BOARDS)
def test_buttons_read_through_the_fake_pins(name):
    board = board_module(name)
    display, buttons, led = open_any(name)
    pins = PINS[name]['buttons']
    n = len(pins)
    for i, pin in enumerate(pins):
        assert machine.host.modes[pin] == machine.Pin.IN
        # pulled up, except GPIO35 on the ESP32: input only, the board's resistor pulls it
        assert machine.host.pulls[pin] == (None if (name, pin) == ('tdisplay', 35)
                                           else machine.Pin.PULL_UP)
        machine.host.set_input(pin, 0)          # pressed: the button shorts it to GND
        assert buttons.pressed() == 1 << i      # bit i: BUTTONS[i] held
        machine.host.set_input(pin, 1)
        assert buttons.pressed() == 0
    machine.host.set_input(pins[0], 0)
    machine.host.set_input(pins[-1], 0)
    assert buttons.pressed() == 1 | 1 << (n - 1)
    machine.host.set_input(pins[0], None)        # let go: the pull-up wins
    assert buttons.pressed() & 1 == 0
    device.press_button(board, 0)
    assert buttons.pressed() & 1 == 1
    device.press_button(board, 0, False)
    assert buttons.pressed() & 1 == 0


@pytest.mark.parametrize('name', ('pico_display', 'pico_display2'))
def test_rgb_led_pwm_is_active_low_with_gamma_2(name):
    display, buttons, led = open_with_recorder(name)[3:]
    duty = {p: machine.host.pwm(p) for p in (6, 7, 8)}     # R G B
    assert all(d['freq'] > 0 and d['duty_u16'] == 65535 for d in duty.values())  # off
    led.rgb(255, 128, 0)
    # 255 -> fully on (pin low all the time); 128 -> (128/255)^2 of full; 0 -> off
    assert [duty[p]['duty_u16'] for p in (6, 7, 8)] == [0, 65535 - 16512, 65535]
    led.rgb(0, 255, 64)
    assert [duty[p]['duty_u16'] for p in (6, 7, 8)] == [65535, 0, 65535 - 64 * 64 * 65535 // 65025]
    led.rgb(300, -5, 255)                   # out of range: clamped
    assert [duty[p]['duty_u16'] for p in (6, 7, 8)] == [0, 65535, 0]


# -- SSD1306 ---------------------------------------------------------------------------

@pytest.fixture
def oled():
    board = board_module('oled_ssd1306')
    log = []
    machine.host.on_i2c(lambda addr, data, i2c: log.append((addr, bytes(data))), addr=0x3C)
    panel = panels.attach('oled_ssd1306')
    display, buttons, led = board.open()
    return board, display, panel, log


def expected_mono(canvas, w, h):
    return b''.join(b'\xff\xff\xff' if canvas.pixel(x, y) else b'\x00\x00\x00'
                    for y in range(h) for x in range(w))


def test_oled_init_turns_the_panel_on_in_horizontal_mode(oled):
    board, display, panel, log = oled
    assert all(addr == 0x3C for addr, data in log)
    # SSD1306 datasheet: display on (AFh) and the charge pump on (8Dh 14h), or it stays dark
    assert panel.display_on and panel.charge_pump
    assert panel.mode == 0                  # 20h 00h: horizontal addressing
    assert panel.seg_remap and panel.com_reversed
    cmds = [c for c, p in panel.log]
    assert cmds.index(0x8D) < cmds.index(0xAF)
    assert display.canvas is display.oled   # the driver's object is the canvas
    assert isinstance(display.canvas, framebuf.FrameBuffer)
    assert bytes(panel.rgb()) == bytes(128 * 64 * 3)    # cleared


def test_oled_full_frame_is_the_canvas(oled):
    board, display, panel, log = oled
    c = display.canvas
    c.fill(0)
    c.rect(0, 0, 128, 64, 1)
    c.fill_rect(10, 9, 20, 13, 1)
    c.pixel(127, 63, 1)
    c.hline(3, 33, 90, 1)
    del log[:]
    n = display.bytes_written
    display.show(0, 0, 128, 64)
    assert bytes(panel.rgb()) == expected_mono(c, 128, 64)
    # one transaction for the window (Co=0 D/C#=0: 21h 0 127, 22h 0 7), one for the data
    assert log[0] == (0x3C, bytes([0x00, 0x21, 0, 127, 0x22, 0, 7]))
    assert log[1][1][0] == 0x40 and log[1][1][1:] == bytes(display.oled.buffer)
    assert len(log) == 2
    assert display.bytes_written - n == 7 + 1 + 1024 == 1032


def test_oled_partial_show_sends_only_the_pages_and_columns_touched(oled):
    board, display, panel, log = oled
    c = display.canvas
    c.fill(0)
    display.show(0, 0, 128, 64)
    c.fill_rect(40, 20, 10, 10, 1)          # rows 20..29: pages 2 and 3
    c.fill_rect(100, 50, 5, 5, 1)           # outside the rectangle shown next
    before = bytes(panel.rgb())
    del log[:]
    n = display.bytes_written
    display.show(40, 20, 10, 10)
    assert log[0][1] == bytes([0x00, 0x21, 40, 49, 0x22, 2, 3])
    assert log[1][1] == b'\x40' + bytes(display.oled.buffer[2 * 128 + 40:2 * 128 + 50]) + \
        bytes(display.oled.buffer[3 * 128 + 40:3 * 128 + 50])
    assert display.bytes_written - n == 8 + 20
    after = bytes(panel.rgb())
    for y in range(64):
        for x in range(128):
            i = (y * 128 + x) * 3
            if 40 <= x < 50 and 16 <= y < 32:
                assert after[i] == (255 if c.pixel(x, y) else 0)
            else:
                assert after[i:i + 3] == before[i:i + 3]
    display.show(0, 0, 128, 64)
    assert bytes(panel.rgb()) == expected_mono(c, 128, 64)


def test_oled_random_partial_shows_build_the_same_picture(oled):
    board, display, panel, log = oled
    c = display.canvas
    rnd = random.Random(7)
    for _ in range(30):
        c.fill_rect(rnd.randrange(128), rnd.randrange(64), rnd.randint(1, 30), rnd.randint(1, 20),
                    rnd.randrange(2))
        x, y = rnd.randrange(128), rnd.randrange(64)
        display.show(x, y, rnd.randint(1, 128 - x), rnd.randint(1, 64 - y))
    display.show(0, 0, 128, 64)
    assert bytes(panel.rgb()) == expected_mono(c, 128, 64)


def test_oled_pins_default_to_the_picos_i2c0_on_gp4_gp5():
    board = board_module('oled_ssd1306')
    assert (board.I2C_ID, board.PIN_SDA, board.PIN_SCL, board.ADDR) == (0, 4, 5, 0x3C)
    assert board.PINS_BUTTONS == PINS['oled_ssd1306']['buttons']
    with pytest.raises(OSError):            # no display attached: the address is not acked
        board.open()


# -- the emulators and the shim themselves ------------------------------------------------

def test_st7789_emulator_follows_madctl_and_the_datasheet_state():
    p = panels.ST7789Panel(visible=(52, 40, 135, 240), landscape=True)

    def send(cmd, data=b''):
        p.feed(bytes([cmd]), (0, 0))
        if data:
            p.feed(bytes(data), (1, 0))

    red = b'\xf8\x00'
    send(COLMOD, b'\x55')
    send(MADCTL, b'\x00')                   # portrait, no mirror
    send(CASET, [0, 52, 0, 52])
    send(RASET, [0, 40, 0, 40])
    send(RAMWR, red)
    assert p.native(0, 0) == 0xF800         # the glass's top-left, native orientation
    assert bytes(p.rgb()) == bytes(240 * 135 * 3)       # still asleep, display off
    send(SLPOUT)
    send(DISPON)
    img = p.rgb()
    assert bytes(img[(134 * 240 + 0) * 3:(134 * 240 + 1) * 3]) == bytes([255 - 255, 255, 255])
    send(INVON)                             # IPS glass: true colours only in inversion mode
    img = p.rgb()
    assert bytes(img[(134 * 240) * 3:(134 * 240 + 1) * 3]) == b'\xff\x00\x00'
    # MX|MV: landscape (x, y) -> frame memory column 239 - (y + 53), row x + 40
    send(MADCTL, [0x60])
    send(CASET, [0, 40 + 5, 0, 40 + 5])
    send(RASET, [0, 53 + 7, 0, 53 + 7])
    send(RAMWR, b'\x07\xe0')
    assert p.pixel(5, 7) == 0x07E0
    assert p.native(134 - 7, 5) == 0x07E0
    # pixels split across writes, and the window wrapping back to its start
    send(CASET, [0, 40, 0, 41])
    send(RASET, [0, 53, 0, 53])
    p.feed(bytes([RAMWR]), (0, 0))
    p.feed(b'\x00', (1, 0))
    p.feed(b'\x1f\xff', (1, 0))
    p.feed(b'\xff\x12\x34', (1, 0))
    assert (p.pixel(0, 0), p.pixel(1, 0)) == (0x1234, 0xFFFF)
    # deselected bytes are not for this panel
    p.feed(bytes([0x28]), (0, 1))
    assert p.display_on


def test_ssd1306_emulator_control_bytes_and_addressing():
    p = panels.SSD1306Panel()
    # Co=1 single commands, then Co=0 D/C#=0 a command stream, then data
    for cmd in (0x8D, 0x14, 0xAF, 0xA1, 0xC8):
        p.feed(0x3C, bytes([0x80, cmd]))
    p.feed(0x3C, bytes([0x00, 0x20, 0x00, 0x21, 126, 127, 0x22, 6, 7]))
    p.feed(0x3C, bytes([0x40, 0x01, 0x02, 0x04, 0x08]))   # wraps: 126,127 of page 6, then 7
    assert p.ram[6 * 128 + 126:6 * 128 + 128] == b'\x01\x02'
    assert p.ram[7 * 128 + 126:7 * 128 + 128] == b'\x04\x08'
    assert p.lit(126, 48) and p.lit(127, 49) and p.lit(126, 58) and p.lit(127, 59)
    p.feed(0x3D, bytes([0x80, 0xAE]))       # another address
    assert p.display_on
    p.feed(0x3C, bytes([0x80, 0xA7]))       # inverse
    assert p.rgb()[0:3] == b'\xff\xff\xff'
    assert p.bytes_received == 5 * 2 + 9 + 5 + 2


def test_machine_shim_pins_buses_and_pwm():
    Pin = machine.Pin
    out = Pin(3, Pin.OUT, value=1)
    seen = []
    machine.host.on_spi(lambda data, levels, spi: seen.append((data, levels)), pins=(3, 9))
    spi = machine.SPI(1, baudrate=1000000, sck=Pin(10), mosi=Pin(11))
    Pin(9, Pin.IN, Pin.PULL_DOWN)
    spi.write(bytearray(b'ab'))
    out.off()
    spi.write(memoryview(b'xyz')[1:])
    assert seen == [(b'ab', (1, 0)), (b'yz', (0, 0))]
    assert spi.bytes_written == 4
    soft = machine.SoftSPI(baudrate=100000, sck=Pin(1), mosi=Pin(2), miso=Pin(4))
    soft.write(b'q')
    assert seen[-1] == (b'q', (0, 0))
    i2c = machine.I2C(0, scl=Pin(5), sda=Pin(4), freq=400000)
    assert i2c.scan() == []
    with pytest.raises(OSError):
        i2c.writeto(0x3C, b'\x00')
    got = []
    machine.host.on_i2c(lambda a, d, bus: got.append((a, d)), addr=0x3C)
    assert i2c.scan() == [0x3C]
    assert i2c.writevto(0x3C, [b'\x40', memoryview(b'123')]) == 4
    assert got == [(0x3C, b'\x40123')]
    buf = bytearray(b'zz')
    machine.SoftI2C(scl=Pin(1), sda=Pin(2)).readfrom_into(0x3C, buf)
    assert buf == b'\x00\x00'
    pwm = machine.PWM(Pin(6))
    pwm.freq(1000)
    pwm.duty_u16(1234)
    assert machine.host.pwm(6)['duty_u16'] == 1234 and pwm.duty_u16() == 1234
    with pytest.raises(ValueError):
        pwm.duty_u16(70000)
    hits = []
    b = Pin(12, Pin.IN, Pin.PULL_UP)
    b.irq(lambda pin: hits.append(pin.value()), trigger=Pin.IRQ_FALLING)
    machine.host.set_input(12, 0)
    machine.host.set_input(12, 1)
    assert hits == [0] and b() == 1


# -- the same driver on the real MicroPython -------------------------------------------------

MP_SCRIPT = r'''
import sys
sys.path.insert(0, "boards")
sys.path.insert(0, "host_sim/shim")
import binascii, json, machine, st7789
st7789.sleep_ms = lambda ms: None
state = [0, 0]
def listen(data, levels, spi):
    state[0] = binascii.crc32(bytes(levels) + data, state[0])
    state[1] += len(data)
name = sys.argv[1]
pins = {"pico_display": (16, 17), "pico_display2": (16, 17), "tdisplay": (16, 5)}[name]
machine.host.on_spi(listen, pins=pins)
board = __import__(name)
display, buttons, led = board.open()
display.palette([(i * 16, 255 - i * 16, (i * 37) & 255) for i in range(16)])
c = display.band
for top in (0, 17, display.height - display.rows):
    display.top = top
    for i in range(16):
        c.fill_rect(i * 15, i * 8 - top, 30, 20, (i + top) & 15)
    c.pixel(0, 0, 15)
    display.show(0, top, display.width, display.rows)
    display.show(7, top + 9, 33, 21)
    display.show(1, top + 2, 3, 1)
    display.show(5, top + 5, 30, 12)
    display.show(0, top + 3, display.width, 17)
print(json.dumps([state[1], state[0], display.bytes_written, display.width * display.height]))
'''


@pytest.mark.parametrize('name', ST7789_BOARDS)
def test_st7789_boards_send_the_same_bytes_on_micropython(name, tmp_path):
    # MicroPython's own framebuf (GS4_HMSB -> RGB565 blit through the palette) and the
    # same shim: the bytes must be identical to CPython's with the framebuf shim. One
    # script, run by both interpreters.
    script = tmp_path / 'st7789_run.py'
    script.write_text(MP_SCRIPT)
    mp = json.loads(run_micropython([str(script), name]).strip().splitlines()[-1])
    r = subprocess.run([sys.executable, str(script), name], cwd=ROOT, capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    cp = json.loads(r.stdout.strip().splitlines()[-1])
    assert mp == cp
    sent, crc, written, pixels = cp
    assert sent > pixels * 2          # the black frame at init, then the shows


BLIT_SCRIPT = r"""
import sys
sys.path.insert(0, "boards")
import binascii, random, st7789
assert st7789.blit565 is not None, "blit565 did not compile: the fast path is not tested"
sent = [0, 0]                   # bytes, their CRC
class SPI:
    def write(self, buf):
        sent[0] += len(buf)
        sent[1] = binascii.crc32(buf, sent[1])
def pin(v=None):
    pass
st7789.sleep_ms = lambda ms: None
random.seed(int(sys.argv[1]))
shown = 0
# each canvas size the boards have, the band the whole screen and the band of 4 KB
for width, height, rows in ((240, 135, 135), (320, 240, 240), (135, 240, 240), (7, 3, 3),
                            (240, 135, None), (320, 240, None)):
    d = st7789.ST7789(SPI(), width, height, dc=pin, cs=pin, rows=rows)
    d.palette([(random.getrandbits(8), random.getrandbits(8), random.getrandbits(8))
               for i in range(16)])
    for i in range(len(d.band_buffer)):
        d.band_buffer[i] = random.getrandbits(8)
    d.top = top = random.randrange(height - d.rows + 1)
    rows = d.rows
    rects = [(0, top, width, rows), (1, top, 1, 1), (width - 1, top + rows - 1, 1, 1),
             (0, top, 1, rows), (width - 1, top, 1, rows)]
    for k in range(60):
        x, y = random.randrange(width), top + random.randrange(rows)
        rects.append((x, y, random.randint(1, width - x), random.randint(1, top + rows - y)))
    shown += len(rects)
    for r in rects:
        out = []
        for convert in (st7789.blit565, None):
            d.convert = convert
            sent[0] = sent[1] = 0
            d.show(*r)
            out.append(tuple(sent))
        if out[0] != out[1]:
            print("DIFFERENT", width, height, r)
            raise SystemExit(1)
print("OK", shown)
"""


def test_the_fast_conversion_sends_what_framebuf_sends(tmp_path):
    # blit565's viper band converter (machine code on the real MicroPython)
    # against MicroPython's own framebuf blit through the palette: the same
    # bytes on the wire for random canvases and windows, odd x and odd widths,
    # one pixel wide and whole frames, on each canvas size the boards have.
    script = tmp_path / 'blit_run.py'
    script.write_text(BLIT_SCRIPT)
    for seed in (1, 2):
        out = run_micropython([str(script), str(seed)]).strip().splitlines()[-1]
        assert out == 'OK %d' % (6 * 65)


def test_without_native_code_the_driver_uses_framebuf():
    # CPython (the simulator): blit565 does not compile, and show() blits
    # through the palette (the bytes are checked against MicroPython above).
    assert st7789.blit565 is None


INK_SCRIPT = r"""
import sys
sys.path.insert(0, "boards")
sys.path.insert(0, "firmware")
import binascii, random, framebuf
from ink4 import ink4
from trackside.ui import font as fonts
from trackside.ui.paint import Painter

class Display:
    # a 4-bit canvas, with or without ink4 (as a colour board's display)
    def __init__(self, w, h, fast):
        self.width, self.height, self.mono = w, h, False
        self.buffer = bytearray(((w + 1) // 2) * h)
        self.canvas = framebuf.FrameBuffer(self.buffer, w, h, framebuf.GS4_HMSB)
        self.ink4 = ink4 if fast else None
    def palette(self, colours):
        pass
    def show(self, x, y, w, h):
        pass

random.seed(int(sys.argv[1]))
ASCII = [chr(c) for c in range(32, 127)]
OTHER = ["\u00a3", "\u2192", "\u00a7", "\u00b7", "\u2026", "\u00d7", "\u20ac", "\u00b0", "\u4e00", "\t"]
done = 0
fast_runs = 0
for w, h in ((240, 135), (320, 240), (135, 240)):
    a, b = Display(w, h, True), Display(w, h, False)
    pa, pb = Painter(a), Painter(b)
    assert pa.fast is not None and pb.fast is None
    bases = []
    for j in range(3):
        base = bytearray(len(a.buffer))
        for i in range(len(base)):
            base[i] = random.getrandbits(8)
        bases.append(base)
    for name in ("small", "medium", "normal20", "bold28", "digits"):
        f = fonts.load(name)
        for k in range(40):
            a.buffer[:] = b.buffer[:] = bases[k % 3]
            n = random.randint(0, 30)
            text = "".join(random.choice(OTHER) if random.random() < 0.1 else random.choice(ASCII)
                           for _ in range(n))
            x = random.randrange(-20, w)
            y = random.randrange(-10, h)
            if k % 3 == 0:          # where the fast path draws: even x, all on the canvas
                x = random.randrange(0, max(1, w - n * f.width)) & ~1
                y = random.randrange(0, max(1, h - f.height))
            fg, bg = random.randrange(16), random.randrange(16)
            if f.codes(text) is not None and x >= 0 and y >= 0 and not x & 1 and \
                    x + f.measure(text) <= w and y + f.height <= h:
                fast_runs += 1
            pa.glyphs(x, y, text, f, fg, bg)
            pb.glyphs(x, y, text, f, fg, bg)
            if a.buffer != b.buffer:
                print("DIFFERENT", w, h, name, x, y, fg, bg, repr(text))
                raise SystemExit(1)
            done += 1
# called directly with a text not all on the canvas (past its right edge, its foot, at an
# odd x): nothing is drawn, not a byte past the canvas (a guard after it) nor on it
import array
f = fonts.load("medium")
buf = bytearray(((20 + 1) // 2) * 30 + 64)
sp = array.array("H", [0] * 13)     # (the background, the last: 0, as buf is)
sp[2], sp[11] = 20, 30          # the canvas: 20 x 30 (Font.spec leaves them to the caller)
for x, y, n in ((0, 0, 2), (10, 0, 1), (0, 8, 1), (1, 0, 1), (60000, 0, 1), (0, 60000, 1)):
    ink4(buf, f.spec(sp, x, y, n, 15), b"MW"[:n], sp)
    assert buf == bytearray(len(buf)), (x, y, n)
ink4(buf, f.spec(sp, 4, 0, 1, 15), b"M", sp)     # (and one that is: drawn)
assert buf != bytearray(len(buf)) and buf[-64:] == bytearray(64)
print("OK", done, fast_runs > done // 4)
"""


def test_text_in_machine_code_draws_what_framebuf_draws(tmp_path):
    # boards/ink4.py (viper, machine code on the real MicroPython) against
    # MicroPython's own framebuf blit of each glyph: the same canvas, byte
    # for byte, for random texts (a tenth of their characters past ASCII,
    # some no font has) in every font of a colour board, random colours,
    # places on and off the canvas (off it, and at an odd x, the Painter
    # uses framebuf itself: both are drawn the same), on a canvas of random
    # bytes, on each size of colour canvas.
    script = tmp_path / 'ink_run.py'
    script.write_text(INK_SCRIPT)
    for seed in (1, 2):
        out = run_micropython([str(script), str(seed)], heap='2m').strip().splitlines()[-1]
        assert out == 'OK 600 True'


def test_without_native_code_the_painter_draws_text_with_framebuf():
    # CPython (the simulator): ink4 does not compile, and the display has none
    assert st7789.ink4 is None


# -- docs/boards.md says what the modules do ---------------------------------------------

def doc_rows(section):
    import re
    with open(os.path.join(ROOT, 'docs', 'boards.md'), encoding='utf-8') as f:
        text = f.read()
    part = text.split('## ' + section)[1].split('\n## ')[0]
    return dict((a.strip(), b.strip()) for a, b in re.findall(r'^\| ([^|]+) \| ([^|]+) \|', part, re.M))


def test_docs_pin_tables_match_the_board_modules():
    pd = board_module('pico_display')
    rows = doc_rows('Pimoroni Pico Display Pack (`pico_display`)')
    want = {'LCD SCK': pd.PIN_SCK, 'LCD MOSI': pd.PIN_MOSI, 'LCD DC': pd.PIN_DC, 'LCD CS': pd.PIN_CS,
            'Backlight': pd.PIN_BL, 'Button A': pd.PINS_BUTTONS[0], 'Button B': pd.PINS_BUTTONS[1],
            'Button X': pd.PINS_BUTTONS[2], 'Button Y': pd.PINS_BUTTONS[3],
            'LED red': pd.PINS_LED[0], 'LED green': pd.PINS_LED[1], 'LED blue': pd.PINS_LED[2]}
    assert {k: rows[k] for k in want} == {k: 'GP%d' % v for k, v in want.items()}
    td = board_module('tdisplay')
    rows = doc_rows('LilyGO T-Display (`tdisplay`)')
    want = {'LCD SCLK': td.PIN_SCK, 'LCD MOSI': td.PIN_MOSI, 'LCD CS': td.PIN_CS, 'LCD DC': td.PIN_DC,
            'LCD RST': td.PIN_RST, 'Backlight': td.PIN_BL, 'BTN1': td.PINS_BUTTONS[0],
            'BTN2': td.PINS_BUTTONS[1]}
    assert {k: rows[k] for k in want} == {k: 'GPIO%d' % v for k, v in want.items()}
    assert td.BUTTONS == ('BTN1', 'BTN2')
    ol = board_module('oled_ssd1306')
    rows = doc_rows('SSD1306 OLED + three buttons (`oled_ssd1306`)')
    assert rows['SCL'].startswith('GP%d ' % ol.PIN_SCL) and rows['SDA'].startswith('GP%d ' % ol.PIN_SDA)
    for label, pin in zip(ol.BUTTONS, ol.PINS_BUTTONS):
        assert rows[label].startswith('GP%d ' % pin)
