# Run by the MicroPython interpreter for tools/bench_engine.py:
#   micropython -X heapsize=N tools/mp_peak.py FIRMWARE_DIR SAVE
# Replays the save's records as resume.load() does, with a collection after
# each, and prints the most heap in use at any record.
import sys
sys.path.insert(0, sys.argv[1])
import gc
from trackside import reader, resume, session
from trackside.setupline import parse_setup

s = None
most = 0
for n, text, end, whole in reader.records(sys.argv[2], resume.follows):
    if s is None:
        s = session.Session(parse_setup(text.decode()))
    else:
        s.do_text(text, trusted=True)
    gc.collect()
    most = max(most, gc.mem_alloc())
print('OK', most)
