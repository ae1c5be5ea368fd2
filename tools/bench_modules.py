#!/usr/bin/env python3
# Where the heap goes, module by module: what importing each firmware
# module adds to the heap on the MicroPython interpreter, from .mpy files
# (bytecode in RAM) and from a ROMFS image (bytecode in flash), each
# measured in a fresh interpreter after the modules imported before it, so
# a module's own cost is not mixed with another's. A report, not a test.
#
#   .venv/bin/python tools/bench_modules.py [--write]
#
# --write puts the report in docs/benchmarks-modules.md.
import datetime
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, 'tools')]
from bench_engine import compile_firmware, micropython_version, publish, MICROPYTHON  # noqa: E402
from bench_ui import romfs_image  # noqa: E402

# What a device holds during a game, in the order it imports it: the engine
# and the UI at start-up, then each game's rules and screens.
CORE = ['trackside.rules', 'trackside.logfmt', 'trackside.settings', 'trackside.games',
        'trackside.timeline', 'trackside.session', 'trackside.files', 'trackside.journal', 'trackside.ui.theme', 'trackside.ui.font',
        'trackside.ui.keys', 'trackside.ui.paint', 'trackside.ui.screens', 'trackside.ui.rows',
        'trackside.ui.table', 'trackside.ui.dashboard', 'trackside.ui.table_questions', 'trackside.ui.entry',
        'trackside.ui.app',
        'trackside.ui.fonts.small', 'trackside.ui.fonts.medium', 'trackside.ui.fonts.digits']
GAMES = (
    # (a game's package imports the modules it always needs: steam's, turn.py and deliver.py)
    ('Steam base', ['trackside.games.steam', 'trackside.games.steam.ui']),
    ('Steam standard', ['trackside.games.steam', 'trackside.games.steam.standard',
                        'trackside.games.steam.ui']),
    ('Score pad', ['trackside.games.scorepad', 'trackside.games.scorepad.ui']),
)
# Loaded only while used, then let go.
OCCASIONAL = ['trackside.ui.newgame', 'trackside.ui.forms', 'trackside.ui.chart', 'trackside.reader',
              'trackside.resume', 'trackside.saves', 'trackside.setupline', 'trackside.snapshot']
HEAP = '1024k'


def cost(path, before, module):
    r = subprocess.run([sys.executable, MICROPYTHON, '-X', 'heapsize=' + HEAP, os.path.join(ROOT, 'tools', 'mp_import.py'),
                        path] + before + [module], capture_output=True, text=True, cwd=ROOT)
    if r.returncode != 0:
        raise SystemExit('%s: %s' % (module, r.stderr.strip().splitlines()[-1]))
    # (qstr_info's lines before and after the import: "qstr pool: n_pool=6, ...,
    # n_str_data_bytes=8729, n_total_bytes=22969". When the last pool of interned
    # strings is full, a pool twice its size is allocated: the module whose import
    # fills it is charged with it, though the modules after it fill it too, and
    # which one it is moves with any name added anywhere. Its bytes are kept apart.)
    pools = [[int(x) for x in re.findall(r'n_pool=(\d+).*n_str_data_bytes=(\d+), n_total_bytes=(\d+)',
                                         line)[0]]
             for line in r.stdout.splitlines() if line.startswith('qstr pool:')]
    (n0, s0, t0), (n1, s1, t1) = pools
    new_pool = (t1 - s1) - (t0 - s0) if n1 > n0 else 0
    return int(r.stdout.split()[-1]), new_pool


def kb_row(c):
    # a module's own figure, and a new pool of interned strings its import made
    n, new_pool = c
    return kb(n - new_pool) + (' (+ %s: a new pool of names)' % kb(new_pool) if new_pool else '')


def table(paths, order):
    rows = []
    for i, module in enumerate(order):
        if module in order[:i]:
            continue
        rows.append((module, [cost(p, order[:i], module) for p in paths]))
    return rows


def kb(n):
    return '%.1f KB' % (n / 1024.0)


def main(argv):
    work = tempfile.mkdtemp(prefix='trackside-modules-')
    mpy = os.path.join(work, 'mpy')
    compile_firmware(mpy)
    image = romfs_image(os.path.join(work, 'firmware.img'))
    paths = (mpy, image)
    lines = ['# Where the heap goes, module by module', '',
             'What importing each firmware module adds to the heap (after a collection), on %s,' %
             micropython_version(),
             'measured in a fresh interpreter with the modules before it already imported. `.mpy`:',
             'the files `make deploy` copies where a board has no ROMFS (bytecode in RAM); ROMFS: the',
             'same from a ROMFS image (bytecode in flash; what stays in RAM is each module\'s dict,',
             'its functions\' and classes\' objects, and the tuples, dicts and strings made at import).',
             'The interned names and short strings of every module are kept in pools, and when the',
             'last pool is full MicroPython allocates one twice its size: the module whose import',
             'fills it shows that pool apart ("+ a new pool of names"); it holds the names of the',
             'modules after it too, and which module fills it moves whenever a name is added',
             'anywhere. The totals include the pools.',
             '`tools/bench_modules.py` made this report on %s.' % datetime.date.today().isoformat(), '',
             '| Module | `.mpy` | ROMFS |', '|---|---|---|']
    core = table(paths, CORE)
    total = [0, 0]
    for module, c in core:
        lines.append('| `%s` | %s | %s |' % (module, kb_row(c[0]), kb_row(c[1])))
        total = [total[0] + c[0][0], total[1] + c[1][0]]
    lines.append('| **the engine and the UI** | **%s** | **%s** |' % (kb(total[0]), kb(total[1])))
    for title, mods in GAMES:
        rows = table(paths, CORE + mods)[len(core):]
        t = [sum(c[0][0] for m, c in rows), sum(c[1][0] for m, c in rows)]
        for module, c in rows:
            lines.append('| %s: `%s` | %s | %s |' % (title, module, kb_row(c[0]), kb_row(c[1])))
        lines.append('| **%s, with the engine and the UI** | **%s** | **%s** |' % (
            title, kb(total[0] + t[0]), kb(total[1] + t[1])))
    # the board's own: the colour boards' display driver (compiled, in the image
    # too), which compiles blit565.py and ink4.py on import (shipped as source)
    c = [cost(p, CORE, 'st7789') for p in paths]
    lines.append('| (the board) `st7789`, the colour boards\' display driver, with its machine code '
                 '(`blit565`, `ink4`; its buffers are the display\'s: docs/benchmarks-ui.md) | %s | %s |'
                 % (kb_row(c[0]), kb_row(c[1])))
    for module in OCCASIONAL:
        c = [cost(p, CORE, module) for p in paths]
        lines.append('| (while used) `%s` | %s | %s |' % (module, kb_row(c[0]), kb_row(c[1])))
    publish(lines + [''], '--write' in argv, 'benchmarks-modules.md')


if __name__ == '__main__':
    main(sys.argv[1:])
