# The save space of CIRCUITPY's saves (fixed.py), made once, at the first
# power-on: the only time a file is made there (a power cut while it is made:
# the next power-on finishes it). Apart from the slots so that the power-ons
# after it, which find it ready, never compile this; loaded for it and let go.
import os
from trackside.files import read_at, exists
from trackside.fixed_log import SIZE, HEAD

PAD = 5120          # space around a copy's clusters: more than a flash block
SLOTS = 4           # at most; fewer where the drive has no room for them
RESERVE = 16384     # left free for the player's own files
_ZERO = bytes(512)


def make(saves):
    # The space of saves (fixed.Saves) made, or finished, and saves.count
    # set; saves.problem says why where the drive has no room for it.
    r = saves.root
    if not exists(r):
        os.mkdir(r)
    plan = r + '/plan'
    w = read_at(plan, 0, 8).strip() if exists(plan) else b''
    if w.isdigit() and int(w) > 0:
        n = int(w)          # (a making cut short: finished now, as planned)
    else:
        st = os.statvfs(r)
        free = st[0] * st[4]
        each = 2 * (SIZE + PAD + 2 * st[0])
        n = min(SLOTS, (free - RESERVE - 3 * PAD) // each)
        if n < 1:
            saves.problem = ('CIRCUITPY is too full to keep saves: %d KB free, %d KB needed. '
                             'Make room on the drive.' % (free // 1024, (each + RESERVE + 3 * PAD) // 1024))
            return
        f = open(plan, 'wb')
        f.write(b'%d\n' % n)
        f.close()
    _fill(r + '/pad', PAD)
    for slot in range(1, n + 1):
        for c in 'ab':
            d = '%s/%d%s' % (r, slot, c)
            if not exists(d):
                os.mkdir(d)
            _fill(d + '/game.log', SIZE)
            _fill(d + '/pad', PAD)
    if not exists(r + '/last'):
        os.mkdir(r + '/last')
    _fill(r + '/last/slot', HEAD + 512)
    _fill(r + '/last/pad', PAD)
    f = open(r + '/ready', 'wb')
    f.write(b'%d\n' % n)
    f.close()
    saves.count = n


def _fill(path, n):
    # Make path n bytes long (zeros), or finish one cut short.
    have = os.stat(path)[6] if exists(path) else 0
    if have >= n:
        return
    f = open(path, 'ab')
    try:
        while have < n:
            k = min(512, n - have)
            f.write(_ZERO[:k])
            have += k
    finally:
        f.close()
