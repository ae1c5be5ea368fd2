# Run by the MicroPython interpreter: once a record's bytes are on flash,
# nothing in journal.py may allocate (a MemoryError then would leave memory
# behind flash, or a fold done twice). From the moment journal._write
# returns for the file written until Journal.put returns, the heap is
# locked (micropython.heap_lock: any allocation raises MemoryError), for
# each way a record reaches flash: a new tail, a tail appended to, a
# record straight into the log, and a fold (by idle() and by a full tail).
#   micropython tests/mp/heap_after_write.py FIRMWARE_DIR WORK_DIR
# Prints one line of JSON: {case: [raised after its write, memory == flash]}.
import sys
sys.path.insert(0, sys.argv[1])
import json
import os
import micropython
from trackside import journal, resume
from trackside.saves import Saves
from trackside.session import new_session

WORK = sys.argv[2]
SETUP = 'steam base players=Ann,Bob,Cid start=firstgame'
LINES = ['Ann tile engineer', 'Bob tile firstbuild', 'Cid tile citygrowth', 'undo', 'redo']
state = {'target': None, 'locked': False, 'raised': 0}
real_write = journal._write
real_put = journal.Journal.put


def locking(path, mode, chunks):
    real_write(path, mode, chunks)
    if state['target'] is not None and path.endswith(state['target']):
        state['target'] = None
        state['locked'] = True
        micropython.heap_lock()


def put(self, data, mode='ab'):
    try:
        return real_put(self, data, mode)
    except BaseException:
        if state['locked']:
            state['raised'] = 1
        raise
    finally:
        if state['locked']:
            state['locked'] = False
            micropython.heap_unlock()


journal._write = locking
journal.Journal.put = put


def game(name, records):
    folder = WORK + '/' + name
    os.mkdir(folder)
    saves = Saves(folder)
    s = new_session(SETUP)
    slot = saves.new(s)
    for line in LINES[:records]:
        s.do_text(line)
    return saves, slot, s


def fold_when_full(s):
    s.journal.room = s.journal.tail.size + 1        # the next record finds the tail full
    s.do_text(LINES[3])


CASES = [
    # (name, records first, the file written, the step)
    ('a new tail', 0, '.tail', lambda s: s.do_text(LINES[0])),
    ('a tail appended to', 1, '.tail', lambda s: s.do_text(LINES[1])),
    ('a fold when idle', 2, '.log', lambda s: s.idle()),
    ('a fold of a full tail', 2, '.log', fold_when_full),
    ('straight into the log', 2, '.log', None),
]
out = {}
for name, records, target, step in CASES:
    saves, slot, s = game(name.replace(' ', '-'), records)
    if step is None:                                # a record too long for a tail
        s.idle()
        s.journal.room = 1
        step = lambda s: s.do_text(LINES[2])
    state['target'] = target
    state['raised'] = 0
    try:
        step(s)
    except Exception:
        pass
    ok = target is None or state['target'] is None  # (the write did happen)
    flash = resume.load(saves.path(slot))[0]
    out[name] = [state['raised'], ok and flash.cursor == s.cursor and
                 flash.history() == s.history()]
print(json.dumps(out))
