# Drawing on the canvas, and remembering what changed so that only that is
# pushed to the display (a full 240x135 frame is 64.8 KB over SPI; a key
# press should send a small part of it).
#
# The canvas is the whole screen (a mono board's 1 KB) or, on a colour
# board whose display offers one (`rows`: boards/st7789.py), a band of a few
# rows (4 KB, where the whole 240x135 screen at 4 bits a pixel is 16.2 KB of
# a Pico's heap: issue 11). With a band, what is drawn is written down (ops)
# and drawn when it is pushed (flush): a band at a time, each band from the
# ops that reach into it, and the changed rectangles' rows in it sent. Every
# shape the screens draw paints the whole of its rectangle (a text its
# glyphs' cells too), so what a changed rectangle shows is known from the
# ops alone; lines are not (the chart): a screen that draws them draws
# itself a band at a time (each_band).
import framebuf
from trackside.ui import font as fonts, theme

PAUSE_MS = 1200         # a scrolling text waits this long at each end,
STEP_MS = 220           # and moves one character this often: readable at a glance


class Painter:
    def __init__(self, display):
        self.display = display
        self.w = display.width
        self.h = display.height
        self.mono = display.mono
        rows = getattr(display, 'rows', 0)
        if 0 < rows < self.h:               # a band of the screen
            self.canvas, buffer, self.rows, self.ops = display.band, display.band_buffer, rows, []
        else:                               # the whole screen
            self.canvas, buffer, self.rows, self.ops = display.canvas, None, self.h, None
        self.oy = 0                     # the screen row of the canvas's first row
        self.fmt = framebuf.MONO_VLSB if self.mono else framebuf.GS4_HMSB
        self.inks = {}
        self.dirty = []                 # rectangles (x, y, w, h) not yet shown
        # Text boxes that remember what they show (put()): the game screen is
        # made of them, so a key press redraws only what it changed.
        self.slots = {}
        self.layout = None              # 'game' while the game screen is shown
        # Boxes whose text is longer than they are: it scrolls through them
        # (animate()), so that nothing is cut off with no way to read it.
        self.scrolls = {}
        self.cut = None                 # a list: tests record text drawn past the screen
        # The board's text in machine code (display.ink4, boards/ink4.py: a
        # 4-bit canvas), or None: glyphs through framebuf's blit (Font.draw).
        self.fast = None if self.mono else getattr(display, 'ink4', None)
        if self.fast is not None:
            from array import array
            self.buffer = display.buffer if buffer is None else buffer
            self.spec = array('H', [0] * 12)
        if not self.mono:
            display.palette(theme.rgb_list())
        # fonts by screen size (the resolution, not the board): hints and
        # headers, rows, big numbers. Each is loaded when first chosen, so a
        # board holds only its own three.
        if self.h < 100:                # 128x64
            self.small, self.medium, big = fonts.load('tiny'), fonts.load('small'), 'digits'
        elif self.h < 240 or self.w < 320:     # 240x135
            self.small, self.medium, big = fonts.load('small'), fonts.load('medium'), 'digits'
        else:       # 320x240: 10x20, 14x28 bold, the digits at 32x64: 32 and 22
            # characters a line (240x135 has 30 and 20), hence the width too
            self.small, self.medium, big = fonts.load('normal20'), fonts.load('bold28'), 'digits2x'
        self.big_name = big         # the big digits: loaded when first drawn (big())

    def big(self):
        # The big digits of an amount screen (not needed on a game screen
        # that asks its questions itself: drop_big).
        return fonts.load(self.big_name)

    def drop_big(self):
        # The big digits go (the new-game screens' amounts used them): a game
        # screen that asks its questions in its own lines has no use for
        # them, and big() loads them again for an amount's own screen.
        fonts.drop(self.big_name)

    # --- colours ---------------------------------------------------------------

    def c(self, index):
        # A palette index as this screen draws it: on mono, 0 or 1.
        if self.mono:
            return 0 if index == theme.BACKGROUND else 1
        return index

    def ink(self, bg, fg):
        ink = self.inks.get(bg * 16 + fg)
        if ink is None:
            ink = self._new_ink(bg, fg)
        return ink

    def _new_ink(self, bg, fg):
        b, f = self.c(bg), self.c(fg)
        if b == f:
            f = 1 - b               # mono: text on a lit bar is dark
        ink = self.inks[bg * 16 + fg] = fonts.ink(self.fmt, b, f)
        return ink

    # --- drawing ----------------------------------------------------------------

    def fill(self, x, y, w, h, colour):
        self.box(x, y, w, h, self.c(colour))
        self.mark(x, y, w, h)

    def box(self, x, y, w, h, c):
        # A filled rectangle in canvas colour c: drawn, or written down for
        # the bands (0: its kind, then the rows it reaches from and to).
        if self.ops is None:
            self.canvas.fill_rect(x, y - self.oy, w, h, c)
        elif w > 0 and h > 0:
            self.ops.append((0, y, y + h, x, w, h, c))

    def text(self, x, y, s, font, fg=theme.TEXT, bg=theme.BACKGROUND):
        self.glyphs(x, y, s, font, fg, bg)
        self.mark(x, y, font.measure(s), font.height)

    def glyphs(self, x, y, s, font, fg, bg):
        # text() without marking it changed: drawn, or written down for the
        # bands (1: its kind, then the rows it reaches from and to).
        if self.cut is not None and (x + font.measure(s) > self.w or y + font.height > self.h):
            self.cut.append(s)
        if self.ops is None:
            self.draw_glyphs(x, y - self.oy, s, font, fg, bg)
        elif s:
            self.ops.append((1, y, y + font.height, x, s, font, fg, bg))

    def draw_glyphs(self, x, y, s, font, fg, bg):
        # The glyphs at (x, y) of the canvas: their cells filled with the
        # background at once, then only their ink blitted (the background is
        # the blit's key): the same pixels as opaque glyphs, for a fifth or
        # so less of the blits' work (a glyph is mostly background; the blit
        # sets each pixel on its own).
        b = self.c(bg)
        self.canvas.fill_rect(x, y, font.measure(s), font.height, b)
        if self.fast is None or not self.inked(x, y, s, font, fg, bg):
            font.draw(self.canvas, x, y, s, self.ink(bg, fg), None, b)

    def inked(self, x, y, s, font, fg, bg):
        # The glyphs' ink on their cells, filled with bg already, in machine
        # code (self.fast, the board's: None on a board that has none) where
        # the text is all on the canvas from an even x (a glyph's two pixels
        # a canvas byte); False where it is not, for framebuf's blit of each
        # glyph with bg as its key (Font.draw). The same pixels either way
        # (tests/test_boards.py). (x, y): on the canvas.
        if x >= 0 and y >= 0 and not x & 1 and \
                x + font.measure(s) <= self.w and y + font.height <= self.rows:
            codes = font.codes(s)
            if codes is not None:
                f = fg if fg != bg else (1 - bg) & 15     # (as ink() makes it)
                sp = self.spec
                self.fast(self.buffer, font.spec(sp, x, y, self.w, self.rows, len(codes), f), codes, sp)
                return True
        return False

    def line(self, x1, y1, x2, y2, colour):
        # (Only where the whole screen is drawn at once, or a band at a
        # time (each_band): a line leaves the rest of its rectangle as it was.)
        c = self.c(colour)
        if self.ops is None:
            self.canvas.line(x1, y1 - self.oy, x2, y2 - self.oy, c)
        else:
            self.ops.append((2, min(y1, y2), max(y1, y2) + 1, x1, y1, x2, y2, c))
        self.mark(min(x1, x2), min(y1, y2), abs(x2 - x1) + 1, abs(y2 - y1) + 1)

    def swatch(self, x, y, w, h, colour):
        # A player's colour. On mono a framed box, so that it still shows
        # (a mono screen is drawn whole: no band).
        if self.mono:
            self.canvas.rect(x, y, w, h, 1)
            self.mark(x, y, w, h)
        else:
            self.fill(x, y, w, h, colour)

    def clear(self):
        bg = self.c(theme.BACKGROUND)
        if self.ops is None:
            self.canvas.fill(bg)
        else:
            self.ops = [(0, 0, self.h, 0, self.w, self.h, bg)]     # (what was before is under it)
        self.dirty = [(0, 0, self.w, self.h)]
        self.slots = {}
        self.scrolls = {}
        self.layout = None

    def each_band(self, draw):
        # draw(), a screen drawn whole, with lines: where the canvas is a
        # band, drawn once for each band of the screen, and each band sent
        # whole as it is done. The boxes forget what they show before each
        # (else put() would find its text already there and draw nothing).
        if self.ops is None:
            draw()
            return
        self.flush()
        ops, self.ops = self.ops, None      # drawn at once, into the band
        top = 0
        while top < self.h:
            self.oy = self.display.top = top
            self.slots = {}
            self.scrolls = {}
            draw()
            self.display.show(0, top, self.w, min(self.rows, self.h - top))
            top += self.rows
        self.oy = self.display.top = 0
        self.ops = ops
        self.dirty = []

    def put(self, name, x, y, w, h, text, font, fg=theme.TEXT, bg=theme.BACKGROUND, swatch=None):
        # A text box (x, y, w, h) that remembers what it shows. Drawn again
        # only if something changed; if only the text did, only the glyphs
        # from the first difference on (and the old tail is wiped). Nothing
        # is allocated when nothing changed: this runs for every box of a
        # screen on every redraw. True if the whole box was painted afresh
        # (what it covers of other boxes is gone).
        old = self.slots.get(name)
        if old is not None and old[0] == text and old[1] == x and old[2] == y and \
                old[3] == w and old[4] == h and old[5] is font and old[6] == fg and \
                old[7] == bg and old[8] == swatch:
            return
        same_box = old is not None and old[1] == x and old[2] == y and old[3] == w and \
            old[4] == h and old[5] is font and old[6] == fg and old[7] == bg and old[8] == swatch
        if same_box and self.scrolls and name in self.scrolls:
            same_box = False            # it shows a scrolled part of its old text
        was = old[0] if old is not None else ''
        self.slots[name] = [text, x, y, w, h, font, fg, bg, swatch]
        tx = x + (14 if swatch is not None else 2)     # after a player's colour bar and a mark
        ty = y + (h - font.height) // 2
        room = max(0, (x + w - tx) // font.width)     # (a box too narrow for a glyph: none)
        if len(text) > room:
            # too long for its box: it scrolls (animate), starting at its start
            if room:
                self.scrolls[name] = [text, tx, ty, room, font, fg, bg, 0, None]
            elif self.scrolls:
                self.scrolls.pop(name, None)
            text = text[:room]
            same_box = False
        elif self.scrolls:
            self.scrolls.pop(name, None)
        # (drawn on the canvas and marked once, here: each of fill(), text()
        # and mark() is a call, and one with a frame on the heap: tools/mpy_frames.py)
        if not same_box:
            self.box(x, y, w, h, self.c(bg))
            if swatch is not None:      # a player's colour, as swatch() draws it
                if self.mono:
                    self.canvas.rect(x + 1, y + 1 - self.oy, 6, h - 2, 1)
                else:
                    self.box(x + 1, y + 1, 6, h - 2, swatch)
            self.glyphs(tx, ty, text, font, fg, bg)
            self.mark(x, y, w, h)
            if font.height > h:         # (a font taller than its box: drawn past it)
                self.mark(tx, ty, font.measure(text), font.height)
            return True
        if len(was) > room:
            was = was[:room]
        # Compared as bytes when both are ASCII: on MicroPython text[i] is a
        # new str each time, looked up among all the interned strings
        # (thousands of instructions), a byte is a small int.
        t, o = text.encode(), was.encode()
        if len(t) != len(text) or len(o) != len(was):
            t, o = text, was
        i = 0
        while i < len(text) and i < len(was) and t[i] == o[i]:
            i += 1
        end = len(text)
        if end == len(was):
            while end > i and t[end - 1] == o[end - 1]:
                end -= 1            # the same length: the unchanged tail stays too
        if i < end:
            self.glyphs(tx + i * font.width, ty, text[i:end] if i or end < len(text) else text,
                        font, fg, bg)
            self.mark(tx + i * font.width, ty, (end - i) * font.width, font.height)
        if len(was) > len(text):
            tx += len(text) * font.width
            self.box(tx, ty, (len(was) - len(text)) * font.width, font.height, self.c(bg))
            self.mark(tx, ty, (len(was) - len(text)) * font.width, font.height)

    def forget(self, name):
        # The box is drawn over by something else: draw it afresh next time.
        self.slots.pop(name, None)
        self.scrolls.pop(name, None)

    def animate(self, now):
        # Scroll the text of each box that is too short for it: a pause at
        # the start, a character every STEP_MS, a pause at the end. Called at
        # every poll; with nothing to scroll it costs nothing.
        # (at every poll: the step itself is a function of its own, so that
        # this one's frame fits MicroPython's 11 words: keys.py)
        for sc in self.scrolls.values():
            if sc[8] is None:
                sc[8] = now + PAUSE_MS
            elif now >= sc[8]:
                self._scroll(sc, now)

    def _scroll(self, sc, now):
        text, tx, ty, room, font, fg, bg, at, due = sc
        at = at + 1 if at < len(text) - room else 0
        sc[7] = at
        sc[8] = now + (PAUSE_MS if at == 0 or at == len(text) - room else STEP_MS)
        # (the part is as long as the room: its cells fill the box's line)
        self.text(tx, ty, text[at:at + room], font, fg, bg)

    # --- what changed ---------------------------------------------------------

    def mark(self, x, y, w, h):
        # Remember a changed rectangle, clipped to the screen. Two that touch
        # are merged when the union is hardly bigger than both: one window
        # command instead of two, without pushing much that did not change.
        # (Merged here, not when shown: a screen drawn whole, a chart of a
        # long game, marks hundreds, and their list would be kilobytes.)
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
        # With a band, only into a union that the two cover whole: the rest
        # of a bigger one would be drawn from no op (what the band held).
        slack = 256 if self.ops is None else 0
        for i in range(len(self.dirty)):
            dx, dy, dw, dh = self.dirty[i]
            if x <= dx + dw and dx <= x + w and y <= dy + dh and dy <= y + h:
                nx, ny = min(x, dx), min(y, dy)
                nw, nh = max(x + w, dx + dw) - nx, max(y + h, dy + dh) - ny
                if slack:
                    if nw * nh <= w * h + dw * dh + slack:
                        self.dirty[i] = (nx, ny, nw, nh)
                        return
                elif (nx == dx and ny == dy and nw == dw and nh == dh) or \
                        (nx == x and ny == y and nw == w and nh == h) or \
                        (x == dx and w == dw) or (y == dy and h == dh):
                    # one holds the other, or they are side by side, as tall
                    # or as wide (they touch or overlap: tested above)
                    self.dirty[i] = (nx, ny, nw, nh)
                    return
        self.dirty.append((x, y, w, h))

    def flush(self):
        # Push what changed to the display (called at every poll: when
        # nothing changed it must cost next to nothing).
        if self.dirty:
            if self.ops is None:
                for x, y, w, h in self.dirty:
                    self.display.show(x, y, w, h)
            else:
                self.bands()
            self.dirty = []
        elif self.ops:
            self.ops = []           # (drawn off the screen: nothing to show)

    def bands(self):
        # The changed rectangles drawn a band at a time: the band starts at
        # the first changed row not yet sent, is drawn from the ops that
        # reach into it, in the order they were made, and the changed rows
        # in it are sent. Then the ops are done with.
        display, rows, dirty = self.display, self.rows, self.dirty
        top = 0
        while True:
            first = self.h
            for d in dirty:
                if d[1] + d[3] > top:
                    first = min(first, max(top, d[1]))
            if first >= self.h:
                break
            top = first
            end = top + rows
            self.oy = display.top = top
            for op in self.ops:
                if op[1] < end and op[2] > top:
                    self.replay(op, top)
            for x, y, w, h in dirty:
                y0 = max(top, y)
                y1 = min(end, y + h)
                if y0 < y1:
                    display.show(x, y0, w, y1 - y0)
            top = end
        self.oy = display.top = 0
        self.ops = []

    def replay(self, op, top):
        # One op, drawn into the band whose first row is the screen's top.
        kind = op[0]
        if kind == 0:
            self.canvas.fill_rect(op[3], op[1] - top, op[4], op[5], op[6])
        elif kind == 1:
            self.draw_glyphs(op[3], op[1] - top, op[4], op[5], op[6], op[7])
        else:
            self.canvas.line(op[3], op[4] - top, op[5], op[6] - top, op[7])
