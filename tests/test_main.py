# firmware/main.py, the device's start-up, on the real MicroPython with the
# compiled firmware and a Pico-sized heap: it opens the board, plays what
# the buttons say in real time (10 ms polls), saves as it goes, and after a
# restart (a pulled cable) it carries on with the same game. Its last guard
# outlives failures without a loop of tracebacks. (Damaged save folders
# booted through main.py: test_saves_boot.py.)
#
# The saves are made with the Saves API and the keys pressed are the
# documented ones (hold B: undo, README "Playing a game on the device"): the
# new-game screens are not this test's subject.
import pytest
import json
import os
import shutil
import subprocess

from conftest import ROOT, DEVICE_HEAP, micropython_cmd
from trackside.saves import Saves
from trackside.session import new_session

SETUP = 'steam base players=Red,Blue,Green start=firstgame'
LINES = ['Red tile turnorder', 'Blue tile firstmove', 'Green tile engineer']


def boot(mpy_dir, tmp_path, saves, script, fails=0):
    keys = tmp_path / 'keys'
    keys.write_text(script)
    main = tmp_path / 'device' / 'main.py'      # beside nothing: the firmware comes from .mpy
    main.parent.mkdir(exist_ok=True)
    shutil.copy(os.path.join(ROOT, 'firmware', 'main.py'), str(main))
    path = ':'.join([os.path.join(ROOT, 'tests', 'mp', 'fakeboard'), mpy_dir,
                     os.path.join(ROOT, 'host_sim')])
    r = subprocess.run(micropython_cmd() + ['-X', 'heapsize=' + DEVICE_HEAP, str(main), str(saves),
                        str(keys), str(fails)], capture_output=True, text=True, timeout=600,
                       env=dict(os.environ, MICROPYPATH=path))
    assert r.returncode == 0, r.stdout + r.stderr
    return r, json.loads(r.stdout.strip().splitlines()[-1])


def saved(saves_dir):
    saves = Saves(str(saves_dir))
    s = new_session(SETUP)
    saves.new(s)
    for line in LINES:
        s.do_text(line)
    return s


def test_main_resumes_the_game_saves_a_key_s_change_and_resumes_after_a_restart(mpy_dir, tmp_path):
    saves = tmp_path / 'saves'
    saved(saves)
    r, shown = boot(mpy_dir, tmp_path, saves, 'B-')          # hold B: undo
    assert 'Traceback' not in r.stdout + r.stderr and shown['shows'] > 0
    s, note = Saves(str(saves)).open(1)
    assert s.history() == LINES[:2] and s.all_lines() == LINES
    # power off, on again: the device opens the same game, as it was
    r, again = boot(mpy_dir, tmp_path, saves, '')
    s, note = Saves(str(saves)).open(1)
    assert s.history() == LINES[:2] and Saves(str(saves)).slots() == [1]
    # and shows it as before the restart (the same picture, drawn afresh)
    r, same = boot(mpy_dir, tmp_path, saves, '')
    assert same['crc'] == again['crc']


@pytest.mark.slow
def test_main_outlives_failures_without_a_loop_of_tracebacks(mpy_dir, tmp_path):
    # the first polls raise, as a bug would: main.py prints the first two,
    # makes the App again from flash, and the keys after them still work
    saves = tmp_path / 'saves'
    saved(saves)
    r, shown = boot(mpy_dir, tmp_path, saves, 'B-', fails=4)
    assert r.stdout.count('Traceback') == 2 and 'a poll that fails (3 more)' in r.stdout
    s, note = Saves(str(saves)).open(1)
    assert s.history() == LINES[:2]


def test_main_starts_whatever_the_save_folder_holds(mpy_dir, tmp_path):
    # a file where the folder belongs, "last" a folder, a save that is a
    # folder: main.py shows a screen and no traceback
    (tmp_path / 'a').mkdir()
    (tmp_path / 'a' / 'saves').write_bytes(b'not a folder')
    (tmp_path / 'b' / 'saves' / 'last').mkdir(parents=True)
    (tmp_path / 'b' / 'saves' / 'game1.log').mkdir()
    for folder in ('a', 'b'):
        r, shown = boot(mpy_dir, tmp_path, tmp_path / folder / 'saves', '')
        assert 'Traceback' not in r.stdout + r.stderr and shown['shows'] > 0


def test_main_restarts_the_device_to_open_another_saved_game(mpy_dir, tmp_path):
    # Menu > Saved games with save 2 in play, then save 1 > Resume: main.py's restart
    # (MicroPython's soft reset: on the unix port the process ends, before the keys run
    # out and the board reports) into the saved games, save 2 closed as it was and named
    # with "saves" (ui/saves_ui.py, from_game); at that power-on, the list, and the
    # restart with save 1 named the one to resume (switch)
    saves = tmp_path / 'saves'
    saved(saves)
    two = saved(saves)
    assert Saves(str(saves)).last() == 2
    main = tmp_path / 'device' / 'main.py'
    main.parent.mkdir()
    shutil.copy(os.path.join(ROOT, 'firmware', 'main.py'), str(main))
    path = ':'.join([os.path.join(ROOT, 'tests', 'mp', 'fakeboard'), mpy_dir,
                     os.path.join(ROOT, 'host_sim')])
    for keys, first, last in (('B X A', 'saves', 2), ('A A', None, 1)):
        (tmp_path / 'keys').write_text(keys)
        r = subprocess.run(micropython_cmd() + ['-X', 'heapsize=' + DEVICE_HEAP, str(main),
                            str(saves), str(tmp_path / 'keys')], capture_output=True, text=True,
                           timeout=120, env=dict(os.environ, MICROPYPATH=path))
        assert r.returncode == 0 and r.stdout == '' and r.stderr == '', r.stdout + r.stderr
        assert Saves(str(saves)).last() == last and Saves(str(saves)).first_screen() == first
    # the power-on after it opens save 1 (and names it again)
    r, shown = boot(mpy_dir, tmp_path, saves, '')
    assert 'Traceback' not in r.stdout + r.stderr and Saves(str(saves)).last() == 1
    assert Saves(str(saves)).open(2)[0].all_lines() == two.all_lines()
