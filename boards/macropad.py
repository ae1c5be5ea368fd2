# Board: Adafruit MacroPad RP2040 (Adafruit product 5128) on CircuitPython 9: 128x64
# mono OLED (SH1106), 12 keys in a 3x4 grid, a rotary encoder with a push button, and
# a NeoPixel under each key.
#
# Pin map sources:
#   Adafruit's own MacroPad library, github.com/adafruit/Adafruit_CircuitPython_MacroPad
#     adafruit_macropad.py: the keys are board.KEY1..board.KEY12 (KEY1 top left, rows of
#     three), read with keypad.Keys(pins, value_when_pressed=False, pull=True): pulled
#     up, pressed = low; the encoder is rotaryio.IncrementalEncoder(board.ROTA,
#     board.ROTB) and the library reports `position * -1`, so that its value grows
#     turning clockwise: rotaryio's own position falls clockwise (CW_SIGN below); the
#     encoder's push button is board.BUTTON, pulled up, pressed = low; the display is
#     board.DISPLAY; the 12 NeoPixels are on board.NEOPIXEL, KEY1's first.
#   CircuitPython's board definition, github.com/adafruit/circuitpython
#     ports/raspberrypi/boards/adafruit_macropad_rp2040: board.DISPLAY is the SH1106 that
#     CircuitPython sets up itself at boot. We use it as it is, through displayio.
#
# The controls. Trackside's screens know boards of 2, 3 and 4 buttons (their hints say
# what to press), so the MacroPad is a 3-button board, UP, DOWN and SEL, as the OLED
# board is, with several controls for each:
#   UP      the encoder turned anticlockwise (one detent, one step), or KEY2 (repeats)
#   DOWN    the encoder turned clockwise, or KEY8 (repeats)
#   SEL     the encoder pushed, or KEY5: select; held: back; held very long: undo
#   KEY1    back: holds SEL for 0.7 s (between HOLD_MS and VERY_MS of ui/keys.py)
#   KEY3    undo: holds SEL for 1.7 s (past VERY_MS)
# Lists and amounts follow the screens' up and down: clockwise moves down a list and
# lowers an amount. The other keys are not read: the UI has no key events for verbs.
#
# Copied to CIRCUITPY as trackside_board.py by tools/install_cp.py, with cp_canvas.py,
# cp_keys.py, code.py (boards/cp_code.py) and boot.py (boards/cp_boot.py).
import board
import keypad

import cp_canvas
import cp_keys

cp_canvas.install()         # `import framebuf` is the displayio canvas from here on
cp_canvas.CACHE_BYTES = 4096        # the RP2040's heap is small (docs/benchmarks-source.md); its fonts are small too
cp_canvas.GLYPHS = 64               # (4 KB holds about 50 of its glyphs)

NAME = 'Adafruit MacroPad RP2040'
WIDTH, HEIGHT = 128, 64
MONO = True
BUTTONS = ('UP', 'DOWN', 'SEL')     # as the 3-button OLED board: see above
KEYMAP = (
    ('up', 'repeat', None),
    ('down', 'repeat', None),
    ('select', 'back', 'undo'),     # hold: back, very long: undo
)
SAVES = '/saves'
UP, DOWN, SEL = 0, 1, 2
# the keys read, and what each does: a BUTTONS bit, or (bit, ms) a hold of it
KEYS = (1, 2, 3, 5, 8)
KEY_DOES = ((SEL, 700), UP, (SEL, 1700), SEL, DOWN)
CW_SIGN = -1                        # rotaryio's position falls turning clockwise

# boot.py: held at power-on (or reset), this key leaves CIRCUITPY writable by the
# computer (and Trackside cannot save)
EDIT_PIN = 'KEY1'
EDIT_PRESSED = False                # pulled up, pressed = low
EDIT_HINT = 'hold KEY1 (top left) while pressing Reset'


class KeyLights:
    """rgb(r, g, b): the NeoPixels under the keys in use, dimmed, in the colour of the
    player to move (through the built-in neopixel_write: 12 pixels, GRB)."""

    def __init__(self, pin, scale=24):
        import digitalio
        import neopixel_write
        self._write = neopixel_write.neopixel_write
        self.pin = digitalio.DigitalInOut(pin)
        self.pin.switch_to_output(value=False)
        self.scale = scale
        self.buf = bytearray(36)
        self.rgb(0, 0, 0)

    def rgb(self, r, g, b):
        s = self.scale
        g, r, b = (g * s) >> 8, (r * s) >> 8, (b * s) >> 8
        buf = self.buf
        for k in KEYS:
            i = (k - 1) * 3
            buf[i] = g
            buf[i + 1] = r
            buf[i + 2] = b
        self._write(self.pin, buf)


def buttons():
    import rotaryio
    push = keypad.Keys((board.BUTTON,), value_when_pressed=False, pull=True)
    keys = keypad.Keys(tuple(getattr(board, 'KEY%d' % k) for k in KEYS),
                       value_when_pressed=False, pull=True)
    encoder = rotaryio.IncrementalEncoder(board.ROTA, board.ROTB)
    return cp_keys.Levels(((push, (SEL,)), (keys, KEY_DOES)), len(BUTTONS), encoder,
                          DOWN, UP, CW_SIGN)


def open():
    display = cp_canvas.Display(board.DISPLAY, WIDTH, HEIGHT, True)
    return display, buttons(), KeyLights(board.NEOPIXEL)
