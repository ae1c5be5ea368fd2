# The canvas on CircuitPython: MicroPython's `framebuf` as far as Trackside's UI uses
# it, carried out on a displayio.Bitmap, and the display the UI pushes it to.
#
# CircuitPython has no framebuf. firmware/trackside/ui/paint.py and font.py
# `import framebuf` and draw through FrameBuffer methods (fill, fill_rect, rect, line,
# hline, vline, pixel, blit(src, x, y, key, palette)), and Font.draw blits 1-bit
# MONO_HLSB glyphs with a 2x1 palette FrameBuffer as the ink. install() puts this module
# in sys.modules as `framebuf` before the UI is imported, so the UI runs unchanged:
#
#   - FrameBuffer here is framebuf's FrameBuffer over a bytearray, for what the UI makes
#     itself (a font's glyph, an ink); only the formats the UI uses are read and written.
#   - Canvas has the same drawing methods on a displayio.Bitmap (16 values on colour
#     screens, 2 on mono), with bitmaptools.fill_region for every filled shape and
#     bitmaptools.arrayblit for text: each glyph seen in an ink is turned once into a
#     block of one byte a pixel (the ink's colours already in it) and kept in one
#     bytearray, so drawing it again is one C call.
#   - Display keeps two Bitmaps: the canvas the UI draws into, and the one a TileGrid
#     shows. show(x, y, w, h) copies that rectangle across (bitmaptools.blit) and
#     refreshes the panel, so displayio sends only it, as show() does on MicroPython.
#
# The pixels are framebuf's, rule for rule (clipping, rect() as four fills, the
# Bresenham of line(), the key compared after the palette), so screenshots match the
# MicroPython canvas pixel for pixel (tests/test_circuitpython.py checks it press by press).
import sys
import time

import bitmaptools
import displayio

MONO_VLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

# bytes of glyph blocks kept per canvas (one byte a pixel: 128 for an 8x16 glyph, 512
# for the 16x32 digits), all in one bytearray made at the first text; when it is full,
# or holds GLYPHS glyphs, the cache starts again, so memory stays bounded on a small
# board (a board module may set either lower or higher). One array, not a bytearray a glyph: on the MacroPad a small
# font's glyph of 24 pixels cost 64 bytes of heap as its own object, and the cache's
# 4 KB of pixels held 9 KB there, in a hundred pieces over the heap (issue 30).
CACHE_BYTES = 24576
GLYPHS = 160            # the most glyphs it keeps: its dict is made at this size


def install():
    # `import framebuf` gives this module from now on (call it before the UI is imported)
    sys.modules['framebuf'] = sys.modules[__name__]


class FrameBuffer:
    # framebuf.FrameBuffer over a bytearray: the UI's glyphs (MONO_HLSB) and inks (2x1,
    # in the canvas's format). pixel() reads and writes them as framebuf does.

    def __init__(self, buffer, width, height, format, stride=None):
        self._buf = buffer
        self._w = width
        self._h = height
        self._fmt = format
        s = width if stride is None else stride
        if format in (MONO_HLSB, MONO_HMSB):
            s = (s + 7) & ~7
        elif format == GS4_HMSB:
            s = (s + 1) & ~1
        self._stride = s

    def pixel(self, x, y, c=None):
        if not (0 <= x < self._w and 0 <= y < self._h):
            return None
        buf = self._buf
        fmt = self._fmt
        if fmt == MONO_HLSB:
            i = (x + y * self._stride) >> 3
            bit = 0x80 >> (x & 7)
        elif fmt == MONO_VLSB:
            i = (y >> 3) * self._stride + x
            bit = 1 << (y & 7)
        elif fmt == GS4_HMSB:
            i = (x + y * self._stride) >> 1
            shift = 0 if x & 1 else 4
            if c is None:
                return (buf[i] >> shift) & 15
            buf[i] = (buf[i] & ~(15 << shift)) | ((c & 15) << shift)
            return None
        elif fmt == GS8:
            i = x + y * self._stride
            if c is None:
                return buf[i]
            buf[i] = c & 255
            return None
        else:
            raise ValueError('format not in the CircuitPython canvas')
        if c is None:
            return 1 if buf[i] & bit else 0
        buf[i] = (buf[i] | bit) if c else (buf[i] & ~bit)
        return None


class Canvas:
    # The framebuf drawing methods on a displayio.Bitmap. mono: 2 values (0 dark, 1 lit),
    # a colour keeps only c != 0 as MONO_VLSB does; else 16 values, c & 15 as GS4_HMSB.

    def __init__(self, bitmap, mono):
        self.bitmap = bitmap
        self.width = bitmap.width
        self.height = bitmap.height
        self.mono = mono
        self._glyphs = {}           # a glyph's bits and ink -> where its block starts
        self._pool = None           # the blocks, one after another (CACHE_BYTES)
        self._cached = 0            # how much of it is used

    def _c(self, c):
        if self.mono:
            return 1 if c & 0xFFFFFFFF else 0
        return c & 15

    def fill(self, c):
        self.bitmap.fill(self._c(c))

    def _fill(self, x, y, w, h, c):
        # framebuf's clipping (fill_rect, hline, vline and rect all come here)
        if w < 1 or h < 1 or x + w <= 0 or y + h <= 0 or x >= self.width or y >= self.height:
            return
        x2 = x + w
        y2 = y + h
        if x < 0:
            x = 0
        if y < 0:
            y = 0
        if x2 > self.width:
            x2 = self.width
        if y2 > self.height:
            y2 = self.height
        bitmaptools.fill_region(self.bitmap, x, y, x2, y2, self._c(c))

    def fill_rect(self, x, y, w, h, c):
        self._fill(x, y, w, h, c)

    def hline(self, x, y, w, c):
        self._fill(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self._fill(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self._fill(x, y, w, h, c)
            return
        # four fills, as framebuf does (with h == 0 the top edge and row y - 1 are drawn)
        self._fill(x, y, w, 1, c)
        self._fill(x, y + h - 1, w, 1, c)
        self._fill(x, y, 1, h, c)
        self._fill(x + w - 1, y, 1, h, c)

    def pixel(self, x, y, c=None):
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None
        if c is None:
            return self.bitmap[x, y]
        self.bitmap[x, y] = self._c(c)
        return None

    def line(self, x1, y1, x2, y2, c):
        # framebuf's Bresenham, step for step (bitmaptools.draw_line lights other pixels)
        c = self._c(c)
        bm = self.bitmap
        w = self.width
        h = self.height
        dx = x2 - x1
        sx = 1
        if dx <= 0:
            dx = -dx
            sx = -1
        dy = y2 - y1
        sy = 1
        if dy <= 0:
            dy = -dy
            sy = -1
        steep = dy > dx
        if steep:
            x1, y1, dx, dy, sx, sy = y1, x1, dy, dx, sy, sx
        e = 2 * dy - dx
        for _ in range(dx):
            if steep:
                px, py = y1, x1
            else:
                px, py = x1, y1
            if 0 <= px < w and 0 <= py < h:
                bm[px, py] = c
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        if 0 <= x2 < w and 0 <= y2 < h:
            bm[x2, y2] = c

    def _block(self, src, c0, c1):
        # The glyph src in the ink c0 (its 0s), c1 (its 1s), one byte a pixel: from the
        # cache, or made there (the cache started again when full or at GLYPHS glyphs),
        # or made apart when it is larger than the whole cache.
        sw = src._w
        sh = src._h
        n = sw * sh
        k = bytes(src._buf) + bytes((c0, c1, sw, sh))
        at = self._glyphs.get(k)
        if at is not None:
            return self._pool[at:at + n]
        if self._pool is None:
            self._pool = memoryview(bytearray(CACHE_BYTES))
            # The dict's table made now at the size it will have: grown in play, the
            # table needs a block of 1-2 KB that a heap in pieces may not have (a
            # game of Russian Railroads on the MacroPad ran out so); emptied, its table
            # is kept (py/map.c reuses the slots).
            for i in range(GLYPHS):
                self._glyphs[i] = 0
            self._empty()
        if n > len(self._pool):
            block = memoryview(bytearray(n))        # (not kept)
            at = 0
        else:
            if self._cached + n > len(self._pool) or len(self._glyphs) >= GLYPHS:
                self._empty()
            block = self._pool
            at = self._cached
            self._glyphs[k] = at
            self._cached += n
        buf = src._buf
        stride = src._stride
        i = at
        for yy in range(sh):
            row = yy * stride
            for xx in range(sw):
                p = row + xx
                block[i] = c1 if buf[p >> 3] & (0x80 >> (p & 7)) else c0
                i += 1
        return block[at:at + n]

    def _empty(self):
        # the cache starts again, its dict's table kept
        while self._glyphs:
            self._glyphs.popitem()
        self._cached = 0

    def blit(self, src, x, y, key=-1, palette=None):
        sw = src._w
        sh = src._h
        if x >= self.width or y >= self.height or -x >= sw or -y >= sh:
            return
        key &= 0xFFFFFFFF
        if palette is not None and src._fmt == MONO_HLSB and x >= 0 and y >= 0 and \
                x + sw <= self.width and y + sh <= self.height:
            # text: the glyph in this ink as one block, then one arrayblit
            c0 = palette.pixel(0, 0)
            c1 = palette.pixel(1, 0)
            block = self._block(src, c0, c1)
            if key == c0 or key == c1:
                if c0 == c1:
                    return                      # every pixel is the key
                bitmaptools.arrayblit(self.bitmap, block, x, y, x + sw, y + sh, key)
            else:
                bitmaptools.arrayblit(self.bitmap, block, x, y, x + sw, y + sh)
            return
        # anything else, clipped: pixel by pixel, as framebuf's blit
        x0 = x if x > 0 else 0
        y0 = y if y > 0 else 0
        x0end = min(self.width, x + sw)
        y0end = min(self.height, y + sh)
        bm = self.bitmap
        for ty in range(y0, y0end):
            for tx in range(x0, x0end):
                col = src.pixel(tx - x, ty - y)
                if palette is not None:
                    col = palette.pixel(col, 0)
                if col != key:
                    bm[tx, ty] = self._c(col)


class Display:
    """The board interface's display (docs/device.md) on a displayio display.

    panel: the board's displayio display (board.DISPLAY). canvas: a Canvas the UI draws
    into; palette(colours) sets the 16 colours (mono: lit is white, the panel shows it
    as lit); show(x, y, w, h) copies the rectangle to the shown Bitmap and refreshes, so
    only it goes to the panel. bytes_written: the bytes CircuitPython's BusDisplay sends
    the panel for those refreshes, worked out as its C code splits an area (sent()
    below), and areas: the (x, y, w, h) of each show, for the benchmarks and the tests.
    sleep(True) puts the panel to sleep and its backlight off; sleep(False) wakes it.
    """

    def __init__(self, panel, width, height, mono):
        self.panel = panel
        self.width = width
        self.height = height
        self.mono = mono
        n = 2 if mono else 16
        self.back = displayio.Bitmap(width, height, n)
        self.front = displayio.Bitmap(width, height, n)
        self.canvas = Canvas(self.back, mono)
        self.buffer = None              # no bytearray behind this canvas: read canvas.pixel
        self.pal = displayio.Palette(n)
        if mono:
            self.pal[0] = 0x000000
            self.pal[1] = 0xFFFFFF
        else:
            for i in range(16):
                self.pal[i] = i * 0x111111
        self.bytes_written = 0
        self.areas = []
        # a new root group: CircuitPython's next refresh sends the whole screen
        # (displayio_display_core_set_root_group sets full_refresh)
        self._whole = True
        group = displayio.Group()
        group.append(displayio.TileGrid(self.front, pixel_shader=self.pal))
        panel.auto_refresh = False
        panel.root_group = group
        self.group = group

    def palette(self, colours):
        if self.mono:
            return
        i = 0
        for c in colours:
            if i > 15:
                break
            v = (c[0] << 16) | (c[1] << 8) | c[2]
            if self.pal[i] != v:
                # a colour changed: CircuitPython's next refresh sends the whole TileGrid
                # (shared-module/displayio/TileGrid.c, the palette's needs_refresh)
                self.pal[i] = v
                self._whole = True
            i += 1

    def sent(self, x, y, w, h):
        """The bytes CircuitPython's BusDisplay sends to refresh the area (x, y, w, h),
        as shared-module/busdisplay/BusDisplay.c (_refresh_area) and displayio/bus_core.c
        (set_region_to_update) do it with these boards' board.DISPLAY settings."""
        if self.mono:
            # MacroPad SH1106 (SH1107_addressing, data_as_commands): the rows widened to
            # whole 8-row pages (display_core.c, clip_area), one page a sub-rectangle:
            # the column as 2 command bytes, the page as 1, then w bytes of pixels
            pages = ((y + h + 7) >> 3) - (y >> 3)
            return pages * (3 + w)
        # ST7789, 16 bits a pixel: the area goes in sub-rectangles of whole rows that fit
        # a 128-word buffer, 256 pixels (one row at least); each is its own window,
        # CASET and 4 bytes, RASET and 4 bytes, RAMWR (11), then 2 bytes a pixel
        subs = 1
        if w * h > 256:
            rows = 256 // w or 1
            subs = (h + rows - 1) // rows
        return 11 * subs + 2 * w * h

    def show(self, x=0, y=0, w=None, h=None):
        if w is None:
            w = self.width - x
        if h is None:
            h = self.height - y
        if x < 0:
            w += x
            x = 0
        if y < 0:
            h += y
            y = 0
        if x + w > self.width:
            w = self.width - x
        if y + h > self.height:
            h = self.height - y
        if w <= 0 or h <= 0:
            return
        bitmaptools.blit(self.front, self.back, x, y, x1=x, y1=y, x2=x + w, y2=y + h)
        self.panel.refresh(target_frames_per_second=None)
        if self._whole:
            self._whole = False
            self.bytes_written += self.sent(0, 0, self.width, self.height)
        else:
            self.bytes_written += self.sent(x, y, w, h)
        if len(self.areas) < 64:
            self.areas.append((x, y, w, h))

    def sleep(self, asleep):
        # busdisplay.BusDisplay has no sleep() or wake(): what it offers is its bus
        # (FourWire.send(command, data)) and brightness (the TFT's backlight, PWM on
        # GPIO45). So the controller's own commands, as boards/st7789.py and the
        # SSD1306 board send them on MicroPython.
        bus = self.panel.bus
        if self.mono:
            bus.send(0xAE if asleep else 0xAF, b'')     # SH1106: display off is its sleep
        elif asleep:
            self._bright = self.panel.brightness
            self.panel.brightness = 0
            bus.send(0x28, b'')                         # ST7789 DISPOFF
            bus.send(0x10, b'')                         # SLPIN
        else:
            bus.send(0x11, b'')                         # SLPOUT: 120 ms to wake (datasheet)
            time.sleep(0.12)
            bus.send(0x29, b'')                         # DISPON
            self.panel.brightness = getattr(self, '_bright', 1.0)
