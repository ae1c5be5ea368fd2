# Run by the MicroPython interpreter: writes that FAIL (not a power cut:
# the device runs on and must tell the player) at every block operation of
# a game with undo, redo, undo to the turn start, a slot made and deleted
# (faults_common.STEPS), on littlefs (vfs.VfsLfs2, as on the Pico) or FAT
# (vfs.VfsFat, as on CircuitPython) on a RAM block device.
#   micropython -X heapsize=... tests/mp/faults_flash.py FIRMWARE_DIR lfs|fat
# For each block operation k, in every mode below, a fresh image is played:
#   once:  operation k fails (OSError ENOSPC, or EIO) and the player tries
#          the step again, which must go through; the game ends as the
#          reference game does.
#   stuck: operation k and every one after it fail (the flash is full, or
#          broken) until the power is cycled.
# After every step (faults_common.Game.check) what the player sees equals
# the replay of the file and is the state before or after the step; at the
# next boot (remount, Saves().open) the save opens with that same state.
# Prints one line of JSON: the counts, and the problems found.
import sys
sys.path.insert(0, sys.argv[1])
sys.path.insert(0, sys.argv[0].rsplit('/', 1)[0])
import gc
import json
import vfs
import faults_common as fc
from trackside import journal

# Count the repairs (a file copied to cut it back, or to recover it): the
# test must see a failed write leave bytes that had to be cut off.
_copy = journal.copy_prefix
repairs = [0]


def counted_copy(*args):
    repairs[0] += 1
    return _copy(*args)


journal.copy_prefix = counted_copy

FS = sys.argv[2]
if FS == 'lfs':
    BS, NB, MAKE = 256, 48, vfs.VfsLfs2        # 12 KB: no room for the journal's tail
elif FS == 'lfs-pico':
    # the Pico's blocks (4 KB, written 256 bytes at a time): the records
    # wait in the journal's tail, inline in littlefs's metadata
    BS, NB = 4096, 16                           # 64 KB

    class MAKE(vfs.VfsLfs2):
        def __init__(self, dev):
            super().__init__(dev, progsize=256)

        @staticmethod
        def mkfs(dev):
            vfs.VfsLfs2.mkfs(dev, progsize=256)
else:
    BS, NB, MAKE = 512, 128, vfs.VfsFat        # 64 KB, the least FatFs formats


class FaultDev:
    # A RAM block device (the interface in MicroPython's "Working with
    # filesystems"). Counts writes and erases; from operation fail_at on,
    # 'once' fails that one, 'stuck' fails it and all after it. A failing
    # operation changes nothing and returns -errno, as a C flash driver
    # reports it; the file system raises OSError(errno) to the firmware.
    # (Raising from here instead would unwind through littlefs's C code
    # mid-operation, which no real flash does, and leaves its file objects
    # half closed: MicroPython then fails in their finalisers.)
    def __init__(self, data, fail_at=0, mode='once', errno=28):
        self.data = data
        self.ops = 0
        self.fail_at = fail_at
        self.mode = mode
        self.errno = errno
        self.failed = 0         # operations that failed

    def _fails(self):
        self.ops += 1
        if self.fail_at and (self.ops == self.fail_at or
                             (self.mode == 'stuck' and self.ops > self.fail_at)):
            self.failed += 1
            return True
        return False

    # Copies are made without allocating where the heap is locked: FAT
    # closes a file whose close failed from its finaliser, during a
    # garbage collection.
    def readblocks(self, block, buf, off=0):
        a = block * BS + off
        try:
            buf[:] = memoryview(self.data)[a:a + len(buf)]
        except MemoryError:
            copy(self.data, a, buf, 0, len(buf))

    def writeblocks(self, block, buf, off=0):
        if self._fails():
            return -self.errno
        a = block * BS + off
        try:
            self.data[a:a + len(buf)] = buf
        except MemoryError:
            copy(buf, 0, self.data, a, len(buf))

    def ioctl(self, op, arg):
        if op == 4:
            return NB
        if op == 5:
            return BS
        if op == 6:     # erase (littlefs only)
            if self._fails():
                return -self.errno
            a = arg * BS
            self.data[a:a + BS] = b'\xff' * BS
        return 0


def copy(src, i, dst, j, n):
    while n > 0:
        n -= 1
        dst[j + n] = src[i + n]


blank = bytearray(b'\xff' * (BS * NB))
MAKE.mkfs(FaultDev(blank))
image = bytearray(len(blank))


def mount(dev):
    vfs.mount(MAKE(dev), '/f')


def unmount():
    try:
        vfs.umount('/f')
    except Exception:
        pass


image[:] = blank
dev = FaultDev(image)
mount(dev)
REF = fc.reference('/f/saves')
total = dev.ops
unmount()



def fill(leave):
    # A file that leaves `leave` free allocation units (blocks on littlefs,
    # clusters on FAT): the flash fills up during the game, and the file
    # system itself raises ENOSPC, part-way through a write where it must.
    f = open('/f/filler', 'wb')
    unit = vfs_unit()
    chunk = b'.' * unit
    try:
        while free_units() > leave:
            f.write(chunk)
            f.flush()
    except OSError:
        pass
    f.close()


def vfs_unit():
    import os
    return os.statvfs('/f')[0]


def free_units():
    import os
    return os.statvfs('/f')[3]


def run(mode, errno, cut, counts, problems, steps=fc.STEPS, ref=None):
    # One game with the fault at operation cut; for 'full', the flash is
    # filled up before step cut.
    label = '%s %d op %d' % (mode, errno, cut)
    if ref is None:
        ref = REF
    image[:] = blank
    dev = FaultDev(image, 0 if mode == 'full' else cut, mode, errno)
    mount(dev)
    try:
        g = fc.Game('/f/saves')
    except Exception as e:
        problems.append('%s: Saves(): %r' % (label, e))
        unmount()
        return
    i = 0
    retry = False
    first = None            # (before, after) of the first step that failed
    full = 0                # ENOSPC from the file system
    last_failed = False
    unread = [] if mode == 'stuck' else None
    while i < len(steps):
        kind, arg = steps[i]
        if mode == 'full' and i == cut and not retry:
            fill(0)
        before = g.view()
        # the state after this step, as in the reference run, if the game
        # has followed it so far
        track = before == ref[i]
        after = ref[i + 1] if track else before
        try:
            if not g.step(kind, arg):
                i += 1
                continue
            ok = True
            if not track:
                after = None
        except Exception as e:
            ok = False
            if first is None:
                first = (before, after)
            if ONLY:
                print('step', i, kind, arg, repr(e), dev.ops)
            counts['refused'] += 1
            if 'full' in str(e) or getattr(e, 'errno', 0) == 28:
                full += 1
            # a write failed (OSError), or a new game or a delete could not
            # be made (SaveError); off the reference, the rules may refuse
            # a step the script has for it
            if not isinstance(e, (OSError, fc.SaveError)) and (
                    track or not isinstance(e, fc.RuleError)):
                problems.append('%s step %d: %r' % (label, i, e))
            for s in (g.s, g.s2):
                if s is not None and getattr(s.journal, 'torn', False):
                    counts['torn'] += 1
            try:
                g.settle(mode == 'stuck')
            except Exception as e:
                problems.append('%s step %d: reopen: %r' % (label, i, e))
                break
        # checked where something failed, on the step after, and at the end
        # (a record that joined a torn one shows in every replay after it)
        if not ok or retry or last_failed or i == len(steps) - 1:
            g.check('%s step %d' % (label, i), before, after, problems, unread)
            counts['checks'] += 1
        last_failed = not ok
        if not ok and mode != 'stuck' and not retry and g.view() == before:
            retry = True            # the player tries again,
            counts['retried'] += 1
            if mode == 'full':      # having deleted an old save to make room
                import os
                os.remove('/f/filler')
            continue
        if not ok and retry:
            problems.append('%s step %d: failed again after a one-off fault' % (label, i))
        retry = False
        i += 1
    if dev.failed or full:
        counts['faults'] += 1
    counts['runs'] += 1
    if mode != 'stuck' and g.view() != ref[-1]:
        problems.append('%s: the game did not end as the reference' % label)
    # What boot may find: once, the game as the player last saw it; stuck,
    # nothing lands after the first failure, so the state before or after
    # that step (the session may have been lost with the flash unreadable)
    views = [g.view()] if mode != 'stuck' or first is None else list(first)
    allowed = {}
    for v in views:
        for slot, snap in fc.slot_views(v).items():
            allowed.setdefault(slot, []).append(snap)
    if unread:
        counts['unreadable'] += 1
    counts['lost'] += g.lost
    g = None
    unmount()
    # power off and on: the flash works again
    mount(FaultDev(image))
    fc.boot('/f/saves', allowed, problems, label)
    counts['boots'] += 1
    unmount()


# 'full' runs: the flash filled before each step in turn, with player names
# of three lengths
NAMES = ((), ('Annabel', 'Bobby', 'Cidonia'), ('Al', 'Bo', 'Cy'))


def reference(steps):
    image[:] = blank
    mount(FaultDev(image))
    r = fc.reference('/f/saves', steps)
    unmount()
    return r


MODES = (('once', 28), ('once', 5), ('stuck', 28), ('stuck', 5), ('full', 28))
out = {'fs': FS, 'ops': total, 'steps': len(fc.STEPS), 'modes': {}}
problems = fc.Problems()
ONLY = sys.argv[3:]          # MODE ERRNO OP: one run, for a closer look
for mode, errno in MODES:
    if ONLY and (mode, errno) != (ONLY[0], int(ONLY[1])):
        continue
    # runs: games played; faults: those in which an operation did fail (or
    # the flash filled up); refused: steps that raised to the player;
    # retried: steps tried again; lost: sessions opened again from flash;
    # torn: journals left with bytes to cut off; repairs: files copied to
    # cut them off; unreadable: runs where flash could not be read back
    # (FAT after a failed write) until the next boot; boots: boots checked
    counts = {'runs': 0, 'faults': 0, 'refused': 0, 'retried': 0, 'lost': 0, 'torn': 0,
              'boots': 0, 'unreadable': 0, 'checks': 0}
    out['modes']['%s %d' % (mode, errno)] = counts
    repairs[0] = 0
    if mode == 'full':
        for names in NAMES:
            steps = fc.renamed(names)
            ref = reference(steps)
            for cut in ([int(ONLY[2])] if ONLY else range(len(steps))):
                gc.collect()
                run(mode, errno, cut, counts, problems, steps, ref)
    else:
        for cut in ([int(ONLY[2])] if ONLY else range(1, total + 1)):
            gc.collect()
            run(mode, errno, cut, counts, problems)
    counts['repairs'] = repairs[0]

out['problems'] = problems.first
out['mismatches'] = problems.count
print(json.dumps(out))
