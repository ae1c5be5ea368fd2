# Run by the MicroPython interpreter (tests/test_saves_heap.py): an import
# that runs out of memory at its first allocations, with 0, 1, 2, ... blocks
# of the heap free, made bare (what MicroPython leaves) and through
# trackside.need (what the firmware does).
#   micropython -X heapsize=... import_oom.py FIRMWARE_DIR
import sys
sys.path.insert(0, sys.argv[1])
import gc
import json
import trackside
from trackside import need, unload

NAME = 'trackside.settings'
MOST = 24           # blocks: the import has gone through long before


def fill():
    # Every free block of the heap taken, by a chain of one-block tuples.
    held = None
    while True:
        try:
            held = (held, None)
        except MemoryError:
            return held


def under(free, how):
    # how() with only `free` blocks of the heap free: did it go through?
    gc.collect()
    held = fill()
    for _ in range(free):
        held = held[0]
    gc.collect()
    try:
        how()
        ok = True
    except MemoryError:
        ok = False
    held = None
    gc.collect()
    return ok


def left():
    # our names in sys.modules with no module (what MicroPython can leave)
    return [k for k in sys.modules if k[:9] == 'trackside' and sys.modules.get(k) is None]


def bare():
    # the import as a plain statement
    try:
        from trackside import settings
        return 'module' if hasattr(settings, 'check') else 'not settings'
    except Exception as e:
        return type(e).__name__


out = {'bare': [], 'need': []}
need(NAME)
unload(NAME)            # (its name is a qstr now: the import makes none)
for free in range(MOST):
    ok = under(free, lambda: __import__(NAME))
    out['bare'].append([free, ok, left(), bare()])
    trackside.mend()
    unload(NAME)
    if ok:
        break
for free in range(MOST):
    ok = under(free, lambda: need(NAME))
    got = need(NAME)
    out['need'].append([free, ok, hasattr(got, 'check'), left(), bare()])
    unload(NAME)
    if ok:
        break
print(json.dumps(out))
