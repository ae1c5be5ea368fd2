# Run by the MicroPython interpreter (and by CPython, for comparison):
#   micropython -X heapsize=... tests/mp/replay_json.py FIRMWARE_DIR GAME.log
# prints the standings as JSON, and the first refused line if any.
import sys
sys.path.insert(0, sys.argv[1])
import json
from trackside.session import replay

f = open(sys.argv[2])
try:
    session, error = replay(f)
finally:
    f.close()
out = session.standings() if session else {}
out['error'] = list(error) if error else None
print(json.dumps(out))
