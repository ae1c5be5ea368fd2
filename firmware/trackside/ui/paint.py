# Drawing on the canvas, and remembering what changed so that only that is
# pushed to the display (a full 240x135 frame is 64.8 KB over SPI; a key
# press should send a small part of it).
import framebuf
from trackside.ui import font as fonts, theme


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
            ink = self.inks[key] = fonts.ink(self.fmt, self.c(bg), self.c(fg))
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
        # Remember a changed rectangle, clipped to the screen. Rectangles that
        # overlap are merged: pushing one is cheaper than two commands.
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
                self.dirty[i] = (nx, ny, max(x + w, dx + dw) - nx, max(y + h, dy + dh) - ny)
                return
        self.dirty.append((x, y, w, h))

    def flush(self):
        # Push what changed to the display.
        for x, y, w, h in self.dirty:
            self.display.show(x, y, w, h)
        self.dirty = []
