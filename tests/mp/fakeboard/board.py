# A board module for firmware/main.py with no hardware (tests/test_main.py):
# the headless display, and buttons that play a key script, one poll at a
# time, then print what the screen shows and stop the device (SystemExit).
#   micropython main.py SAVES_DIR KEYS_FILE [FAILS]   (MICROPYPATH: here, the
#   firmware, host_sim)
# FAILS: the first FAILS polls raise RuntimeError, as a bug would (main.py's
# last guard must outlive them without a loop of tracebacks).
import sys

from headless import Display, BOARDS
import keyscript

width, height, mono, BUTTONS, KEYMAP = BOARDS['pico_display']
NAME = 'no hardware'
WIDTH, HEIGHT, MONO = width, height, mono
SAVES = sys.argv[1]
with open(sys.argv[2]) as f:
    SCRIPT = f.read()
POLLS = 8           # polls a tap is held, then let go: main.py polls every 10 ms
FAILS = [int(sys.argv[3]) if len(sys.argv) > 3 else 0]


class Buttons:
    def __init__(self, script):
        self.steps = keyscript.presses(script, BUTTONS, KEYMAP)
        self.mask = 0
        self.left = POLLS * 2          # a moment with nothing pressed first

    def pressed(self):
        if FAILS[0]:
            FAILS[0] -= 1
            raise RuntimeError('a poll that fails (%d more)' % FAILS[0])
        if self.left == 0:
            if self.mask:
                self.mask, self.left = 0, POLLS
            else:
                step = next(self.steps, None)
                if step is None:
                    report()
                    raise SystemExit(0)
                index, ms = step
                self.mask, self.left = 1 << index, max(POLLS, ms // keyscript.TICK + 1)
        self.left -= 1
        return self.mask


DISPLAY = []


def report():
    # At the end of the script, what was on the screen: one line of JSON,
    # the CRC-32 of the canvas and how many times the panel was updated.
    import json
    from binascii import crc32
    d = DISPLAY[0]
    print(json.dumps({'crc': crc32(d.buffer) & 0xFFFFFFFF, 'shows': d.shows}))


def open():        # (the board interface's name: the builtin was used above)
    DISPLAY.append(Display(WIDTH, HEIGHT, MONO))
    return DISPLAY[-1], Buttons(SCRIPT), None
