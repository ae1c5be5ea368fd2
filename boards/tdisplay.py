# Board: LilyGO TTGO T-Display (ESP32): 1.14" IPS LCD, 135x240, ST7789V on SPI;
# two buttons; backlight on a GPIO; no user LED.
#
# Pin map source: LilyGO, github.com/Xinyuan-LilyGO/TTGO-T-Display
#   README.MD (pinout table)   TFT_MOSI=19 TFT_SCLK=18 TFT_CS=5 TFT_DC=16 TFT_BL=4
#                              BUTTON1=35 BUTTON2=0
#   TTGO-T-Display.ino, TTGO_T_Display.h   TFT_RST=23 (the README table says N/A; the
#                              maker's own sketch and TFT_eSPI setup drive 23, so we do);
#                              backlight on = HIGH; SPI at 40 MHz
#   The panel window (TFT_eSPI's ST7789_Rotation.h, the driver LilyGO's README points to):
#   135x240 portrait starts at column 52, row 40; landscape "rotation 1" is MADCTL MX|MV
#   with columns from 40 and rows from 53 (rotation 3: MY|MV, rows from 52).
#
# Landscape, 240x135: the board is a long bar with the screen along it and the two buttons
# at one short end beside the USB socket, so in its case it is held sideways and the
# buttons sit at the side of the picture. Rotation 1 is the landscape LilyGO's own demo
# uses (TTGO-T-Display.ino draws its 240x135 logo with setRotation(1)). Which end the
# buttons are on in that rotation has not been checked on a board: if the picture is
# upside down, set FLIP = True.
#
# Buttons: both pressed = low. GPIO0 is the BOOT button (pulled up on the board; we add
# the internal pull-up too). GPIO35 is input-only on the ESP32, with no internal pulls:
# the board's own resistor pulls it up, so we ask for none.
from machine import Pin, SPI
import st7789

NAME = 'LilyGO T-Display'
WIDTH, HEIGHT = 240, 135
MONO = False
BUTTONS = ('BTN1', 'BTN2')          # LilyGO's names: BUTTON1 (GPIO35), BUTTON2 (GPIO0)
KEYMAP = (
    ('advance', 'repeat', None),    # BTN1
    ('select', 'back', 'undo'),     # BTN2, hold: back, very long: undo
)
SAVES = '/saves'

FLIP = False                        # True: turn the picture 180 degrees

PIN_SCK = 18
PIN_MOSI = 19
PIN_CS = 5
PIN_DC = 16
PIN_RST = 23
PIN_BL = 4
PINS_BUTTONS = (35, 0)              # in BUTTONS order
SPI_ID = 2                          # VSPI; any pins through the GPIO matrix
# 40 MHz is the fastest this wiring can run: the ESP32's SPI reaches 80 MHz only on its
# IO_MUX pins (VSPI: SCK 18, MOSI 23), and LilyGO put MOSI on GPIO19, so the signals go
# through the GPIO matrix, whose limit is 40 MHz (ESP-IDF spi_master, spi_bus_config_t:
# "the IO_MUX is used, allowing for >40MHz speeds"; Espressif on esp32.com, "SPI speed via
# GPIO matrix": "The maximum SPI clock over GPIO is 40MHz"). 40 MHz is the 80 MHz APB clock
# divided by 2, so the bus gets exactly what it asks for.
SPI_HZ = 40000000

if FLIP:
    MADCTL = st7789.MY | st7789.MV
    X0, Y0 = 40, 52
else:
    MADCTL = st7789.MX | st7789.MV
    X0, Y0 = 40, 53


class Buttons:
    def __init__(self, pins):
        # GPIO35: no internal pull exists; GPIO0: pull-up
        self.pins = (Pin(pins[0], Pin.IN, None), Pin(pins[1], Pin.IN, Pin.PULL_UP))

    def pressed(self):
        # bit i: BUTTONS[i] is held (an int: no allocation on every poll)
        return (self.pins[0].value() == 0) | (self.pins[1].value() == 0) << 1


def open():
    # miso=None: VSPI's default MISO is GPIO19, our MOSI
    spi = SPI(SPI_ID, baudrate=SPI_HZ, polarity=0, phase=0, sck=Pin(PIN_SCK),
              mosi=Pin(PIN_MOSI), miso=None)
    backlight = Pin(PIN_BL, Pin.OUT, value=0)
    display = st7789.ST7789(spi, WIDTH, HEIGHT, dc=Pin(PIN_DC, Pin.OUT, value=0),
                            cs=Pin(PIN_CS, Pin.OUT, value=1),
                            reset=Pin(PIN_RST, Pin.OUT, value=1),
                            x0=X0, y0=Y0, madctl=MADCTL)
    display.backlight = backlight
    display.spi_hz = SPI_HZ             # the rate the bus runs at (for the benchmarks)
    backlight.on()
    return display, Buttons(PINS_BUTTONS), None
