# Run by the MicroPython interpreter for tools/bench_source.py:
#   micropython -X heapsize=N tools/mp_source.py PATHS SAVES_DIR KEYS_FILE MODE [FIRST]
# PATHS: a MacroPad's drive (tools/install_cp.py's files), host_sim and tools, joined by ':'.
# Plays the key script (the MacroPad's buttons: UP, DOWN, SEL) on the MacroPad
# as CircuitPython runs Trackside there (boards/cp_code.py): its board module
# (boards/macropad.py) with its canvas (cp_canvas.py: two displayio Bitmaps and
# the glyph cache) and buttons (cp_keys.py), the saves kept in place
# (trackside/fixed.py, as on CIRCUITPY), every module compiled from source as it is
# imported, as CircuitPython compiles the .py files on CIRCUITPY. FIRST: the press
# to begin at. A restart (supervisor.reload(): a new game is opened by one) ends the
# run with "RESTART next-press" after its OK line; bench_source.py plays on from there
# in a new interpreter, as a board starts code.py again on an empty heap. CircuitPython's C modules
# are tools/mp_cpstub.py, whose code is left out of the figures, as is the key
# player (keyscript.py and its presses: a board has its buttons): their heap is
# printed first, "ASIDE bytes" (after four lines of qstr_info()), and bench_source.py
# gives it on top of the heap searched.
# MODE heap: a collection after every press, and the most heap in use; prints
# "OK most actions press screen" (the game's actions at the end: a press that ran out of
# memory is caught by the App and the presses after it go astray; the press
# the most was after, and its screen). trace: the
# same, and each new peak as it comes (press, heap, screen, modules loaded),
# then the modules loaded at the peak.
import sys
for d in reversed(sys.argv[1].split(':')):
    sys.path.insert(0, d)
import gc
import micropython


def scrub(n):
    # Calls over the C stack where returned calls left pointers: the collector scans the
    # stack as it is (conservatively), and a stale pointer to the key script's words
    # kept 8 KB alive in one layout of this file and not in another.
    a = b = c = d = e = f = g = h = 0
    if n:
        scrub(n - 1)


def in_use():
    scrub(30)
    gc.collect()
    return gc.mem_alloc()


# The interned names' pools are shared: one the stand-ins' names happen to fill is
# allocated in their part, though the firmware's names fill it (and on a board their
# names are in its firmware). qstr_info() prints the pools' bytes before and after each
# part, and bench_source.py counts what grew there as the firmware's (names_aside()).
micropython.qstr_info()
start = in_use()
import mp_cpstub
mp_cpstub.install()
ASIDE = in_use() - start            # the stand-ins: C in CircuitPython's firmware
micropython.qstr_info()
import trackside_board as hw       # boards/macropad.py, as install_cp.py names it
from trackside.ui import keys       # (the App's, which the key player imports too)
saves, keys_file, mode = sys.argv[2], sys.argv[3], sys.argv[4]
first = int(sys.argv[5]) if len(sys.argv) > 5 else 0
micropython.qstr_info()
before = in_use()
import keyscript
f = open(keys_file)
script = f.read()
f.close()
f = None
presses = keyscript.plan(script, hw.BUTTONS, hw.KEYMAP)[2 * first:]
script = None
ASIDE += in_use() - before          # the key player and its presses
micropython.qstr_info()
display, buttons, led = hw.open()
from trackside.ui.app import App
App.SAVES = 'trackside.fixed'       # as boards/cp_code.py: saves kept in place on FAT
done = [first - 1]                  # the last press played
caught = []                         # the exceptions the Error screens were made for
real_oops = App.oops


def oops(self, e):
    # (the exception on the error line: the screen says it in a player's words)
    caught.append('%s: %s' % (type(e).__name__, e))
    return real_oops(self, e)


App.oops = oops


def restart():
    # supervisor.reload(), as boards/cp_code.py: code.py runs again on an empty heap;
    # tools/bench_source.py starts this again from the next press, on the same saves
    raise SystemExit(done[0] + 2)


print('ASIDE', ASIDE)                # (before the App: a run that fails in it says it too)
app = App(display, hw.KEYMAP, saves, led, restart)
most = [in_use() - ASIDE]
at_peak = [None]
where = [-1, '']                    # the press of the peak, its screen


errors = []


def after(i):
    i += first
    done[0] = i
    top = app.stack[-1]
    if not errors and getattr(top, 'title', '') == 'Error':
        errors.append('%d %s' % (i, caught[-1] if caught else top.text))   # the first, its press
    now = in_use() - ASIDE
    if now > most[0]:
        most[0] = now
        where[0] = i
        where[1] = type(top).__name__
        if mode == 'trace':
            print('peak', i, now, type(app.stack[-1]).__name__, len(sys.modules))
            at_peak[0] = None
            at_peak[0] = ' '.join(sorted(sys.modules))


again = None
try:
    keyscript.play(app, hw.BUTTONS, presses, keyscript.Clock(), after)
except SystemExit as e:
    again = e.value
if mode == 'trace':
    print('modules', at_peak[0])
if errors:
    print('error', errors[0])
print('OK', most[0], app.session.cursor if app.session else -1, where[0], where[1])
if again is not None:
    print('RESTART', again)
