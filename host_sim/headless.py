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

class Display:
    def __init__(self, width, height, mono=False):
        self.width, self.height, self.mono = width, height, mono
        if mono:
            self.buffer = bytearray(width * ((height + 7) // 8))
            fmt = framebuf.MONO_VLSB
        else:
            self.buffer = bytearray(((width + 1) // 2) * height)
            fmt = framebuf.GS4_HMSB
        self.canvas = framebuf.FrameBuffer(self.buffer, width, height, fmt)
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
