# boards/cp_code.py, CircuitPython's code.py, run on the host (host_sim/cphost.py) as a
# board runs it at power-on or after supervisor.reload(), with device time: its sleeps
# move a virtual clock, and the key script's presses come at their times on it.
#
#   python tests/cp/code_boot.py ROOT BOARD SAVES RUN_REASON 'KEYS' SECONDS
#
# Prints one JSON line: how it ended ('reload': supervisor.reload() was called, or
# 'time'), the game in play then, the saves' last, and the device time of the first poll
# (a power-on shows its 4 s note first; a reload does not), and whether littlefs's
# journal.py was loaded (CIRCUITPY's saves are fixed.py's), and the title of the screen
# on top at the end.
import importlib
import json
import sys
import time as real_time
import types

ROOT, BOARD, SAVES, REASON, KEYS, SECONDS = sys.argv[1:7]
sys.path[:0] = [ROOT + '/firmware', ROOT]
from host_sim import cphost, keyscript  # noqa: E402

host = cphost.install(BOARD)
host.run_reason = REASON
hw = importlib.import_module(BOARD)
hw.SAVES = SAVES
sys.modules['trackside_board'] = hw


class Stop(BaseException):
    pass


clock = [0.0]
plan = []
t = 5.0                             # after the power-on note (4 s) at the latest
for index, hold in keyscript.presses(KEYS, hw.BUTTONS, hw.KEYMAP):
    plan.append((t, index, True))
    plan.append((t + hold / 1000.0, index, False))
    t += hold / 1000.0 + 0.5


def sleep(dt):
    clock[0] += dt
    while plan and plan[0][0] <= clock[0]:
        at, index, down = plan.pop(0)
        host.button(index, down)
    if clock[0] > float(SECONDS):
        raise Stop()


fake = types.ModuleType('time')
fake.__dict__.update(real_time.__dict__)
fake.sleep = sleep
fake.monotonic = lambda: clock[0]
fake.monotonic_ns = lambda: int(clock[0] * 1e9)
sys.modules['time'] = fake

from trackside.ui import app as app_mod  # noqa: E402
seen = {}
tick = app_mod.App.tick


def first_tick(self, pressed, now):
    seen.setdefault('app', self)
    seen.setdefault('first_poll_ms', now)
    return tick(self, pressed, now)


app_mod.App.tick = first_tick
end = 'time'
source = open(ROOT + '/boards/cp_code.py').read()
try:
    exec(compile(source, 'code.py', 'exec'), {'__name__': '__main__'})
except cphost.ReloadException:
    end = 'reload'
except Stop:
    pass
app = seen.get('app')
from trackside.fixed_log import HEAD
with open(SAVES + '/last/slot', 'rb') as f:
    f.seek(HEAD)
    last = f.read(16).split(b'\0')[0].strip().decode()
print(json.dumps({'end': end, 'reloads': host.reloads, 'last': last,
                  'game': app.session.setup['game'] if app and app.session else None,
                  'first_poll_ms': seen.get('first_poll_ms'),
                  'journal': 'trackside.journal' in sys.modules,
                  'screen': getattr(app.stack[-1], 'title', None) if app and app.stack else None}))
