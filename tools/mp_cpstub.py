# CircuitPython's built-in modules, as far as boards/macropad.py, cp_canvas.py and
# cp_keys.py use them, for tools/mp_source.py on the MicroPython interpreter: board,
# displayio, bitmaptools, keypad, rotaryio, digitalio, neopixel_write (this module
# stands for each of them). They draw nothing and read no pins: on a board they are C
# in the firmware, so tools/mp_source.py leaves this module's code out of the heap
# figures. What a board allocates on its heap is allocated here too: each Bitmap's
# pixels (CircuitPython's shared-module/displayio/Bitmap.c: rows of 32-bit words,
# bits_per_value the power of two that holds value_count), a Palette's colours.
import sys

NAMES = ('board', 'displayio', 'bitmaptools', 'keypad', 'rotaryio', 'digitalio',
         'neopixel_write')


def install():
    me = sys.modules[__name__]
    for n in NAMES:
        sys.modules[n] = me


class Bitmap:
    def __init__(self, width, height, value_count):
        bits = 1
        while (1 << bits) < value_count:
            bits *= 2
        self.width = width
        self.height = height
        self._data = bytearray(((width * bits + 31) // 32) * 4 * height)

    def fill(self, c):
        pass

    def __getitem__(self, xy):
        return 0

    def __setitem__(self, xy, c):
        pass


class Palette:
    def __init__(self, n):
        self._c = [0] * n

    def __setitem__(self, i, c):
        self._c[i] = c


class Group:
    def __init__(self):
        self._items = []

    def append(self, x):
        self._items.append(x)


class TileGrid:
    def __init__(self, bitmap, pixel_shader=None):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader


def fill_region(*args):
    pass


def arrayblit(*args):
    pass


def blit(*args, **kw):
    pass


class _Panel:
    # board.DISPLAY: made by CircuitPython at boot, outside the heap Trackside uses
    auto_refresh = True
    root_group = None

    def refresh(self, **kw):
        pass


DISPLAY = _Panel()
for _k in range(1, 13):
    globals()['KEY%d' % _k] = 'KEY%d' % _k
BUTTON = 'BUTTON'
ROTA = 'ROTA'
ROTB = 'ROTB'
NEOPIXEL = 'NEOPIXEL'


class Event:
    key_number = 0
    pressed = False


class _Queue:
    def get_into(self, ev):
        return False


class Keys:
    def __init__(self, pins, value_when_pressed=False, pull=True):
        self.events = _Queue()


class IncrementalEncoder:
    def __init__(self, a, b):
        self.position = 0


class DigitalInOut:
    def __init__(self, pin):
        self.pin = pin

    def switch_to_output(self, value=False):
        pass


def neopixel_write(pin, buf):
    pass
