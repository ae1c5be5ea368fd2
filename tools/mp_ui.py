# Run by the MicroPython interpreter for tools/bench_ui.py:
#   micropython -X heapsize=N tools/mp_ui.py PATHS SAVES_DIR KEYS_FILE MODE
# PATHS: the compiled firmware and host_sim, joined by ':'. Plays the key
# script on a headless 240x135 board (the Pico Display Pack's canvas).
# A PATHS entry ending in .img is a ROMFS image of the firmware, mounted as
# /rom (its own bytes are left out of the heap figures: on a board the image
# is in flash). MODE heap: after every press a collection, and the most heap
# in use;
# instr: after every press micropython.stack_use(), which callgrind's
# --dump-before uses to cut the count per press; bytes: the bytes a panel
# would receive after each press.
import sys
import gc
ROM = 0             # bytes of a ROMFS image held in RAM here (in flash on a board)
for d in reversed(sys.argv[1].split(':')):
    if d.endswith('.img'):
        # the firmware as a ROMFS image: imported in place, not copied to RAM
        import vfs
        f = open(d, 'rb')
        image = f.read()
        f.close()
        ROM = len(image)
        vfs.mount(vfs.VfsRom(image), '/rom')
        d = '/rom'
    sys.path.insert(0, d)
import micropython
from headless import Display, BOARDS
import keyscript
from trackside.ui.app import App

saves, keys_file, mode = sys.argv[2], sys.argv[3], sys.argv[4]
width, height, mono, names, keymap = BOARDS['pico_display']
display = Display(width, height, mono)
f = open(keys_file)
script = f.read()
f.close()
gc.collect()
most = [gc.mem_alloc() - ROM]
sent = []


def after(i):
    if mode == 'heap':
        gc.collect()
        most[0] = max(most[0], gc.mem_alloc() - ROM)
    elif mode == 'instr':
        micropython.stack_use()
    else:
        sent.append(display.sent)


app = App(display, keymap, saves)
if mode == 'instr':
    micropython.stack_use()         # the count so far (start-up) is a dump of its own
keyscript.play(app, names, script, keyscript.Clock(), after)
if mode == 'heap':
    print('OK', most[0])
elif mode == 'bytes':
    print('OK', ' '.join(str(s) for s in sent))
else:
    print('OK')
