# ST7789 display driver for Trackside (4-wire SPI: SCK, MOSI, DC, CS; RST optional).
# Shared by pico_display.py, pico_display2.py and tdisplay.py; imported as the top-level
# module `st7789` (on the device it sits beside board.py; on the host boards/ is on sys.path).
#
# The UI draws into `band`, a 4-bit GS4_HMSB FrameBuffer (16 colour indices) as wide as
# the screen and `rows` rows high (BAND_ROWS: 4.3 KB at 240 wide, 5.8 KB at 320): the
# whole screen would be 16.2 KB at 240x135, 38.4 KB at 320x240, of a Pico's 240 KB heap.
# The UI's Painter draws into it where it is and moves it down or up the screen
# (firmware/trackside/ui/paint.py), setting `top`, the screen row of its first row. show(x, y, w, h) sets the panel's window to that rectangle (in the
# band's rows) and streams it as RGB565 in bands of a few rows: each band is converted into
# a small RGB565 line buffer (1 KB at most: LINE_BYTES) and sent with one SPI write. No full-screen buffer
# is ever allocated. (rows=height makes the band the whole screen: `canvas`.)
#
# The conversion is the CPU's part of a show. Where MicroPython compiles native code (the
# rp2 and esp32 ports do), blit565.py's viper functions convert each band: a byte of the
# canvas (two pixels) to one word of a table of the palette's pairs. Elsewhere (CPython, a
# build without native code) framebuf's blit through the palette does it, the same bytes
# at about 65 instructions a pixel: the ST7789 has no palette mode to take 4-bit pixels,
# and framebuf has no 2-pixel-at-a-time lookup. framebuf's blit converts every pixel of
# its destination that the source covers, so each band's FrameBuffer is exactly the band:
# w wide and as many rows as are sent (the last band of a window, and a window lower than a
# band, get one of their own height).
#
# Byte order: the ST7789 takes each 16-bit pixel high byte first (datasheet, 65K colour
# 4-line serial interface). framebuf's RGB565 stores pixels as native little-endian
# uint16, so the palette holds every colour byte-swapped: the blit then writes the bytes
# in wire order and the line buffer goes out as it is.
#
# Commands and their timings are from the Sitronix ST7789V datasheet (v1.0, section 9.1):
# SWRESET 01h (wait 5 ms, 120 ms before SLPOUT), SLPOUT 11h (wait 5 ms, 120 ms before a
# later SLPIN), COLMOD 3Ah (55h: 65K colours, 16 bits a pixel), MADCTL 36h (MY MX MV ML
# RGB MH), INVON 21h (the IPS panels on these boards show true colours inverted), NORON
# 13h, CASET 2Ah / RASET 2Bh (start and end, 16 bits each, high byte first), RAMWR 2Ch,
# DISPON 29h, SLPIN 10h, DISPOFF 28h.
import framebuf
from array import array

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

try:
    import blit565          # machine code, compiled on the board as it is imported
except Exception:           # CPython (no viper), a MicroPython without native code
    blit565 = None
try:
    from ink4 import ink4   # text into the canvas in machine code (the UI's Painter)
except Exception:
    ink4 = None

try:
    from time import sleep_ms
except ImportError:         # CPython
    from time import sleep as _sleep

    def sleep_ms(ms):
        _sleep(ms / 1000)

SWRESET = const(0x01)
SLPIN = const(0x10)
SLPOUT = const(0x11)
NORON = const(0x13)
INVON = const(0x21)
DISPOFF = const(0x28)
DISPON = const(0x29)
CASET = const(0x2A)
RASET = const(0x2B)
RAMWR = const(0x2C)
MADCTL = const(0x36)
COLMOD = const(0x3A)

# MADCTL bits
MY = const(0x80)    # row address order (mirror the 320-row axis)
MX = const(0x40)    # column address order (mirror the 240-column axis)
MV = const(0x20)    # row/column exchange (landscape)
ML = const(0x10)    # vertical refresh order (no effect on addressing)
BGR = const(0x08)   # the panel's subpixels are B-G-R

COLMOD_16BIT = const(0x55)

# The RGB565 line buffer: at 240 wide 2 rows (960 bytes), at 320 wide 1 row. It was 4 KB
# (8 rows) until 2026-12-05: 3 KB of a Pico's heap back, for a band's own cost (the
# converter's call and the write, about 3,300 instructions) four times as often
# (docs/boards.md).
LINE_BYTES = const(1024)
# the UI's canvas, a band of the screen this many rows high: a line of the boards' tallest
# text but the 320x240 board's big digits (bold 28 rows, the amounts' digits 32) fits whole
BAND_ROWS = const(36)


def rgb565(r, g, b):
    return ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)


class ST7789:
    """The display: canvas, width, height, palette(colours), show(x, y, w, h).

    x0, y0: where the visible window starts in the controller's RAM, in the
    orientation that madctl selects (the panel's column and row offsets).
    tuning: ((command, data), ...) sent after COLMOD/MADCTL: the panel maker's
    power and gamma settings, if it publishes them.
    bytes_written counts every byte sent on SPI (commands, parameters, pixels).
    """

    def __init__(self, spi, width, height, dc, cs=None, reset=None, x0=0, y0=0,
                 madctl=0, tuning=(), line_bytes=LINE_BYTES, rows=None):
        self.spi = spi
        self.dc = dc
        self.cs = cs
        self.rst = reset
        self.width = width
        self.height = height
        self.mono = False
        self.x0 = x0
        self.y0 = y0
        self.madctl = madctl
        self.bytes_written = 0
        # the UI's canvas: a band of the screen, rows high (from screen row top)
        if rows is None:
            rows = BAND_ROWS
        self.rows = rows = max(1, min(height, rows))
        self.band_buffer = bytearray(((width + 1) >> 1) * rows)
        self.band = framebuf.FrameBuffer(self.band_buffer, width, rows, framebuf.GS4_HMSB)
        self.top = 0
        if rows == height:          # the whole screen: the canvas of a display without a band
            self.canvas, self.buffer = self.band, self.band_buffer
        self.ink4 = ink4
        self._pal_words = bytearray(32)
        self._pal = framebuf.FrameBuffer(self._pal_words, 16, 1, framebuf.RGB565)
        # the band converter: the blit565 module (machine code), or None for framebuf's
        # blit; with it, the palette's 256 pairs (1 KB)
        self.convert = blit565
        self._pairs = None
        self._spec = array('H', [0, 0, 0, 0, (width + 1) >> 1])
        rows = line_bytes // (width * 2)
        if rows < 1:
            rows = 1
        self._line = bytearray(width * 2 * rows)
        self._line_mv = memoryview(self._line)
        # two FrameBuffers over _line kept for the next show (see _band): a whole band and
        # a last one, each keyed by width << 16 | rows
        self._fb1 = self._fb2 = None
        self._key1 = self._key2 = -1
        self._cmd = bytearray(1)
        self._arg = bytearray(4)
        # until the UI sets its own: 16 greys, 0 black .. 15 white
        self.palette([(i * 17, i * 17, i * 17) for i in range(16)])
        self.init(tuning)

    # -- the interface the UI uses ------------------------------------------------

    def palette(self, colours):
        pal = self._pal
        i = 0
        for c in colours:
            if i > 15:
                break
            v = rgb565(c[0], c[1], c[2])
            pal.pixel(i, 0, ((v & 0xFF) << 8) | (v >> 8))     # wire order in memory
            i += 1
        if self.convert is not None:
            self._pairs = self.convert.pair_table(self._pal_words, self._pairs)

    def show(self, x, y, w, h):
        # (a rectangle of the screen, in the band's rows from top)
        # the UI clips already; stay inside the panel all the same
        if x < 0:
            w += x
            x = 0
        if y < 0:
            h += y
            y = 0
        if x + w > self.width:
            w = self.width - x
        # and inside the band: the machine code reads its bytes unchecked
        if y < self.top:
            h -= self.top - y
            y = self.top
        if y + h > self.top + self.rows:
            h = self.top + self.rows - y
        if w <= 0 or h <= 0:
            return
        rows = len(self._line) // (w * 2)
        if rows > h:
            rows = h
        convert = self.convert
        top = self.top
        if convert is None:
            band = self._band(w, rows)
            canvas = self.band
            pal = self._pal
        else:
            spec = self._spec
            spec[1] = x & 1
            spec[2] = w
            stride = spec[4]
            at = (y - top) * stride + (x >> 1)      # the band's first byte in the canvas
            if x & 1 or w & 1:
                fast, table = convert.band, self._pal_words     # a pixel at a time
            else:
                fast, table = convert.pairs, self._pairs        # two at a time
        # (what every band uses is taken once, here: this loop runs a band every
        # 2 rows, and a look-up or an allocation in it is paid each time)
        mv = self._line_mv
        whole = mv[:rows * w * 2]       # a whole band's bytes; only a last band slices anew
        spi = self.spi
        src = self.band_buffer
        dst = self._line
        self._window(x, y, x + w - 1, y + h - 1)
        end = y + h
        while y < end:
            n = end - y
            if n > rows:
                n = rows
            if convert is None:
                if n < rows:
                    band = self._band(w, n)     # the last band: convert only its own rows
                band.blit(canvas, -x, top - y, -1, pal)
            else:
                spec[0] = at
                spec[3] = n
                fast(src, dst, table, spec)
                at += rows * stride
            spi.write(whole if n == rows else mv[:n * w * 2])
            y += rows
        self.bytes_written += h * w * 2
        self._deselect()

    def _band(self, w, rows):
        # A FrameBuffer over the start of the line buffer, w wide and rows high: the blit
        # converts exactly the pixels that are sent. The two used last are kept (a window's
        # whole bands and its last one), so a show of the same size allocates nothing.
        key = (w << 16) | rows
        if key == self._key1:
            return self._fb1
        if key == self._key2:
            # the one used last goes first: a window's two sizes alternate
            self._key1, self._key2 = self._key2, self._key1
            self._fb1, self._fb2 = self._fb2, self._fb1
            return self._fb1
        fb = framebuf.FrameBuffer(self._line, w, rows, framebuf.RGB565)
        self._key2, self._fb2 = self._key1, self._fb1
        self._key1, self._fb1 = key, fb
        return fb

    # -- power ---------------------------------------------------------------------

    def sleep(self, asleep):
        """Panel to sleep (about 10 uA) or back; the board turns its backlight."""
        if asleep:
            self.command(DISPOFF)
            self.command(SLPIN)
            sleep_ms(5)
        else:
            self.command(SLPOUT)
            sleep_ms(120)
            self.command(DISPON)

    # -- the bus ---------------------------------------------------------------------

    def init(self, tuning=()):
        if self.rst is not None:
            self.rst(1)
            sleep_ms(1)
            self.rst(0)         # datasheet: a low pulse of at least 10 us
            sleep_ms(1)
            self.rst(1)
            sleep_ms(120)
        self.command(SWRESET)
        sleep_ms(150)
        self.command(SLPOUT)
        sleep_ms(120)
        self.command(COLMOD, bytes((COLMOD_16BIT,)))
        self.command(MADCTL, bytes((self.madctl,)))
        for cmd, data in tuning:
            self.command(cmd, data)
        self.command(INVON)
        self.command(NORON)
        # the RAM holds noise after reset: black before DISPON (0x0000 in any palette
        # order), the line buffer's zeros sent as often as the screen needs
        self._line[:] = bytes(len(self._line))
        self._window(0, 0, self.width - 1, self.height - 1)
        left = self.width * self.height * 2
        while left > 0:
            n = min(left, len(self._line))
            self.spi.write(self._line_mv[:n])
            self.bytes_written += n
            left -= n
        self._deselect()
        self.command(DISPON)
        sleep_ms(10)

    def command(self, cmd, data=None):
        """One command byte (DC low), then its parameters (DC high), under one CS low."""
        if self.cs is not None:
            self.cs(0)
        self._send_cmd(cmd)
        if data:
            self.dc(1)
            self.spi.write(data)
            self.bytes_written += len(data)
        self._deselect()

    def _send_cmd(self, cmd):
        self.dc(0)
        self._cmd[0] = cmd
        self.spi.write(self._cmd)
        self.bytes_written += 1

    def _deselect(self):
        if self.cs is not None:
            self.cs(1)

    def _window(self, x0, y0, x1, y1):
        # CASET, RASET, RAMWR under one CS low; leaves CS low and DC high for the pixels
        if self.cs is not None:
            self.cs(0)
        self._range(CASET, x0 + self.x0, x1 + self.x0)
        self._range(RASET, y0 + self.y0, y1 + self.y0)
        self._send_cmd(RAMWR)
        self.dc(1)

    def _range(self, cmd, first, last):
        # CASET or RASET: the first and last column (row), 16 bits each, high byte first
        self._send_cmd(cmd)
        self.dc(1)
        arg = self._arg
        arg[0] = first >> 8
        arg[1] = first & 0xFF
        arg[2] = last >> 8
        arg[3] = last & 0xFF
        self.spi.write(arg)
        self.bytes_written += 4
