# Run by the MicroPython interpreter for tools/bench_engine.py:
#   micropython -X heapsize=N tools/mp_resume.py FIRMWARE_DIR SAVE MODE
# MODE: import (the modules, imported as a device's main.py would: one at a
# time with a collection between), resume (load the save), undo (resume,
# then one undo), do (resume, undo, then one new action, journalled).
# Each ends with a collection, so modes differ only by what they did.
import sys
sys.path.insert(0, sys.argv[1])
import gc
import trackside.rules
gc.collect()
import trackside.logfmt
gc.collect()
import trackside.games.steam
gc.collect()
import trackside.session
gc.collect()
import trackside.journal
gc.collect()

mode = sys.argv[3]
if mode != 'import':
    import trackside.resume
    s, note = trackside.resume.load(sys.argv[2])
    trackside.unload('trackside.resume')    # as the device does once the game is open
    trackside.unload('trackside.reader')
    journal, s.journal = s.journal, None
    gc.collect()
    if mode in ('undo', 'do'):
        s.undo()
    if mode == 'do':
        s.journal = journal
        s.do(s.parse(s.lines[s.cursor]))
gc.collect()
print('OK', gc.mem_alloc())
