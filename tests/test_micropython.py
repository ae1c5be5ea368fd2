# The same firmware on the real MicroPython interpreter (unix port, pinned in
# requirements-dev.txt) with a microcontroller-sized heap, run from the
# .mpy files mpy-cross makes, as a device would: identical results to CPython.
import glob
import json
import os
import subprocess

import pytest

from conftest import ROOT, FIRMWARE, MP_HEAP, DEVICE_HEAP, tool, run_micropython, mp_json
from trackside.replay import replay
from steam_play import random_game

SCENARIOS = sorted(glob.glob(os.path.join(ROOT, 'tests', 'scenarios', '*.log')))


def firmware_modules():
    return sorted(glob.glob(os.path.join(FIRMWARE, '**', '*.py'), recursive=True))


def test_every_firmware_module_compiles_with_mpy_cross(mpy_dir):
    for src in firmware_modules():
        rel = os.path.relpath(src, FIRMWARE)[:-3] + '.mpy'
        assert os.path.getsize(os.path.join(mpy_dir, rel)) > 0


@pytest.mark.slow
def test_every_firmware_module_imports_from_source_on_micropython():
    # main.py starts the device (it needs a board); every other module imports
    for src in firmware_modules():
        if os.path.basename(src) in ('main.py', 'boot.py'):
            continue
        mod = os.path.relpath(src, FIRMWARE)[:-3].replace(os.sep, '.')
        if mod.endswith('__init__'):
            mod = mod[:-9]
        run_micropython(['-c', 'import sys; sys.path.insert(0, "firmware"); import ' + mod],
                        heap=DEVICE_HEAP)


def cpython_result(path):
    with open(path) as f:
        session, error = replay(f)
    out = session.standings() if session else {}
    out['error'] = list(error) if error else None
    out['state'] = session.state if session else None
    return json.loads(json.dumps(out))


def micropython_results(mpy_dir, paths):
    out = run_micropython([os.path.join('tests', 'mp', 'replay_json.py'), mpy_dir] + list(paths))
    return [json.loads(line) for line in out.strip().splitlines()]


@pytest.mark.parametrize('game', sorted(set(os.path.basename(p).split('-')[0] for p in SCENARIOS)))
def test_scenarios_give_identical_results_on_micropython(mpy_dir, game):
    # One interpreter per log, at the engine's heap: a device holds one
    # game at a time, and a small heap fragments over many games (six Brass
    # logs in one process ran out of memory in the last one, as the number
    # of logs grew, not any one game's heap).
    paths = [p for p in SCENARIOS if os.path.basename(p).split('-')[0] == game]
    assert paths
    for path in paths:
        mp = micropython_results(mpy_dir, [path])[0]
        cp = cpython_result(path)
        assert mp == cp, path
        expected = path[:-4] + '.json'
        if os.path.exists(expected):
            with open(expected) as f:
                want = json.load(f)
            got = dict(cp)
            del got['state']
            assert got == want, path


def test_random_games_give_identical_results_on_micropython(mpy_dir, tmp_path):
    # whole games of random legal moves with refused lines among them
    paths = []
    for seed in range(12):
        lines, s = random_game(seed, junk=0.15 if seed % 3 == 0 else 0.0)
        if seed % 4 == 1:
            lines.insert(len(lines) // 2, 'Zed bid 3')     # the rest is not replayed
        p = tmp_path / ('game%d.log' % seed)
        p.write_text('\n'.join(lines) + '\n')
        paths.append(str(p))
    for path, mp in zip(paths, micropython_results(mpy_dir, paths)):
        assert mp == cpython_result(path), path


@pytest.mark.slow
@pytest.mark.parametrize('mode', ['cut', 'torn', 'snap', 'pico', 'pico-torn'])
def test_power_cut_at_every_littlefs_block_operation(mpy_dir, mode):
    # snap: snapshots every 4 records, cut while being written too. (Its
    # 136 runs take 160 KB: the harness's own leftovers grow by about 100
    # bytes a run in every mode, the engine's resume is the same.) pico:
    # the Pico's 4 KB blocks (48 KB of them), where the records wait in the
    # journal's tail and are folded into the log, cut in both.
    # cut and torn: the engine's 128 KB and 8 KB for what 78 power-ons in one process
    # leave behind (the heap in use between runs grows from 90 to 104 KB, about 8 KB of it
    # after the resumes, in no module's globals: MicroPython's). At 128 KB the torn run
    # passed or failed by the layout (126 KB and 130-140 KB passed, 128 KB did not; a
    # few bytes of the checkout's path flipped it).
    args = [os.path.join('tests', 'mp', 'powercut_lfs.py'), mpy_dir, mode]
    heap = {'snap': '160k', 'pico': '256k', 'pico-torn': '256k'}.get(mode, '136k')
    result = json.loads(run_micropython(args, heap=heap).strip().splitlines()[-1])
    assert result['failures'] == []
    assert result['cuts'] == result['ops'] and result['ops'] > (30 if 'pico' in mode else 50)
    assert result['snaps'] == (1 if mode == 'snap' else 0)
    assert result['tails'] == (1 if 'pico' in mode else 0)


def test_nothing_allocates_once_a_record_is_on_flash(mpy_dir, tmp_path):
    # journal.py: after a record's write, a MemoryError would leave memory
    # behind flash (or fold a tail twice). The heap is locked from the write
    # to the end of Journal.put, for a new tail, a tail appended to, a fold
    # when idle and of a full tail, and a record straight into the log.
    out = json.loads(run_micropython([os.path.join('tests', 'mp', 'heap_after_write.py'), mpy_dir,
                                      str(tmp_path)], heap='512k').strip().splitlines()[-1])
    assert len(out) == 5 and all(v == [0, True] for v in out.values()), out


def test_python_crc32_matches_binascii_on_micropython(mpy_dir):
    import binascii
    r = mp_json(os.path.join('tests', 'mp', 'crc_check.py'), mpy_dir)
    assert r['bad'] == [] and r['hello'] == '%08x' % binascii.crc32(b'hello')
