# Run by the MicroPython interpreter: the journal on littlefs (vfs.VfsLfs2,
# as on the Pico) on a RAM block device, with the power cut at every block
# operation (a write, or an erase) of a game being saved; and, with "torn",
# the write being cut having landed half. After each cut the image is
# mounted afresh and the game resumed: every acknowledged record must be
# there, and the resumed save must take new records. cuts counts the runs in
# which the power did go (a cut past the last operation would not). With
# "snap", a snapshot (snapshot.py) is taken every 4 records instead of 32,
# so the cuts land in snapshots being written too, and the resume from
# them must give the same state as the game had.
#   micropython -X heapsize=... tests/mp/powercut_lfs.py FIRMWARE_DIR [torn|snap]
import sys
sys.path.insert(0, sys.argv[1])
import gc
import json
import vfs

MODE = sys.argv[2] if len(sys.argv) > 2 else 'cut'
TORN = MODE in ('torn', 'pico-torn')
BS = 256        # block size
NB = 16         # blocks: 4 KB (the game needs 7, and 4 more with snapshots; the
                # heap is the engine's 128 KB and the runs' leftovers). Blocks this small leave no
                # room for the journal's tail (journal._room): every record
                # goes straight into the log.
PROG = 128      # VfsLfs2's default
PICO = MODE[:4] == 'pico'
if PICO:
    # the Pico's own blocks (4 KB, written 256 bytes at a time, as
    # ports/rp2/modules/_boot.py formats them): the records wait in the
    # journal's tail, kept inline by littlefs, and are folded into the log
    BS = 4096
    NB = 12
    PROG = 256
# The flash: made first, while the heap has a 4 KB block in one piece, and
# erased and formatted again for every run (a blank copy would cost 4 KB
# more of the heap the firmware is tested in).
image = bytearray(BS * NB)
ERASED = b'\xff' * BS

from trackside.session import new_session      # noqa: E402
import trackside.timeline
from trackside.logfmt import crc
if MODE == 'snap':
    trackside.timeline.CHECKPOINT = 4
from trackside.journal import SaveError
from trackside.saves import Saves  # noqa: E402
SETUP = 'steam base players=Ann,Bob,Cid start=firstgame'
PLAY = ['Ann tile engineer', 'Bob tile firstbuild', 'Cid tile citygrowth', 'undo',
        'Cid tile turnorder', 'Bob build 3 4', 'Ann build 2 2 2 2', 'undo', 'redo',
        'Cid pass', 'Ann loco', 'Bob pass', 'Cid deliver Cid 1 vp',
        'Ann deliver Ann 1 income', 'Bob loco', 'Cid pass', 'income']


class RAMBlockDev:
    # The extended block device interface littlefs needs (MicroPython docs,
    # "Working with filesystems"). Counts writes and erases; at operation
    # cut_at the power goes: that operation lands not at all (or, torn,
    # half) and nothing after it lands. The code runs on regardless, as it
    # would not know; only what reached the "flash" counts.
    def __init__(self, data, cut_at=0):
        self.data = data
        self.ops = 0
        self.cut_at = cut_at
        self.dead = False

    def _lands(self):
        if self.dead:
            return False
        self.ops += 1
        if self.ops == self.cut_at:
            self.dead = True
        return not self.dead

    def readblocks(self, block, buf, off=0):
        a = block * BS + off
        buf[:] = memoryview(self.data)[a:a + len(buf)]

    def writeblocks(self, block, buf, off=0):
        a = block * BS + off
        if self._lands():
            self.data[a:a + len(buf)] = buf
        elif TORN and self.ops == self.cut_at:
            h = len(buf) // 2
            self.data[a:a + h] = buf[:h]
            self.ops += 1       # only the first dead write is torn

    def ioctl(self, op, arg):
        if op == 4:
            return NB
        if op == 5:
            return BS
        if op == 6:     # erase
            if self._lands():
                a = arg * BS
                self.data[a:a + BS] = b'\xff' * BS
            return 0
        return 0


def mount(data, point, cut_at=0):
    dev = RAMBlockDev(data, cut_at)
    vfs.mount(vfs.VfsLfs2(dev, progsize=PROG), point)
    return dev


def facts(s):
    # (the state by its CRC, keys sorted: a state read from a snapshot has
    # its keys in another order; a heap of states would not leave the
    # engine its 128 KB)
    return (s.cursor, s.all_lines(), crc(json.dumps(sorted(s.state.items())).encode()))


def play(root, dev, acked):
    # A game as the device saves it; acked gets the session's (cursor,
    # actions) after every step that returned with the power still on.
    saves = Saves(root)
    s = new_session(SETUP)
    saves.new(s)
    if not dev.dead:
        acked.append(facts(s))
    for i in range(len(PLAY)):
        s.do_text(PLAY[i])
        if not dev.dead:
            acked.append(facts(s))
        if PICO and i % 6 == 5:
            s.idle()            # a pause at the table: the tail folded into the log


def blank():
    for b in range(NB):
        image[b * BS:(b + 1) * BS] = ERASED
    vfs.VfsLfs2.mkfs(RAMBlockDev(image), progsize=PROG)


# a run without a cut: how many block operations, and the reference steps
ref = []
blank()
dev = mount(image, '/ref')
play('/ref/saves', dev, ref)
total = dev.ops
import os
snaps = len([name for name in os.listdir('/ref/saves') if name.endswith('.snap')])
tails = len([name for name in os.listdir('/ref/saves') if name.endswith('.tail')])
vfs.umount('/ref')
dev = None

failures = []
cuts = 0                        # runs in which the power did go
for cut in range(1, total + 1):
    gc.collect()
    acked = []
    blank()
    dev = mount(image, '/cut', cut)
    try:
        play('/cut/saves', dev, acked)
    except Exception:
        pass                    # the code may trip over the dead flash: no matter
    if dev.dead:
        cuts += 1
    else:
        failures.append((cut, 'no cut happened'))
    try:
        vfs.umount('/cut')
    except Exception:
        pass
    # power back on: mount what landed and resume
    dev = None
    gc.collect()
    mount(image, '/on')
    try:
        saves = Saves('/on/saves')
        slot = saves.last()
        if not acked:
            if slot is not None:        # the new game may have landed: it must be sane
                saves.open(slot)
        else:
            s, note = saves.open(slot)
            got = facts(s)
            k = len(acked) - 1
            allowed = [acked[k]] + ([ref[k + 1]] if k + 1 < len(ref) else [])
            if got not in allowed:
                failures.append((cut, 'resumed at %d actions, acknowledged %d' % (got[0], acked[k][0])))
            # the save goes on: one more step lands and is read back
            if s.can_undo():
                s.undo()
            else:
                s.do_text(PLAY[0])
            want = facts(s)
            s = None            # (one session at a time, as on the device)
            s2, note2 = saves.open(slot)
            if facts(s2) != want:
                failures.append((cut, 'a record after the repair was lost'))
    except SaveError as e:
        failures.append((cut, 'SaveError: %s' % e))
    vfs.umount('/on')
    dev = saves = s = s2 = None

print(json.dumps({'ops': total, 'cuts': cuts, 'mode': MODE, 'snaps': snaps, 'tails': tails,
                  'failures': failures}))
