# Board: Adafruit ESP32-S3 Reverse TFT Feather (Adafruit product 5691) on CircuitPython 9:
# 1.14" IPS TFT, 240x135, ST7789; three buttons D0 D1 D2 beside the screen; one NeoPixel.
#
# Pin map sources (what was read, and where):
#   Adafruit's guide, learn.adafruit.com/esp32-s3-reverse-tft-feather, "Pinouts", is the
#     maker's own page for the buttons and their pulls; it could not be fetched where this
#     was written, so the facts below come from the two sources after it. Check them there.
#   The Zephyr project's page for this board (docs.zephyrproject.org, boards/adafruit/
#     feather_esp32s3_tft_reverse), from Adafruit's description: 240x135 ST7789 IPS TFT,
#     "Three User Tactile buttons - D0, D1, and D2. D0/BOOT0 is also used for entering ROM
#     bootloader mode": held at reset, D0 starts the bootloader, not CircuitPython.
#   A CircuitPython example for this board by Neradoc (Circuitpython sample scripts):
#     "buttons D1 and D2 are pulled down (for wake up purposes)": keypad.Keys((board.D1,
#     board.D2), value_when_pressed=True, pull=True); D0, the BOOT button, is pulled up
#     and reads low when pressed: value_when_pressed=False. So: D0 pressed = LOW,
#     D1 and D2 pressed = HIGH. keypad's pull=True pulls away from the pressed level.
#   CircuitPython's board definition, github.com/adafruit/circuitpython
#     ports/espressif/boards/adafruit_feather_esp32s3_reverse_tft: board.D0..D2,
#     board.NEOPIXEL, board.NEOPIXEL_POWER, and board.DISPLAY, the ST7789 that
#     CircuitPython sets up itself at boot (240x135 landscape, backlight on). We use that
#     display as it is, through displayio: there is no display driver of ours here.
#
# Copied to CIRCUITPY as trackside_board.py by tools/install_cp.py, with cp_canvas.py,
# cp_keys.py, code.py (boards/cp_code.py) and boot.py (boards/cp_boot.py).
import board
import keypad

import cp_canvas
import cp_keys

cp_canvas.install()         # `import framebuf` is the displayio canvas from here on

NAME = 'Adafruit ESP32-S3 Reverse TFT Feather'
WIDTH, HEIGHT = 240, 135
MONO = False
BUTTONS = ('D0', 'D1', 'D2')        # as printed beside the buttons
KEYMAP = (
    ('up', 'repeat', None),         # D0
    ('select', 'back', 'undo'),     # D1, hold: back, very long: undo
    ('down', 'repeat', None),       # D2
)
SAVES = '/saves'

# boot.py: held at power-on (or reset), this button leaves CIRCUITPY writable by the
# computer (and Trackside cannot save). Not D0: held at reset, D0 starts the bootloader.
EDIT_PIN = 'D2'
EDIT_PRESSED = True                 # D2 reads high when pressed (pulled low)
EDIT_HINT = 'hold D2 while pressing Reset'


class RGBLed:
    """rgb(r, g, b): the NeoPixel, dimmed (it sits beside the screen), through the
    built-in neopixel_write (GRB byte order, as the WS2812 takes it)."""

    def __init__(self, pin, power=None, scale=32):
        import digitalio
        import neopixel_write
        self._write = neopixel_write.neopixel_write
        self.power = None
        if power is not None:
            self.power = digitalio.DigitalInOut(power)
            self.power.switch_to_output(value=True)
        self.pin = digitalio.DigitalInOut(pin)
        self.pin.switch_to_output(value=False)
        self.scale = scale
        self.buf = bytearray(3)
        self.rgb(0, 0, 0)

    def rgb(self, r, g, b):
        s = self.scale
        buf = self.buf
        buf[0] = (g * s) >> 8
        buf[1] = (r * s) >> 8
        buf[2] = (b * s) >> 8
        self._write(self.pin, buf)


def buttons():
    # D0 pulled up, pressed low; D1 and D2 pulled down, pressed high (see above)
    boot = keypad.Keys((board.D0,), value_when_pressed=False, pull=True)
    others = keypad.Keys((board.D1, board.D2), value_when_pressed=True, pull=True)
    return cp_keys.Levels(((boot, (0,)), (others, (1, 2))), 3)


def open():
    display = cp_canvas.Display(board.DISPLAY, WIDTH, HEIGHT, False)
    led = RGBLed(board.NEOPIXEL, getattr(board, 'NEOPIXEL_POWER', None))
    return display, buttons(), led
