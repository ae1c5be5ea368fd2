# Run by the MicroPython interpreter for tools/bench_ui.py:
#   micropython -X heapsize=N tools/mp_ui.py PATHS SAVES_DIR KEYS_FILE MODE
# PATHS: the compiled firmware and host_sim, joined by ':'. Plays the key
# script on a 240x135 board (the Pico Display Pack's: its own display driver
# in the heap modes, the headless display in the others).
# A PATHS entry ending in .img is a ROMFS image of the firmware, mounted as
# /rom (its own bytes are left out of the heap figures: on a board the image
# is in flash). MODE heap: after every press a collection, and the most heap
# in use, then the game's actions at the end (the whole game was played only
# if they are all there);
# trace: the same, printing each new peak (press, heap, screen, modules);
# instr: after every press micropython.stack_use(), which callgrind's
# --dump-before uses to cut the count per press, and micropython.opt_level()
# at the first show() after the press's key is handled (its screen going to
# the panel: the count before it is the time to the screen; the start-up
# frame is pushed before the first press); bytes: the bytes a panel
# would receive after start-up and after each press, the screen each press
# was made on and the number of actions after it, then the flash erases, the
# flash bytes programmed and the pixels shown so far (six lines), then each
# press's show() rectangles, a line each ("x,y,w,h ..."; "-" for none). In
# bytes mode the saves are on littlefs (vfs.VfsLfs2) on a RAM block device
# laid out as the Pico's flash filesystem (4 KB erase blocks, 352 of them:
# 1408 KB; progsize 256, as ports/rp2/modules/_boot.py formats it), which
# counts erases and programs: it needs a heap of 2 MB or so.
# parts: the heap in use at the start, with
# the UI's modules imported, with the display, after the game, and after the
# game without its session (what the game's data takes), after a line of
# micropython.qstr_info() (the interned strings' pool).
# Every heap figure leaves out the key player: keyscript.py's code and the
# presses it plays (a board has neither: its presses come from its buttons).
# The display driver stays in: on a board it is the board's own.
import sys
import gc
ASIDE = 0           # heap bytes that are not the device's: a ROMFS image held in RAM here
                    # (in flash on a board), then the key player
for d in reversed(sys.argv[1].split(':')):
    if d.endswith('.img'):
        # the firmware as a ROMFS image: imported in place, not copied to RAM
        import vfs
        f = open(d, 'rb')
        image = f.read()
        f.close()
        ASIDE = len(image)
        vfs.mount(vfs.VfsRom(image), '/rom')
        d = '/rom'
    sys.path.insert(0, d)
import micropython


def in_use():
    gc.collect()
    return gc.mem_alloc() - ASIDE


parts = [in_use()]
# The heap modes drive the Pico Display Pack's own driver (boards/st7789.py,
# with its machine code: blit565.py, ink4.py) on a bus that goes nowhere: its
# band, line buffer and palette table are the device's. The other modes use
# the headless display, which counts what a panel would get.
DRIVER = sys.argv[4] in ('heap', 'trace', 'parts')
if DRIVER:
    import st7789
board = in_use()
from headless import Display, BOARDS


def pin(v=None):
    pass


class Bus:
    def write(self, data):
        pass


if DRIVER:
    ASIDE += in_use() - board       # (the stand-in's code, the null bus: a board has neither)
import trackside.ui.keys         # (firmware, which keyscript imports)
saves, keys_file, mode = sys.argv[2], sys.argv[3], sys.argv[4]
width, height, mono, names, keymap = BOARDS['pico_display']
player = in_use()
import keyscript
f = open(keys_file)
script = f.read()
f.close()
# the presses as bytes, made before the App: the script's words and their
# parsing are not in the heap, nor interleaved with the game's (where they
# would change what each allocation costs)
presses = keyscript.plan(script, names, keymap)
script = None
ASIDE += in_use() - player        # from here on the key player is left out
from trackside.ui.app import App
parts.append(in_use())

if DRIVER:
    st7789.sleep_ms = pin           # (no panel to wait for)
    display = st7789.ST7789(Bus(), width, height, dc=pin, cs=pin)
else:
    # (as on the board: the UI's band of the screen, and no picture of the screen in the heap)
    display = Display(width, height, mono, picture=False)
gc.collect()
most = [gc.mem_alloc() - ASIDE]
# bytes mode, made full size now (grown during the game, a list needs ever
# bigger blocks of a fragmented heap): the display's count after start-up and
# after each press, the screen the next press is made on, how many actions
# the game has
n = 1
if mode == 'bytes':
    n += len(presses) // 2
sent = [0] * n
screens = [''] * n
cursors = [0] * n
erases = [0] * n
programmed = [0] * n
pixels = [0] * n
rects = [None] * n


class Flash:
    # The block device interface littlefs needs (MicroPython docs, "Working with
    # filesystems"), in RAM, counting erases (ioctl 6) and bytes programmed.
    BS = 4096
    NB = 352

    def __init__(self):
        self.data = bytearray(self.BS * self.NB)
        self.blank = b'\xff' * self.BS
        self.erases = 0
        self.programmed = 0

    def readblocks(self, block, buf, off=0):
        a = block * self.BS + off
        buf[:] = memoryview(self.data)[a:a + len(buf)]

    def writeblocks(self, block, buf, off=0):
        a = block * self.BS + off
        self.data[a:a + len(buf)] = buf
        self.programmed += len(buf)

    def ioctl(self, op, arg):
        if op == 4:
            return self.NB
        if op == 5:
            return self.BS
        if op == 6:
            self.erases += 1
            self.data[arg * self.BS:(arg + 1) * self.BS] = self.blank
        return 0


flash = None
if mode == 'bytes':
    import vfs
    flash = Flash()
    vfs.VfsLfs2.mkfs(flash, progsize=256)
    vfs.mount(vfs.VfsLfs2(flash, progsize=256), '/flash')
    saves = '/flash/saves'
    shown = [0, []]                 # pixels so far, this press's rectangles
    real_show = display.show

    def show(x, y, w, h):
        shown[0] += w * h
        shown[1].append('%d,%d,%d,%d' % (x, y, w, h))
        real_show(x, y, w, h)
    display.show = show


first_show = [False]     # True: the press's key was handled, its screen not yet shown
if mode == 'instr':
    real_show_i = display.show

    def show_i(x, y, w, h):
        if first_show[0]:           # (not a scrolling box's step before the key came)
            first_show[0] = False
            micropython.opt_level()
        real_show_i(x, y, w, h)
    display.show = show_i


def after(i):
    first_show[0] = False
    if mode == 'heap' or mode == 'trace':
        gc.collect()
        now = gc.mem_alloc() - ASIDE
        if now > most[0]:
            most[0] = now
            if mode == 'trace':     # where the peak is: the press, its screen, the modules
                print('peak', i, now, type(app.stack[-1]).__name__, len(sys.modules))
    elif mode == 'instr':
        micropython.stack_use()
    elif mode == 'bytes':
        sent[i + 1] = display.sent
        screens[i + 1] = type(app.stack[-1]).__name__
        cursors[i + 1] = app.session.cursor if app.session else 0
        erases[i + 1] = flash.erases
        programmed[i + 1] = flash.programmed
        pixels[i + 1] = shown[0]
        rects[i + 1] = ' '.join(shown[1]) or '-'
        shown[1] = []


parts.append(in_use())
app = App(display, keymap, saves)
if mode == 'instr':
    app.tick(0, 0)                  # the start-up frame is pushed: not a press
    real_handle = app.handle

    def handle(key, n):
        first_show[0] = True
        real_handle(key, n)
    app.handle = handle
    micropython.stack_use()         # the count so far (start-up) is a dump of its own
if mode == 'bytes':
    app.tick(0, 0)                  # the start-up frame is pushed: it is not a press
    after(-1)
keyscript.play(app, names, presses, keyscript.Clock(), after)
if mode == 'heap' or mode == 'trace':
    # and how many actions the game has at the end: a press that ran out of
    # memory is caught by the App (an "Error" or "Not saved" screen), and the
    # presses after it go astray without a traceback, so "OK" alone would not
    # say the whole game was played
    print('OK', most[0], app.session.cursor if app.session else -1)
elif mode == 'parts':
    parts.append(in_use())
    app.session = None
    parts.append(in_use())
    # and the interned strings (every module's names and short strings, kept
    # in the heap for good, even for a module let go): "qstr pool: ..."
    micropython.qstr_info()
    print('OK', ' '.join(str(n) for n in parts))
elif mode == 'bytes':
    for line in (['OK'] + sent, screens, cursors, erases, programmed, pixels):
        for x in line:                  # one at a time: a joined line needs a big block
            print(x, end=' ')
        print()
    for r in rects[1:]:
        print(r)
else:
    print('OK')
