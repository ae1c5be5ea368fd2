# Run by the MicroPython interpreter: the journal (firmware/trackside/journal.py) on a
# FAT file system, as on a CircuitPython board's CIRCUITPY drive, with the power cut at
# every write of a game being saved. vfs.VfsFat is MicroPython's FatFs (ChaN's, as
# "oofatfs"), the same FAT code CircuitPython runs on CIRCUITPY.
#   micropython tests/cp/powercut_fat.py FIRMWARE_DIR MODE
# MODE:
#   cut    the write the power cuts lands not at all, nothing after it lands
#   torn   the write being cut lands partly: its sectors before the middle one land, the
#          middle sector only its first half (torn within a sector), nothing after
#   flash  CircuitPython's own flash layer in between (ports/raspberrypi/supervisor/
#          internal_flash.c): sectors collect in a 4 KB RAM cache of one erase block,
#          which goes to flash on a sync (FatFs syncs at every close), on any read and
#          before another erase block is written, as an erase (all FFh) and then a
#          program. The power is cut at every erase and every program; a cut program
#          is torn (its first half programmed, the rest left erased).
# Before the game being played, another game is saved in slot 1; after every cut the
# image is mounted afresh and: slot 1 must open with exactly its records; the game cut
# must resume at an acknowledged state (or the one being written), and take a new
# record that is then read back. Prints one line of JSON.
import sys
sys.path.insert(0, sys.argv[1])
import gc
import json
import vfs
from trackside.session import new_session
from trackside.journal import SaveError
from trackside.saves import Saves

MODE = sys.argv[2]
SS = 512        # sector
NS = 256        # sectors: 128 KB, a FAT12 volume
EB = 8          # sectors in a 4 KB erase block (flash mode)
SETUP = 'steam base players=Ann,Bob,Cid start=firstgame'
OTHER = ['Ann tile engineer', 'Bob tile firstbuild', 'Cid tile citygrowth']
PLAY = ['Ann tile engineer', 'Bob tile firstbuild', 'Cid tile citygrowth', 'undo',
        'Cid tile turnorder', 'Bob build 3 4', 'Ann build 2 2 2 2', 'undo', 'redo',
        'Cid pass', 'Ann loco', 'Bob pass', 'Cid deliver Cid 1 vp',
        'Ann deliver Ann 1 income', 'Bob loco', 'Cid pass', 'income']


class Disk:
    # The block device VfsFat takes (readblocks, writeblocks, ioctl). ops counts what
    # reaches the medium (cut and torn: each write; flash: each erase and each program);
    # at op cut_at the power goes: that op lands not at all, or torn, and none after.
    def __init__(self, data, cut_at=0):
        self.data = data
        self.ops = 0
        self.cut_at = cut_at
        self.dead = False
        self.cache = None       # flash: (first sector of the erase block, bytearray)

    def _op(self):
        # 1: this op lands whole; 0: it is the one the power cuts (it may land torn);
        # -1: the power is off
        if self.dead:
            return -1
        self.ops += 1
        if self.ops == self.cut_at:
            self.dead = True
            return 0
        return 1

    def readblocks(self, n, buf):
        if MODE == 'flash':
            self.flush()
        a = n * SS
        buf[:] = memoryview(self.data)[a:a + len(buf)]

    def writeblocks(self, n, buf):
        if MODE == 'flash':
            for i in range(len(buf) // SS):
                self._cache_write(n + i, memoryview(buf)[i * SS:(i + 1) * SS])
            return
        a = n * SS
        op = self._op()
        if op == 1:
            self.data[a:a + len(buf)] = buf
        elif op == 0 and MODE == 'torn':
            k = len(buf) // SS // 2 * SS + SS // 2      # the middle sector, half of it
            self.data[a:a + k] = memoryview(buf)[:k]

    def _cache_write(self, n, sector):
        first = n - n % EB
        if self.cache is None or self.cache[0] != first:
            self.flush()
            a = first * SS
            self.cache = (first, bytearray(self.data[a:a + EB * SS]))
        o = (n - first) * SS
        self.cache[1][o:o + SS] = sector

    def flush(self):
        if self.cache is None:
            return
        first, block = self.cache
        self.cache = None
        a = first * SS
        if self._op() != 1:
            return                                              # the erase did not happen
        self.data[a:a + EB * SS] = b'\xff' * (EB * SS)          # the erase
        op = self._op()
        if op == 1:
            self.data[a:a + EB * SS] = block                    # the program
        elif op == 0:
            h = EB * SS // 2
            self.data[a:a + h] = block[:h]                      # half programmed

    def ioctl(self, op, arg):
        if op == 3 and MODE == 'flash':     # sync
            self.flush()
        if op == 4:
            return NS
        if op == 5:
            return SS
        return 0


def mount(data, point, cut_at=0):
    disk = Disk(data, cut_at)
    vfs.mount(vfs.VfsFat(disk), point)
    return disk


def state(s):
    return (s.cursor, s.all_lines())


def play(root, disk, acked):
    # the game as the device saves it; acked: (cursor, lines) after every step that
    # returned with the power still on
    saves = Saves(root)
    s = new_session(SETUP)
    saves.new(s)
    if not disk.dead:
        acked.append(state(s))
    for line in PLAY:
        s.do_text(line)
        if not disk.dead:
            acked.append(state(s))


# a formatted volume with slot 1 saved, and nothing pending in a cache
blank = bytearray(b'\x00' * (SS * NS))
vfs.VfsFat.mkfs(Disk(blank))
disk = mount(blank, '/base')
saves = Saves('/base/saves')
other = new_session(SETUP)
saves.new(other)
for line in OTHER:
    other.do_text(line)
other_state = state(other)
vfs.umount('/base')
disk.flush()

ref = []
disk = mount(bytearray(blank), '/ref')
play('/ref/saves', disk, ref)
vfs.umount('/ref')
disk.flush()
total = disk.ops
disk = saves = other = None

failures = []
notes = {}
for cut in range(1, total + 1):
    gc.collect()
    acked = []
    image = bytearray(blank)
    disk = mount(image, '/cut', cut)
    try:
        play('/cut/saves', disk, acked)
    except Exception:
        pass                    # the code may trip over the dead medium: no matter
    try:
        vfs.umount('/cut')
    except Exception:
        pass
    if not disk.dead:
        disk.flush()
        if not disk.dead:
            failures.append((cut, 'no cut happened'))
    try:
        mount(image, '/on')
    except Exception as e:
        failures.append((cut, 'the volume does not mount: %r' % e))
        continue
    try:
        saves = Saves('/on/saves')
        slot = saves.last()             # before any open(), which sets it
        slots = saves.slots()
        try:
            s1, note1 = saves.open(1)
            if state(s1) != other_state or note1:
                failures.append((cut, 'the other save changed'))
        except SaveError as e:
            failures.append((cut, 'the other save: %s' % e))
        if not acked:
            if 2 in slots:              # the new game may have landed: it must be sane
                saves.open(2)
        else:
            if slot != 2:
                failures.append((cut, 'resumes slot %r, not the game played' % slot))
            s, note = saves.open(2)
            if note:
                notes[note] = notes.get(note, 0) + 1
            got = state(s)
            k = len(acked) - 1
            allowed = [acked[k]] + ([ref[k + 1]] if k + 1 < len(ref) else [])
            if got not in allowed:
                failures.append((cut, 'resumed at %d actions, acknowledged %d' % (
                    got[0], acked[k][0])))
            if s.can_undo():
                s.undo()
            else:
                s.do_text(PLAY[0])
            s2, note2 = saves.open(2)
            if state(s2) != state(s):
                failures.append((cut, 'a record after the repair was lost'))
    except SaveError as e:
        failures.append((cut, 'SaveError: %s' % e))
    except Exception as e:
        failures.append((cut, '%s: %s' % (type(e).__name__, e)))
    vfs.umount('/on')
    image = disk = saves = s = s2 = s1 = None

print(json.dumps({'mode': MODE, 'ops': total, 'failures': failures, 'notes': notes}))
