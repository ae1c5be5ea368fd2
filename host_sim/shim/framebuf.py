# MicroPython's `framebuf` module for CPython, so the host simulator draws
# exactly the bytes the device draws (docs/device.md, "The canvas").
#
# Written to match MicroPython's extmod/modframebuf.c bit for bit, and
# checked against the real interpreter by tests/test_framebuf_shim.py (which
# runs the same scenes, tests/mp/framebuf_scene.py, on both). Things that
# follow MicroPython on purpose, even where CPython code would do otherwise:
#
# - Arguments are positional only and must be ints (a float coordinate is a
#   TypeError on the device, so it is one here too).
# - The FrameBuffer has no public attributes (no .width): the device's has none.
# - Colours are C uint32 values: a key or colour is taken modulo 2**32, and
#   each format keeps only its own bits (GS4 keeps c & 15, mono keeps c != 0).
# - blit() reads and writes one pixel at a time in raster order, so a blit of
#   a buffer onto an overlapping part of itself smears as it does on the device.
# - The palette lookup in blit() has no bounds check in C: a colour past the
#   palette's width reads on into the palette's buffer. Here too, as long as
#   that stays inside the buffer (past its end: IndexError, where C reads
#   whatever memory follows).
#
# Not provided: text() (Trackside draws text with its own fonts), ellipse(),
# poly(), FrameBuffer1, and the buffer protocol on the FrameBuffer object itself
# (CPython 3.11 cannot give a Python class one): read the buffer you passed in.
from operator import index as _int

MONO_VLSB = 0
MVLSB = 0  # MicroPython's old name for MONO_VLSB
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

# Bits per pixel, and how the row stride is rounded up so that every row
# starts on a byte (MONO_VLSB packs columns, not rows: its "rows" are bands
# of 8 pixel rows, one byte per column, so it is counted as 8 bits a band).
_BPP = {MONO_VLSB: 8, RGB565: 16, GS4_HMSB: 4, MONO_HLSB: 1, MONO_HMSB: 1, GS2_HMSB: 2, GS8: 8}
_STRIDE_ALIGN = {MONO_VLSB: 1, RGB565: 1, GS4_HMSB: 2, MONO_HLSB: 8, MONO_HMSB: 8, GS2_HMSB: 4, GS8: 1}
_NAMES = {MONO_VLSB: 'vlsb', RGB565: 'rgb565', GS4_HMSB: 'gs4', MONO_HLSB: 'hlsb', MONO_HMSB: 'hmsb',
          GS2_HMSB: 'gs2', GS8: 'gs8'}

_U32 = 0xFFFFFFFF
_GET = object()  # pixel() without a colour (pixel(x, y, None) is a TypeError, as on the device)


class FrameBuffer:
    def __init__(self, buffer, width, height, format, stride=None, /):
        self._setup(buffer, width, height, format, stride, True)

    def _setup(self, buffer, width, height, format, stride, writable):
        width, height, format = _int(width), _int(height), _int(format)
        stride = width if stride is None else _int(stride)
        # MicroPython stores these as uint16 and refuses what does not fit.
        if not (1 <= width <= 0xFFFF and 1 <= height <= 0xFFFF and width <= stride <= 0xFFFF):
            raise ValueError()
        if format not in _BPP:
            raise ValueError('invalid format')
        align = _STRIDE_ALIGN[format]
        stride = (stride + align - 1) // align * align
        try:
            buf = memoryview(buffer).cast('B')
        except TypeError:
            raise TypeError('object with buffer protocol required') from None
        if writable and buf.readonly:
            # MicroPython refuses bytes here too; blit() sources may be read-only.
            raise TypeError('object with buffer protocol required')
        # The buffer must hold every row at full stride except the last,
        # which needs only `width` pixels (measured on the real interpreter).
        rows = (height + 7) >> 3 if format == MONO_VLSB else height
        if ((rows - 1) * stride + width) * _BPP[format] > len(buf) * 8:
            raise ValueError()
        self._buf = buf
        self._width = width
        self._height = height
        self._stride = stride
        self._format = format
        name = _NAMES[format]
        self._get = getattr(self, '_get_' + name)
        self._set = getattr(self, '_set_' + name)
        self._fill = getattr(self, '_fill_' + name)

    # --- the drawing methods -------------------------------------------------

    def fill(self, c, /):
        self._fill(0, 0, self._width, self._height, _int(c) & _U32)

    def fill_rect(self, x, y, w, h, c, /):
        self._clipped_fill(_int(x), _int(y), _int(w), _int(h), _int(c))

    def hline(self, x, y, w, c, /):
        self._clipped_fill(_int(x), _int(y), _int(w), 1, _int(c))

    def vline(self, x, y, h, c, /):
        self._clipped_fill(_int(x), _int(y), 1, _int(h), _int(c))

    def rect(self, x, y, w, h, c, f=False, /):
        x, y, w, h, c = _int(x), _int(y), _int(w), _int(h), _int(c)
        if f:
            self._clipped_fill(x, y, w, h, c)
            return
        # Four separate fills, as MicroPython does: with h == 0 the top and
        # "bottom" (row y - 1) edges are still drawn, and nothing else.
        self._clipped_fill(x, y, w, 1, c)
        self._clipped_fill(x, y + h - 1, w, 1, c)
        self._clipped_fill(x, y, 1, h, c)
        self._clipped_fill(x + w - 1, y, 1, h, c)

    def pixel(self, x, y, c=_GET, /):
        x, y = _int(x), _int(y)
        if 0 <= x < self._width and 0 <= y < self._height:
            if c is _GET:
                return self._get(x, y)
            self._set(x, y, _int(c) & _U32)
        # Outside the buffer: a get returns None, a set does nothing.
        return None

    def line(self, x1, y1, x2, y2, c, /):
        # MicroPython's Bresenham, step for step, so the same pixels are lit.
        x1, y1, x2, y2, c = _int(x1), _int(y1), _int(x2), _int(y2), _int(c) & _U32
        width, height, setpx = self._width, self._height, self._set
        dx, sx = (x2 - x1, 1) if x2 - x1 > 0 else (x1 - x2, -1)
        dy, sy = (y2 - y1, 1) if y2 - y1 > 0 else (y1 - y2, -1)
        steep = dy > dx
        if steep:
            # Walk along y instead: swap the roles of x and y.
            x1, y1, dx, dy, sx, sy = y1, x1, dy, dx, sy, sx
        e = 2 * dy - dx
        for _ in range(dx):
            px, py = (y1, x1) if steep else (x1, y1)
            if 0 <= px < width and 0 <= py < height:
                setpx(px, py, c)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        # The end point is drawn on its own (the loop stops one short).
        if 0 <= x2 < width and 0 <= y2 < height:
            setpx(x2, y2, c)

    def blit(self, fbuf, x, y, key=-1, palette=None, /):
        src = _as_source(fbuf)
        x, y, key = _int(x), _int(y), _int(key) & _U32
        pal = None if palette is None else _as_source(palette)
        sw, sh = src._width, src._height
        if x >= self._width or y >= self._height or -x >= sw or -y >= sh:
            return
        x0, y0 = max(0, x), max(0, y)
        x1, y1 = max(0, -x), max(0, -y)
        x0end = min(self._width, x + sw)
        y0end = min(self._height, y + sh)
        if (src._format == MONO_HLSB and self._format == GS4_HMSB and pal is not None
                and pal._width >= 2 and not _shares(pal, self)):
            # Our fonts' glyphs (ui/font.py): a fast path, for the simulator's
            # window to answer a key in time (issue 12). The same pixels as the
            # general loop below, which the tests hold to MicroPython's.
            self._blit_glyph(src, x0, y0, x1, y1, x0end, y0end,
                             (pal._palette_entry(0), pal._palette_entry(1)), key)
            return
        if (src._format == GS4_HMSB and self._format == RGB565 and pal is not None
                and pal._width >= 16 and not _shares(pal, self)):
            lut = [pal._palette_entry(i) for i in range(16)]
            if key not in lut:
                # boards/st7789.py's conversion of the canvas for the panel:
                # the same fast path, for the same reason
                self._blit_gs4_rgb565(src, x0, y0, x1, y1, x0end, y0end, lut)
                return
        get, setpx = src._get, self._set
        # The palette is read afresh for every pixel, as in C (no cache: the
        # palette could share its buffer with this FrameBuffer).
        palget = None if pal is None else pal._palette_entry
        for dy in range(y0end - y0):
            sy, ty = y1 + dy, y0 + dy
            sx = x1
            for tx in range(x0, x0end):
                c = get(sx, sy)
                if palget is not None:
                    c = palget(c)
                # The key is compared with the colour after the palette.
                if c != key:
                    setpx(tx, ty, c)
                sx += 1

    def _blit_glyph(self, src, x0, y0, x1, y1, x0end, y0end, ink, key):
        # blit() of a MONO_HLSB source through a palette (ink: its colours 0
        # and 1, read once: the palette does not share this buffer) onto
        # GS4_HMSB, a source row's bits and a target row's nibbles at a time.
        sbuf, sstride = src._buf, src._stride
        buf, stride = self._buf, self._stride
        if key == ink[0]:
            self._blit_ink(sbuf, sstride, x0, y0, x1, y1, x0end, y0end, ink[1], key)
            return
        for dy in range(y0end - y0):
            srow = (y1 + dy) * sstride
            trow = (y0 + dy) * stride
            sx = x1
            for tx in range(x0, x0end):
                c = ink[1] if sbuf[(sx + srow) >> 3] & (0x80 >> (sx & 7)) else ink[0]
                if c != key:
                    c &= 0x0F
                    i = (tx + trow) >> 1
                    if tx & 1:
                        buf[i] = (buf[i] & 0xF0) | c
                    else:
                        buf[i] = (buf[i] & 0x0F) | (c << 4)
                sx += 1

    def _blit_ink(self, sbuf, sstride, x0, y0, x1, y1, x0end, y0end, c, key):
        # _blit_glyph with the background keyed out (ui/paint.py's text()
        # fills the cells first): only the set bits are drawn, a source byte
        # at a time, and a glyph is mostly blank bytes.
        if c == key:
            return
        c &= 0x0F
        buf, stride = self._buf, self._stride
        x1end = x1 + x0end - x0
        first, last = x1 >> 3, (x1end - 1) >> 3
        for dy in range(y0end - y0):
            srow = ((y1 + dy) * sstride) >> 3       # (strides in pixels: HLSB's a multiple of 8)
            trow = (y0 + dy) * stride + x0 - x1
            for b in range(first, last + 1):
                v = sbuf[srow + b]
                if not v:
                    continue
                sx = b << 3
                for bit in range(8):
                    if v & (0x80 >> bit) and x1 <= sx + bit < x1end:
                        tx = sx + bit + trow
                        i = tx >> 1
                        if tx & 1:
                            buf[i] = (buf[i] & 0xF0) | c
                        else:
                            buf[i] = (buf[i] & 0x0F) | (c << 4)

    def _blit_gs4_rgb565(self, src, x0, y0, x1, y1, x0end, y0end, lut):
        # blit() of GS4_HMSB through a palette (lut: its 16 colours, read
        # once) onto RGB565 with no pixel keyed out: a row at a time, a
        # source byte (two pixels) at a time where the row starts on one.
        one = [bytes((c & 0xFF, (c >> 8) & 0xFF)) for c in lut]
        two = [one[b >> 4] + one[b & 15] for b in range(256)]
        sbuf, sstride = src._buf, src._stride
        buf, stride = self._buf, self._stride
        n = x0end - x0
        for dy in range(y0end - y0):
            s0 = x1 + (y1 + dy) * sstride
            if s0 & 1 == 0 and n & 1 == 0:
                row = b''.join([two[b] for b in sbuf[s0 >> 1:(s0 + n) >> 1]])
            else:
                row = b''.join([one[(sbuf[i >> 1] & 15) if i & 1 else (sbuf[i >> 1] >> 4)]
                                for i in range(s0, s0 + n)])
            d = (x0 + (y0 + dy) * stride) << 1
            buf[d:d + 2 * n] = row

    def scroll(self, xstep, ystep, /):
        xstep, ystep = _int(xstep), _int(ystep)
        w, h = self._width, self._height
        if abs(xstep) >= w or abs(ystep) >= h:
            return  # MicroPython does nothing at all then, not even the other axis
        # Walk away from the direction of travel so that every pixel is read
        # before it is overwritten. Pixels uncovered at the edge keep their
        # old colour, as on the device.
        xs = range(0, w + xstep) if xstep < 0 else range(w - 1, xstep - 1, -1)
        ys = range(0, h + ystep) if ystep < 0 else range(h - 1, ystep - 1, -1)
        get, setpx = self._get, self._set
        for y in ys:
            for x in xs:
                setpx(x, y, get(x - xstep, y - ystep))

    def text(self, *args):
        raise NotImplementedError('framebuf.text: Trackside draws text with its own fonts '
                                  '(firmware/trackside/ui/fonts), not framebuf\'s 8x8 font')

    def ellipse(self, *args):
        raise NotImplementedError('framebuf.ellipse is not in the host shim: Trackside does not use it')

    def poly(self, *args):
        raise NotImplementedError('framebuf.poly is not in the host shim: Trackside does not use it')

    # --- helpers ---------------------------------------------------------------

    def _clipped_fill(self, x, y, w, h, c):
        # fill_rect, hline, vline and rect all clip through here.
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self._height or x >= self._width:
            return
        xend = min(self._width, x + w)
        yend = min(self._height, y + h)
        x, y = max(x, 0), max(y, 0)
        self._fill(x, y, xend - x, yend - y, c & _U32)

    def _palette_entry(self, c):
        # getpixel(palette, c, 0) with no bounds check, as in C.
        try:
            return self._get(c, 0)
        except IndexError:
            raise IndexError('blit: colour %d is past the end of the palette (width %d); '
                             'the device would read memory beyond the buffer' % (c, self._width)) from None

    # --- the formats -------------------------------------------------------------
    # Each format has _get_F(x, y), _set_F(x, y, c) and _fill_F(x, y, w, h, c)
    # for an already clipped rectangle. c is an unsigned 32-bit colour. The
    # fills give the same bytes as setting each pixel; they only go faster,
    # with slice assignment wherever whole bytes are covered.

    # MONO_VLSB: a byte is a column of 8 pixels, bit 0 at the top; bands of
    # 8 rows follow one another, `stride` bytes apart.
    def _get_vlsb(self, x, y):
        return (self._buf[(y >> 3) * self._stride + x] >> (y & 7)) & 1

    def _set_vlsb(self, x, y, c):
        buf, i, bit = self._buf, (y >> 3) * self._stride + x, 1 << (y & 7)
        buf[i] = (buf[i] | bit) if c else (buf[i] & ~bit)

    def _fill_vlsb(self, x, y, w, h, c):
        buf, stride, yend = self._buf, self._stride, y + h
        while y < yend:
            # The rows of this band that the rectangle covers, as a bit mask.
            top = y & 7
            n = min(8 - top, yend - y)
            mask = ((1 << n) - 1) << top
            start = (y >> 3) * stride + x
            if mask == 0xFF:
                buf[start:start + w] = (b'\xff' if c else b'\x00') * w
            elif c:
                buf[start:start + w] = bytes(b | mask for b in buf[start:start + w])
            else:
                keep = ~mask & 0xFF
                buf[start:start + w] = bytes(b & keep for b in buf[start:start + w])
            y += n

    # MONO_HLSB and MONO_HMSB: a byte is 8 pixels of a row. HLSB puts the
    # leftmost pixel in bit 7, HMSB puts it in bit 0 (the names are
    # MicroPython's, and read backwards: "HMSB" is LSB first).
    def _get_hlsb(self, x, y):
        return 1 if self._buf[(x + y * self._stride) >> 3] & (0x80 >> (x & 7)) else 0

    def _get_hmsb(self, x, y):
        return 1 if self._buf[(x + y * self._stride) >> 3] & (1 << (x & 7)) else 0

    def _set_hlsb(self, x, y, c):
        buf, i, bit = self._buf, (x + y * self._stride) >> 3, 0x80 >> (x & 7)
        buf[i] = (buf[i] | bit) if c else (buf[i] & ~bit)

    def _set_hmsb(self, x, y, c):
        buf, i, bit = self._buf, (x + y * self._stride) >> 3, 1 << (x & 7)
        buf[i] = (buf[i] | bit) if c else (buf[i] & ~bit)

    def _fill_hlsb(self, x, y, w, h, c):
        self._fill_mono_h(x, y, w, h, c, self._set_hlsb)

    def _fill_hmsb(self, x, y, w, h, c):
        self._fill_mono_h(x, y, w, h, c, self._set_hmsb)

    def _fill_mono_h(self, x, y, w, h, c, setpx):
        self._fill_packed(x, y, w, h, c, setpx, 8, b'\xff' if c else b'\x00')

    # GS2_HMSB: 4 pixels a byte, the leftmost in bits 0-1 (LSB first, unlike
    # GS4_HMSB below).
    def _get_gs2(self, x, y):
        return (self._buf[(x + y * self._stride) >> 2] >> ((x & 3) << 1)) & 3

    def _set_gs2(self, x, y, c):
        buf, i, shift = self._buf, (x + y * self._stride) >> 2, (x & 3) << 1
        buf[i] = ((c & 3) << shift) | (buf[i] & ~(3 << shift))

    def _fill_gs2(self, x, y, w, h, c):
        c &= 3
        self._fill_packed(x, y, w, h, c, self._set_gs2, 4, bytes([c * 0x55]))

    # GS4_HMSB: 2 pixels a byte, the leftmost (even x) in the high nibble.
    def _get_gs4(self, x, y):
        b = self._buf[(x + y * self._stride) >> 1]
        return b & 0x0F if x & 1 else b >> 4

    def _set_gs4(self, x, y, c):
        buf, i = self._buf, (x + y * self._stride) >> 1
        if x & 1:
            buf[i] = (buf[i] & 0xF0) | (c & 0x0F)
        else:
            buf[i] = (buf[i] & 0x0F) | ((c & 0x0F) << 4)

    def _fill_gs4(self, x, y, w, h, c):
        c &= 0x0F
        self._fill_packed(x, y, w, h, c, self._set_gs4, 2, bytes([c * 0x11]))

    def _fill_packed(self, x, y, w, h, c, setpx, per_byte, whole):
        # For formats with several pixels in a byte along a row: set the
        # pixels of a partly covered first and last byte one at a time, and
        # the whole bytes between them with one slice assignment per row.
        # Rows start on a byte (the stride is rounded), so x alone decides.
        xend = x + w
        first = -(-x // per_byte) * per_byte  # first x on a byte boundary
        last = xend // per_byte * per_byte  # end of the whole bytes
        if first >= last:
            # No whole byte covered (a narrow rectangle): pixel by pixel.
            for yy in range(y, y + h):
                for xx in range(x, xend):
                    setpx(xx, yy, c)
            return
        buf, stride = self._buf, self._stride
        nbytes = (last - first) // per_byte
        span = whole * nbytes
        for yy in range(y, y + h):
            for xx in range(x, first):
                setpx(xx, yy, c)
            start = (first + yy * stride) // per_byte
            buf[start:start + nbytes] = span
            for xx in range(last, xend):
                setpx(xx, yy, c)

    # GS8: one byte a pixel.
    def _get_gs8(self, x, y):
        return self._buf[x + y * self._stride]

    def _set_gs8(self, x, y, c):
        self._buf[x + y * self._stride] = c & 0xFF

    def _fill_gs8(self, x, y, w, h, c):
        buf, stride, span = self._buf, self._stride, bytes([c & 0xFF]) * w
        for yy in range(y, y + h):
            start = x + yy * stride
            buf[start:start + w] = span

    # RGB565: two bytes a pixel, little-endian (the byte order of the Pico's
    # and the ESP32's cores, and of the unix port on x86 and ARM).
    def _get_rgb565(self, x, y):
        i = (x + y * self._stride) << 1
        return self._buf[i] | (self._buf[i + 1] << 8)

    def _set_rgb565(self, x, y, c):
        buf, i = self._buf, (x + y * self._stride) << 1
        buf[i] = c & 0xFF
        buf[i + 1] = (c >> 8) & 0xFF

    def _fill_rgb565(self, x, y, w, h, c):
        buf, stride = self._buf, self._stride
        span = bytes([c & 0xFF, (c >> 8) & 0xFF]) * w
        for yy in range(y, y + h):
            start = (x + yy * stride) << 1
            buf[start:start + 2 * w] = span


def _shares(a, b):
    # Might two FrameBuffers' buffers overlap? (Then a palette read once
    # could differ from one read at every pixel, as C does.) The same
    # underlying object: taken as yes.
    return _base(a._buf) is _base(b._buf)


def _base(view):
    while isinstance(view, memoryview):
        view = view.obj
    return view


def _as_source(obj):
    # blit() takes a FrameBuffer (or a subclass), or the tuple or list
    # (buffer, width, height, format[, stride]), whose buffer may be read-only.
    if isinstance(obj, FrameBuffer):
        return obj
    if not isinstance(obj, (tuple, list)):
        raise TypeError('blit: expected a FrameBuffer or (buffer, width, height, format[, stride])')
    if not 4 <= len(obj) <= 5:
        raise ValueError()
    fb = FrameBuffer.__new__(FrameBuffer)
    fb._setup(obj[0], obj[1], obj[2], obj[3], obj[4] if len(obj) == 5 else None, False)
    return fb
