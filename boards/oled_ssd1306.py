# Board: any MicroPython board + a 128x64 SSD1306 OLED on I2C + three push buttons.
#
# The display driver is micropython-lib's `ssd1306` (SSD1306_I2C); tools/deploy.py
# installs it with `mpremote mip install ssd1306`. Its object is itself a MONO_VLSB
# FrameBuffer over its 1 KB `buffer`, so it is the canvas.
#
# PINS: change them here for your board. The defaults suit a Raspberry Pi Pico:
#   OLED SDA -> GP4 (pin 6), SCL -> GP5 (pin 7): the Pico's I2C0 on those pins
#   (Raspberry Pi "Pico pinout" / RP2040 datasheet GPIO function table), VCC -> 3V3(OUT)
#   (pin 36), GND -> any GND (pin 8).
#   Buttons from GP10 (pin 14), GP11 (pin 15), GP12 (pin 16) to GND (pin 13 or 18), using
#   the internal pull-ups: pressed reads low.
# On an ESP32 any free GPIOs do (I2C through the GPIO matrix), e.g. SDA 21, SCL 22 and
# buttons on 25, 26, 27; avoid the input-only 34-39 unless the buttons have resistors.
# I2C address 0x3C (the usual module; 0x3D if its address jumper is moved).
from machine import Pin, I2C
import ssd1306

I2C_ID = 0
PIN_SDA = 4
PIN_SCL = 5
I2C_HZ = 400000
ADDR = 0x3C
PINS_BUTTONS = (10, 11, 12)         # in BUTTONS order: up, down, select

NAME = 'SSD1306 OLED'
WIDTH, HEIGHT = 128, 64
MONO = True
BUTTONS = ('UP', 'DOWN', 'SEL')     # label them so on the case
KEYMAP = (
    ('up', 'repeat', None),
    ('down', 'repeat', None),
    ('select', 'back', 'undo'),     # hold: back, very long: undo
)
SAVES = '/saves'


class Display:
    """canvas (the SSD1306_I2C object), width, height, palette(), show(x, y, w, h).

    show() sends only the 8-row pages and the columns the rectangle touches: the
    window in one transaction (Co=0, D/C#=0, then 21h x0 x1 22h p0 p1: column and page
    address, horizontal addressing mode as the driver sets it), then the bytes in a
    second (40h then the data), each page's columns straight from the driver's buffer.
    A full frame is 1032 bytes (~24 ms at 400 kHz), one 16-row line of text a few hundred.
    bytes_written counts what show() sends.
    """

    def __init__(self, i2c, addr=ADDR):
        self.i2c = i2c
        self.addr = addr
        self.oled = ssd1306.SSD1306_I2C(WIDTH, HEIGHT, i2c, addr)
        self.canvas = self.oled
        self.mono = True
        self.width = WIDTH
        self.height = HEIGHT
        self.bytes_written = 0
        self._window = bytearray(b'\x00\x21\x00\x7f\x22\x00\x07')
        self._buf = memoryview(self.oled.buffer)

    def palette(self, colours):
        pass                        # mono: 0 dark, 1 lit

    def show(self, x=0, y=0, w=None, h=None):
        if w is None:
            w = WIDTH - x
        if h is None:
            h = HEIGHT - y
        if x < 0:
            w += x
            x = 0
        if y < 0:
            h += y
            y = 0
        if x + w > WIDTH:
            w = WIDTH - x
        if y + h > HEIGHT:
            h = HEIGHT - y
        if w <= 0 or h <= 0:
            return
        p0 = y >> 3
        p1 = (y + h - 1) >> 3
        win = self._window
        win[2] = x
        win[3] = x + w - 1
        win[5] = p0
        win[6] = p1
        self.i2c.writeto(self.addr, win)
        buf = self._buf
        if w == WIDTH:
            vec = [b'\x40', buf[p0 * WIDTH:(p1 + 1) * WIDTH]]
        else:
            vec = [b'\x40']
            for p in range(p0, p1 + 1):
                vec.append(buf[p * WIDTH + x:p * WIDTH + x + w])
        self.i2c.writevto(self.addr, vec)
        self.bytes_written += 8 + w * (p1 - p0 + 1)

    def sleep(self, asleep):
        if asleep:
            self.oled.poweroff()
        else:
            self.oled.poweron()


class Buttons:
    def __init__(self, pins):
        self.pins = tuple(Pin(p, Pin.IN, Pin.PULL_UP) for p in pins)

    def pressed(self):
        # bit i: BUTTONS[i] is held (an int: no allocation on every poll)
        mask = 0
        bit = 1
        for p in self.pins:
            if p.value() == 0:
                mask |= bit
            bit <<= 1
        return mask


def open():
    i2c = I2C(I2C_ID, scl=Pin(PIN_SCL), sda=Pin(PIN_SDA), freq=I2C_HZ)
    return Display(i2c), Buttons(PINS_BUTTONS), None
