# Run by MicroPython (and by CPython with host_sim/shim first on the path):
#   ui_run.py PATHS BOARD SAVES_DIR KEYS_FILE
# PATHS: directories to import from, joined by ':' (the firmware, host_sim,
# and on CPython host_sim/shim). Plays the key script on a headless board and
# prints one line of JSON: the CRC-32 of the canvas after every press, the
# bytes a panel would have received, the heap in use after each (0 on
# CPython) and the most, the standings, and whether text was drawn in
# machine code (boards/ink4.py: on MicroPython with boards/ on the path).
import sys
for d in reversed(sys.argv[1].split(':')):
    sys.path.insert(0, d)
import gc
import json
from binascii import crc32
from headless import BOARDS, board_display
import keyscript
from trackside.ui.app import App

board, saves, keys_file = sys.argv[2], sys.argv[3], sys.argv[4]
width, height, mono, names, keymap = BOARDS[board]
display = board_display(board)
f = open(keys_file)
script = f.read()
f.close()
# made full size now: lists grown press by press need ever bigger blocks of
# a heap the game has fragmented (the harness's share, not the device's)
n = 1 + len(list(keyscript.presses(script, names, keymap)))
crcs = [0] * n
sent = [0] * n
heaps = [0] * n
most = [0]


def after(i):
    crcs[i + 1] = crc32(display.buffer) & 0xFFFFFFFF
    sent[i + 1] = display.sent
    gc.collect()
    if hasattr(gc, 'mem_alloc'):            # MicroPython only
        heaps[i + 1] = gc.mem_alloc()
        most[0] = max(most[0], heaps[i + 1])


app = App(display, keymap, saves)
after(-1)
keyscript.play(app, names, script, keyscript.Clock(), after)
out = {'crcs': crcs, 'sent': sent, 'heap': most[0], 'heaps': heaps,
       'screen': type(app.stack[-1]).__name__,
       'ink4': app.p.fast is not None,      # text in machine code (boards/ink4.py)
       'standings': app.session.standings() if app.session else None}
# streamed to stdout: the whole line as one string would need a block of
# some 5 KB at the end of a game whose heap is broken up by then
json.dump(out, sys.stdout)
print()
