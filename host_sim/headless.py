# A board without hardware, for tests and benchmarks: the canvas the UI
# draws into, a display that counts what would be pushed to a panel, and
# buttons set by a key script. Runs under MicroPython too, with the real
# framebuf (tests/mp/ui_run.py), so both interpreters can be compared.
import framebuf
try:
    # On MicroPython with boards/ on its path: text in machine code, as a colour
    # board's display has it (boards/ink4.py, st7789.py); elsewhere framebuf's blit.
    from ink4 import ink4
except Exception:
    ink4 = None

# What an ST7789 costs per show(): the window (CASET, RASET: 1 + 4 bytes
# each) and RAMWR (1 byte), then 2 bytes a pixel (boards/st7789.py).
WINDOW_BYTES = 11
# The UI's canvas on a colour board: a band of the screen this many rows
# high, as boards/st7789.py makes it (ui/paint.py).
BAND_ROWS = 36


class Display:
    # canvas, buffer: the screen as the panel shows it (what the tests and
    # screenshots read). A colour board's UI draws into `band` (rows rows,
    # from the screen's row `top`), and show() copies a rectangle of it
    # onto the screen, as a panel takes it; band=False: the UI draws into
    # the whole screen, as on a mono or CircuitPython board. picture=False:
    # with a band, no screen is kept (its 16.2 KB at 240x135 are the panel's
    # memory on a board, not the heap's: tools/mp_ui.py measures the heap).
    def __init__(self, width, height, mono=False, band=True, picture=True):
        self.width, self.height, self.mono = width, height, mono
        band = band and not mono
        fmt = framebuf.MONO_VLSB if mono else framebuf.GS4_HMSB
        if mono:
            self.buffer = bytearray(width * ((height + 7) // 8))
        elif picture or not band:
            self.buffer = bytearray(((width + 1) // 2) * height)
        else:
            self.buffer = None
        self.canvas = None if self.buffer is None else \
            framebuf.FrameBuffer(self.buffer, width, height, fmt)
        self.rows = 0
        if band:
            stride = (width + 1) // 2
            self.rows = min(height, BAND_ROWS)
            self.band_buffer = bytearray(stride * self.rows)
            self.band = framebuf.FrameBuffer(self.band_buffer, width, self.rows, fmt)
            self.top = 0
        self.ink4 = None if mono else ink4
        self.colours = None
        self.sent = 0           # bytes a panel would have received
        self.shows = 0

    def palette(self, colours):
        self.colours = colours

    def show(self, x, y, w, h):
        self.shows += 1
        if self.mono:
            self.sent += w * ((h + 7) // 8) + 8      # pages touched, and addressing
        else:
            self.sent += WINDOW_BYTES + 2 * w * h
            if self.rows and self.buffer is not None:
                self.copy(x, y, w, h)

    def copy(self, x, y, w, h):
        # The rectangle from the band onto the screen, a row's bytes at a
        # time (two pixels a byte, the left one in the high half): a half
        # byte at either end where the rectangle starts or ends mid-byte.
        stride = (self.width + 1) // 2
        band, screen = memoryview(self.band_buffer), self.buffer
        a = (x + 1) >> 1            # the first whole byte
        b = (x + w) >> 1            # past the last whole byte
        s = (y - self.top) * stride
        d = y * stride
        for _ in range(h):
            if x & 1:
                i = x >> 1
                screen[d + i] = (screen[d + i] & 0xF0) | (band[s + i] & 0x0F)
            if a < b:
                screen[d + a:d + b] = band[s + a:s + b]
            if (x + w) & 1:
                screen[d + b] = (screen[d + b] & 0x0F) | (band[s + b] & 0xF0)
            s += stride
            d += stride

    def full_frame(self):
        if self.mono:
            return self.width * ((self.height + 7) // 8) + 8
        return WINDOW_BYTES + 2 * self.width * self.height


# The boards' sizes, buttons and key maps (docs/device.md), without drivers.
BOARDS = {
    'pico_display': (240, 135, False, ('A', 'B', 'X', 'Y'),
                     (('select', None, None), ('back', 'undo', None),
                      ('up', 'repeat', None), ('down', 'repeat', None))),
    'pico_display2': (320, 240, False, ('A', 'B', 'X', 'Y'),
                      (('select', None, None), ('back', 'undo', None),
                       ('up', 'repeat', None), ('down', 'repeat', None))),
    'tdisplay': (240, 135, False, ('BTN1', 'BTN2'),
                 (('advance', 'repeat', None), ('select', 'back', 'undo'))),
    'oled_ssd1306': (128, 64, True, ('UP', 'DOWN', 'SEL'),
                     (('up', 'repeat', None), ('down', 'repeat', None), ('select', 'back', 'undo'))),
    # CircuitPython boards (boards/reverse_tft.py, boards/macropad.py; the MacroPad's
    # UP and DOWN are also its encoder's detents)
    'reverse_tft': (240, 135, False, ('D0', 'D1', 'D2'),
                    (('up', 'repeat', None), ('select', 'back', 'undo'), ('down', 'repeat', None))),
    'macropad': (128, 64, True, ('UP', 'DOWN', 'SEL'),
                 (('up', 'repeat', None), ('down', 'repeat', None), ('select', 'back', 'undo'))),
}

# On CircuitPython the UI draws into a canvas of the whole screen (a displayio Bitmap:
# boards/cp_canvas.py); the MicroPython colour boards give it a band (boards/st7789.py).
WHOLE_SCREEN = ('reverse_tft', 'macropad')


def board_display(board):
    # A headless display of the board's size, with the canvas its UI draws into.
    width, height, mono = BOARDS[board][:3]
    return Display(width, height, mono, band=board not in WHOLE_SCREEN)
