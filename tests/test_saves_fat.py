# The save folder on FAT (CircuitPython's CIRCUITPY drive), on the real
# MicroPython's FatFs (vfs.VfsFat) over a RAM block device: tests/mp/fat_saves.py,
# one interpreter for both tests (issue 31, items 1 and 3). The heap is
# larger than a Pico's: the RAM disk and its copies are the flash.
import json
import os

import pytest

from conftest import run_micropython, mp_ui_paths


@pytest.fixture(scope='module')
def fat(mpy_dir):
    out = run_micropython([os.path.join('tests', 'mp', 'fat_saves.py'), mp_ui_paths(mpy_dir)],
                          heap='512k')
    return json.loads(out.strip().splitlines()[-1])


def test_a_delete_that_fails_on_fat_says_what_the_next_power_on_finds(fat):
    # FatFs writes the folder's sector, then the FAT's: with the second
    # failing for good, the save is gone at the next power-on though the
    # delete failed, and nothing can be read until then. "Nothing was
    # changed" was said there; now the player is told it may have gone.
    d = fat['delete']
    assert d['problems'] == []
    assert d['writes'] >= 2
    told = d['told']
    assert sum(told.values()) == 2 * d['writes']
    stuck = [k for k in told if k.startswith('stuck ')]
    assert stuck and all('It may be gone or still there: switch off and on again to see.' in k
                         for k in stuck), told


def test_a_full_drive_at_the_first_power_on_says_the_drive_is_full(fat):
    # No save folder, and no room to make one (FatFs's mkdir says EACCES):
    # the reason shown is the full drive, not the missing folder that
    # last() then failed to list.
    f = fat['full']
    why = 'The save folder cannot be made: the memory is full.'
    assert f['made'] == why and f['problem'] == why
    assert f['slots'] == [] and f['last'] is None
    assert f['screen'] == ['MessageScreen', 'Saved games', why]
