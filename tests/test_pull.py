# `python -m host_sim pull DEST` (host_sim/pull.py): the saves come off a
# MicroPython board through mpremote (here a stand-in on PATH that serves a
# folder and logs every command it is given) and off a CircuitPython
# board's CIRCUITPY drive (a folder), and nothing on the board changes.
import hashlib
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

FAKE = r'''#!%s
# A stand-in for mpremote: the board is the folder $FAKE_BOARD (none: no
# board on USB); each command line is logged to $FAKE_LOG. It does what
# the real one does for the commands it knows, and refuses the rest.
import json, os, shutil, sys
argv = sys.argv[1:]
with open(os.environ['FAKE_LOG'], 'a') as f:
    f.write(json.dumps(argv) + '\n')
board = os.environ.get('FAKE_BOARD')
if argv[:1] == ['connect']:
    argv = argv[2:]
if not board or not os.path.isdir(board):
    sys.stderr.write('mpremote: no device found\n')
    sys.exit(1)
def remote(p):
    assert p.startswith(':'), p
    return os.path.join(board, p[1:].lstrip('/'))
if argv[:2] == ['fs', 'ls']:
    d = remote(argv[2])
    if not os.path.isdir(d):
        sys.stderr.write('mpremote: ls: ENOENT: No such file or directory.\n')
        sys.exit(1)
    print('ls %%s' %% argv[2])
    for n in sorted(os.listdir(d)):
        p = os.path.join(d, n)
        print('%%12d %%s%%s' %% (0 if os.path.isdir(p) else os.path.getsize(p), n,
                                 '/' if os.path.isdir(p) else ''))
elif argv[:3] == ['fs', 'cp', '-r'] and argv[3].startswith(':') and not argv[4].startswith(':'):
    assert not os.path.exists(argv[4])
    print('cp %%s %%s' %% (argv[3], argv[4]))
    shutil.copytree(remote(argv[3]), argv[4])
else:
    sys.stderr.write('fake mpremote: not a command this stand-in knows\n')
    sys.exit(2)
'''

# what would change a board, as mpremote words it
WRITES = ('rm', 'rmdir', 'mkdir', 'touch', 'edit', 'exec', 'eval', 'run', 'mip', 'romfs',
          'reset', 'bootloader', 'mount', 'soft-reset')


def tree_hash(top):
    h = hashlib.sha256()
    for d, dirs, files in sorted(os.walk(top)):
        dirs.sort()
        for n in sorted(files):
            p = os.path.join(d, n)
            h.update(os.path.relpath(p, top).encode() + b'\0')
            with open(p, 'rb') as f:
                h.update(f.read())
            h.update(b'%o' % os.stat(p).st_mode)
    return h.hexdigest()


def board(tmp_path):
    # A board's flash: its code, and /saves with a game in it (log, tail, snapshot, last).
    top = tmp_path / 'board'
    (top / 'saves').mkdir(parents=True)
    (top / 'main.py').write_text('run()\n')
    with open(os.path.join(ROOT, 'tests', 'scenarios', 'scorepad-ties.log'), 'rb') as f:
        (top / 'saves' / 'game1.log').write_bytes(f.read())
    (top / 'saves' / 'game1.tail').write_bytes(b'after 12 ~00000000\n')
    (top / 'saves' / 'game1.snap').write_bytes(bytes(range(256)))
    (top / 'saves' / 'last').write_bytes(b'1')
    return top


def pull(tmp_path, args, board_dir=None):
    bin_dir = tmp_path / 'bin'
    bin_dir.mkdir(exist_ok=True)
    fake = bin_dir / 'mpremote'
    fake.write_text(FAKE % sys.executable)
    fake.chmod(0o755)
    env = dict(os.environ, PATH='%s%s%s' % (bin_dir, os.pathsep, os.environ.get('PATH', '')),
               FAKE_LOG=str(tmp_path / 'mpremote.log'), USER='ts-nobody-here')
    env.pop('FAKE_BOARD', None)
    if board_dir:
        env['FAKE_BOARD'] = str(board_dir)
    r = subprocess.run([sys.executable, '-m', 'host_sim', 'pull'] + args, cwd=ROOT, env=env,
                       capture_output=True, text=True)
    log = tmp_path / 'mpremote.log'
    calls = [json.loads(x) for x in log.read_text().splitlines()] if log.exists() else []
    return r, calls


def read_only(calls):
    for argv in calls:
        words = argv[2:] if argv[:1] == ['connect'] else argv
        assert words[0] == 'fs' and words[1] in ('ls', 'cp', 'cat'), argv
        assert not set(words) & set(WRITES), argv
        if words[1] == 'cp':
            assert words[-2].startswith(':') and not words[-1].startswith(':'), argv


def test_pull_copies_a_micropython_boards_saves_and_changes_nothing(tmp_path):
    top = board(tmp_path)
    before = tree_hash(str(top))
    dest = tmp_path / 'pc' / 'night1'
    r, calls = pull(tmp_path, [str(dest)], top)
    assert r.returncode == 0, r.stderr
    assert tree_hash(str(top)) == before
    assert calls and len(calls) == 2
    read_only(calls)
    assert sorted(os.listdir(str(dest))) == ['game1.log', 'game1.snap', 'game1.tail', 'last']
    for n in os.listdir(str(dest)):
        assert (dest / n).read_bytes() == (top / 'saves' / n).read_bytes()
    assert not os.path.exists(str(dest) + '.part')
    assert '4 files copied' in r.stdout and 'game1.log' in r.stdout
    assert 'Nothing on the board was changed' in r.stdout


def test_pull_names_the_port_it_is_given(tmp_path):
    top = board(tmp_path)
    r, calls = pull(tmp_path, [str(tmp_path / 'out'), '--port', '/dev/ttyACM0'], top)
    assert r.returncode == 0, r.stderr
    assert all(argv[:2] == ['connect', '/dev/ttyACM0'] for argv in calls)
    read_only(calls)


def test_pull_from_a_circuitpython_drive_changes_nothing(tmp_path):
    drive = tmp_path / 'CIRCUITPY'
    (drive / 'saves').mkdir(parents=True)
    (drive / 'boot_out.txt').write_text('Adafruit CircuitPython 9.2.1\n')
    with open(os.path.join(ROOT, 'tests', 'scenarios', 'steam-base-short.log'), 'rb') as f:
        (drive / 'saves' / 'game1.log').write_bytes(f.read())
    (drive / 'saves' / 'game2.log').write_bytes(b'scorepad players=A,B\n')
    before = tree_hash(str(drive))
    dest = tmp_path / 'copies'
    r, calls = pull(tmp_path, [str(dest), '--drive', str(drive)])
    assert r.returncode == 0, r.stderr
    assert tree_hash(str(drive)) == before
    assert calls == []                          # no mpremote for a drive
    assert sorted(os.listdir(str(dest))) == ['game1.log', 'game2.log']
    assert (dest / 'game1.log').read_bytes() == (drive / 'saves' / 'game1.log').read_bytes()


def test_pull_from_a_drive_with_circuitpythons_saves_in_place_gives_each_game_as_a_log(tmp_path):
    # CIRCUITPY's saves (firmware/trackside/fixed.py): each game twice, in files of
    # fixed size; the copy the device would open comes off as gameN.log, and a copy
    # file itself replays too.
    sys.path.insert(0, os.path.join(ROOT, 'firmware'))
    from trackside import fixed, fixed_log
    from trackside.replay import replay
    drive = tmp_path / 'CIRCUITPY'
    drive.mkdir()
    with open(os.path.join(ROOT, 'tests', 'scenarios', 'steam-base-short.log')) as f:
        lines = f.read().splitlines()
    session, error = replay(lines)
    assert error is None
    saves = fixed.Saves(str(drive / 'saves'))
    assert saves.new(session) == 1
    fixed_log.close_all()
    before = tree_hash(str(drive))
    dest = tmp_path / 'copies'
    r, calls = pull(tmp_path, [str(dest), '--drive', str(drive)])
    assert r.returncode == 0, r.stderr
    assert tree_hash(str(drive)) == before
    assert sorted(os.listdir(str(dest))) == ['game1.log']
    want = subprocess.run([sys.executable, '-m', 'host_sim', 'replay', os.path.join(
        ROOT, 'tests', 'scenarios', 'steam-base-short.log'), '--json'], capture_output=True,
        text=True, cwd=ROOT).stdout
    for log in (str(dest / 'game1.log'), saves.copy(1, 'b')):
        r = subprocess.run([sys.executable, '-m', 'host_sim', 'replay', log, '--json'],
                           capture_output=True, text=True, cwd=ROOT)
        assert r.returncode == 0, r.stderr
        assert json.loads(r.stdout) == json.loads(want)


def test_pull_without_a_board_says_so_and_fails(tmp_path):
    r, calls = pull(tmp_path, [str(tmp_path / 'out')])
    assert r.returncode == 1
    assert 'No board found' in r.stderr and 'CIRCUITPY' in r.stderr and 'no device found' in r.stderr
    assert not (tmp_path / 'out').exists()
    read_only(calls)


def test_pull_from_a_drive_that_is_not_mounted_says_so(tmp_path):
    r, calls = pull(tmp_path, [str(tmp_path / 'out'), '--drive', str(tmp_path / 'CIRCUITPY')])
    assert r.returncode == 1 and 'No drive at' in r.stderr and 'mounted' in r.stderr
    assert not (tmp_path / 'out').exists()


def test_pull_from_a_board_with_no_saves_says_so(tmp_path):
    top = tmp_path / 'board'
    top.mkdir()
    (top / 'main.py').write_text('run()\n')
    r, calls = pull(tmp_path, [str(tmp_path / 'out')], top)
    assert r.returncode == 1 and 'no saves folder' in r.stderr
    read_only(calls)
    drive = tmp_path / 'CIRCUITPY'
    drive.mkdir()
    r, calls = pull(tmp_path, [str(tmp_path / 'out2'), '--drive', str(drive)])
    assert r.returncode == 1 and 'no saves folder' in r.stderr


def test_pull_never_writes_over_files_on_the_pc(tmp_path):
    top = board(tmp_path)
    dest = tmp_path / 'out'
    dest.mkdir()
    (dest / 'game1.log').write_text('an older copy\n')
    r, calls = pull(tmp_path, [str(dest)], top)
    assert r.returncode == 1 and 'already holds files' in r.stderr
    assert (dest / 'game1.log').read_text() == 'an older copy\n'
    assert calls == []
