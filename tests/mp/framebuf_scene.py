# Drawing scenes for the framebuf shim (host_sim/shim/framebuf.py), written
# once and run on both sides:
#
#   micropython -X heapsize=128k tests/mp/framebuf_scene.py
#       draws every scene with the real framebuf and prints one line per
#       scene: its name, a space, its result;
#   tests/test_framebuf_shim.py imports this module with the shim as
#       `framebuf` and asserts that each scene gives the same result.
#
# A scene is a function returning a list of strs: the hex of the buffers it
# drew into (with the bytes around the drawing, prefilled with a pattern, so a
# stray or missing bit shows), or the repr of values it read back. The line
# printed is the name and the parts, joined by spaces (printed part by part:
# one 32 KB string for the full canvas does not fit a 128 KB heap reliably).
# Keep it plain Python that both MicroPython and CPython run.
import gc
from binascii import hexlify

import framebuf

# (name, format, bits per pixel, stride alignment in pixels)
FORMATS = (
    ('vlsb', framebuf.MONO_VLSB, 1, 1),
    ('hlsb', framebuf.MONO_HLSB, 1, 8),
    ('hmsb', framebuf.MONO_HMSB, 1, 8),
    ('gs2', framebuf.GS2_HMSB, 2, 4),
    ('gs4', framebuf.GS4_HMSB, 4, 2),
    ('gs8', framebuf.GS8, 8, 1),
    ('rgb565', framebuf.RGB565, 16, 1),
)
MAXCOL = {1: 1, 2: 3, 4: 15, 8: 255, 16: 0xFFFF}

# Colours as callers might pass them: in range, past the format's range,
# negative, past 32 bits (MicroPython takes them modulo 2**32).
ODD_COLOURS = (0, 1, 2, 3, 5, 9, 15, 16, 0x5A, 0xFF, 0x100, 0x1234, 0xFFFF, 0x10000, -1, -2, 2 ** 32, 2 ** 32 + 6)


def buffer_size(fmt, bpp, align, w, h, stride):
    # Generous: full stride for every row, plus 3 spare bytes at the end.
    stride = (stride + align - 1) // align * align
    if fmt == framebuf.MONO_VLSB:
        return stride * ((h + 7) // 8) + 3
    return (stride * h * bpp + 7) // 8 + 3


def pattern(n, seed=0):
    # Bytes that are neither all set nor all clear, different at every offset.
    b = bytearray(n)
    for i in range(n):
        b[i] = (i * 37 + seed * 11 + 0x5A) & 0xFF
    return b


def new(spec, w, h, stride=None, seed=0):
    name, fmt, bpp, align = spec
    if stride is None:
        stride = w
    buf = pattern(buffer_size(fmt, bpp, align, w, h, stride), seed)
    return buf, framebuf.FrameBuffer(buf, w, h, fmt, stride)


def hx(buf):
    return hexlify(buf).decode()


def paint(fb, w, h, maxcol, step=7):
    # Every pixel a different colour where the format allows.
    k = 3
    for y in range(h):
        for x in range(w):
            fb.pixel(x, y, k % (maxcol + 1))
            k += step


class Rand:
    # A small LCG: the same numbers on MicroPython and CPython.
    def __init__(self, seed):
        self.s = seed

    def next(self, lo, hi):
        # An int in [lo, hi).
        self.s = (self.s * 1103515245 + 12345) & 0x7FFFFFFF
        return lo + (self.s >> 8) % (hi - lo)

    def pick(self, seq):
        return seq[self.next(0, len(seq))]


SCENES = []


def scene(name):
    def register(fn):
        SCENES.append((name, fn))
        return fn
    return register


@scene('constants')
def constants():
    return [repr([framebuf.MONO_VLSB, framebuf.MVLSB, framebuf.MONO_HLSB, framebuf.MONO_HMSB,
                 framebuf.RGB565, framebuf.GS2_HMSB, framebuf.GS4_HMSB, framebuf.GS8])]


@scene('min-buffer-sizes')
def min_buffer_sizes():
    # The smallest buffer each format accepts, found by trying: a too-small
    # one is a ValueError.
    out = []
    for spec in FORMATS:
        for w, h, stride in ((1, 1, None), (3, 1, None), (3, 2, None), (9, 1, None), (9, 3, None),
                             (5, 9, None), (5, 9, 7), (5, 17, 7), (10, 3, 13), (5, 1, 7)):
            for n in range(300):
                try:
                    if stride is None:
                        framebuf.FrameBuffer(bytearray(n), w, h, spec[1])
                    else:
                        framebuf.FrameBuffer(bytearray(n), w, h, spec[1], stride)
                    break
                except ValueError:
                    pass
            out.append(n)
    return [repr(out)]


def error_name(fn):
    try:
        fn()
    except Exception as e:
        return type(e).__name__
    return 'ok'


@scene('argument-errors')
def argument_errors():
    ba = bytearray(64)
    fb = framebuf.FrameBuffer(ba, 8, 8, framebuf.GS8)
    cases = (
        lambda: framebuf.FrameBuffer(ba, 0, 8, framebuf.GS8),
        lambda: framebuf.FrameBuffer(ba, 8, 0, framebuf.GS8),
        lambda: framebuf.FrameBuffer(ba, 8, 4, framebuf.GS8, 7),
        lambda: framebuf.FrameBuffer(ba, 8, 4, 7),
        lambda: framebuf.FrameBuffer(ba, 8, 4, -1),
        lambda: framebuf.FrameBuffer(bytes(64), 8, 8, framebuf.GS8),
        lambda: framebuf.FrameBuffer(ba, 8, 8, framebuf.GS8, stride=8),
        lambda: framebuf.FrameBuffer(memoryview(ba)[8:], 8, 7, framebuf.GS8),
        lambda: framebuf.FrameBuffer(ba, 8, 8),
        lambda: framebuf.FrameBuffer(ba, 8.0, 8, framebuf.GS8),
        lambda: fb.pixel(1.5, 0),
        lambda: fb.pixel(1, 0, 2.0),
        lambda: fb.fill_rect(0, 0, 2, 2),
        lambda: fb.hline(0, 0, 2.5, 1),
        lambda: fb.blit(fb, 0, 0, key=1),
        lambda: fb.blit((ba, 8, 8), 0, 0),
        lambda: fb.blit((ba, 8, 8, framebuf.GS8, 8, 8), 0, 0),
        lambda: fb.blit((ba, 8, 8, framebuf.GS8), 0, 0, -1, None, None),
        lambda: fb.blit((bytes(8), 8, 1, framebuf.GS8), 0, 0),
        lambda: fb.blit((bytes(7), 8, 1, framebuf.GS8), 0, 0),
        lambda: fb.blit(fb, 0, 0, -1, (bytes(4), 4, 1, framebuf.GS8)),
        lambda: fb.scroll(1.0, 0),
        lambda: fb.pixel(1, 1, None),
        lambda: fb.rect(0, 0, 2, 2, 1, True),
    )
    return [repr([error_name(c) for c in cases])]


def fill_scene(spec):
    def run():
        out = []
        for c in ODD_COLOURS:
            buf, fb = new(spec, 11, 10, 13)
            fb.fill(c)
            out.append(hx(buf))
        return out
    return run


def shapes_scene(spec):
    # Every clipped shape, on a buffer whose stride is wider than the width.
    def run():
        w, h = 13, 11
        buf, fb = new(spec, w, h, 19)
        maxcol = MAXCOL[spec[2]]
        k = [0]

        def c():
            k[0] += 1
            return (k[0] * 5 + 1) % (maxcol + 1) if k[0] % 4 else k[0] * 0x1111
        # fill_rect: inside, at each edge and corner, past them, empty, negative.
        for x, y, rw, rh in ((2, 2, 3, 4), (-3, 1, 5, 2), (10, 3, 9, 2), (4, -5, 2, 7), (5, 9, 3, 9),
                             (-4, -4, 6, 6), (11, 9, 8, 8), (-30, -30, 100, 100), (0, 0, 0, 5),
                             (0, 0, 5, 0), (3, 3, -2, 4), (13, 0, 3, 3), (0, 11, 3, 3), (-3, 0, 3, 3),
                             (0, -3, 3, 3), (1, 1, 1, 1), (7, 0, 1, 11), (0, 7, 13, 1)):
            fb.fill_rect(x, y, rw, rh, c())
        out = [hx(buf)]
        buf[:] = pattern(len(buf), 1)
        for x, y, n in ((0, 0, 13), (-5, 3, 9), (9, 4, 9), (3, -1, 4), (3, 11, 4), (2, 5, 0),
                        (2, 6, -3), (-20, 7, 40), (12, 8, 1), (13, 8, 1)):
            fb.hline(x, y, n, c())
            fb.vline(y, x, n, c())
        out.append(hx(buf))
        buf[:] = pattern(len(buf), 2)
        for x, y, rw, rh in ((1, 1, 5, 4), (-2, -2, 6, 6), (9, 7, 8, 8), (3, 3, 1, 1), (4, 5, 3, 0),
                             (6, 2, 0, 3), (2, 8, 4, -2), (-1, -1, 15, 13), (5, 5, 2, 2)):
            fb.rect(x, y, rw, rh, c())
        fb.rect(8, 1, 4, 3, c(), True)
        fb.rect(-2, 6, 4, 9, c(), 1)
        fb.rect(10, 9, 3, 3, c(), 0)
        out.append(hx(buf))
        buf[:] = pattern(len(buf), 3)
        for x1, y1, x2, y2 in ((0, 0, 12, 10), (12, 0, 0, 10), (3, 9, 5, 0), (5, 0, 3, 9), (0, 5, 12, 6),
                               (12, 6, 0, 5), (6, 6, 6, 6), (-5, -3, 20, 14), (-8, 5, 4, 20),
                               (20, -4, -6, 3), (2, 2, 2, 8), (9, 1, 1, 1), (-3, -3, -1, -9),
                               (12, 10, 13, 11), (4, 3, 11, 5), (11, 5, 4, 3)):
            fb.line(x1, y1, x2, y2, c())
        out.append(hx(buf))
        buf[:] = pattern(len(buf), 4)
        for x, y in ((0, 0), (12, 0), (0, 10), (12, 10), (-1, 0), (0, -1), (13, 5), (5, 11), (6, 6),
                     (7, 3), (1, 9)):
            fb.pixel(x, y, c())
        out.append(hx(buf))
        return out
    return run


def pixels_scene(spec):
    # pixel() reads: every pixel of a painted buffer, and outside it (None).
    def run():
        w, h = 10, 9
        buf, fb = new(spec, w, h, 11, seed=5)
        out = []
        for y in range(-1, h + 1):
            for x in range(-1, w + 1):
                out.append(fb.pixel(x, y))
        out.append(fb.pixel(-100, 3))
        out.append(fb.pixel(3, 1000))
        return [repr(out)]
    return run


def scroll_scene(spec):
    def run():
        w, h = 10, 9
        out = []
        for xs, ys in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1), (3, 2), (-3, -2), (4, -3), (-2, 5),
                       (9, 0), (0, 8), (10, 0), (0, 9), (-10, 1), (2, -9), (25, -3), (-1, 100)):
            buf, fb = new(spec, w, h, 12)
            paint(fb, w, h, MAXCOL[spec[2]])
            fb.scroll(xs, ys)
            out.append(hx(buf))
        return out
    return run


def random_scene(spec, seed):
    # Many random operations with coordinates in and around the buffer.
    def run():
        w, h = 21, 17
        buf, fb = new(spec, w, h, 23, seed=seed)
        r = Rand(seed)
        src_buf, src = new(FORMATS[4], 6, 5)  # a GS4 source for blit
        paint(src, 6, 5, 15, 5)
        pal_buf, pal = new(FORMATS[6], 16, 1)  # an RGB565 palette
        for i in range(16):
            pal.pixel(i, 0, r.next(0, 0x10000))
        colours = ODD_COLOURS + (MAXCOL[spec[2]],) * 4
        for i in range(300):
            op = r.next(0, 8)
            x, y = r.next(-6, w + 6), r.next(-6, h + 6)
            a, b = r.next(-3, w + 4), r.next(-3, h + 4)
            c = r.pick(colours)
            if op == 0:
                fb.fill_rect(x, y, a, b, c)
            elif op == 1:
                fb.hline(x, y, a, c)
            elif op == 2:
                fb.vline(x, y, b, c)
            elif op == 3:
                fb.rect(x, y, a, b, c, r.next(0, 2))
            elif op == 4:
                fb.line(x, y, a, b, c)
            elif op == 5:
                fb.pixel(x, y, c)
            elif op == 6:
                if r.next(0, 2):
                    fb.blit(src, x, y, r.next(-1, 16))
                else:
                    fb.blit(src, x, y, r.pick((-1, pal.pixel(r.next(0, 16), 0))), pal)
            else:
                fb.scroll(r.next(-3, 4), r.next(-3, 4))
        return [hx(buf)]
    return run


def blit_scene(src_spec, dst_spec):
    # blit from one format to another: positions at and past every edge,
    # then a key, then a palette with and without a key, then the tuple forms.
    def run():
        sw, sh = 5, 4
        src_buf, src = new(src_spec, sw, sh, 7, seed=2)
        smax = MAXCOL[src_spec[2]]
        paint(src, sw, sh, smax, 3)
        dmax = MAXCOL[dst_spec[2]]
        w, h = 11, 9
        out = []
        buf, fb = new(dst_spec, w, h, 13)
        for x, y in ((0, 0), (3, 2), (-2, -1), (8, 7), (-4, 5), (10, -3), (11, 0), (0, 9), (-5, 0),
                     (0, -4), (-100, -100), (7, -2)):
            fb.blit(src, x, y)
        out.append(hx(buf))
        buf[:] = pattern(len(buf), 1)
        for i, key in enumerate((0, 1, 2, 3, smax, 0x10000 + 2, -1, -2, 2 ** 32 + 1)):
            fb.blit(src, i - 3, i % 6 - 1, key)
        out.append(hx(buf))
        # The palette: a 1-row FrameBuffer with one entry per source colour,
        # in another format again. A palette needs an entry for every colour
        # in the source, so RGB565 and GS8 sources keep to the first 64.
        pw = min(smax, 63) + 1
        src_buf, src = new(src_spec, sw, sh, 7, seed=2)
        paint(src, sw, sh, pw - 1, 3)
        for pal_spec in (FORMATS[5], FORMATS[6], FORMATS[4], FORMATS[0]):
            pmax = MAXCOL[pal_spec[2]]
            pal_buf, pal = new(pal_spec, pw, 1)
            for i in range(pw):
                pal.pixel(i, 0, (i * 97 + 5) % (pmax + 1))
            buf[:] = pattern(len(buf), 2)
            fb.blit(src, 1, 1, -1, pal)
            # A key equal to a source colour whose palette entry differs,
            # and a key equal to a palette entry: only the second hides.
            fb.blit(src, 4, 3, 1, pal)
            fb.blit(src, -1, 5, pal.pixel(1, 0), pal)
            fb.blit(src, 7, -1, pal.pixel(0, 0), pal)
            fb.blit(src, 6, 6, -1, None)
            out.append(hx(buf))
        # The tuple and list forms, for the source and for the palette.
        buf[:] = pattern(len(buf), 3)
        src_bytes = bytes(src_buf)
        fb.blit((src_bytes, sw, sh, src_spec[1], 7), 2, 1)
        fb.blit([src_buf, sw, sh, src_spec[1], 7], -1, 4, 2)
        pal_bytes = bytes([(i * 29 + 3) & 0xFF for i in range(pw)])
        fb.blit((src_bytes, sw, sh, src_spec[1], 7), 6, 5, 3, (pal_bytes, pw, 1, framebuf.GS8))
        out.append(hx(buf))
        return out
    return run


@scene('blit-key-vs-palette')
def blit_key_vs_palette():
    # The documented rule, spelled out: with a palette, the key is compared
    # with the palette's colour, not the source's.
    d = bytearray(8)
    fb = framebuf.FrameBuffer(d, 8, 1, framebuf.GS8)
    src = framebuf.FrameBuffer(bytearray([0, 1, 2, 3]), 4, 1, framebuf.GS8)
    pal = framebuf.FrameBuffer(bytearray([10, 11, 12, 13]), 4, 1, framebuf.GS8)
    fb.blit(src, 0, 0, 11, pal)  # 11 is source colour 1's entry: hidden
    fb.blit(src, 4, 0, 1, pal)  # 1 is a source colour, no entry is 1: all drawn
    return [hx(d)]


@scene('blit-wide-glyph-ink-only')
def blit_wide_glyph_ink_only():
    # A 12-pixel glyph (two bytes a row, the last four bits of each row set:
    # not part of it) through a palette whose background is the key, as
    # ui/paint.py's text() blits: clipped at the left, the right and the top.
    d = bytearray(20 * 6 // 2)
    fb = framebuf.FrameBuffer(d, 20, 6, framebuf.GS4_HMSB)
    fb.fill(6)
    g = framebuf.FrameBuffer(bytearray([0xA5, 0x3F, 0xFF, 0xFF, 0x00, 0x0F, 0x81, 0x8F]),
                             12, 4, framebuf.MONO_HLSB)
    pal = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.GS4_HMSB)
    pal.pixel(0, 0, 6)
    pal.pixel(1, 0, 11)
    for x, y in ((-5, 0), (3, 1), (13, -2), (7, 3)):
        fb.blit(g, x, y, 6, pal)
    pal.pixel(1, 0, 6)          # the ink is the key too: nothing drawn
    fb.blit(g, 0, 2, 6, pal)
    return [hx(d)]


@scene('blit-palette-past-width')
def blit_palette_past_width():
    # No bounds check on the palette in C: colour 3 of a 2-wide palette reads
    # on into the palette's buffer (here, its stride padding and next row).
    d = bytearray(8)
    fb = framebuf.FrameBuffer(d, 8, 1, framebuf.GS8)
    src = framebuf.FrameBuffer(bytearray([0, 1, 2, 3, 4, 5]), 6, 1, framebuf.GS8)
    pal = framebuf.FrameBuffer(bytearray([10, 11, 12, 13, 14, 15, 16, 17]), 2, 2, framebuf.GS8, 4)
    fb.blit(src, 1, 0, -1, pal)
    return [hx(d)]


@scene('blit-onto-itself')
def blit_onto_itself():
    # One pixel at a time in raster order: overlapping copies smear.
    out = []
    for x, y in ((1, 0), (-1, 0), (0, 1), (0, -1), (2, 1)):
        b = pattern(20)
        fb = framebuf.FrameBuffer(b, 5, 4, framebuf.GS8)
        fb.blit(fb, x, y)
        out.append(hx(b))
    b = pattern(16)
    fb = framebuf.FrameBuffer(b, 8, 4, framebuf.GS4_HMSB)
    fb.blit(framebuf.FrameBuffer(memoryview(b)[1:], 6, 3, framebuf.GS4_HMSB, 8), 1, 0)
    out.append(hx(b))
    return out


@scene('memoryview-and-subclass')
def memoryview_and_subclass():
    # A FrameBuffer over a slice of a bigger buffer, and a subclass of FrameBuffer.
    big = pattern(40)
    fb = framebuf.FrameBuffer(memoryview(big)[5:37], 8, 4, framebuf.GS8)
    fb.fill_rect(-1, 1, 4, 9, 0xC3)
    fb.line(0, 0, 7, 3, 0x11)

    class Canvas(framebuf.FrameBuffer):
        def __init__(self, w, h):
            self.buf = bytearray(w * h // 2)
            super().__init__(self.buf, w, h, framebuf.GS4_HMSB)

    cv = Canvas(8, 4)
    cv.fill(3)
    cv.blit(fb, -2, 1, 0x11)
    return [hx(big), hx(cv.buf)]


@scene('canvas')
def canvas():
    # The real thing: a full-screen GS4 canvas drawn as the UI draws it,
    # with glyphs blitted from MONO_HLSB through a 2-entry palette and a key.
    w, h = 240, 135
    buf = bytearray(w * h // 2)
    fb = framebuf.FrameBuffer(buf, w, h, framebuf.GS4_HMSB)
    fb.fill(1)
    fb.fill_rect(0, 0, w, 18, 2)
    fb.hline(0, 18, w, 7)
    fb.rect(4, 24, 232, 40, 5)
    fb.rect(5, 25, 230, 38, 9, True)
    fb.vline(120, 20, 200, 12)
    glyph_buf = bytearray([0x3C, 0x66, 0x66, 0x7E, 0x66, 0x66, 0x66, 0x00, 0x81, 0x42])
    glyph = framebuf.FrameBuffer(glyph_buf, 8, 10, framebuf.MONO_HLSB)
    pal = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.GS4_HMSB)
    pal.pixel(0, 0, 0)
    pal.pixel(1, 0, 15)
    for i in range(32):
        fb.blit(glyph, -3 + i * 8, 4 + (i % 3) * 40, 0, pal)
    pal.pixel(0, 0, 4)
    pal.pixel(1, 0, 10)
    for i in range(20):
        fb.blit(glyph, 231 + i % 5, 126 + i // 5 * 3, 4, pal)
    fb.line(0, 134, 239, 70, 3)
    return [hx(buf[i:i + 120]) for i in range(0, len(buf), 120)]


for _spec in FORMATS:
    SCENES.append(('fill-' + _spec[0], fill_scene(_spec)))
    SCENES.append(('shapes-' + _spec[0], shapes_scene(_spec)))
    SCENES.append(('pixels-' + _spec[0], pixels_scene(_spec)))
    SCENES.append(('scroll-' + _spec[0], scroll_scene(_spec)))
    SCENES.append(('random-' + _spec[0], random_scene(_spec, 7 + _spec[1])))
    for _dst in FORMATS:
        SCENES.append(('blit-%s-to-%s' % (_spec[0], _dst[0]), blit_scene(_spec, _dst)))


def main():
    for name, fn in SCENES:
        parts = fn()
        print(name, end='')
        for part in parts:
            print(' ' + part, end='')
        print()
        parts = None
        gc.collect()


if __name__ == '__main__':
    main()
