# How quickly the simulator's window answers a key: a report, not a test (the project
# never asserts timings). Needs a display; on a machine without one, under Xvfb:
#
#   xvfb-run -a .venv/bin/python -m host_sim.bench_window              # the Pico Display
#   xvfb-run -a .venv/bin/python -m host_sim.bench_window --board tdisplay
#
# It opens the real window (window.Window) and plays a whole key script into it as Tk key
# events, a tap each (press, then release at once, as a quick finger or a script does),
# and times each key from the event that makes the device act (the press for a button
# that acts as it goes down: up, down, next; else the release) to the end of the redraw
# that shows it. A release waits Keyboard.GRACE_MS in the window before it is acted on
# (that is how the PC's own auto-repeat is told from a release); the times include it.
# Then it holds the down key for 1.5 s with the X server's kind of auto-repeat (a release
# and a press again every 40 ms after 660 ms) and counts the steps the firmware was sent,
# against what the device sends for a held button; and clicks a drawn button.
import argparse
import os
import statistics
import sys
import tempfile
import time

import host_sim  # noqa: F401  (firmware/ on the path)
from host_sim import keyscript, keymap, window
from host_sim.device import Device, ROOT

BOARDS = ('pico_display', 'pico_display2', 'tdisplay', 'oled_ssd1306', 'reverse_tft', 'macropad')
SCRIPTS = {
    'pico_display': 'steam-base-3p.keys', 'pico_display2': 'steam-base-3p.keys',
    'tdisplay': 'steam-base-3p-2buttons.keys',
}
SHORT_SCRIPTS = {      # boards without a whole game's script: a new game's first screens
    'oled_ssd1306': 'SEL SEL DOWN SEL UP SEL DOWN DOWN SEL SEL- UP UP SEL',
    'reverse_tft': 'D1 D1 D2 D1 D0 D1 D2 D2 D1 D1- D0 D0 D1',
    'macropad': 'SEL SEL DOWN SEL UP SEL DOWN DOWN SEL SEL- UP UP SEL',
}


def keysym_for(device, index, hold):
    # the keyboard key that makes this press (keymap.KEYS), a single character where there
    # is one (as a person would type)
    table = keymap.KEYS[tuple(device.names)]
    kind = 'tap' if hold == keyscript.SHORT else 'hold' if hold < 1000 else 'very'
    keys = [k for k, i in table[kind].items() if i == index]
    keys.sort(key=lambda k: (len(k) > 1, k))
    if not keys:
        raise SystemExit('no key for button %s (%s) on this board' % (device.names[index], kind))
    return TK_NAMES.get(keys[0], keys[0])


# Tk's names of the shifted characters in keymap.KEYS (a key event carries the name; the
# window takes the character when the name is not in its map)
TK_NAMES = {'!': 'exclam', '@': 'at'}


def pump(root, until, limit=5.0):
    end = time.perf_counter() + limit
    while not until():
        root.update()
        if time.perf_counter() > end:
            raise SystemExit('the window did not answer within %.0f s' % limit)
        time.sleep(0.0005)


def run(board, scale, script):
    import tkinter
    device = Device(board, tempfile.mkdtemp(prefix='bench-window-'))
    root = tkinter.Tk()
    drawn = []
    win = window.Window(device, scale, root, after_draw=lambda changed: drawn.append(time.perf_counter()))
    root.update()
    root.focus_force()
    root.update()
    kb = win.keyboard
    # where the time goes: the firmware's loop (with the board's driver, the framebuf
    # stand-in and the panel emulator under it) and the window's redraw
    spent = {'device': 0.0, 'redraw': 0.0}

    def timed(name, fn):
        def run(*a):
            t = time.perf_counter()
            try:
                return fn(*a)
            finally:
                spent[name] += time.perf_counter() - t
        return run

    device.tick = timed('device', device.tick)
    win.redraw = timed('redraw', win.redraw)
    steps = []
    times = []
    split = []
    for index, hold in keyscript.presses(script, device.names, device.board.KEYMAP):
        key = keysym_for(device, index, hold)
        acts_on_press = hold != keyscript.SHORT or device.board.KEYMAP[index][1] == 'repeat'
        before = len(drawn)
        spent['device'] = spent['redraw'] = 0.0
        t0 = time.perf_counter()
        root.event_generate('<KeyPress>', keysym=key)
        pump(root, lambda: len(drawn) > before)
        t_press = drawn[-1] - t0
        t1 = time.perf_counter()
        root.event_generate('<KeyRelease>', keysym=key)
        pump(root, lambda: not kb.pending and not kb.down)
        t_release = drawn[-1] - t1
        times.append((t_press if acts_on_press else t_release) * 1000.0)
        split.append((spent['device'] * 1000.0, spent['redraw'] * 1000.0))
        steps.append((key, t_press * 1000.0, t_release * 1000.0))
    # a held arrow key, with X-style auto-repeat
    counted = []
    handle = device.app.handle

    def counting(key, n):
        counted.append((key, n))
        handle(key, n)

    device.app.handle = counting
    down_key = [k for k, i in keymap.KEYS[tuple(device.names)]['tap'].items()
                if k == 'Down'][0]
    t0 = time.perf_counter()
    root.event_generate('<KeyPress>', keysym=down_key)
    repeats = 0
    next_repeat = t0 + 0.660
    while time.perf_counter() - t0 < 1.5:
        if time.perf_counter() >= next_repeat:
            root.event_generate('<KeyRelease>', keysym=down_key)
            root.event_generate('<KeyPress>', keysym=down_key)
            repeats += 1
            next_repeat += 0.040
        root.update()
        time.sleep(0.001)
    root.event_generate('<KeyRelease>', keysym=down_key)
    pump(root, lambda: not kb.pending and not kb.down)
    held_ms = (time.perf_counter() - t0) * 1000.0
    device.app.handle = handle
    from trackside.ui import keys
    steps_seen = len([k for k, n in counted if k in ('down', 'advance', 'up')])
    want = 1 + max(0, int((held_ms - keys.HOLD_MS) // keys.REPEAT_MS) + 1)
    # a click on a drawn button
    control, label, (x0, y0, x1, y1) = win.layout.controls[0]
    before = len(drawn)
    t0 = time.perf_counter()
    root.event_generate('<ButtonPress-1>', x=(x0 + x1) // 2, y=(y0 + y1) // 2)
    root.event_generate('<ButtonRelease-1>', x=(x0 + x1) // 2, y=(y0 + y1) // 2)
    pump(root, lambda: len(drawn) > before + 1 and not win.live.held)
    click = (drawn[-1] - t0) * 1000.0
    status = device.status()
    root.destroy()
    return times, steps, (held_ms, repeats, steps_seen, want), (label, click), status, split


def main(argv=None):
    ap = argparse.ArgumentParser(prog='python -m host_sim.bench_window',
                                 description="Time the simulator window's answer to each key.")
    ap.add_argument('--board', default='pico_display', choices=BOARDS + ('all',))
    ap.add_argument('--scale', type=int, default=3)
    ap.add_argument('--keys-file', help='a key script (default: a whole game where there is one)')
    args = ap.parse_args(argv)
    if not os.environ.get('DISPLAY'):
        sys.stderr.write('No display: run it under Xvfb, e.g. xvfb-run -a %s -m host_sim.bench_window\n'
                         % sys.executable)
        return 2
    if args.board == 'all':
        # one interpreter a board: CircuitPython's displayio is set up for one board
        import subprocess
        rc = 0
        for board in BOARDS:
            more = ['--keys-file', args.keys_file] if args.keys_file else []
            rc |= subprocess.call([sys.executable, '-m', 'host_sim.bench_window', '--board', board,
                                   '--scale', str(args.scale)] + more)
        return rc
    cached = keep_compiled()
    for board in (args.board,):
        if args.keys_file:
            with open(args.keys_file) as f:
                script = f.read()
        elif board in SCRIPTS:
            with open(os.path.join(ROOT, 'tests', 'keys', SCRIPTS[board])) as f:
                script = f.read()
        else:
            script = SHORT_SCRIPTS[board]
        times, steps, hold, click, status, split = run(board, args.scale, script)
        ordered = sorted(times)
        print('%s (scale %d): %d keys, answered in median %.1f ms, 90%% %.1f ms, slowest %.1f ms'
              % (board, args.scale, len(times), statistics.median(times),
                 ordered[int(0.9 * (len(ordered) - 1))], ordered[-1]))
        worst = sorted(range(len(steps)), key=lambda i: -times[i])[:3]
        print('  slowest keys: ' + ', '.join('#%d %s %.0f ms' % (i + 1, steps[i][0], times[i]) for i in worst))
        dev = sorted(d for d, r in split)
        red = sorted(r for d, r in split)
        print('  per key, the firmware on the PC (its loop, the driver, framebuf, the panel): '
              'median %.1f ms, slowest %.1f ms; the window redrawing: median %.2f ms, slowest %.2f ms'
              % (statistics.median(dev), dev[-1], statistics.median(red), red[-1]))
        held_ms, repeats, seen, want = hold
        print('  Down held %.0f ms with %d PC auto-repeats: %d steps sent (a held button on the '
              'device: %d)' % (held_ms, repeats, seen, want))
        print('  a click on the drawn %s button: drawn after %.1f ms' % click)
        print('  status line: %s' % status)
        print('  (%s)' % cached)
    return 0


def keep_compiled():
    # A module imported for the first time is compiled unless Python keeps
    # its compiled file, as it does by default. Where that is turned off
    # (PYTHONDONTWRITEBYTECODE), the keys that first import a screen's
    # module would be timed with its compile: the firmware is compiled first
    # into a cache of the bench's own, as a PC that has run the simulator once has it.
    import compileall
    if not sys.dont_write_bytecode:
        return "Python's compiled files kept, as by default"
    import atexit
    import shutil
    sys.dont_write_bytecode = False
    sys.pycache_prefix = tempfile.mkdtemp(prefix='bench-window-pyc-')
    atexit.register(shutil.rmtree, sys.pycache_prefix, True)
    for part in ('firmware', 'boards', 'host_sim'):
        compileall.compile_dir(os.path.join(ROOT, part), quiet=1)
    return 'PYTHONDONTWRITEBYTECODE is set here: the firmware was compiled first into ' + \
        sys.pycache_prefix + ', as a PC that has run the simulator before keeps it'


if __name__ == '__main__':
    sys.exit(main())
