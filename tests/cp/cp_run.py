# Run by CPython in a fresh process, as CircuitPython would run Trackside on a board:
#   cp_run.py BOARD SAVES_DIR KEYS_FILE [GLASS_EVERY]
# host_sim/cphost.py puts Adafruit's displayio (blinka) and the stand-in `board`,
# keypad, rotaryio... in place, the board module (boards/BOARD.py) opens its display
# and buttons, and the firmware's App plays the key script through the board's real
# buttons.pressed() (pins set to their pressed level; the MacroPad's CW/CCW turn its
# encoder). Prints one line of JSON: the CRC-32 of the canvas after every press, in
# MicroPython's own byte layout (GS4_HMSB, or MONO_VLSB on mono), so it can be compared
# with tests/mp/ui_run.py on the real MicroPython; the areas shown per press; every
# GLASS_EVERY presses (and at the end) whether the panel, from the bytes displayio sent,
# shows exactly the canvas.
import json
import os
import sys
from binascii import crc32

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, 'firmware'))
sys.path.insert(0, ROOT)
sys.path.insert(0, HERE)

from host_sim import cphost  # noqa: E402
import cpcanvas_bytes  # noqa: E402

board_name, saves, keys_file = sys.argv[1], sys.argv[2], sys.argv[3]
glass_every = int(sys.argv[4]) if len(sys.argv) > 4 else 0
host = cphost.install(board_name)
board = __import__(board_name)
display, buttons, led = board.open()

from host_sim import keyscript  # noqa: E402  (after the canvas is framebuf)
from trackside.ui.app import App  # noqa: E402

with open(keys_file) as f:
    script = f.read()
clock = keyscript.Clock()
buttons.clock = lambda: clock.now      # the shortcut keys' holds in device time
app = App(display, board.KEYMAP, saves, led)
crcs = [crc32(cpcanvas_bytes.packed(display)) & 0xFFFFFFFF]
areas = []
glass_bad = []


def glass_ok():
    return bytes(host.panel.rgb()) == cpcanvas_bytes.picture(display, host.panel)


for i, (index, hold) in enumerate(keyscript.presses(script, board.BUTTONS, board.KEYMAP)):
    del display.areas[:]
    host.button(index, True)
    t = 0
    while t < hold:
        app.tick(buttons.pressed(), clock.now)
        clock.now += keyscript.TICK
        t += keyscript.TICK
    host.button(index, False)
    for _ in range(4):
        app.tick(buttons.pressed(), clock.now)
        clock.now += keyscript.TICK
    crcs.append(crc32(cpcanvas_bytes.packed(display)) & 0xFFFFFFFF)
    areas.append(sum(w * h for x, y, w, h in display.areas))
    if glass_every and i % glass_every == 0 and not glass_ok():
        glass_bad.append(i)
        if os.environ.get('CP_RUN_DEBUG'):
            got, want = bytes(host.panel.rgb()), cpcanvas_bytes.picture(display, host.panel)
            bad = [(k // 3 % display.width, k // 3 // display.width)
                   for k in range(0, len(want), 3) if got[k:k + 3] != want[k:k + 3]]
            sys.stderr.write('press %d: %d pixels differ, e.g. %r; shown %r\n' % (
                i, len(bad), bad[:8], display.areas))
if not glass_ok():
    glass_bad.append('end')
print(json.dumps({'crcs': crcs, 'areas': areas, 'glass_bad': glass_bad,
                  'bytes_written': display.bytes_written, 'pixels': host.pixels[-1:] and
                  list(host.pixels[-1][1]),
                  'screen': type(app.stack[-1]).__name__,
                  'text': getattr(app.stack[-1], 'text', ''),
                  'standings': app.session.standings() if app.session else None}))
