# Run by the MicroPython interpreter: a CircuitPython board's CIRCUITPY drive, as
# CircuitPython formats and writes it, with Trackside installed on it and its saves
# (firmware/trackside/fixed.py) written while a game is played, the power cut at every
# erase and every program of the flash.
#   micropython tests/cp/powercut_fat.py ROOT BOARD FLASH CUT
# BOARD  reverse_tft: its user_fs partition, 960 KB; macropad: 8 MB of flash, the first
#        1 MB CircuitPython's own (CIRCUITPY_CIRCUITPY_DRIVE_START_ADDR), 7 MB the drive
# FLASH  how CircuitPython's flash layer writes (its ports' supervisor/internal_flash.c):
#        rp2040   one 4 KB RAM cache of a flash block, written (erase, then program) on a
#                 sync (FatFs syncs at every close), before any read and before another
#                 block is written
#        esp32s3  the block erased and programmed at every write call, no cache
# CUT    torn     a program cut leaves the block's first half programmed, the rest erased
#        erased   a program cut leaves the block erased, nothing programmed
#        (an erase cut always leaves the block erased)
# The volume: FAT12/16 as CircuitPython's supervisor/shared/flash.c makes it (one FAT,
# 512 root entries, 1 KB clusters), starting 63 sectors into the flash, so flash block k
# holds the volume's sectors 8k-63 .. 8k-56. On it, the files tools/install_cp.py
# copies, then the save space Trackside makes at its first power-on, a game in slot 1 and
# one in slot 3. Then, cut in turn at every flash operation: a new game in slot 2, played
# (undo and redo among its entries), and slot 3 deleted. After every cut the flash is
# mounted afresh and: every installed file reads back byte for byte; slot 1 opens exactly
# as it was; slot 3 is exactly as it was or gone; slot 2 resumes at an acknowledged state
# (or the one being written), takes one more entry and opens with it. One line of JSON.
import sys
ROOT = sys.argv[1]
sys.path.insert(0, ROOT + '/firmware')
import gc
import json
import os
import struct
import vfs
from trackside.session import new_session
from trackside.journal import SaveError
from trackside import fixed, fixed_log

BOARD, FLASH, CUT = sys.argv[2:5]
SS = 512
EB = 8                  # sectors in a 4 KB flash block
OFF = 63                # the volume's first sector on the flash
NS = {'reverse_tft': 960 * 2, 'macropad': 7 * 1024 * 2}[BOARD]
SETUP = 'steam base players=Ann,Bob,Cid start=firstgame'
OTHER = ['Ann tile engineer', 'Bob tile firstbuild', 'Cid tile citygrowth']
PLAY = ['Ann tile engineer', 'Bob tile firstbuild', 'Cid tile citygrowth', 'undo',
        'Cid tile turnorder', 'Bob build 3 4', 'Ann build 2 2 2 2', 'undo', 'redo',
        'Cid pass', 'Ann loco', 'Bob pass', 'Cid deliver Cid 1 vp',
        'Ann deliver Ann 1 income', 'Bob loco', 'Cid pass', 'income']   # (issue 31: past 13)


def volume():
    # A blank FAT volume of NS sectors laid out as CircuitPython's f_mkfs lays it out.
    spc, rsv, root = 2, 1, 32
    fatsz = 1
    while True:
        ncl = (NS - rsv - fatsz - root) // spc
        fat12 = ncl < 4085
        need = ((ncl + 2) * 3 + 1) // 2 if fat12 else (ncl + 2) * 2
        n = (need + SS - 1) // SS
        if n <= fatsz:
            break
        fatsz = n
    flash = bytearray(b'\xff' * ((OFF + NS + EB - 1) // EB * EB * SS))
    v = memoryview(flash)[OFF * SS:(OFF + NS) * SS]
    v[:] = bytes((rsv + fatsz + root) * SS) + b'\xff' * ((NS - rsv - fatsz - root) * SS)
    bs = bytearray(SS)
    bs[0:3] = b'\xeb\x3c\x90'
    bs[3:11] = b'MSDOS5.0'
    struct.pack_into('<HBHBHHBHHHII', bs, 11, SS, spc, rsv, 1, 512, NS if NS < 65536 else 0,
                     0xF8, fatsz, 63, 255, OFF, 0)
    bs[36:39] = b'\x80\x00\x29'
    struct.pack_into('<I', bs, 39, 0x1234ABCD)
    bs[43:54] = b'CIRCUITPY  '
    bs[54:62] = b'FAT12   ' if fat12 else b'FAT16   '
    bs[510:512] = b'\x55\xaa'
    v[0:SS] = bs
    v[SS:SS + 4] = b'\xf8\xff\xff\x00' if fat12 else b'\xf8\xff\xff\xff'
    r = (rsv + fatsz) * SS
    v[r:r + 11] = b'CIRCUITPY  '
    v[r + 11] = 0x08            # the volume label
    return flash, fatsz


class Flash:
    # The block device VfsFat takes. ops counts erases and programs; at op cut_at the
    # power goes (that op as CUT says, nothing after it).
    def __init__(self, data, cut_at=0):
        self.data = data
        self.ops = 0
        self.cut_at = cut_at
        self.dead = False
        self.cache = None       # rp2040: (flash block, bytearray)

    def _op(self):
        if self.dead:
            return -1
        self.ops += 1
        if self.ops == self.cut_at:
            self.dead = True
            return 0
        return 1

    def _burn(self, k, block):
        # erase flash block k, then program it with block
        a = k * EB * SS
        op = self._op()
        if op < 0:
            return
        self.data[a:a + EB * SS] = b'\xff' * (EB * SS)
        if op == 0:
            return                          # cut in the erase
        op = self._op()
        if op == 1:
            self.data[a:a + EB * SS] = block
        elif op == 0 and CUT == 'torn':
            h = EB * SS // 2
            self.data[a:a + h] = block[:h]

    def flush(self):
        if self.cache is not None:
            k, block = self.cache
            self.cache = None
            self._burn(k, block)

    def readblocks(self, n, buf):
        if FLASH == 'rp2040':
            self.flush()
        a = (n + OFF) * SS
        buf[:] = memoryview(self.data)[a:a + len(buf)]

    def writeblocks(self, n, buf):
        i = 0
        count = len(buf) // SS
        while i < count:
            s = n + OFF + i
            k = s // EB
            if FLASH == 'rp2040':
                if self.cache is None or self.cache[0] != k:
                    self.flush()
                    self.cache = (k, bytearray(self.data[k * EB * SS:(k + 1) * EB * SS]))
                block = self.cache[1]
            else:
                block = bytearray(self.data[k * EB * SS:(k + 1) * EB * SS])
            while i < count and (n + OFF + i) // EB == k:
                o = (n + OFF + i - k * EB) * SS
                block[o:o + SS] = memoryview(buf)[i * SS:(i + 1) * SS]
                i += 1
            if FLASH != 'rp2040':
                self._burn(k, block)

    def ioctl(self, op, arg):
        if op == 3 and FLASH == 'rp2040':   # sync
            self.flush()
        if op == 4:
            return NS
        if op == 5:
            return SS
        return 0


def mount(data, point, cut_at=0):
    f = Flash(data, cut_at)
    vfs.mount(vfs.VfsFat(f), point)
    return f


def unmount(point, f):
    try:
        vfs.umount(point)
    except Exception:
        pass
    f.flush()


def installed():
    # (path on the drive, source) of what tools/install_cp.py copies
    out = []
    todo = ['trackside']
    while todo:
        d = todo.pop(0)
        for e in sorted(os.ilistdir(ROOT + '/firmware/' + d)):
            name = e[0]
            if e[1] & 0x4000:
                if name != '__pycache__':
                    todo.append(d + '/' + name)
            elif name.endswith('.py'):
                out.append((d + '/' + name, ROOT + '/firmware/' + d + '/' + name))
    b = ROOT + '/boards/'
    out += [('trackside_board.py', b + BOARD + '.py'), ('cp_canvas.py', b + 'cp_canvas.py'),
            ('cp_keys.py', b + 'cp_keys.py'), ('code.py', b + 'cp_code.py'),
            ('boot.py', b + 'cp_boot.py')]
    return out


def read(path):
    f = open(path, 'rb')
    try:
        return f.read()
    finally:
        f.close()


def damaged_files():
    # how many installed files on /on do not read back byte for byte
    bad = 0
    for dest in want:
        try:
            if read('/on/' + dest) != want[dest]:
                bad += 1
        except Exception:
            bad += 1
    return bad


def state(s):
    return (s.cursor, s.all_lines())


def saved(saves, lines):
    s = new_session(SETUP)
    saves.new(s)
    for line in lines:
        s.do_text(line)
    return state(s)


# the drive as a new user has it: Trackside installed, its first power-on, two games
image, fatsz = volume()
f = mount(image, '/d')
files = installed()
dirs = set()
for dest, src in files:
    parts = dest.split('/')
    for i in range(1, len(parts)):
        d = '/d/' + '/'.join(parts[:i])
        if d not in dirs:
            dirs.add(d)
            try:
                os.mkdir(d)
            except OSError:
                pass
    out = open('/d/' + dest, 'wb')
    out.write(read(src))
    out.close()
out = open('/d/boot_out.txt', 'wb')
out.write(b'Adafruit CircuitPython 9.2.1 on 2024-11-20; a board\n')
out.close()
unmount('/d', f)
installed_only = bytearray(image)
f = mount(image, '/d')
saves = fixed.Saves('/d/saves')
made = (saves.count, saves.problem)
other = saved(saves, OTHER)             # slot 1
saved(saves, [])                        # slot 2, deleted below: the game played goes there
third = saved(saves, OTHER[:2])         # slot 3, deleted in the play
saves.delete(2)
fixed_log.close_all()
unmount('/d', f)
want = {}
for dest, src in files + [('boot_out.txt', None)]:
    want[dest] = read(src) if src else b'Adafruit CircuitPython 9.2.1 on 2024-11-20; a board\n'
base = image
image = f = saves = None
gc.collect()


def play(point, f, acked):
    saves = fixed.Saves(point + '/saves')
    s = new_session(SETUP)
    saves.new(s)
    if not f.dead:
        acked.append(state(s))
    for line in PLAY:
        s.do_text(line)
        if not f.dead:
            acked.append(state(s))
    saves.delete(3)
    if not f.dead:
        acked.append('deleted')
    fixed_log.close_all()       # (the game put aside: the folder entries written)


ref = []
f = mount(bytearray(base), '/r')
play('/r', f, ref)
unmount('/r', f)
total = f.ops
f = None

failures = []
count = {'firmware': 0, 'other': 0, 'lost': 0, 'unopened': 0}
notes = {}
for cut in range(1, total + 1):
    gc.collect()
    acked = []
    image = bytearray(base)
    f = mount(image, '/c', cut)
    try:
        play('/c', f, acked)
    except Exception:
        pass                    # the code may trip over the dead medium: no matter
    try:
        fixed_log.close_all()   # (on a drive whose power went: nothing lands)
    except Exception:
        fixed_log._files.clear()
    unmount('/c', f)
    if not f.dead:
        failures.append((cut, 'no cut happened'))
    try:
        f = mount(image, '/on')
    except Exception as e:
        failures.append((cut, 'the drive does not mount: %r' % e))
        count['firmware'] += 1
        continue
    bad = damaged_files()
    if bad:
        count['firmware'] += 1
        failures.append((cut, '%d installed files damaged' % bad))
    try:
        saves = fixed.Saves('/on/saves')
        slots = saves.slots()
        for k in slots:
            if k not in (1, 2, 3):
                failures.append((cut, 'a slot %d appeared' % k))
        try:
            s1, note1 = saves.open(1)
            if state(s1) != other or note1:
                count['other'] += 1
                failures.append((cut, 'slot 1 changed'))
        except SaveError as e:
            count['other'] += 1
            failures.append((cut, 'slot 1: %s' % e))
        gone = 'deleted' in acked
        if 3 in slots:
            if gone:
                failures.append((cut, 'slot 3 came back after its delete'))
            s3, n3 = saves.open(3)
            if state(s3) != third:
                count['other'] += 1
                failures.append((cut, 'slot 3 changed'))
        elif not ('deleted' in ref and len(acked) >= len(ref) - 1):
            count['other'] += 1
            failures.append((cut, 'slot 3 gone before its delete'))
        games = [a for a in acked if a != 'deleted']
        if not games:
            if 2 in slots:
                saves.open(2)           # the new game may have landed: it must open
        else:
            s, note = saves.open(2)
            if note:
                notes[note] = notes.get(note, 0) + 1
            got = state(s)
            k = len(games) - 1
            allowed = [games[k]] + ([ref[k + 1]] if k + 1 < len(ref) and ref[k + 1] != 'deleted' else [])
            if got not in allowed:
                count['lost'] += 1
                failures.append((cut, 'resumed at %d actions, acknowledged %d' % (got[0], games[k][0])))
            s.do_text('undo' if s.can_undo() else PLAY[0])
            s2, note2 = saves.open(saves.slot_of(s))     # (moved, if a copy was spoiled)
            if state(s2) != state(s):
                count['lost'] += 1
                failures.append((cut, 'an entry after the repair was lost'))
    except SaveError as e:
        count['unopened'] += 1
        failures.append((cut, 'SaveError: %s' % e))
    except Exception as e:
        count['unopened'] += 1
        failures.append((cut, '%s: %s' % (type(e).__name__, e)))
    fixed_log.close_all()
    unmount('/on', f)
    image = f = saves = s = s2 = s1 = s3 = None

# With a fifth argument, making: the first power-on's making of the save space, cut in
# turn at each flash operation: the one time Trackside writes the FAT. Counted, not
# required (tools/bench_circuitpy.py reports it; README says what it can cost): the
# installed files damaged, and how often the next power-on could not finish the space.
def make_sweep():
    f = mount(bytearray(installed_only), '/m')
    fixed.Saves('/m/saves')
    fixed_log.close_all()
    unmount('/m', f)
    making = {'cuts': f.ops, 'firmware': 0, 'unfinished': 0}
    for cut in range(1, f.ops + 1):
        gc.collect()
        image = bytearray(installed_only)
        f = mount(image, '/m', cut)
        try:
            fixed.Saves('/m/saves')
        except Exception:
            pass
        try:
            fixed_log.close_all()
        except Exception:
            fixed_log._files.clear()
        unmount('/m', f)
        try:
            f = mount(image, '/on')
        except Exception:
            making['firmware'] += 1
            continue
        bad = damaged_files()
        if bad:
            making['firmware'] += 1
        try:
            again = fixed.Saves('/on/saves')
            if again.problem or again.count != made[0]:
                making['unfinished'] += 1
        except Exception:
            making['unfinished'] += 1
        fixed_log.close_all()
        unmount('/on', f)
        image = f = None
    return making


making = None
if len(sys.argv) > 5 and sys.argv[5] == 'making':
    making = make_sweep()

print(json.dumps({'making': making, 'board': BOARD, 'flash': FLASH, 'cut': CUT, 'ops': total, 'cuts': total,
                  'slots': made[0], 'problem': made[1], 'fat_sectors': fatsz, 'damaged': count,
                  'failures': failures[:20], 'notes': notes}))
