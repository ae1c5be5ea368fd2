#!/usr/bin/env python3
# Put Trackside on a CircuitPython board's CIRCUITPY drive.
#
#   .venv/bin/python tools/install_cp.py --board reverse_tft        # the drive found
#   .venv/bin/python tools/install_cp.py --board macropad --drive /media/me/CIRCUITPY
#   .venv/bin/python tools/install_cp.py --board macropad --dry-run # print what it would do
#
# What it copies (sources: CircuitPython compiles them on the board), each .py file as
# tools/slim.py gives it (each function's local names shortened, every line in its
# place: the names a board compiles are interned for good, and fewer leave it more heap):
#   firmware/trackside/        -> CIRCUITPY/trackside/ (the old copy removed first)
#   boards/<board>.py          -> CIRCUITPY/trackside_board.py  (`board` is CircuitPython's)
#   boards/cp_canvas.py, boards/cp_keys.py -> beside it
#   boards/cp_code.py          -> CIRCUITPY/code.py
#   boards/cp_boot.py          -> CIRCUITPY/boot.py  (saves on; see README, "CircuitPython")
# It never touches CIRCUITPY/saves, where the games are. Both boards use only modules
# built into CircuitPython 9 (displayio, bitmaptools, keypad, rotaryio, neopixel_write,
# storage), so no library from Adafruit's bundle is installed.
#
# Before it copies anything it checks, and refuses (a "Refused: ..." line, exit 1):
#   - boot_out.txt, which CircuitPython writes at every start: its first line names the
#     version and the board ("Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit
#     MacroPad RP2040 with rp2040"). Before 9.0 there is no bitmaptools.blit, and the
#     first screen would fail; another board would run the wrong pins. --force copies
#     anyway (a drive whose boot_out.txt is missing or says something unexpected).
#   - that the computer can write the drive: once boot.py is on the board it cannot,
#     unless the board's edit button was held at reset (D2 on the Reverse TFT, KEY1 on
#     the MacroPad).
#   - that the drive has room for the files.
# A step that fails while copying ends with a "Failed: ..." line and exit 1; only a
# whole install ends with "Done".
import argparse
import os
import re
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, 'tools'))
import slim  # noqa: E402
BOARDS = ('reverse_tft', 'macropad')
EDIT = {'reverse_tft': 'hold D2 while pressing Reset', 'macropad': 'hold KEY1 while pressing Reset'}
SUPPORT = ('cp_canvas.py', 'cp_keys.py')
# what boot_out.txt calls each board: CircuitPython's MICROPY_HW_BOARD_NAME
# ("Adafruit Feather ESP32-S3 Reverse TFT", "Adafruit MacroPad RP2040"); matched on a
# part of it, without case
BOARD_NAMES = {'reverse_tft': 'esp32-s3 reverse tft', 'macropad': 'macropad rp2040'}
BOOT_OUT = re.compile(r'Adafruit CircuitPython (\d+)\.(\d+)\S* on [^;]*; (.*?)(?: with \S+)?\s*$')


class Refused(Exception):
    pass


def find_drive():
    # CIRCUITPY where the usual systems mount it
    user = os.environ.get('USER', '')
    for d in ('/media/%s/CIRCUITPY' % user, '/run/media/%s/CIRCUITPY' % user,
              '/media/CIRCUITPY', '/Volumes/CIRCUITPY', '/mnt/CIRCUITPY'):
        if os.path.isfile(os.path.join(d, 'boot_out.txt')):
            return d
    if os.name == 'nt':
        import string
        for letter in string.ascii_uppercase:
            d = letter + ':\\'
            if os.path.isfile(os.path.join(d, 'boot_out.txt')):
                return d
    return None


def plan(board, drive):
    # [(source, destination)]
    steps = []
    fw = os.path.join(ROOT, 'firmware', 'trackside')
    for base, dirs, files in os.walk(fw):
        dirs[:] = sorted(d for d in dirs if d != '__pycache__')
        for name in sorted(files):
            if name.endswith('.py'):
                src = os.path.join(base, name)
                rel = os.path.relpath(src, os.path.join(ROOT, 'firmware'))
                steps.append((src, os.path.join(drive, rel)))
    b = os.path.join(ROOT, 'boards')
    steps.append((os.path.join(b, board + '.py'), os.path.join(drive, 'trackside_board.py')))
    for name in SUPPORT:
        steps.append((os.path.join(b, name), os.path.join(drive, name)))
    steps.append((os.path.join(b, 'cp_code.py'), os.path.join(drive, 'code.py')))
    steps.append((os.path.join(b, 'cp_boot.py'), os.path.join(drive, 'boot.py')))
    return steps


def check_board(drive, board):
    # boot_out.txt's first line: (major, minor, board name); Refused when it cannot be
    # read, names CircuitPython before 9 or another board
    path = os.path.join(drive, 'boot_out.txt')
    try:
        with open(path) as f:
            first = f.readline().strip()
    except (OSError, UnicodeDecodeError) as e:
        raise Refused('%s has no readable boot_out.txt (%s): this does not look like a '
                      'CIRCUITPY drive. Plug the board in with CircuitPython 9 on it (README, '
                      '"CircuitPython"), give --drive the folder CIRCUITPY is mounted at, or '
                      '--force for a drive you know is right.' % (drive, e.__class__.__name__))
    m = BOOT_OUT.match(first)
    if not m:
        raise Refused('%s: boot_out.txt does not name a CircuitPython version (its first line '
                      'is %r): this does not look like a CIRCUITPY drive (--force copies '
                      'anyway).' % (drive, first[:80]))
    major, minor, name = int(m.group(1)), int(m.group(2)), m.group(3)
    if major < 9:
        raise Refused('the board runs CircuitPython %d.%d; Trackside needs 9.0 or later (8.x has '
                      'no bitmaptools.blit: the first screen would fail). Flash 9.x (README, '
                      '"CircuitPython", step 1) and run this again.' % (major, minor))
    if BOARD_NAMES[board] not in name.lower():
        other = [b for b in BOARDS if BOARD_NAMES[b] in name.lower()]
        hint = ('give --board %s' % other[0]) if other else 'Trackside runs on %s' % (
            ' and '.join(BOARDS))
        raise Refused('boot_out.txt says the board is "%s", not what --board %s is for: %s '
                      '(--force copies anyway).' % (name, board, hint))
    return major, minor, name


def writable(drive):
    probe = os.path.join(drive, '.trackside-probe')
    try:
        with open(probe, 'w') as f:
            f.write('x')
        os.remove(probe)
        return True
    except OSError:
        return False


def whole(n, cluster):
    # n bytes on the drive: whole clusters
    return -(-n // cluster) * cluster


def used(path, cluster):
    # what a file takes on the drive
    try:
        return whole(os.path.getsize(path), cluster)
    except OSError:
        return 0


def room(drive, files):
    # (needed, free) in bytes for files ([(source, destination, bytes)], contents()):
    # the new files in whole clusters, less what the old
    # trackside/ and the files written over give back; a cluster for each new folder
    try:
        cluster = os.statvfs(drive).f_frsize or 512
    except (AttributeError, OSError):
        cluster = 4096          # no statvfs (Windows): the most FAT uses on a small drive
    need = 0
    dirs = set()
    for src, dst, data in files:
        need += whole(len(data), cluster)
        dirs.add(os.path.dirname(dst))
        if not dst.startswith(os.path.join(drive, 'trackside') + os.sep):
            need -= used(dst, cluster)
    need += cluster * (len(dirs) - 1)
    old = os.path.join(drive, 'trackside')
    for base, _, files in os.walk(old):
        need -= cluster + sum(used(os.path.join(base, f), cluster) for f in files)
    return need, shutil.disk_usage(drive).free


def read(path):
    with open(path, encoding='utf-8') as f:
        return f.read()


def put(data, dst):
    with open(dst, 'wb') as f:
        f.write(data)


def contents(steps):
    # [(source, destination, bytes)]: each file as it goes on the drive (tools/slim.py;
    # a parameter that any file passes by keyword keeps its name)
    keep = slim.keywords(read(src) for src, dst in steps)
    return [(src, dst, slim.slim(read(src), keep).encode()) for src, dst in steps]


def stage(board, dest):
    # the files install() puts on a drive, put under dest (no checks): what
    # tools/bench_source.py measures and tests/test_slim.py plays
    for src, dst, data in contents(plan(board, dest)):
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        put(data, dst)


def install(args, drive, out):
    steps = plan(args.board, drive)
    if os.path.exists(drive) and not os.path.isdir(drive):
        raise Refused('%s is not a folder.' % drive)
    if not os.path.isdir(drive):
        raise Refused('no folder %s: plug the board in, or give --drive where CIRCUITPY is '
                      'mounted.' % drive)
    try:
        major, minor, name = check_board(drive, args.board)
        out('%s: CircuitPython %d.%d on %s' % (drive, major, minor, name))
    except Refused as e:
        if not args.force:
            raise
        out('Warning (--force): %s' % e)
    if not args.dry_run and not writable(drive):
        raise Refused('%s is read-only to this computer: Trackside\'s boot.py keeps it so '
                      'while Trackside saves games. %s, then run this again.' % (
                          drive, EDIT[args.board][0].upper() + EDIT[args.board][1:]))
    files = contents(steps)
    need, free = room(drive, files)
    if need > free:
        raise Refused('%s has %d KB free; Trackside needs %d KB more. Make room (not in '
                      'saves/ unless you have pulled the games: README, "CircuitPython") '
                      'and run this again.' % (drive, free // 1024, need // 1024))
    old = os.path.join(drive, 'trackside')
    removed = 0
    if os.path.isdir(old):
        removed = sum(len(files) for _, _, files in os.walk(old))
        out('remove %s (%d files)' % (old, removed))
        if not args.dry_run:
            try:
                shutil.rmtree(old)
            except OSError as e:
                raise OSError('removing the old %s: %s; nothing was copied' % (old, e))
    total = 0
    for i, (src, dst, data) in enumerate(files):
        size = len(data)
        out('%s -> %s (%d bytes)' % (os.path.relpath(src, ROOT), dst, size))
        if not args.dry_run:
            try:
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                put(data, dst)
            except OSError as e:
                raise OSError('copying %s to %s: %s. %d of %d files were copied; the drive '
                              'holds part of Trackside and will not start it: fix that and '
                              'run this again' % (os.path.relpath(src, ROOT), dst, e, i,
                                                  len(steps)))
        total += size
    if not args.dry_run:
        try:
            os.sync()           # the drive may be pulled out as soon as this says Done
        except AttributeError:
            pass
    verb = 'Would copy' if args.dry_run else 'Copied'
    out('%s %d files (%d KB) to %s%s; saves/ left as it was.' % (
        verb, len(steps), (total + 1023) // 1024, drive,
        ', in place of the old trackside/ (%d files)' % removed if removed else ''))
    if args.dry_run:
        out('Dry run: nothing on %s was changed.' % drive)
    else:
        out('Done: press Reset on the board (without a button held) to play; the drive is '
            'then read-only to this computer (%s to change files).' % EDIT[args.board])


def main(argv=None):
    ap = argparse.ArgumentParser(description='Copy Trackside to a CircuitPython board.')
    ap.add_argument('--board', required=True, choices=BOARDS)
    ap.add_argument('--drive', help='where CIRCUITPY is mounted (default: found)')
    ap.add_argument('--dry-run', action='store_true', help='print what would be done')
    ap.add_argument('--force', action='store_true',
                    help='copy even if boot_out.txt is missing or names CircuitPython before '
                         '9 or another board (a warning instead)')
    args = ap.parse_args(argv)

    def out(line):
        print(line, flush=True)

    drive = args.drive or find_drive()
    if not drive:
        out('Refused: no CIRCUITPY drive found: plug the board in (CircuitPython 9 on it, '
            'README "CircuitPython"), or give --drive.')
        return 1
    try:
        install(args, drive, out)
    except Refused as e:
        out('Refused: %s Nothing on the drive was changed.' % e)
        return 1
    except OSError as e:
        out('Failed: %s.' % e)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
