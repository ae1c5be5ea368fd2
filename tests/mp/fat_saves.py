# Run by the MicroPython interpreter (tests/test_saves_fat.py): the save
# folder on FAT (vfs.VfsFat, CircuitPython's CIRCUITPY drive) on a RAM block
# device, where writes fail or the drive is full.
#   micropython -X heapsize=... tests/mp/fat_saves.py PATHS
# PATHS: the firmware, host_sim and boards/, joined by ':'.
# delete: two saves, and Saves.delete(2) with every write from the k-th on
#   failing (EIO, until the power is cycled), for every k the delete makes,
#   and with the k-th alone failing.
#   What the player is told must be what the next power-on finds: "Nothing
#   was changed" only if save 2 is there and opens as it was; no error only
#   if it is gone; and save 1 is untouched either way.
# full: no save folder yet and the drive full of other files, at the first
#   power-on: the reason the player is given (Saves().problem, and what
#   last() and slots() leave in it) must name the full drive, and so must
#   the screen the device starts on.
# Prints one line of JSON.
import sys
for d in reversed(sys.argv[1].split(':')):
    sys.path.insert(0, d)
import gc
import json
import vfs
from trackside.session import new_session
from trackside.saves import Saves

BS, NB = 512, 128          # 64 KB, the least FatFs formats
SETUP = 'steam base players=Ann,Bob,Cid start=firstgame'
LINES = ['Ann tile engineer', 'Bob tile firstbuild', 'Cid tile citygrowth']


class Dev:
    # A RAM block device; from write fail_at on, every write fails (-EIO) and
    # changes nothing, as a C flash driver reports it (once: write fail_at only).
    def __init__(self, data, fail_at=0, once=False):
        self.data = data
        self.ops = 0
        self.fail_at = fail_at
        self.once = once

    def readblocks(self, block, buf):
        a = block * BS
        buf[:] = memoryview(self.data)[a:a + len(buf)]

    def writeblocks(self, block, buf):
        self.ops += 1
        if self.fail_at and (self.ops == self.fail_at or
                             (self.ops > self.fail_at and not self.once)):
            return -5
        a = block * BS
        self.data[a:a + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:
            return NB
        if op == 5:
            return BS
        return 0


def mount(data, fail_at=0, once=False):
    dev = Dev(data, fail_at, once)
    vfs.mount(vfs.VfsFat(dev), '/f')
    return dev


def unmount():
    try:
        vfs.umount('/f')
    except Exception:
        pass


def state(s):
    return (s.cursor, s.all_lines())


empty = bytearray(BS * NB)
vfs.VfsFat.mkfs(Dev(empty))
blank = bytearray(empty)
out = {}

# --- delete ---------------------------------------------------------------
mount(blank)
saves = Saves('/f/saves')
kept = {}
for slot in (1, 2):
    s = new_session(SETUP)
    saves.new(s)
    for line in LINES[:slot + 1]:
        s.do_text(line)
    s.idle()
    kept[slot] = state(s)
unmount()
base = bytearray(blank)
dev = mount(base)
Saves('/f/saves').delete(2)
ops = dev.ops           # the writes a delete makes
unmount()
problems = []
told = {}
for k in range(1, 2 * ops + 1):
    once = k > ops          # (then write k - ops fails, and only that one)
    if once:
        k -= ops
    image = None            # (the last one let go before the next is made: two may not fit)
    gc.collect()
    image = bytearray(blank)
    mount(image, k, once)
    saves = Saves('/f/saves')
    try:
        saves.delete(2)
        said = None
    except Exception as e:
        said = str(e)
    key = 'none' if said is None else ('nothing' if 'Nothing was changed' in said else said)
    key = ('once ' if once else 'stuck ') + key
    told[key] = told.get(key, 0) + 1
    saves = None
    unmount()
    mount(image)            # the power cycled: the flash works again
    saves = Saves('/f/saves')
    slots = saves.slots()
    try:
        if state(saves.open(1)[0]) != kept[1]:
            problems.append('write %d: save 1 changed' % k)
    except Exception as e:
        problems.append('write %d: save 1: %s' % (k, e))
    if said is None and 2 in slots:
        problems.append('write %d: deleted without an error, but save 2 is there' % k)
    if said is not None and 'Nothing was changed' in said:
        if 2 not in slots:
            problems.append('write %d: "%s", but save 2 is gone' % (k, said))
        else:
            try:
                if state(saves.open(2)[0]) != kept[2]:
                    problems.append('write %d: save 2 changed' % k)
            except Exception as e:
                problems.append('write %d: save 2: %s' % (k, e))
    saves = None
    unmount()
out['delete'] = {'writes': ops, 'told': told, 'problems': problems}

# --- full -------------------------------------------------------------------
base = image = blank = None     # (the RAM disks of the deletes let go: 64 KB each)
gc.collect()
image = bytearray(empty)
mount(image)
f = open('/f/filler', 'wb')
chunk = b'.' * BS
try:
    while True:
        f.write(chunk)
        f.flush()
except OSError:
    pass
f.close()
saves = Saves('/f/saves')
made = saves.problem
slot = saves.last()
listed = saves.slots()
problem = saves.problem
saves = None
from headless import BOARDS, board_display
from trackside.ui.app import App
app = App(board_display('pico_display'), BOARDS['pico_display'][4], '/f/saves')
top = app.stack[-1]
out['full'] = {'made': made, 'last': slot, 'slots': listed, 'problem': problem,
               'screen': [type(top).__name__, getattr(top, 'title', None),
                          getattr(top, 'text', None)]}
unmount()
print(json.dumps(out))
