# Run by the MicroPython interpreter (tests/test_saves_heap.py): the heap
# runs out part-way through a step. For each step of faults_common.STEPS
# that allocates most (new game, undo, redo, undo to the turn start, a
# second game, resuming a save), and then for the resume at power-on, the
# game is played up to the step, the heap is filled with ballast until only
# `room` bytes are free, and the step is made: for room = 0, 512, 1024, ...
# until it goes through. After each, with the ballast gone: what the player
# sees (or, if the session is lost, the save opened again) is the game
# before or after the step and equals the replay of the file; the step goes
# through when tried again; the next boot opens the game.
#   micropython -X heapsize=... faults_heap.py FIRMWARE_DIR WORK_DIR
import sys
sys.path.insert(0, sys.argv[1])
sys.path.insert(0, sys.argv[0].rsplit('/', 1)[0])
import gc
import json
import os
import faults_common as fc
from trackside.journal import SaveError
from trackside.saves import Saves

WORK = sys.argv[2]
STEP = 512
MOST_ROOM = 64 * 1024
KINDS = ('new', 'undo', 'redo', 'turn', 'new2', 'open')


def ballast(room):
    # Blocks that leave about `room` bytes of the heap free: large ones
    # first, then ever smaller ones into the gaps between other objects,
    # chained in pairs (a list would have to grow).
    gc.collect()
    held = None
    size = 16384
    while size >= 1:
        if gc.mem_free() <= room + size:
            size //= 2
            continue
        try:
            held = (bytearray(size), held)
        except MemoryError:
            size //= 2
    return held


def played(root, upto):
    g = fc.Game(root)
    for kind, arg in fc.STEPS[:upto]:
        g.step(kind, arg)
    return g


def main():
    os.mkdir(WORK + '/ref')
    ref = fc.reference(WORK + '/ref/saves')
    problems = fc.Problems()
    counts = {'points': 0, 'out_of_memory': 0, 'lost': 0, 'retried': 0, 'steps': 0}
    n = 0
    for j in range(len(fc.STEPS)):
        kind, arg = fc.STEPS[j]
        if kind not in KINDS:
            continue
        counts['steps'] += 1
        room = 0
        while True:
            n += 1
            root = '%s/%d' % (WORK, n)
            os.mkdir(root)
            root += '/saves'
            g = played(root, j)
            before = g.view()
            label = 'step %d (%s) room %d' % (j, kind, room)
            held = ballast(room)
            try:
                g.step(kind, arg)
                ok = True
            except Exception as e:
                ok = e
            held = None
            gc.collect()
            counts['points'] += 1
            if ok is not True:
                if not isinstance(ok, (MemoryError, SaveError)):
                    problems.append('%s: %r' % (label, ok))
                counts['out_of_memory'] += 1
                try:
                    g.settle()
                except Exception as e:
                    problems.append('%s: reopen: %r' % (label, e))
            g.check(label, before, ref[j + 1], problems)
            if ok is not True and g.view() == before:
                counts['retried'] += 1
                try:
                    g.step(kind, arg)
                except Exception as e:
                    problems.append('%s: again: %r' % (label, e))
                g.check(label + ' again', ref[j + 1], ref[j + 1], problems)
            counts['lost'] += g.lost
            views = [g.view()] + ([before, ref[j + 1]] if g.closed else [])
            allowed = {}
            for v in views:
                for slot, snap in fc.slot_views(v).items():
                    allowed.setdefault(slot, []).append(snap)
            g = None
            fc.boot(root, allowed, problems, label)
            if ok is True:
                break
            if room > MOST_ROOM:    # room enough for any step: it fails for another reason
                problems.append('%s: never goes through: %r' % (label, ok))
                break
            room += STEP
    # resuming at power-on, the heap short by ever less
    root = WORK + '/resume/saves'
    os.mkdir(WORK + '/resume')
    g = played(root, len(fc.STEPS))
    want = fc.snapshot(g.s)
    g = None
    files = {}
    for name in os.listdir(root):
        f = open(root + '/' + name, 'rb')
        files[name] = f.read()
        f.close()
    room = 0
    resumes = refused = 0
    while True:
        saves = Saves(root)
        held = ballast(room)
        try:
            s, note = saves.open(1)
            ok = True
        except SaveError:
            ok = False
        except Exception as e:
            ok = e
        s = held = None
        gc.collect()
        resumes += 1
        if ok is not True and ok is not False:
            problems.append('resume room %d: %r' % (room, ok))
        refused += ok is False
        for name in files:
            f = open(root + '/' + name, 'rb')
            if f.read() != files[name]:
                problems.append('resume room %d: %s changed' % (room, name))
            f.close()
        if fc.snapshot(Saves(root).open(1)[0]) != want:
            problems.append('resume room %d: opened another state' % room)
        if ok is True:
            break
        room += STEP
    counts['resumes'] = resumes
    counts['resumes_refused'] = refused
    counts['problems'] = problems.first
    counts['mismatches'] = problems.count
    print(json.dumps(counts))


main()
