#!/usr/bin/env python3
"""Put Trackside on a board: compile the firmware with mpy-cross and copy it with mpremote,
as a ROMFS image where the board's MicroPython has a ROMFS partition, as .mpy files elsewhere.

    python tools/deploy.py                          # Pico Display Pack, first board found
    python tools/deploy.py --board oled_ssd1306 --port /dev/ttyACM0
    python tools/deploy.py --board tdisplay --dry-run   # print the steps, run nothing
    python tools/deploy.py --romfs no               # .mpy files even where ROMFS is there
    python tools/deploy.py --write-package          # regenerate package.json (mip)

What is built (build/deploy/BOARD/):

    main.py, boot.py      firmware/main.py (and boot.py if there is one), as source: the
                          board runs them by name from its filesystem
    code/trackside/...    every other firmware module, compiled to .mpy
    code/board.mpy        boards/<board>.py compiled under the name `board`: main.py does
                          `import board` whatever the hardware
    code/st7789.mpy, ...  the board module's own imports found in boards/ (the shared
                          driver; pico_display2 also brings pico_display), compiled;
                          one with viper code (blit565.py) as source: the board
                          compiles it to machine code for its own CPU
    trackside.romfs       code/ as a ROMFS image, built by the pinned mpremote
                          (`mpremote romfs build`)

What goes to the board:

  - ROMFS (the board's MicroPython has a ROMFS partition and the image fits): the image is
    written to the partition (`mpremote romfs deploy`), mounted at /rom at boot, and its
    bytecode runs from flash: a .mpy file's bytecode, strings and tables cost no heap there
    (docs/benchmarks-ui.md measures the difference). main.py is copied to the filesystem.
  - .mpy files (no ROMFS, or the image does not fit): main.py and code/* are copied to the
    filesystem's root; the bytecode is loaded into RAM on import. If the board has a ROMFS
    partition that is too small, an empty image is written to it first, so that an old
    Trackside image there cannot be imported instead of the new files.
  - either way: imports not in boards/ and not built into MicroPython come from
    micropython-lib (`mpremote mip install ssd1306` for the OLED board, into /lib); the old
    code on the filesystem (trackside/, board.*, the drivers, main.*) is deleted first, so a
    stale .py can never shadow a new .mpy (MicroPython tries X.py before X.mpy); /saves, where
    the games are, is left alone; the board is reset at the end.

Which boards have ROMFS (MicroPython 1.25 and later): the port must support it and the
board's build must give it a partition. docs/reference/romfs.rst ("Port support") lists
rp2 and esp32 among the ports; ports/rp2/mpconfigport.h enables it only where the board sets
MICROPY_HW_ROMFS_BYTES, which the stock RPI_PICO, RPI_PICO_W and RPI_PICO2 boards do not
(ports/rp2/boards/*/mpconfigboard.h); ESP32_GENERIC has it in its ROMFS variant only
(boards/ESP32_GENERIC/mpconfigvariant_ROMFS.cmake, a 128 KiB partition in
partitions-4MiB-romfs.csv). So --romfs auto (the default) asks the board: it reads
vfs.rom_ioctl() as `mpremote romfs query` does, and picks ROMFS when partition 0 holds the
image. docs/boards.md has the table.

.mpy files must match the board's MicroPython: the pinned mpy-cross writes .mpy version
6.3, loaded by MicroPython 1.23 and later. For an older firmware use --no-compile (sources,
never ROMFS).

The steps are built as data by plan() and run by run(); tests/test_deploy.py runs the
local ones (mpy-cross and `mpremote romfs build` into a temporary directory) and checks the
board ones as commands. mpremote cannot talk to a board that is not there; `make test`
installs the pinned mpremote anyway (requirements-dev.txt), so `.venv/bin/python
tools/deploy.py` works as soon as a board is plugged in.
"""
import argparse
import ast
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, 'firmware')
BOARDS = os.path.join(ROOT, 'boards')
PACKAGE_JSON = os.path.join(ROOT, 'package.json')
DEFAULT_BOARD = 'pico_display'
# mpy-cross's optimisation: -O3 leaves out the line numbers (and asserts:
# the firmware has none). A .mpy's bytecode is in RAM where the board has no
# ROMFS, and the line numbers were 6% of it (2.9 KB of the UI bench's peak,
# 64-bit). A traceback on the serial console still names each function and
# file, with line 1 for every line.
MPY_OPT = '-O3'
VERSION = '0.5.0'                   # package.json and manifest.py say the same
MARKER = '.trackside-deploy'        # marks a build directory this tool may empty
KEEP_SOURCE = ('main.py', 'boot.py')  # top-level files MicroPython runs by name
IMAGE = 'trackside.romfs'
EMPTY_IMAGE = 'empty.romfs'

# Modules the MicroPython firmware has built in (rp2, esp32): never installed.
BUILTIN = frozenset((
    'machine', 'framebuf', 'micropython', 'time', 'utime', 'sys', 'os', 'uos', 'gc',
    'struct', 'ustruct', 'array', 'binascii', 'errno', 'io', 'math', 'select', 'json',
    're', 'random', 'network', 'rp2', 'esp', 'esp32', 'uctypes', 'collections',
    'asyncio', 'uasyncio', 'hashlib', 'vfs', 'bluetooth', 'cryptolib', 'deflate',
    'heapq', 'platform', 'socket', 'ssl', 'neopixel', 'onewire', 'dht', '_thread',
))

# Runs on the board: the size in bytes of ROMFS partition 0, 0 if there is none. The same
# questions `mpremote romfs query` asks (vfs.rom_ioctl 1: how many partitions; 2: one of
# them, a memoryview on rp2, an object with ioctl() on esp32).
PROBE = ('import vfs\n'
         'n = 0\n'
         'if hasattr(vfs, "rom_ioctl") and vfs.rom_ioctl(1) > 0:\n'
         '    d = vfs.rom_ioctl(2, 0)\n'
         '    if hasattr(d, "ioctl"):\n'
         '        n = d.ioctl(4, 0) * d.ioctl(5, 0)\n'
         '    elif not isinstance(d, int):\n'
         '        n = len(d)\n'
         'print("ROMFS", n)\n')


def board_names():
    """The MicroPython boards in boards/: a board module (open() and KEYMAP) that uses
    MicroPython's `machine`, itself or through another module in boards/. (CircuitPython
    boards there use `board` and `keypad` instead; mpremote and these .mpy files are not
    for them.)"""
    return sorted(f[:-3] for f in os.listdir(BOARDS)
                  if f.endswith('.py') and f != 'st7789.py' and not f.startswith('_')
                  and _is_board(os.path.join(BOARDS, f)) and _uses_machine(f[:-3]))


def _uses_machine(name, seen=None):
    seen = seen if seen is not None else set()
    seen.add(name)
    for imp in _imports(os.path.join(BOARDS, name + '.py')):
        if imp == 'machine':
            return True
        if imp not in seen and os.path.exists(os.path.join(BOARDS, imp + '.py')) \
                and _uses_machine(imp, seen):
            return True
    return False


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


def native(path):
    """True for a module with viper or native functions (boards/blit565.py): it ships as
    source, so that the board's MicroPython compiles it for its own CPU (mpy-cross would
    have to be told the CPU with -march, and a .mpy for the wrong one does not import)."""
    for node in ast.walk(_parse(path)):
        if isinstance(node, ast.FunctionDef):
            for d in node.decorator_list:
                if isinstance(d, ast.Attribute) and isinstance(d.value, ast.Name) and \
                        d.value.id == 'micropython' and d.attr in ('viper', 'native'):
                    return True
    return False


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


def compile_firmware(out, mpy_cross='mpy-cross'):
    """Every firmware .py as .mpy under out (main.py and boot.py too, for the tests),
    each named as on the board (-s trackside/session.py): the .mpy holds the name
    its tracebacks give, so it does not depend on where this checkout lives (a
    longer path changes every allocation the modules' strings make)."""
    for rel, _ in firmware_files():
        if not rel.endswith('.py'):
            continue
        compile_module(os.path.join(FIRMWARE, rel), os.path.join(out, rel[:-3] + '.mpy'),
                       rel.replace(os.sep, '/'), mpy_cross)


def compile_module(src, dest, name, mpy_cross='mpy-cross'):
    """One .py as the .mpy dest, named name as on the board; SystemExit if mpy-cross
    refuses it."""
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    r = subprocess.run([mpy_cross, '-o', dest, '-s', name, MPY_OPT, src],
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit('mpy-cross rejects %s:\n%s' % (name, r.stderr))


def library_files():
    """The firmware's modules (not main.py/boot.py), as '/' paths relative to firmware/:
    what package.json lists and manifest.py freezes."""
    return [rel.replace(os.sep, '/') for rel, compiled in firmware_files() if compiled]


def package_json():
    """package.json for mip, generated from the tree (tests check the file is current).

    `mpremote mip install github:OWNER/REPO` (or mip.install on the board) reads it from the
    repository's root; each URL is relative to it, so it is fetched from the same place."""
    return {
        'urls': [[rel, 'firmware/' + rel] for rel in library_files()],
        'deps': [],
        'version': VERSION,
    }


def write_package_json(path=PACKAGE_JSON):
    with open(path, 'w') as f:
        f.write(package_text())


def package_text():
    # one URL a line, as micropython-lib's own package.json files are laid out
    p = package_json()
    urls = ',\n'.join('    ' + json.dumps(u) for u in p['urls'])
    return '{\n  "urls": [\n%s\n  ],\n  "deps": %s,\n  "version": %s\n}\n' % (
        urls, json.dumps(p['deps']), json.dumps(p['version']))


def plan(board=DEFAULT_BOARD, port=None, build_dir=None, compile=True, romfs='auto',
         mpy_cross='mpy-cross', mpremote='mpremote'):
    """The steps, as data: a list of (kind, args, what).

    kind 'clean': args (directory,)          empty the build directory
         'compile': args [argv of mpy-cross]  src -> .mpy
         'copy': args (src, dest)            a file copied as it is
         'local': args [argv]                a tool run on the PC (mpremote romfs build)
         'device': args [argv of mpremote]    runs against the board
         'probe': args (argv, image, branches)
                                             asks the board for its ROMFS partition's size
                                             and goes on with branches['romfs'] if the image
                                             fits, else branches['mpy'] (no partition) or
                                             branches['mpy-clear'] (one too small)
    romfs: 'auto' (ask the board), 'yes' (ROMFS, or fail), 'no' (.mpy files).
    """
    if board not in board_names():
        raise SystemExit('no board %r: choose one of %s' % (board, ', '.join(board_names())))
    if romfs not in ('auto', 'yes', 'no'):
        raise ValueError(romfs)
    if not compile:
        romfs = 'no'                # a ROMFS of sources would be compiled into RAM anyway
    build = os.path.abspath(build_dir or os.path.join(ROOT, 'build', 'deploy', board))
    code = os.path.join(build, 'code')
    local, mip = dependencies(board)
    steps = [('clean', (build,), 'empty the build directory %s' % build)]
    scripts = []                    # main.py, boot.py: in build/, copied to the board's root
    shipped = []                    # top-level names in code/

    def add(src, dest, name):
        # name: the module's file name on the board, which tracebacks give
        if compile and src.endswith('.py') and not dest.endswith('.py'):
            argv = [mpy_cross, '-o', dest, '-s', name, MPY_OPT, src]
            steps.append(('compile', argv, 'compile %s' % os.path.relpath(src, ROOT)))
        else:
            steps.append(('copy', (src, dest), 'copy %s' % os.path.relpath(src, ROOT)))

    def target(rel):
        return rel[:-3] + '.mpy' if compile and rel.endswith('.py') else rel

    for rel, compiled in firmware_files():
        src = os.path.join(FIRMWARE, rel)
        if not compiled and os.sep not in rel:
            add(src, os.path.join(build, rel), rel)
            scripts.append(rel)
            continue
        add(src, os.path.join(code, target(rel) if compiled else rel), rel.replace(os.sep, '/'))
        top = rel.split(os.sep)[0]
        top = top if os.sep in rel else (target(rel) if compiled else rel)
        if top not in shipped:
            shipped.append(top)
    add(os.path.join(BOARDS, board + '.py'), os.path.join(code, target('board.py')), 'board.py')
    shipped.append(target('board.py'))
    for name in local:
        src = os.path.join(BOARDS, name + '.py')
        dest = name + '.py' if native(src) else target(name + '.py')
        add(src, os.path.join(code, dest), name + '.py')
        shipped.append(dest)

    image = os.path.join(build, IMAGE)
    empty = os.path.join(build, EMPTY_IMAGE)
    if romfs != 'no':
        steps.append(('local', [mpremote, 'romfs', '--no-mpy', '-o', image, 'build', code],
                      'build the ROMFS image %s from code/' % IMAGE))
    if romfs == 'auto':
        steps.append(('local', [mpremote, 'romfs', '--no-mpy', '-o', empty, 'build',
                                os.path.join(build, 'empty')],
                      'build an empty ROMFS image (to clear a partition too small)'))

    connect = [mpremote] + (['connect', port] if port else [])
    first = [('device', connect + ['mip', 'install', package],
              'install %s from micropython-lib into /lib' % package) for package in mip]
    stale = sorted(set(_stale_names(scripts + shipped)))
    first.append(('device', connect + ['exec', _remove_code(stale)],
                  'delete the old code: %s' % ' '.join(stale)))
    reset = ('device', connect + ['reset'], 'reset the board: main.py starts Trackside')
    to_rom = first + [
        ('device', connect + ['romfs', 'deploy', image],
         'write the image to the ROMFS partition: the code runs from flash at /rom'),
        ('device', connect + ['cp'] + [os.path.join(build, n) for n in scripts] + [':'],
         'copy %s to the board' % ' '.join(scripts)),
        reset]
    to_fs = [('device', connect + ['cp', '-r'] + [os.path.join(build, n) for n in scripts]
              + [os.path.join(code, n) for n in shipped] + [':'],
              'copy %s to the board' % ' '.join(scripts + shipped)), reset]
    if romfs == 'yes':
        steps += to_rom
    elif romfs == 'no':
        steps += first + to_fs
    else:
        clear = ('device', connect + ['romfs', 'deploy', empty],
                 'clear the ROMFS partition: an old image there could be imported '
                 'instead of the new files')
        steps.append(('probe', (connect + ['exec', PROBE], image,
                                {'romfs': to_rom, 'mpy': first + to_fs,
                                 'mpy-clear': first + [clear] + to_fs}),
                      "ask the board for its ROMFS partition"))
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


def choose(probe_output, image_bytes):
    """The branch for what the probe printed: 'romfs', 'mpy' or 'mpy-clear'."""
    size = 0
    for line in probe_output.splitlines():
        if line.startswith('ROMFS '):
            size = int(line.split()[1])
    if size <= 0:
        return 'mpy'
    return 'romfs' if image_bytes <= size else 'mpy-clear'


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
        elif kind in ('compile', 'local', 'device'):
            argv = list(args)
            if kind == 'compile':
                os.makedirs(os.path.dirname(argv[argv.index('-o') + 1]), exist_ok=True)
            _check(subprocess.run([_need(argv[0])] + argv[1:],
                                  stdout=subprocess.DEVNULL if kind == 'local' else None), argv)
        elif kind == 'probe':
            argv, image, branches = args
            r = subprocess.run([_need(argv[0])] + argv[1:], capture_output=True, text=True)
            _check(r, argv)
            size = os.path.getsize(image)
            branch = choose(r.stdout, size)
            out.write('   %s; the image is %d bytes: %s\n' % (
                r.stdout.strip(), size,
                {'romfs': 'ROMFS', 'mpy': 'no ROMFS partition: .mpy files',
                 'mpy-clear': 'the partition is too small: .mpy files'}[branch]))
            run(branches[branch], out)
        else:
            raise ValueError(kind)


def _need(name):
    exe = _tool(name)
    if not exe:
        raise SystemExit('%s is not installed: run `make test` once (it sets up .venv)' % name)
    return exe


def _clean(build):
    if os.path.isdir(build) and os.listdir(build):
        if not os.path.exists(os.path.join(build, MARKER)):
            raise SystemExit('%s is not empty and was not made by tools/deploy.py: '
                             'choose another --build-dir' % build)
        shutil.rmtree(build)
    os.makedirs(os.path.join(build, 'empty'), exist_ok=True)
    open(os.path.join(build, MARKER), 'w').close()


def _check(result, argv):
    if result.returncode != 0:
        raise SystemExit('failed (%d): %s' % (result.returncode, ' '.join(argv[:6])))


def describe(steps, indent=''):
    lines = []
    for kind, args, what in steps:
        if kind == 'clean':
            lines.append(indent + '# %s' % what)
        elif kind == 'copy':
            lines.append(indent + 'cp %s %s' % args)
        elif kind == 'probe':
            argv, image, branches = args
            lines.append(indent + '# %s: it prints "ROMFS <bytes>", 0 for none' % what)
            lines.append(indent + ' '.join(_quote(a) for a in argv))
            for name, say in (('romfs', 'the image fits in the partition'),
                              ('mpy', 'no ROMFS partition'),
                              ('mpy-clear', 'a ROMFS partition too small for the image')):
                lines.append(indent + '# if %s:' % say)
                lines.append(describe(branches[name], indent + '  ').rstrip('\n'))
        else:
            lines.append(indent + ' '.join(_quote(a) for a in args))
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
    ap.add_argument('--romfs', choices=('auto', 'yes', 'no'), default='auto',
                    help='auto (default): a ROMFS image if the board has a partition it fits '
                         'in, else .mpy files; yes: ROMFS or fail; no: .mpy files')
    ap.add_argument('--no-compile', action='store_true',
                    help='ship .py sources: for MicroPython older than 1.23 (no ROMFS)')
    ap.add_argument('--dry-run', action='store_true', help='print the steps, run nothing')
    ap.add_argument('--write-package', action='store_true',
                    help='regenerate package.json (mip) from firmware/ and stop')
    args = ap.parse_args(argv)
    if args.write_package:
        write_package_json()
        out.write('wrote %s (%d modules)\n' % (PACKAGE_JSON, len(library_files())))
        return 0
    steps = plan(args.board, args.port, args.build_dir, compile=not args.no_compile,
                 romfs=args.romfs)
    if args.dry_run:
        out.write(describe(steps))
        return 0
    run(steps, out)
    return 0


if __name__ == '__main__':
    sys.exit(main())
