# Drawing on the canvas, and remembering what changed so that only that is
# pushed to the display (a full 240x135 frame is 64.8 KB over SPI; a key
# press should send a small part of it).
#
# The canvas is the whole screen (a mono board's 1 KB) or, on a colour
# board whose display offers one (`rows`: boards/st7789.py), a band of a few
# rows (4.3 KB, where the whole 240x135 screen at 4 bits a pixel is 16.2 KB of
# a Pico's heap: issue 11). A shape is drawn into the band where the band is;
# one below or above it first sends what changed in the band, and the band
# moves there. That works because every shape the screens draw paints the
# whole of its rectangle (a text its glyphs' cells too): what a changed
# rectangle shows was all drawn since the band came, and the rest of the
# band (another place's rows) is never sent. A clear (or a wipe of whole
# rows) is kept as the rows still to be background (blank), filled as the
# band comes to them, sent with what is drawn there or at the push. Lines do not paint their rectangle (the chart's): a screen with
# lines draws itself whole into each band in turn (each_band).
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
        self.band = 0 < rows < self.h       # the canvas a band of the screen
        if self.band:
            self.canvas, buffer, self.rows = display.band, display.band_buffer, rows
        else:
            self.canvas, buffer, self.rows = display.canvas, None, self.h
        self.oy = 0                     # the screen row of the canvas's first row
        self.pinned = False             # (each_band: the band stays where it is put)
        self.blank = []                 # rows (from, to) a clear or a wipe left to be background
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
            self.spec = array('H', [0] * 13)
            self.spec[2] = self.w           # (the canvas's width and rows: Font.spec)
            self.spec[11] = self.rows
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
        if self.band and not self.pinned and colour == theme.BACKGROUND and x <= 0 and \
                x + w >= self.w:
            self.blanks(y, y + h)       # whole rows of background: as a clear's
            return
        if h > self.rows and self.band and not self.pinned:
            while h > 0:                # taller than the band: a band's rows at a time
                n = min(h, self.rows)
                self.fill(x, y, w, n, colour)
                y += n
                h -= n
            return
        self.box(x, y, w, h, self.c(colour))
        self.mark(x, y, w, h)

    def box(self, x, y, w, h, c):
        # A filled rectangle in canvas colour c, not marked (h: at most the band's).
        if y < self.oy or y + h > self.oy + self.rows:
            self.aim(y, h)
        self.canvas.fill_rect(x, y - self.oy, w, h, c)

    # --- the band -----------------------------------------------------------------

    def aim(self, y, h):
        # Rows y to y + h - 1 (on the screen), not all in the band: where the
        # canvas is a band, what changed in it is sent and it moves there.
        if not self.band or self.pinned:
            return
        a = max(0, y)
        b = min(self.h, y + h)
        if a < b and (a < self.oy or b > self.oy + self.rows):
            self.move(a)

    def move(self, top):
        # The band from screen row top (or as near as it fits). Its rows that
        # a clear left are filled with the background, under what is drawn
        # there; they are shown when something is (send) or at the push.
        # (send() and the wipes only when there is something to do, and no
        # min(): this frame then fits on the C stack; a bigger one is
        # allocated on the heap at every call: tools/mpy_frames.py)
        if self.dirty:
            self.send()
        last = self.h - self.rows
        self.oy = self.display.top = top if top < last else last
        if self.blank:
            self.wipe_blank()

    def wipe_blank(self):
        # The rows a clear or a wipe left to be background, those the band holds.
        for lo, hi in self.blank:
            self.wipe(lo, hi)

    def wipe(self, lo, hi):
        # Screen rows lo to hi - 1 filled with the background, those the band holds.
        a, b = max(lo, self.oy), min(hi, self.oy + self.rows)
        if a < b:
            self.canvas.fill_rect(0, a - self.oy, self.w, b - a, self.c(theme.BACKGROUND))

    def blanks(self, lo, hi):
        # Rows lo to hi - 1 to be background, as a clear leaves them: those
        # in the band are filled now, the others where the band comes.
        lo, hi = max(0, lo), min(self.h, hi)
        if lo >= hi:
            return
        self.wipe(lo, hi)
        keep = []
        for r in self.blank:            # (joined with those they touch)
            if r[1] < lo or r[0] > hi:
                keep.append(r)
            else:
                lo, hi = min(lo, r[0]), max(hi, r[1])
        keep.append((lo, hi))
        self.blank = keep

    def send(self):
        # What changed in the band to the display: a row still to be
        # background that something was drawn in goes whole (so that each
        # row is sent once).
        if self.blank:
            for i in range(len(self.dirty)):
                r = self.dirty[i]
                self.unblank(r[1], r[1] + r[3])
        for x, y, w, h in self.dirty:
            self.display.show(x, y, w, h)
        self.dirty = []

    def unblank(self, top, end):
        # Rows top to end - 1 still to be background, in the band: marked whole.
        keep = []
        for lo, hi in self.blank:
            a, b = max(lo, top), min(hi, end)
            if a < b:
                self.mark(0, a, self.w, b - a)
                if lo < a:
                    keep.append((lo, a))
                if b < hi:
                    keep.append((b, hi))
            else:
                keep.append((lo, hi))
        self.blank = keep

    def text(self, x, y, s, font, fg=theme.TEXT, bg=theme.BACKGROUND):
        self.glyphs(x, y, s, font, fg, bg)
        self.mark(x, y, font.measure(s), font.height)

    def glyphs(self, x, y, s, font, fg, bg):
        # text() without marking it changed (but a text taller than the band
        # is marked a band at a time, as it is drawn in each).
        fh = font.height
        if y < self.oy or y + fh > self.oy + self.rows:
            self.aim(y, fh)
            if fh > self.rows and self.band and not self.pinned:
                t, end = max(0, y), min(self.h, y + fh)
                while t < end:
                    if t < self.oy or t >= self.oy + self.rows:
                        self.move(t)
                    self.draw_glyphs(x, y - self.oy, s, font, fg, bg)
                    self.mark(x, t, font.measure(s), min(end, self.oy + self.rows) - t)
                    t = self.oy + self.rows
                return
        self.draw_glyphs(x, y - self.oy, s, font, fg, bg)

    def draw_glyphs(self, x, y, s, font, fg, bg):
        # The glyphs at (x, y) of the canvas: their cells filled with the
        # background at once, then only their ink drawn: in machine code
        # (self.fast, the board's: boards/ink4.py) where the board has it and
        # the text is all on the canvas from an even x (a glyph's two pixels
        # a canvas byte); else blitted by framebuf with the background as the
        # key (Font.draw): the same pixels either way (tests/test_boards.py),
        # and the same as opaque glyphs, for a fifth or so less of the blits'
        # work (a glyph is mostly background; the blit sets each pixel on its
        # own). (One function, not two: a call of either has its frame on the
        # heap, tools/mpy_frames.py.)
        b = self.c(bg)
        w = len(s) * font.width
        if self.cut is not None and (x + w > self.w or y + self.oy + font.height > self.h):
            self.cut.append(s)      # (tests: text drawn past the screen's edge)
        self.canvas.fill_rect(x, y, w, font.height, b)
        if self.fast is not None and x >= 0 and y >= 0 and not x & 1 and \
                x + w <= self.w and y + font.height <= self.rows:
            codes = font.codes(s)
            if codes is not None:
                sp = self.spec
                sp[12] = b                  # (the cells' colour, filled above)
                self.fast(self.buffer, font.spec(sp, x, y, len(codes), fg if fg != bg else (1 - bg) & 15),
                          codes, sp)      # (the ink as ink() makes it)
                return
        font.draw(self.canvas, x, y, s, self.ink(bg, fg), None, b)

    def line(self, x1, y1, x2, y2, colour):
        # (Only where the whole screen is drawn at once, or a band at a
        # time (each_band): a line leaves the rest of its rectangle as it was.)
        self.canvas.line(x1, y1 - self.oy, x2, y2 - self.oy, self.c(colour))
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
        if self.band and not self.pinned:
            # every row to be background: filled where the band comes (what
            # was to be sent is under it, and the band holds no row now)
            self.dirty = []
            self.blank = [(0, self.h)]
            self.oy = self.display.top = -self.h
        else:
            self.canvas.fill(self.c(theme.BACKGROUND))
            self.dirty = [(0, 0, self.w, self.h)]
        self.slots = {}
        self.scrolls = {}
        self.layout = None

    def each_band(self, draw):
        # draw(), a screen drawn whole, with lines: where the canvas is a
        # band, drawn once for each band of the screen, and each band sent
        # whole as it is done. The boxes forget what they show before each
        # (else put() would find its text already there and draw nothing).
        if not self.band:
            draw()
            return
        self.flush()
        self.pinned = True
        top = 0
        while top < self.h:
            self.oy = self.display.top = top
            self.slots = {}
            self.scrolls = {}
            draw()
            self.display.show(0, top, self.w, min(self.rows, self.h - top))
            top += self.rows
        self.pinned = False
        self.oy = self.display.top = top - self.rows   # (the band holds what the panel shows)
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
        self.slots[name] = (text, x, y, w, h, font, fg, bg, swatch)
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
            y0 = y if y < ty else ty
            y1 = y + h if y + h > ty + font.height else ty + font.height
            if y0 < self.oy or y1 > self.oy + self.rows:
                self.aim(y0, y1 - y0)
                if y1 - y0 > self.rows and self.band and not self.pinned:
                    # taller than the band: its parts a band at a time
                    self.fill(x, y, w, h, bg)
                    if swatch is not None:
                        self.fill(x + 1, y + 1, 6, h - 2, swatch)
                    self.text(tx, ty, text, font, fg, bg)
                    return True
            self.canvas.fill_rect(x, y - self.oy, w, h, self.c(bg))
            if swatch is not None:      # a player's colour, as swatch() draws it
                if self.mono:
                    self.canvas.rect(x + 1, y + 1 - self.oy, 6, h - 2, 1)
                else:
                    self.canvas.fill_rect(x + 1, y + 1 - self.oy, 6, h - 2, swatch)
            # (its rows are in the band now: drawn at once, not through
            # glyphs(), a call whose frame is on the heap)
            self.draw_glyphs(tx, ty - self.oy, text, font, fg, bg)
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
        # (the shorter length taken once: a len() a character was most of
        # these loops' work)
        n = len(text) if len(text) < len(was) else len(was)
        i = 0
        while i < n and t[i] == o[i]:
            i += 1
        end = len(text)
        if end == len(was):
            k = end - 1             # the same length: the unchanged tail stays too
            while k >= i and t[k] == o[k]:
                k -= 1
            end = k + 1
        if i < end:
            part = text[i:end] if i or end < len(text) else text
            if ty < self.oy or ty + font.height > self.oy + self.rows:
                self.glyphs(tx + i * font.width, ty, part, font, fg, bg)     # (the band moves)
            else:
                self.draw_glyphs(tx + i * font.width, ty - self.oy, part, font, fg, bg)
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
        # (This part, at every shape drawn, fits its frame on the C stack:
        # no min(), and the search of the list in a function of its own.)
        if x < 0:
            w += x
            x = 0
        if y < 0:
            h += y
            y = 0
        if w > self.w - x:
            w = self.w - x
        if h > self.h - y:
            h = self.h - y
        if self.band and not self.pinned:
            # (only rows the band holds: a shape drawn in pieces is marked
            # as each is drawn, and the rest of the band is not to be sent)
            if y < self.oy:
                h -= self.oy - y
                y = self.oy
            if y + h > self.oy + self.rows:
                h = self.oy + self.rows - y
        if w > 0 and h > 0:
            if self.dirty:
                self.merge(x, y, w, h)
            else:
                self.dirty.append((x, y, w, h))

    def merge(self, x, y, w, h):
        # A changed rectangle into the list, joined with one it touches.
        # With a band, only into a union that the two cover whole: the rest
        # of a bigger one holds what the band held before (other rows).
        slack = 0 if self.band else 256
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
        # Push what changed to the display (called at every poll when
        # something did: dirty or blank). Rows a clear left that nothing has
        # drawn in since are background: the band goes to each.
        if self.dirty:
            self.send()
        while self.blank:
            self.move(self.blank[0][0])
            self.unblank(self.oy, self.oy + self.rows)
            if self.dirty:
                self.send()

