# A board module for firmware/main.py with no hardware (tests/test_main.py):
# the headless display, and buttons that play a key script, one poll at a
# time, then stop the device (SystemExit).
#   micropython main.py SAVES_DIR KEYS_FILE      (MICROPYPATH: here, the
#   firmware, host_sim)
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


class Buttons:
    def __init__(self, script):
        self.steps = keyscript.presses(script, BUTTONS)
        self.mask = 0
        self.left = POLLS * 2          # a moment with nothing pressed first

    def pressed(self):
        if self.left == 0:
            if self.mask:
                self.mask, self.left = 0, POLLS
            else:
                step = next(self.steps, None)
                if step is None:
                    raise SystemExit(0)
                index, ms = step
                self.mask, self.left = 1 << index, max(POLLS, ms // keyscript.TICK + 1)
        self.left -= 1
        return self.mask


def open():        # (the board interface's name: the builtin was used above)
    return Display(WIDTH, HEIGHT, MONO), Buttons(SCRIPT), None
