# CircuitPython on the PC, for the CircuitPython boards (boards/reverse_tft.py,
# boards/macropad.py): Adafruit's real displayio for CPython (adafruit-blinka-displayio,
# pinned in requirements-dev.txt: Bitmap, Palette, TileGrid, Group, bitmaptools, busdisplay,
# fourwire) with Adafruit's display drivers as they are (adafruit-circuitpython-st7789,
# adafruit-circuitpython-displayio-sh1106), on stand-ins for what only a board has: the
# `board` module and its pins, `microcontroller`, `digitalio`, `keypad`, `rotaryio`,
# `neopixel_write`, `storage`, `supervisor`, and an SPI bus that records what the display sends.
#
#   from host_sim import cphost
#   host = cphost.install('reverse_tft')    # fake modules in sys.modules, board.DISPLAY made
#   import reverse_tft                       # the board module, as on the device
#   display, buttons, led = reverse_tft.open()
#   host.press('D1')                         # hold a button (its pin goes to the pressed level)
#   host.turn(1)                             # the MacroPad's encoder: one detent clockwise
#   host.panel.rgb()                         # the picture, from the bytes on the bus
#
# board.DISPLAY stands in for the display CircuitPython sets up itself at boot on these
# boards: the same controller, size and orientation, built here with Adafruit's driver
# on a recording bus, so the picture comes from the bytes displayio sends (the ST7789
# through host_sim/panels.py's emulator; the SH1106 through SH1106Panel below).
#
# Two fixes to blinka-displayio 2.7.1, applied here, where it differs from CircuitPython's
# C (and the tests found it: the pixels or the glass came out wrong):
#   - bitmaptools.arrayblit reads data[y * (x2 - x1) + x] (absolute x, y) where
#     CircuitPython reads the data in order from the start (shared-module/bitmaptools/
#     __init__.c): for any rectangle not at (0, 0) blinka draws the wrong pixels.
#     arrayblit below is CircuitPython's rule.
#   - with SH1107_addressing (the SH1106 driver) the upper column command is sent as
#     ((x >> 4) & 0xF0) | 0x10, always 10h for x < 256, where the controller wants
#     10h | (x >> 4) (SH1106 datasheet, "Set Higher Column Address"): a refresh of an
#     area right of column 15 lands in the wrong columns. _displaycore is loaded with
#     that one expression corrected (if the text is not found, nothing is changed).
import os
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BOARDS_DIR = os.path.join(ROOT, 'boards')

# pins each board module uses, with their level when nothing presses them
# (pulled up: True). Reverse TFT: D0 pulled up, D1 and D2 pulled down; MacroPad: keys
# and the encoder button pulled up (see the board modules for the sources).
BOARD_PINS = {
    'reverse_tft': {'D0': True, 'D1': False, 'D2': False, 'NEOPIXEL': False,
                    'NEOPIXEL_POWER': False, 'TFT_CS': True, 'TFT_DC': False,
                    'TFT_RESET': True, 'TFT_BACKLIGHT': False, 'SCK': False, 'MOSI': False},
    'macropad': dict([('KEY%d' % k, True) for k in range(1, 13)] +
                     [('BUTTON', True), ('ROTA', True), ('ROTB', True), ('NEOPIXEL', False),
                      ('OLED_CS', True), ('OLED_DC', False), ('OLED_RESET', True),
                      ('SCK', False), ('MOSI', False)]),
}
# which level a press gives, per button pin
PRESSED = {'D0': False, 'D1': True, 'D2': True, 'BUTTON': False}
# each board's BUTTONS (in their order): the pin pressed, or for the MacroPad's encoder
# the detents turned (+1 clockwise)
BUTTON_PINS = {'reverse_tft': ('D0', 'D1', 'D2'),
               'macropad': (-1, 1, 'BUTTON')}   # UP: a detent anticlockwise, DOWN: clockwise

_host = None


class Host:
    def __init__(self, name):
        self.name = name
        self.levels = dict(BOARD_PINS[name])
        self.driven = {}                # pin name -> level, for pins set as outputs
        self.position = 0               # the encoder's rotaryio position
        self.pixels = []                # every neopixel_write: (pin, bytes)
        self.readonly = False           # what storage.getmount('/').readonly says
        self.remounts = []
        self.spi_log = []               # (dc, cs, nbytes) of each SPI write
        self.panel = None
        self.scanners = []              # the keypad queues, scanned when a pin changes
        self.run_reason = 'STARTUP'     # supervisor.runtime.run_reason, by its name
        self.reloads = 0                # supervisor.reload() calls

    def level(self, pin):
        return self.driven.get(pin, self.levels.get(pin, False))

    def press(self, pin, down=True):
        pressed = PRESSED.get(pin, False)
        self.levels[pin] = pressed if down else (not pressed)
        for q in self.scanners:
            q.scan()

    def button(self, index, down=True):
        # BUTTONS[index] of the board module pressed (or let go); an encoder "button" is
        # one detent, turned when it is pressed
        what = BUTTON_PINS[self.name][index]
        if isinstance(what, int):
            if down:
                self.turn(what)
        else:
            self.press(what, down)

    def turn(self, detents):
        # clockwise > 0; rotaryio's position on the MacroPad falls clockwise
        # (Adafruit's library reports -position)
        self.position -= detents


def host():
    return _host


# --- the fake modules ------------------------------------------------------------------

class Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return 'board.' + self.name


def _microcontroller():
    m = types.ModuleType('microcontroller')
    m.Pin = Pin
    return m


def _digitalio():
    m = types.ModuleType('digitalio')

    class Direction:
        INPUT = 'input'
        OUTPUT = 'output'

    class Pull:
        UP = 'up'
        DOWN = 'down'

    class DigitalInOut:
        def __init__(self, pin):
            self.pin = pin
            self.direction = Direction.INPUT
            self.pull = None

        def switch_to_output(self, value=False, drive_mode=None):
            self.direction = Direction.OUTPUT
            self.value = value

        def switch_to_input(self, pull=None):
            self.direction = Direction.INPUT
            self.pull = pull
            _host.driven.pop(self.pin.name, None)

        @property
        def value(self):
            return _host.level(self.pin.name)

        @value.setter
        def value(self, v):
            _host.driven[self.pin.name] = bool(v)

        def deinit(self):
            _host.driven.pop(self.pin.name, None)

    m.Direction, m.Pull, m.DigitalInOut = Direction, Pull, DigitalInOut
    return m


def _keypad():
    m = types.ModuleType('keypad')

    class Event:
        def __init__(self, key_number=0, pressed=True):
            self.key_number = key_number
            self.pressed = pressed

        @property
        def released(self):
            return not self.pressed

    class EventQueue:
        # CircuitPython's keypad scans in the background and queues each change; here a
        # scan runs whenever the host changes a pin (Host.press), and before a read
        def __init__(self, keys):
            self.keys = keys
            self.queue = []

        def scan(self):
            k = self.keys
            for i, pin in enumerate(k.pins):
                now = _host.level(pin.name) == k.value_when_pressed
                if now != k.state[i]:
                    k.state[i] = now
                    self.queue.append((i, now))

        def get_into(self, event):
            self.scan()
            if not self.queue:
                return False
            event.key_number, event.pressed = self.queue.pop(0)
            return True

    class Keys:
        def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02,
                     max_events=64):
            self.pins = tuple(pins)
            self.value_when_pressed = value_when_pressed
            self.pull = pull
            self.state = [False] * len(self.pins)
            self.events = EventQueue(self)
            _host.scanners.append(self.events)
            for p in self.pins:
                # pull=True: pulled away from the pressed level (CircuitPython's keypad)
                want = not value_when_pressed
                if pull and BOARD_PINS[_host.name].get(p.name) != want:
                    raise AssertionError('%s: the board pulls it the other way' % p.name)

    m.Event, m.EventQueue, m.Keys = Event, EventQueue, Keys
    return m


def _rotaryio():
    m = types.ModuleType('rotaryio')

    class IncrementalEncoder:
        def __init__(self, pin_a, pin_b, divisor=4):
            self.pins = (pin_a.name, pin_b.name)

        @property
        def position(self):
            return _host.position

    m.IncrementalEncoder = IncrementalEncoder
    return m


def _neopixel_write():
    m = types.ModuleType('neopixel_write')

    def neopixel_write(pin, buf):
        _host.pixels.append((pin.pin.name, bytes(buf)))

    m.neopixel_write = neopixel_write
    return m


def _storage():
    m = types.ModuleType('storage')

    class Mount:
        @property
        def readonly(self):
            return _host.readonly

    def getmount(path):
        return Mount()

    def remount(path, readonly=False, disable_concurrent_write_protection=False):
        _host.remounts.append((path, readonly))

    m.getmount, m.remount = getmount, remount
    return m


class ReloadException(BaseException):
    """What supervisor.reload() raises on CircuitPython (at the next bytecode: here at
    once): not an Exception, so no `except Exception` of the firmware takes it."""


def _supervisor():
    # supervisor.reload() and supervisor.runtime.run_reason, as CircuitPython 9 has them
    # (shared-bindings/supervisor: RunReason.STARTUP ... SUPERVISOR_RELOAD)
    m = types.ModuleType('supervisor')

    class RunReason:
        STARTUP, AUTO_RELOAD, SUPERVISOR_RELOAD, REPL_RELOAD = (
            'STARTUP', 'AUTO_RELOAD', 'SUPERVISOR_RELOAD', 'REPL_RELOAD')

    class Runtime:
        @property
        def run_reason(self):
            return _host.run_reason

    def reload():
        _host.reloads += 1
        raise ReloadException()

    m.RunReason, m.runtime, m.reload = RunReason, Runtime(), reload
    m.ReloadException = ReloadException
    return m


class SPI:
    """A busio.SPI that hands every write to the panel emulator with the DC and CS
    levels of that moment (as host_sim/shim/machine.py does for the MicroPython boards)."""

    def __init__(self, dc, cs):
        self.dc, self.cs = dc, cs
        self.bytes_written = 0
        self.locked = False

    def try_lock(self):
        # busio's rule, which blinka's busdisplay relies on (it loops while a lock succeeds)
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self):
        self.locked = False

    def configure(self, **kw):
        pass

    def deinit(self):
        pass

    def write(self, data, start=0, end=None):
        data = bytes(memoryview(data)[start:end])
        levels = (int(_host.level(self.dc)), int(_host.level(self.cs)))
        _host.spi_log.append(levels + (len(data),))
        self.bytes_written += len(data)
        if _host.panel is not None:
            _host.panel.feed(data, levels)


class SH1106Panel:
    """An SH1106 132x64 on 4-wire SPI (Sino Wealth SH1106 datasheet): commands with DC
    low, display RAM bytes with DC high; page address B0h-B7h, column address 00h-0Fh
    (low nibble) and 10h-1Fh (high nibble); each data byte is 8 rows of one column, bit 0
    at the top, and moves the column on. The 128 columns of the glass start at column
    `offset` of the 132 (2 on these modules). rgb(): lit pixels white; AFh/AEh on/off,
    A7h/A6h inverse. Multi-byte commands (81h contrast, A8h, D3h, D5h, D9h, DAh, DBh,
    ADh) take their parameter byte with DC low too."""

    ARGS = {0x81: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1,
            0x20: 1, 0x21: 2, 0x22: 2}

    def __init__(self, width=128, height=64, offset=2):
        self.width, self.height, self.offset = width, height, offset
        self.ram = bytearray(132 * 8)
        self.page = 0
        self.col = 0
        self.on = False
        self.inverted = False
        self.pending = 0
        self.data_bytes = 0

    def feed(self, data, levels):
        dc, cs = levels
        if cs:
            return
        if dc:
            for b in data:
                if self.col < 132:
                    self.ram[self.page * 132 + self.col] = b
                self.col += 1
                self.data_bytes += 1
            return
        for b in data:
            if self.pending:
                self.pending -= 1
            elif b in self.ARGS:
                self.pending = self.ARGS[b]
            elif 0xB0 <= b <= 0xB7:
                self.page = b & 7
            elif b <= 0x0F:
                self.col = (self.col & 0xF0) | b
            elif b <= 0x1F:
                self.col = (self.col & 0x0F) | ((b & 0x0F) << 4)
            elif b == 0xAF:
                self.on = True
            elif b == 0xAE:
                self.on = False
            elif b in (0xA6, 0xA7):
                self.inverted = b == 0xA7

    def lit(self, x, y):
        return (self.ram[(y >> 3) * 132 + x + self.offset] >> (y & 7)) & 1

    def rgb(self):
        w, h = self.width, self.height
        out = bytearray(w * h * 3)
        if not self.on:
            return out
        for y in range(h):
            for x in range(w):
                if self.lit(x, y) != self.inverted:
                    i = (y * w + x) * 3
                    out[i:i + 3] = b'\xff\xff\xff'
        return out


def arrayblit(bitmap, data, x1=0, y1=0, x2=None, y2=None, skip_index=None):
    # CircuitPython's bitmaptools.arrayblit: the values in order, row by row
    if x2 is None:
        x2 = bitmap.width
    if y2 is None:
        y2 = bitmap.height
    if x1 < 0 or y1 < 0 or x1 > x2 or y1 > y2 or x2 > bitmap.width or y2 > bitmap.height:
        raise IndexError('pixel coordinates out of bounds')
    if len(data) < (x2 - x1) * (y2 - y1):       # (a shorter buffer is refused, as there)
        raise IndexError('index out of range')
    mask = (1 << bitmap._bits_per_value) - 1
    i = 0
    for y in range(y1, y2):
        for x in range(x1, x2):
            v = data[i] & mask
            i += 1
            if skip_index is None or v != skip_index:
                bitmap[x, y] = v


def _make_display(name, board):
    from host_sim import panels
    import fourwire
    if name == 'reverse_tft':
        import adafruit_st7789
        spi = SPI('TFT_DC', 'TFT_CS')
        bus = fourwire.FourWire(spi, command=board.TFT_DC, chip_select=board.TFT_CS,
                                reset=board.TFT_RESET)
        # the 1.14" 240x135: Adafruit's values for it (rowstart 40, colstart 53, rotation
        # 270), as in Adafruit's ST7789 examples for this glass
        _host.panel = panels.ST7789Panel(visible=(52, 40, 135, 240), landscape=True)
        display = adafruit_st7789.ST7789(bus, width=240, height=135, rowstart=40,
                                         colstart=53, rotation=270,
                                         backlight_pin=board.TFT_BACKLIGHT)
    else:
        import adafruit_displayio_sh1106
        spi = SPI('OLED_DC', 'OLED_CS')
        bus = fourwire.FourWire(spi, command=board.OLED_DC, chip_select=board.OLED_CS,
                                reset=board.OLED_RESET)
        _host.panel = SH1106Panel()
        display = adafruit_displayio_sh1106.SH1106(bus, width=128, height=64, colstart=2)
    display.spi = spi
    return display


def _fix_displaycore():
    # the one expression corrected in _DisplayCore.set_region_to_update (see the top)
    import inspect
    import textwrap
    import busdisplay  # noqa: F401  (first: it and _displaycore import each other)
    dc = sys.modules["displayio._displaycore"]
    core = dc._DisplayCore
    if getattr(core, 'FIXED', False):
        return
    src = textwrap.dedent(inspect.getsource(core.set_region_to_update))
    fixed = src.replace('((region_x1 >> 4) & 0xF0) | 0x10', '((region_x1 >> 4) & 0x0F) | 0x10')
    if fixed != src:
        ns = {}
        exec(compile(fixed, dc.__file__, 'exec'), dc.__dict__, ns)
        core.set_region_to_update = ns['set_region_to_update']
    core.FIXED = True


def install(name, boards_on_path=True):
    """The fake CircuitPython modules for board `name` in sys.modules, boards/ on the
    path, board.DISPLAY made; returns the Host (also host())."""
    global _host
    _host = Host(name)
    mods = {'microcontroller': _microcontroller(), 'digitalio': _digitalio(),
            'keypad': _keypad(), 'rotaryio': _rotaryio(), 'neopixel_write': _neopixel_write(),
            'storage': _storage(), 'supervisor': _supervisor()}
    busio = types.ModuleType('busio')
    busio.SPI = SPI
    busio.I2C = object
    mods['busio'] = busio
    for k, v in mods.items():
        sys.modules[k] = v
    board = types.ModuleType('board')
    board.board_id = {'reverse_tft': 'adafruit_feather_esp32s3_reverse_tft',
                      'macropad': 'adafruit_macropad_rp2040'}[name]
    for pin in BOARD_PINS[name]:
        setattr(board, pin, Pin(pin))
    sys.modules['board'] = board
    # (blinka's displayio imports digitalio, busio and microcontroller: call install()
    # before anything imports displayio, in a fresh interpreter)
    _fix_displaycore()
    import bitmaptools
    bitmaptools.arrayblit = arrayblit
    if boards_on_path:
        if BOARDS_DIR in sys.path:
            sys.path.remove(BOARDS_DIR)
        sys.path.insert(0, BOARDS_DIR)
    board.DISPLAY = _make_display(name, board)
    return _host
