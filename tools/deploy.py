#!/usr/bin/env python3
"""Put Trackside on a board: compile the firmware with mpy-cross and copy it with mpremote.

    python tools/deploy.py                          # Pico Display Pack, first board found
    python tools/deploy.py --board oled_ssd1306 --port /dev/ttyACM0
    python tools/deploy.py --board tdisplay --dry-run   # print the steps, run nothing

What ends up on the board (its root directory):

    main.py, boot.py      firmware/main.py (and boot.py if there is one), as source
    trackside/...         every other firmware module, compiled to .mpy
    board.mpy             boards/<board>.py compiled under the name `board`: main.py does
                          `import board` whatever the hardware
    st7789.mpy, ...       the board module's own imports found in boards/ (the shared
                          driver; pico_display2 also brings pico_display), compiled
    lib/ssd1306.mpy       imports not in boards/ and not built into MicroPython come from
                          micropython-lib: `mpremote mip install ssd1306` (mpremote fetches
                          it on the PC, so the board needs no network)
    saves/                left alone: the saved games survive a redeploy

Before copying, the old code (trackside/, board.*, the drivers, main.*) is deleted, so a
stale .py can never shadow a new .mpy (MicroPython tries X.py before X.mpy).

.mpy files must match the board's MicroPython: the pinned mpy-cross writes .mpy version
6.3, loaded by MicroPython 1.23 and later. For an older firmware use --no-compile (sources).

The steps are built as data by plan() and run by run(); tests/test_deploy.py runs the
local ones (mpy-cross into a temporary directory) and checks the mpremote ones as data.
mpremote cannot copy anything without a board attached; `make test` installs the
pinned mpremote anyway (requirements-dev.txt), so `.venv/bin/python tools/deploy.py`
works as soon as a board is plugged in.
"""
import argparse
import ast
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, 'firmware')
BOARDS = os.path.join(ROOT, 'boards')
DEFAULT_BOARD = 'pico_display'
MARKER = '.trackside-deploy'        # marks a build directory this tool may empty
KEEP_SOURCE = ('main.py', 'boot.py')  # top-level files MicroPython runs by name

# Modules the MicroPython firmware has built in (rp2, esp32): never installed.
BUILTIN = frozenset((
    'machine', 'framebuf', 'micropython', 'time', 'utime', 'sys', 'os', 'uos', 'gc',
    'struct', 'ustruct', 'array', 'binascii', 'errno', 'io', 'math', 'select', 'json',
    're', 'random', 'network', 'rp2', 'esp', 'esp32', 'uctypes', 'collections',
    'asyncio', 'uasyncio', 'hashlib', 'vfs', 'bluetooth', 'cryptolib', 'deflate',
    'heapq', 'platform', 'socket', 'ssl', 'neopixel', 'onewire', 'dht', '_thread',
))


def board_names():
    return sorted(f[:-3] for f in os.listdir(BOARDS)
                  if f.endswith('.py') and f != 'st7789.py' and not f.startswith('_')
                  and _is_board(os.path.join(BOARDS, f)))


def _is_board(path):
    # a board module defines open() and KEYMAP (docs/device.md); a driver does not
    tree = _parse(path)
    names = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    names.add(t.id)
    return 'open' in names and 'KEYMAP' in names


def _parse(path):
    with open(path) as f:
        return ast.parse(f.read(), path)


def _imports(path):
    found = []
    for node in ast.walk(_parse(path)):
        if isinstance(node, ast.Import):
            found.extend(a.name.split('.')[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append(node.module.split('.')[0])
    return found


def dependencies(board):
    """(local modules from boards/ the board needs, micropython-lib packages)."""
    local, mip = [], []
    todo = [board]
    seen = set(todo)
    while todo:
        for name in _imports(os.path.join(BOARDS, todo.pop(0) + '.py')):
            if name in seen or name in BUILTIN:
                continue
            seen.add(name)
            if os.path.exists(os.path.join(BOARDS, name + '.py')):
                local.append(name)
                todo.append(name)
            else:
                mip.append(name)
    return local, mip


def firmware_files():
    """(path relative to firmware/, compile?) for every file to ship, sorted."""
    out = []
    for dirpath, dirnames, filenames in os.walk(FIRMWARE):
        dirnames[:] = sorted(d for d in dirnames if d != '__pycache__' and not d.startswith('.'))
        for f in sorted(filenames):
            if f.endswith(('.pyc', '.mpy')) or f.startswith('.'):
                continue
            rel = os.path.relpath(os.path.join(dirpath, f), FIRMWARE)
            out.append((rel, f.endswith('.py') and rel not in KEEP_SOURCE))
    return out


def plan(board=DEFAULT_BOARD, port=None, build_dir=None, compile=True, mpy_cross='mpy-cross',
         mpremote='mpremote'):
    """The steps, as data: a list of (kind, args, what).

    kind 'clean': args (directory,)          empty the build directory
         'compile': args [argv of mpy-cross]  src -> .mpy
         'copy': args (src, dest)            a file copied as it is
         'device': args [argv of mpremote]    runs against the board
    """
    if board not in board_names():
        raise SystemExit('no board %r: choose one of %s' % (board, ', '.join(board_names())))
    build = os.path.abspath(build_dir or os.path.join(ROOT, 'build', 'deploy', board))
    local, mip = dependencies(board)
    steps = [('clean', (build,), 'empty the build directory %s' % build)]
    shipped = []                    # top-level names on the device

    def add(src, dest_rel, as_name=None):
        dest = os.path.join(build, dest_rel)
        if compile and src.endswith('.py') and not dest_rel.endswith('.py'):
            argv = [mpy_cross, '-o', dest]
            if as_name:
                argv += ['-s', as_name]     # the name tracebacks give
            steps.append(('compile', argv + [src], 'compile %s' % os.path.relpath(src, ROOT)))
        else:
            steps.append(('copy', (src, dest), 'copy %s' % os.path.relpath(src, ROOT)))

    def target(rel):
        return rel[:-3] + '.mpy' if compile and rel.endswith('.py') else rel

    for rel, compiled in firmware_files():
        add(os.path.join(FIRMWARE, rel), target(rel) if compiled else rel)
        top = rel.split(os.sep)[0]
        if top not in shipped:
            shipped.append(top if os.sep in rel else (target(rel) if compiled else rel))
    add(os.path.join(BOARDS, board + '.py'), target('board.py'), 'board.py')
    shipped.append(target('board.py'))
    for name in local:
        add(os.path.join(BOARDS, name + '.py'), target(name + '.py'))
        shipped.append(target(name + '.py'))

    connect = [mpremote] + (['connect', port] if port else [])
    for package in mip:
        steps.append(('device', connect + ['mip', 'install', package],
                      'install %s from micropython-lib into /lib' % package))
    stale = sorted(set(_stale_names(shipped)))
    steps.append(('device', connect + ['exec', _remove_code(stale)],
                  'delete the old code: %s' % ' '.join(stale)))
    steps.append(('device', connect + ['cp', '-r'] + [os.path.join(build, n) for n in shipped] + [':'],
                  'copy %s to the board' % ' '.join(shipped)))
    steps.append(('device', connect + ['reset'], 'reset the board: main.py starts Trackside'))
    return steps


def _stale_names(shipped):
    for n in shipped:
        base = n[:-4] if n.endswith('.mpy') else n[:-3] if n.endswith('.py') else None
        if base is None:
            yield n
        else:
            yield base + '.py'
            yield base + '.mpy'


def _remove_code(names, root='/'):
    # runs on the board: delete these files and directory trees from / if present
    return ('import os\n'
            'def rm(p):\n'
            '    try:\n'
            '        m = os.stat(p)[0]\n'
            '    except OSError:\n'
            '        return\n'
            '    if m & 0x4000:\n'
            '        for n in os.listdir(p):\n'
            '            rm(p + "/" + n)\n'
            '        os.rmdir(p)\n'
            '    else:\n'
            '        os.remove(p)\n'
            'for p in (%s,):\n'
            '    rm("%s" + p)\n' % (', '.join('"%s"' % n for n in names), root))


def _tool(name):
    here = os.path.join(os.path.dirname(sys.executable), name)
    return here if os.path.exists(here) else shutil.which(name)


def run(steps, out=None):
    out = out or sys.stdout
    for kind, args, what in steps:
        out.write('-- %s\n' % what)
        out.flush()
        if kind == 'clean':
            _clean(args[0])
        elif kind == 'copy':
            os.makedirs(os.path.dirname(args[1]), exist_ok=True)
            shutil.copyfile(args[0], args[1])
        elif kind == 'compile':
            argv = list(args)
            os.makedirs(os.path.dirname(argv[argv.index('-o') + 1]), exist_ok=True)
            exe = _tool(argv[0])
            if not exe:
                raise SystemExit('%s is not installed: run `make test` once (it sets up .venv)'
                                 % argv[0])
            _check(subprocess.run([exe] + argv[1:]), argv)
        elif kind == 'device':
            argv = list(args)
            exe = _tool(argv[0])
            if not exe:
                raise SystemExit('%s is not installed: run `make test` once (it sets up .venv)'
                                 % argv[0])
            _check(subprocess.run([exe] + argv[1:]), argv)
        else:
            raise ValueError(kind)


def _clean(build):
    if os.path.isdir(build) and os.listdir(build):
        if not os.path.exists(os.path.join(build, MARKER)):
            raise SystemExit('%s is not empty and was not made by tools/deploy.py: '
                             'choose another --build-dir' % build)
        shutil.rmtree(build)
    os.makedirs(build, exist_ok=True)
    open(os.path.join(build, MARKER), 'w').close()


def _check(result, argv):
    if result.returncode != 0:
        raise SystemExit('failed (%d): %s' % (result.returncode, ' '.join(argv[:6])))


def describe(steps):
    lines = []
    for kind, args, what in steps:
        if kind == 'clean':
            lines.append('# %s' % what)
        elif kind == 'copy':
            lines.append('cp %s %s' % args)
        else:
            lines.append(' '.join(_quote(a) for a in args))
    return '\n'.join(lines) + '\n'


def _quote(a):
    if a and all(c.isalnum() or c in '-_./:=@%+,' for c in a):
        return a
    return "'" + a.replace("'", "'\\''") + "'"


def main(argv=None, out=None):
    out = out or sys.stdout
    ap = argparse.ArgumentParser(description='Compile Trackside and copy it to a board.')
    ap.add_argument('--board', default=DEFAULT_BOARD, choices=board_names(),
                    help='the board module in boards/ (default %s)' % DEFAULT_BOARD)
    ap.add_argument('--port', help="the board's serial port for mpremote connect "
                                   '(default: the first board mpremote finds)')
    ap.add_argument('--build-dir', help='where the compiled files go '
                                        '(default build/deploy/BOARD)')
    ap.add_argument('--no-compile', action='store_true',
                    help='ship .py sources: for MicroPython older than 1.23')
    ap.add_argument('--dry-run', action='store_true', help='print the steps, run nothing')
    args = ap.parse_args(argv)
    steps = plan(args.board, args.port, args.build_dir, compile=not args.no_compile)
    if args.dry_run:
        out.write(describe(steps))
        return 0
    run(steps, out)
    return 0


if __name__ == '__main__':
    sys.exit(main())
