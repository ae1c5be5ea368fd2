# Run by the MicroPython interpreter (and by CPython, for comparison):
#   micropython -X heapsize=... tests/mp/replay_json.py FIRMWARE_DIR GAME.log...
# For each log, prints one line of JSON: the standings, the first refused
# line if any, and the whole derived state.
import sys
sys.path.insert(0, sys.argv[1])
import gc
import json
from trackside.replay import replay

for path in sys.argv[2:]:
    f = open(path)
    try:
        session, error = replay(f)
    finally:
        f.close()
    out = session.standings() if session else {}
    out['error'] = list(error) if error else None
    out['state'] = session.state if session else None
    print(json.dumps(out))
    session = None
    # a device holds one game's rules at a time: let this one go (from
    # sys.modules and from its package, or the next import makes a copy)
    games = sys.modules.get('trackside.games')
    for name in [m for m in sys.modules if m.startswith('trackside.games.')]:
        del sys.modules[name]
        if games is not None and hasattr(games, name[16:]):
            delattr(games, name[16:])
    gc.collect()
