# Drawing on the canvas, and remembering what changed so that only that is
# pushed to the display (a full 240x135 frame is 64.8 KB over SPI; a key
# press should send a small part of it).
import framebuf
from binascii import crc32
from trackside.ui import font as fonts, theme

BLOCKS = 8           # column blocks per row for change detection (30 px at 240)


class Painter:
    def __init__(self, display):
        self.display = display
        self.canvas = display.canvas
        self.w = display.width
        self.h = display.height
        self.mono = display.mono
        self.fmt = framebuf.MONO_VLSB if self.mono else framebuf.GS4_HMSB
        self.inks = {}
        self.dirty = []                 # rectangles (x, y, w, h) not yet shown
        # What the panel shows, as a CRC per row and column block of the
        # canvas: a big redraw pushes only the blocks that really changed
        # (a colour canvas only: a mono frame is 1 KB anyway).
        self.stride = (self.w + 1) // 2
        self.block = (self.stride + BLOCKS - 1) // BLOCKS
        self.shown = None
        buf = getattr(display, 'buffer', None)
        if buf is not None and not self.mono:
            self.mem = memoryview(buf)
            self.shown = [-1] * (self.h * BLOCKS)
        self.large = self.w * self.h // 8     # a redraw this big is checked first
        if not self.mono:
            display.palette(theme.rgb_list())
        # fonts by screen size: hints and headers, rows, big numbers
        if self.h < 100:
            self.small, self.medium = fonts.load('tiny'), fonts.load('small')
        else:
            self.small, self.medium = fonts.load('small'), fonts.load('medium')
        self.big = fonts.load('digits')

    # --- colours ---------------------------------------------------------------

    def c(self, index):
        # A palette index as this screen draws it: on mono, 0 or 1.
        if self.mono:
            return 0 if index == theme.BACKGROUND else 1
        return index

    def ink(self, bg, fg):
        key = bg * 16 + fg
        ink = self.inks.get(key)
        if ink is None:
            b, f = self.c(bg), self.c(fg)
            if b == f:
                f = 1 - b           # mono: text on a lit bar is dark
            ink = self.inks[key] = fonts.ink(self.fmt, b, f)
        return ink

    # --- drawing ----------------------------------------------------------------

    def fill(self, x, y, w, h, colour):
        self.canvas.fill_rect(x, y, w, h, self.c(colour))
        self.mark(x, y, w, h)

    def text(self, x, y, s, font, fg=theme.TEXT, bg=theme.BACKGROUND):
        font.draw(self.canvas, x, y, s, self.ink(bg, fg))
        self.mark(x, y, font.measure(s), font.height)

    def line_of(self, y, h, s, font, fg=theme.TEXT, bg=theme.BACKGROUND, x=2, right=None):
        # A full-width row: background, text at x, and text aligned right.
        self.fill(0, y, self.w, h, bg)
        top = y + (h - font.height) // 2
        end = font.draw(self.canvas, x, top, s, self.ink(bg, fg), self.w)
        if right and end + font.width <= self.w - 2 - font.measure(right):
            font.draw(self.canvas, self.w - 2 - font.measure(right), top, right, self.ink(bg, fg))

    def line(self, x1, y1, x2, y2, colour):
        self.canvas.line(x1, y1, x2, y2, self.c(colour))
        self.mark(min(x1, x2), min(y1, y2), abs(x2 - x1) + 1, abs(y2 - y1) + 1)

    def swatch(self, x, y, w, h, colour):
        # A player's colour. On mono a framed box, so that it still shows.
        if self.mono:
            self.canvas.rect(x, y, w, h, 1)
            self.mark(x, y, w, h)
        else:
            self.fill(x, y, w, h, colour)

    def clear(self):
        self.canvas.fill(self.c(theme.BACKGROUND))
        self.dirty = [(0, 0, self.w, self.h)]

    # --- what changed ---------------------------------------------------------

    def mark(self, x, y, w, h):
        # Remember a changed rectangle, clipped to the screen. Two that touch
        # are merged when the union is hardly bigger than both: one window
        # command instead of two, without pushing much that did not change.
        if x < 0:
            w += x
            x = 0
        if y < 0:
            h += y
            y = 0
        w = min(w, self.w - x)
        h = min(h, self.h - y)
        if w <= 0 or h <= 0:
            return
        for i in range(len(self.dirty)):
            dx, dy, dw, dh = self.dirty[i]
            if x <= dx + dw and dx <= x + w and y <= dy + dh and dy <= y + h:
                nx, ny = min(x, dx), min(y, dy)
                nw, nh = max(x + w, dx + dw) - nx, max(y + h, dy + dh) - ny
                if nw * nh <= w * h + dw * dh + 256:
                    self.dirty[i] = (nx, ny, nw, nh)
                    return
        self.dirty.append((x, y, w, h))

    def flush(self):
        # Push what changed to the display. A big redraw (a new screen) is
        # first narrowed to the rows and column blocks that really differ
        # from what the panel shows.
        for x, y, w, h in self.dirty:
            if self.shown is None:
                self.display.show(x, y, w, h)
            elif w * h >= self.large:
                for r in self.changes(x, y, w, h):
                    self.display.show(r[0], r[1], r[2], r[3])
            else:
                self.forget(x, y, w, h)
                self.display.show(x, y, w, h)
        self.dirty = []

    def blocks(self, x, w):
        return x // 2 // self.block, min(BLOCKS - 1, (x + w - 1) // 2 // self.block)

    def forget(self, x, y, w, h):
        # Pushed without checking: the remembered CRCs there are out of date.
        b0, b1 = self.blocks(x, w)
        shown = self.shown
        for row in range(y, y + h):
            for b in range(row * BLOCKS + b0, row * BLOCKS + b1 + 1):
                shown[b] = -1

    def changes(self, x, y, w, h):
        # The parts of (x, y, w, h) that differ from what the panel shows,
        # one rectangle per run of changed rows, as wide as the changed
        # blocks; the CRCs are updated to what will be shown.
        b0, b1 = self.blocks(x, w)
        mem, shown, stride, block = self.mem, self.shown, self.stride, self.block
        out = []
        top = -1
        left, right = BLOCKS, -1
        for row in range(y, y + h + 1):
            hit = False
            if row < y + h:
                base = row * stride
                for b in range(b0, b1 + 1):
                    s = base + b * block
                    c = crc32(mem[s:min(s + block, base + stride)]) & 0x3FFFFFFF
                    i = row * BLOCKS + b
                    if shown[i] != c:
                        shown[i] = c
                        hit = True
                        if b < left:
                            left = b
                        if b > right:
                            right = b
            if hit and top < 0:
                top = row
            elif not hit and top >= 0:
                px = left * block * 2
                out.append((px, top, min(self.w, (right + 1) * block * 2) - px, row - top))
                top = -1
                left, right = BLOCKS, -1
        return out
