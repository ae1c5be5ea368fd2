# Board: Raspberry Pi Pico (RP2040) + Pimoroni Pico Display Pack (PIM543): 1.14" IPS LCD,
# 240x135, ST7789 on SPI0; buttons A B X Y; RGB LED. The default board.
#
# Pin map source: Pimoroni's own C++ library, github.com/pimoroni/pimoroni-pico
#   libraries/pico_display/pico_display.hpp   A=GP12 B=GP13 X=GP14 Y=GP15, LED R=GP6 G=GP7 B=GP8
#   libraries/pico_display/pico_display.cpp   buttons pulled up, pressed reads low
#                                             (is_pressed = !gpio_get); LED PWM polarity
#                                             inverted: the LED is active low
#   common/pimoroni_common.hpp                SPI_DEFAULT_SCK=GP18 SPI_DEFAULT_MOSI=GP19
#                                             SPI_DEFAULT_DC=GP16, BG_SPI_FRONT: CS=GP17,
#                                             backlight=GP20; no reset line
#   drivers/st7789/st7789.cpp                 240x135 landscape: MADCTL MX|MV|ML, columns
#                                             40..279, rows 53..187; the panel settings below
#
# Copied to the device as board.py by tools/deploy.py; needs st7789.py beside it.
# pico_display2.py reuses open_pack(), Buttons and RGBLed from here.
import machine
from machine import Pin, SPI, PWM
import st7789

NAME = 'Pimoroni Pico Display Pack'
WIDTH, HEIGHT = 240, 135
MONO = False
BUTTONS = ('A', 'B', 'X', 'Y')
KEYMAP = (
    ('select', None, None),         # A
    ('back', 'undo', None),         # B, hold B: undo
    ('up', 'repeat', None),         # X
    ('down', 'repeat', None),       # Y
)
SAVES = '/saves'

PIN_SCK = 18
PIN_MOSI = 19
PIN_DC = 16
PIN_CS = 17
PIN_BL = 20
PINS_BUTTONS = (12, 13, 14, 15)     # in BUTTONS order: A B X Y
PINS_LED = (6, 7, 8)                # R G B, active low
SPI_ID = 0
SPI_HZ = 62500000                   # the ST7789's 16 ns write cycle; RP2040 at 125 MHz / 2

# The SPI clock is clk_peri divided by an even prescaler of at least 2 (RP2040 datasheet,
# 4.4 "SPI": SSPCLK / (CPSDVSR x (1 + SCR)), CPSDVSR even, >= 2; pico-sdk spi_set_baudrate
# picks the divisors, see spi_rate() below). MicroPython 1.24 and later set clk_peri to
# 48 MHz at boot (micropython/micropython pull request 13718, "rp2/main.c: Set the default
# clock frequency at boot": the peripheral clock goes to 48 MHz so that UART and I2C rates
# no longer change with machine.freq()), so SPI(baudrate=62_500_000) runs at 24 MHz: a
# full 240x135 frame takes 21.6 ms on the bus instead of 8.3 ms. MicroPython's rp2 port
# takes a second argument for it: machine.freq(cpu_hz, peripheral_hz), the peripheral
# either 48_000_000 or equal to the CPU's (ports/rp2/modmachine.c, mp_machine_set_freq;
# MICROPY_PY_MACHINE_FREQ_NUM_ARGS_MAX 2 in ports/rp2/mpconfigport.h). open_pack() asks for
# clk_peri = the CPU clock, 125 MHz by default, before it opens the SPI, so the bus gets
# its 62.5 MHz. Safe: the RP2040 datasheet's clock table allows clk_peri up to 133 MHz,
# so this is done only while the CPU runs at PERI_MAX_HZ or less (an overclocked CPU keeps
# the 48 MHz peripheral clock); only UART and SPI run from clk_peri, MicroPython sets its
# REPL UART up again itself, and Trackside opens no other UART. Firmware before 1.24 takes
# one argument (TypeError) and runs clk_peri from the CPU clock already.
PERI_MAX_HZ = 133000000
PERI_DEFAULT_HZ = 48000000

MADCTL = st7789.MX | st7789.MV | st7789.ML
X0, Y0 = 40, 53

# Panel settings Pimoroni sends for this 1.14" panel (drivers/st7789/st7789.cpp): porch,
# gate and power control, VCOM and gamma. The ST7789V datasheet names: PORCTRL B2h,
# LCMCTRL C0h, VDVVRHEN C2h, VRHS C3h, VDVS C4h, PWCTRL1 D0h, FRCTRL2 C6h, GCTRL B7h,
# VCOMS BBh, D6h (undocumented, as Pimoroni sends it), PVGAMCTRL E0h, NVGAMCTRL E1h.
# COMMON: what Pimoroni sends to every panel size first (pico_display2 uses it too).
COMMON = (
    (0xB2, b'\x0c\x0c\x00\x33\x33'),
    (0xC0, b'\x2c'),
    (0xC2, b'\x01'),
    (0xC3, b'\x12'),
    (0xC4, b'\x20'),
    (0xD0, b'\xa4\xa1'),
    (0xC6, b'\x0f'),
)
TUNING = COMMON + (
    (0xC3, b'\x00'),
    (0xB7, b'\x75'),
    (0xBB, b'\x3d'),
    (0xD6, b'\xa1'),
    (0xE0, b'\x70\x04\x08\x09\x09\x05\x2a\x33\x41\x07\x13\x13\x29\x2f'),
    (0xE1, b'\x70\x03\x09\x0a\x09\x06\x2b\x34\x41\x07\x12\x14\x28\x2e'),
)


class Buttons:
    def __init__(self, pins, pull=Pin.PULL_UP, active=0):
        self.pins = tuple(Pin(p, Pin.IN, pull) for p in pins)
        self.active = active        # the level a pressed button reads

    def pressed(self):
        # bit i: BUTTONS[i] is held (an int: no allocation on every poll)
        a = self.active
        mask = 0
        bit = 1
        for p in self.pins:
            if p.value() == a:
                mask |= bit
            bit <<= 1
        return mask


class RGBLed:
    """rgb(r, g, b), 0-255 each, through PWM with a gamma of 2 (even steps to the eye)."""

    def __init__(self, pins, active_low=True, freq=1000):
        self.pwms = []
        for p in pins:
            pwm = PWM(Pin(p))
            pwm.freq(freq)
            self.pwms.append(pwm)
        self.active_low = active_low
        self.rgb(0, 0, 0)

    def rgb(self, r, g, b):
        i = 0
        for v in (r, g, b):
            v = 0 if v < 0 else 255 if v > 255 else int(v)
            duty = v * v * 65535 // 65025
            self.pwms[i].duty_u16(65535 - duty if self.active_low else duty)
            i += 1


def peripheral_clock():
    """Run clk_peri at the CPU clock where that is safe; return clk_peri in Hz."""
    try:
        cpu = machine.freq()
        if cpu > PERI_MAX_HZ:
            return PERI_DEFAULT_HZ
        machine.freq(cpu, cpu)
        return cpu
    except (TypeError, ValueError):
        # one argument only (MicroPython before 1.24: clk_peri is clk_sys already), or a
        # port that refuses: leave the clocks as they are
        return None


def spi_rate(want, peri):
    # The rate the RP2040's SPI really runs at for `want` from clk_peri `peri`, as pico-sdk's
    # spi_set_baudrate() works it out: the smallest even prescale whose range reaches want,
    # then the largest post-divider that does not go over it.
    prescale = 2
    while prescale < 254 and peri >= prescale * 256 * want:
        prescale += 2
    postdiv = 256
    while postdiv > 1 and peri // (prescale * (postdiv - 1)) <= want:
        postdiv -= 1
    return peri // (prescale * postdiv)


def open_pack(width, height, x0, y0, madctl, tuning):
    peri = peripheral_clock()
    # The SPI after the clock (its divisors are set from clk_peri when it is opened). On
    # the rp2 port it also claims SPI0's default MISO, GP16, which the Pin() after it
    # takes back as the DC output.
    spi = SPI(SPI_ID, baudrate=SPI_HZ, polarity=0, phase=0, sck=Pin(PIN_SCK), mosi=Pin(PIN_MOSI))
    backlight = Pin(PIN_BL, Pin.OUT, value=0)       # dark until the first frame is in
    display = st7789.ST7789(spi, width, height, dc=Pin(PIN_DC, Pin.OUT, value=0),
                            cs=Pin(PIN_CS, Pin.OUT, value=1), x0=x0, y0=y0,
                            madctl=madctl, tuning=tuning)
    display.backlight = backlight
    # the rate the bus runs at (for the benchmarks); None: not known (old firmware)
    display.spi_hz = spi_rate(SPI_HZ, peri) if peri else None
    backlight.on()
    return display, Buttons(PINS_BUTTONS), RGBLed(PINS_LED)


def open():
    return open_pack(WIDTH, HEIGHT, X0, Y0, MADCTL, TUNING)
