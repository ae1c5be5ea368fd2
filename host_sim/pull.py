# python -m host_sim pull DEST: copy the saved games off a board into a new
# folder on the PC, changing nothing on the board. A CircuitPython board's
# saves are files on its CIRCUITPY drive (read with open(), nothing else); a
# MicroPython board's are read over USB by mpremote with two commands that
# only read: `fs ls :/saves` (what is there, and how big) and
# `fs cp -r :/saves DEST` (its files to the PC). The copies are checked
# against the sizes listed. Every board keeps them in /saves (boards/*.py,
# SAVES). docs/report.md has the whole story.
import importlib.util
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAVES = 'saves'


class Failed(Exception):
    pass


def run(args, out, err):
    try:
        dest = new_folder(args.dest)
        if args.drive:
            names = from_drive(args.drive, dest)
        else:
            drive = find_drive()
            if drive:
                out.write('CircuitPython drive: %s\n' % drive)
                names = from_drive(drive, dest)
            else:
                names = from_mpremote(args.mpremote or mpremote_tool(), args.port, dest)
    except Failed as e:
        err.write('%s\n' % e)
        return 1
    logs = [n for n in names if n.endswith('.log')]
    out.write('%d file%s copied to %s (%d saved game%s: %s)\n' % (
        len(names), '' if len(names) == 1 else 's', dest, len(logs), '' if len(logs) == 1 else 's',
        ', '.join(logs) or 'none'))
    out.write('Nothing on the board was changed. A report of a game: '
              'python -m host_sim report %s --html game.html\n' % os.path.join(
                  dest, logs[0] if logs else 'game1.log'))
    return 0


def new_folder(dest):
    # The copies go into a folder of their own: an older copy on the PC is
    # never written over (a slot's number is used again after a delete).
    if os.path.exists(dest) and (not os.path.isdir(dest) or os.listdir(dest)):
        raise Failed('%s already holds files: pull into a new folder (nothing was copied)' % dest)
    return dest


def find_drive():
    # CIRCUITPY where systems mount it: tools/install_cp.py's search, the
    # one list of places.
    spec = importlib.util.spec_from_file_location(
        'install_cp', os.path.join(ROOT, 'tools', 'install_cp.py'))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.find_drive()


def from_drive(drive, dest):
    # Every file of CIRCUITPY/saves into dest, read-only on the drive.
    src = os.path.join(drive, SAVES)
    if not os.path.isdir(drive):
        raise Failed('No drive at %s: is the CircuitPython board plugged in and its CIRCUITPY '
                     'drive mounted?' % drive)
    if not os.path.isdir(src):
        raise Failed('%s has no saves folder: no game was saved on this board (nothing was '
                     'copied)' % drive)
    if os.path.exists(os.path.join(src, 'ready')):
        return from_fixed(src, dest)
    names = sorted(n for n in os.listdir(src) if os.path.isfile(os.path.join(src, n)))
    os.makedirs(dest, exist_ok=True)
    for n in names:
        with open(os.path.join(src, n), 'rb') as f:
            data = f.read()
        with open(os.path.join(dest, n), 'wb') as f:
            f.write(data)
    return names


def from_fixed(src, dest):
    # CIRCUITPY's saves (firmware/trackside/fixed.py): each game kept twice, in
    # place in files of fixed size; the copy the device would open, as
    # gameN.log. Read only: the device's own choice, with nothing mended.
    sys.path.insert(0, os.path.join(ROOT, 'firmware'))
    from trackside import fixed
    from trackside.journal import read_at
    saves = fixed.Saves(src)
    os.makedirs(dest, exist_ok=True)
    names = []
    for slot in saves.slots():
        best, _ = saves._pick(slot)
        name = 'game%d.log' % slot
        with open(os.path.join(dest, name), 'wb') as f:
            f.write(read_at(best[0], fixed.HEAD, best[1] - fixed.HEAD))
        names.append(name)
    return names


def mpremote_tool():
    # mpremote on PATH, else the one beside this Python (the project's .venv).
    found = shutil.which('mpremote')
    here = os.path.join(os.path.dirname(sys.executable), 'mpremote')
    return found or (here if os.path.exists(here) else None)


NO_BOARD = ('No board found: no CIRCUITPY drive is mounted (a CircuitPython board; or give '
            '--drive PATH) and mpremote found no MicroPython board on USB (plug it in; or give '
            '--port PORT). Nothing was copied.')


def from_mpremote(tool, port, dest):
    if not tool:
        raise Failed('mpremote is not installed (run `make test` once: it sets up .venv), and '
                     'no CIRCUITPY drive is mounted. Nothing was copied.')
    connect = [tool] + (['connect', port] if port else [])
    listed = mpremote(connect + ['fs', 'ls', ':/' + SAVES])
    sizes = {}
    for line in listed.splitlines():
        words = line.split()
        if len(words) == 2 and words[0].isdigit() and not words[1].endswith('/'):
            sizes[words[1]] = int(words[0])
    if not sizes:
        raise Failed('The board has no saved games (its /saves folder is empty). Nothing was copied.')
    part = dest.rstrip('/') + '.part'
    shutil.rmtree(part, ignore_errors=True)
    os.makedirs(part)
    try:
        mpremote(connect + ['fs', 'cp', '-r', ':/' + SAVES, os.path.join(part, SAVES)])
        got = os.path.join(part, SAVES)
        for name, size in sizes.items():
            p = os.path.join(got, name)
            if not os.path.isfile(p) or os.path.getsize(p) != size:
                raise Failed('%s did not arrive whole (%s bytes listed on the board): try '
                             'again' % (name, size))
        if os.path.isdir(dest):
            os.rmdir(dest)          # (empty: new_folder)
        os.rename(got, dest)
    finally:
        shutil.rmtree(part, ignore_errors=True)
    return sorted(sizes)


def mpremote(argv):
    try:
        r = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    except OSError as e:
        raise Failed('mpremote could not be run (%s): %s' % (argv[0], e))
    except subprocess.TimeoutExpired:
        raise Failed('mpremote got no answer from the board in 2 minutes: unplug it, plug it '
                     'in again and try again. Nothing was copied.')
    if r.returncode != 0:
        said = (r.stderr + r.stdout).strip()
        if 'no device found' in said or 'failed to access' in said or 'could not' in said.lower():
            raise Failed('%s\n(mpremote: %s)' % (NO_BOARD, said.splitlines()[-1] if said else ''))
        if 'ENOENT' in said or 'No such file' in said:
            raise Failed('The board has no saves folder: no game was saved on it. Nothing was copied.')
        raise Failed('mpremote failed (%d): %s\n%s' % (r.returncode, ' '.join(argv[1:]), said))
    return r.stdout
