#!/usr/bin/env python3
# What a power cut can cost on CIRCUITPY: tests/cp/powercut_fat.py on the real MicroPython
# (its FatFs is CircuitPython's), each board with its own flash layer, both kinds of cut,
# and the first power-on's making of the save space cut at every flash operation too.
# A report, not a test (tests/test_circuitpython.py holds the play's counts at 0).
#   .venv/bin/python tools/bench_circuitpy.py [--write]   -> docs/benchmarks-circuitpy.md
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MP = os.path.join(os.path.dirname(sys.executable), 'micropython')
RUNS = [('reverse_tft', 'esp32s3'), ('macropad', 'rp2040')]     # each board as it is


def run(board, flash, cut):
    r = subprocess.run([MP, '-X', 'heapsize=64m', os.path.join('tests', 'cp', 'powercut_fat.py'),
                        ROOT, board, flash, cut, 'making'], capture_output=True, text=True,
                       cwd=ROOT, check=True)
    return json.loads(r.stdout.strip().splitlines()[-1])


def main():
    jobs = [(b, f, c) for b, f in RUNS for c in ('torn', 'erased')]
    with ThreadPoolExecutor(2) as pool:
        outs = list(pool.map(lambda j: run(*j), jobs))
    rows = ['| Board | Flash layer | Cut leaves the block | Cuts in play | Installed files damaged | '
            'Other saves damaged | Entries lost | Saves not opening | Copies spoiled, game moved | '
            'Cuts while the save space is made | ... installed files damaged | ... space left unfinished |',
            '|---|---|---|---|---|---|---|---|---|---|---|---|']
    for o in outs:
        d = o['damaged']
        moved = sum(n for k, n in o['notes'].items() if 'moved' in k)
        m = o['making']
        rows.append('| %s | %s | %s | %d | %d | %d | %d | %d | %d | %d | %d | %d |' % (
            o['board'], o['flash'], 'half programmed' if o['cut'] == 'torn' else 'erased',
            o['ops'], d['firmware'], d['other'], d['lost'], d['unopened'], moved,
            m['cuts'], m['firmware'], m['unfinished']))
    text = '\n'.join([
        '# Power cuts on CIRCUITPY', '',
        'Made by `tools/bench_circuitpy.py` (tests/cp/powercut_fat.py on the MicroPython',
        'interpreter; docs/boards.md, "Saves on CIRCUITPY"). "In play": a new game played (17',
        'entries, undo and redo among them) and a save deleted, the power cut at each erase and',
        'each program in turn. "While the save space is made": the first power-on after',
        'installing, the one time Trackside writes the drive\'s FAT; "unfinished": the next',
        'power-on could not make the space (the drive must be reformatted).', ''] + rows) + '\n'
    print(text)
    if '--write' in sys.argv:
        with open(os.path.join(ROOT, 'docs', 'benchmarks-circuitpy.md'), 'w') as f:
            f.write(text)


if __name__ == '__main__':
    main()
