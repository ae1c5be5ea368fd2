#!/usr/bin/env python3
# Put Trackside on a CircuitPython board's CIRCUITPY drive.
#
#   .venv/bin/python tools/install_cp.py --board reverse_tft        # the drive found
#   .venv/bin/python tools/install_cp.py --board macropad --drive /media/me/CIRCUITPY
#   .venv/bin/python tools/install_cp.py --board macropad --dry-run # print what it would do
#
# What it copies (sources: CircuitPython compiles them on the board):
#   firmware/trackside/        -> CIRCUITPY/trackside/ (the old copy removed first)
#   boards/<board>.py          -> CIRCUITPY/trackside_board.py  (`board` is CircuitPython's)
#   boards/cp_canvas.py, boards/cp_keys.py -> beside it
#   boards/cp_code.py          -> CIRCUITPY/code.py
#   boards/cp_boot.py          -> CIRCUITPY/boot.py  (saves on; see README, "CircuitPython")
# It never touches CIRCUITPY/saves, where the games are. Libraries from Adafruit's
# bundle that a board needs (LIBRARIES) are installed with circup, pinned in
# requirements-dev.txt; both boards use only modules built into CircuitPython 9
# (displayio, bitmaptools, keypad, rotaryio, neopixel_write, storage), so today the list
# is empty and circup is run only to say which CircuitPython the board has.
#
# The drive must be writable by the computer: once boot.py is on the board it is not,
# unless the board's edit button was held at reset (D2 on the Reverse TFT, KEY1 on the
# MacroPad). The tool checks that first and says so.
import argparse
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARDS = ('reverse_tft', 'macropad')
LIBRARIES = {'reverse_tft': (), 'macropad': ()}
EDIT = {'reverse_tft': 'hold D2 while pressing Reset', 'macropad': 'hold KEY1 while pressing Reset'}
SUPPORT = ('cp_canvas.py', 'cp_keys.py')


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
    # [(source, destination)] and the directory replaced
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


def writable(drive):
    probe = os.path.join(drive, '.trackside-probe')
    try:
        with open(probe, 'w') as f:
            f.write('x')
        os.remove(probe)
        return True
    except OSError:
        return False


def circup(drive, libs, dry):
    cmd = [os.path.join(os.path.dirname(sys.executable), 'circup'), '--path', drive]
    if not os.path.exists(cmd[0]):
        cmd[0] = 'circup'
    runs = [cmd + ['install'] + list(libs)] if libs else [cmd + ['freeze']]
    for c in runs:
        print(' '.join(c))
        if not dry:
            subprocess.run(c, check=bool(libs))


def main(argv=None):
    ap = argparse.ArgumentParser(description='Copy Trackside to a CircuitPython board.')
    ap.add_argument('--board', required=True, choices=BOARDS)
    ap.add_argument('--drive', help='where CIRCUITPY is mounted (default: found)')
    ap.add_argument('--dry-run', action='store_true', help='print what would be done')
    ap.add_argument('--no-circup', action='store_true', help='do not run circup')
    args = ap.parse_args(argv)
    drive = args.drive or find_drive()
    if not drive:
        raise SystemExit('No CIRCUITPY drive found: plug the board in (CircuitPython 9 on '
                         'it, README "CircuitPython"), or give --drive.')
    if not args.dry_run and not writable(drive):
        raise SystemExit('%s is read-only to this computer: Trackside\'s boot.py keeps it so '
                         'while Trackside saves games. %s, then run this again.' % (
                             drive, EDIT[args.board].capitalize()))
    steps = plan(args.board, drive)
    old = os.path.join(drive, 'trackside')
    print('remove %s' % old)
    if not args.dry_run and os.path.isdir(old):
        shutil.rmtree(old)
    for src, dst in steps:
        print('%s -> %s' % (os.path.relpath(src, ROOT), dst))
        if not args.dry_run:
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.copyfile(src, dst)
    if not args.no_circup:
        circup(drive, LIBRARIES[args.board], args.dry_run)
    if not args.dry_run:
        try:
            os.sync()
        except AttributeError:
            pass
    print('Done: press Reset on the board (without a button held) to play; '
          'the drive is then read-only to this computer (%s to change files).' % EDIT[args.board])
    return 0


if __name__ == '__main__':
    sys.exit(main())
