# firmware/main.py, the device's start-up, on the real MicroPython with the
# compiled firmware and a Pico-sized heap: it opens the board, plays what
# the buttons say in real time (10 ms polls), saves as it goes, and after a
# restart (a pulled cable) it carries on with the same game.
#
# The heap is a Pico's (about 190 KB), as in test_ui.py: the unix port is
# 64-bit, and the UI with its canvas does not fit in the engine tests' 128 KB
# there (docs/benchmarks-ui.md: the smallest heap for a whole game).
import os
import shutil
import subprocess

from conftest import ROOT, tool
from trackside.journal import Saves

# tests/keys/steam-base-3p.keys up to Red's $2 bid: a new Steam base game
# for Red, Blue and Green, one turn; Red opens the auction with $2.
NEW_GAME_AND_A_BID = 'A A Y A A A A Y A A Y*5 A A A X X A'


def boot(mpy_dir, tmp_path, saves, script):
    keys = tmp_path / 'keys'
    keys.write_text(script)
    main = tmp_path / 'device' / 'main.py'      # beside nothing: the firmware comes from .mpy
    main.parent.mkdir(exist_ok=True)
    shutil.copy(os.path.join(ROOT, 'firmware', 'main.py'), str(main))
    path = ':'.join([os.path.join(ROOT, 'tests', 'mp', 'fakeboard'), mpy_dir,
                     os.path.join(ROOT, 'host_sim')])
    r = subprocess.run([tool('micropython'), '-X', 'heapsize=192k', str(main), str(saves),
                        str(keys)], capture_output=True, text=True, timeout=120,
                       env=dict(os.environ, MICROPYPATH=path))
    assert r.returncode == 0, r.stdout + r.stderr
    assert 'Traceback' not in r.stdout + r.stderr
    return r


def test_main_starts_a_game_saves_it_and_resumes_it_after_a_restart(mpy_dir, tmp_path):
    saves = tmp_path / 'saves'
    saves.mkdir()
    boot(mpy_dir, tmp_path, saves, NEW_GAME_AND_A_BID)
    s, note = Saves(str(saves)).open(1)
    assert s.setup['players'] == ['Red', 'Blue', 'Green'] and s.history() == ['Red bid 2']
    # power off, on again: the device opens the same game; Blue passes
    boot(mpy_dir, tmp_path, saves, 'A Y A')
    s, note = Saves(str(saves)).open(1)
    assert s.history() == ['Red bid 2', 'Blue pass']
    assert Saves(str(saves)).slots() == [1]
