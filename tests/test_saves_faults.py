# Writes that fail on the device's file systems: tests/mp/faults_flash.py on
# the real MicroPython, on littlefs (the Pico) and FAT (CircuitPython's
# drive), with a RAM block device that fails at every block operation of a
# game with undo, redo, undo to the turn start, a new game and a delete
# (ENOSPC and EIO, once or from then on), and with the flash filled up
# before every step (the file system's own ENOSPC, part-way through a
# write). After every step the game the player sees equals the replay of
# the file, and is the game before or after the step; after every run the
# next boot opens it. littlefs runs twice: in 256-byte blocks, where every
# record goes into the log, and in the Pico's 4 KB blocks, where records
# wait in the journal's tail (inline in littlefs's metadata) and are folded
# into the log. The file systems run at once, one process each.
#
# The heap is larger than a Pico's: the RAM block device (12 KB of littlefs,
# 64 KB of FAT, 64 KB of littlefs in 4 KB blocks) and its pristine copy are
# the flash, not the device's heap.
import json
import os
import subprocess

import pytest

from conftest import ROOT, micropython_cmd

HEAP = '512k'


@pytest.fixture(scope='module')
def results(mpy_dir):
    script = os.path.join(ROOT, 'tests', 'mp', 'faults_flash.py')
    procs = {fs: subprocess.Popen(micropython_cmd() + ['-X', 'heapsize=' + heap, script,
                                   mpy_dir, fs], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  text=True, cwd=ROOT)
             for fs, heap in (('lfs', HEAP), ('fat', HEAP), ('lfs-pico', '1m'))}
    out = {}
    for fs, p in procs.items():
        stdout, stderr = p.communicate(timeout=900)
        assert p.returncode == 0, stdout[-3000:] + stderr[-3000:]
        out[fs] = json.loads(stdout.strip().splitlines()[-1])
    return out


@pytest.mark.slow
@pytest.mark.parametrize('fs', ['lfs', 'fat', 'lfs-pico'])
def test_a_failed_write_changes_nothing_or_everything(results, fs):
    r = results[fs]
    print(fs, json.dumps(r, indent=1))       # the counts, with -s
    assert r['problems'] == [] and r['mismatches'] == 0
    assert r['ops'] > 50 and r['steps'] >= 25
    for mode in ('once 28', 'once 5', 'stuck 28', 'stuck 5'):
        m = r['modes'][mode]
        # a run at every operation, and in every run an operation did fail
        assert m['runs'] == r['ops'] and m['faults'] == m['runs'], mode
        assert m['boots'] == m['runs'], mode
        # the player was told: refused steps (a failure the file system
        # absorbs, retrying a block later, tells nobody and loses nothing)
        assert m['refused'] > 0, mode
    for mode in ('once 28', 'once 5'):
        assert r['modes'][mode]['retried'] > 0
    full = r['modes']['full 28']
    if fs == 'lfs-pico':
        # this game's files are small enough for littlefs to keep them all
        # inline, in the blocks its folders have: a full flash refuses nothing
        assert full['runs'] == 3 * r['steps'] and full['refused'] == 0
        return
    assert full['runs'] == 3 * r['steps'] and full['faults'] > r['steps']
    assert full['retried'] > 0


@pytest.mark.slow
def test_a_full_fat_drive_leaves_a_torn_record_that_is_cut_off(results):
    # FAT writes what fits before it says ENOSPC: the file then ends in
    # part of a record, which must be cut off before the next one is
    # written (without that cut, the next boot finds damage in the middle).
    full = results['fat']['modes']['full 28']
    assert full['torn'] > 0 and full['repairs'] > 0
    # littlefs copies on write: a failed write leaves nothing to cut off
    assert results['lfs']['modes']['full 28']['repairs'] == 0
