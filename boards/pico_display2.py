# Board: Raspberry Pi Pico (RP2040) + Pimoroni Pico Display Pack 2.0 (PIM580): 2.0" IPS
# LCD, 320x240, ST7789 on SPI0; buttons A B X Y; RGB LED.
#
# Pin map source: Pimoroni's own C++ library, github.com/pimoroni/pimoroni-pico
#   libraries/pico_display_2/pico_display_2.hpp  A=GP12 B=GP13 X=GP14 Y=GP15,
#                                                LED R=GP6 G=GP7 B=GP8
#   libraries/pico_display_2/pico_display_2.cpp  buttons pulled up, pressed reads low;
#                                                LED PWM polarity inverted (active low);
#                                                the display on BG_SPI_FRONT as on the 1.14"
#   common/pimoroni_common.hpp                   SCK=GP18 MOSI=GP19 DC=GP16 CS=GP17
#                                                backlight=GP20
#   drivers/st7789/st7789.cpp                    320x240 landscape: MADCTL MX|MV|ML,
#                                                columns 0..319, rows 0..239 (no offset);
#                                                the panel settings below
#
# The same pins as the 1.14" pack, so this module reuses pico_display's open_pack(),
# Buttons and RGBLed: tools/deploy.py copies pico_display.py along with it.
import st7789
import pico_display

NAME = 'Pimoroni Pico Display Pack 2.0'
WIDTH, HEIGHT = 320, 240
MONO = False
BUTTONS = pico_display.BUTTONS
KEYMAP = pico_display.KEYMAP
SAVES = '/saves'
PINS_BUTTONS = pico_display.PINS_BUTTONS    # A B X Y: GP12..GP15

MADCTL = st7789.MX | st7789.MV | st7789.ML
X0, Y0 = 0, 0

# Pimoroni's settings for the 320x240 panel (drivers/st7789/st7789.cpp): the common
# block, then GCTRL, VCOMS and the two gamma curves (register names in pico_display.py).
TUNING = pico_display.COMMON + (
    (0xB7, b'\x35'),
    (0xBB, b'\x1f'),
    (0xE0, b'\xd0\x08\x11\x08\x0c\x15\x39\x33\x50\x36\x13\x14\x29\x2d'),
    (0xE1, b'\xd0\x08\x10\x08\x06\x06\x39\x44\x51\x0b\x16\x14\x2f\x31'),
)


def open():
    return pico_display.open_pack(WIDTH, HEIGHT, X0, Y0, MADCTL, TUNING)
