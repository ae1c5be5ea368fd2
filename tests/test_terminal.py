# The simulator's terminal mode, in a real terminal: tmux. Keys are typed as a
# person would; the picture is half-block colour cells; the status line under
# it says where the device is.
import os
import shutil
import subprocess
import sys
import time
import uuid

import pytest

from conftest import ROOT
from trackside.saves import Saves
from host_sim.headless import BOARDS
from host_sim import keyscript

KEYS = os.path.join(ROOT, 'tests', 'keys', 'steam-base-3p.keys')


# A tmux server of this test process's own, kept running by a session that
# waits there until the tests are done: a server whose last session ends
# stops, and a session started meanwhile fails ("server exited
# unexpectedly"), as happened between two test workers sharing the default
# server, and between one test's end and the next one's start.
SOCKET = 'trackside-test-%d' % os.getpid()


def tmux(*args):
    return subprocess.run(['tmux', '-L', SOCKET] + list(args), capture_output=True, text=True)


@pytest.fixture(scope='module', autouse=True)
def own_server():
    if shutil.which('tmux'):
        tmux('new-session', '-d', '-s', 'keeper', 'sleep 86400')
    yield
    tmux('kill-server')


def start(cmd, cols=250, lines=80):
    if not shutil.which('tmux'):
        pytest.fail('tmux is needed to test the terminal mode (apt install tmux)')
    name = 'ts-' + uuid.uuid4().hex[:8]
    r = tmux('new-session', '-d', '-s', name, '-x', str(cols), '-y', str(lines), '-c', ROOT, cmd)
    assert r.returncode == 0, r.stderr
    return name


@pytest.fixture
def session(tmp_path):
    name = start('%s -m host_sim sim --terminal --saves %s' % (sys.executable, tmp_path))
    yield name
    tmux('kill-session', '-t', name)


def screen(name, colours=False):
    args = ['capture-pane', '-p', '-t', name] + (['-e'] if colours else [])
    return tmux(*args).stdout


# A wait ends as soon as what it waits for is there; its time limit is only a safety net
# for a simulator that never gets there, long enough for a machine busy with other work.
LIMIT = 120


def wait_for(name, words, timeout=LIMIT):
    end = time.time() + timeout
    while time.time() < end:
        text = screen(name)
        if words in text:
            return text
        time.sleep(0.1)
    raise AssertionError('no "%s" on the terminal:\n%s' % (words, screen(name)[-2000:]))


def wait_gone(name, words, timeout=LIMIT):
    end = time.time() + timeout
    while time.time() < end:
        text = screen(name)
        if words not in text:
            return text
        time.sleep(0.1)
    raise AssertionError('"%s" stays on the terminal:\n%s' % (words, screen(name)[-2000:]))


def typed(word):
    # A key script's press, as the keyboard key that makes it (keymap.KEYS).
    base, _, times = word.partition('*')
    key = base.lower() if not base.endswith('-') else base[0].upper()
    return [key] * int(times or 1)


@pytest.mark.slow
def test_a_whole_game_typed_into_the_terminal(session, tmp_path):
    wait_for(session, 'No game yet \u00b7 screen: New game')
    # (tmux may start the pane at 80x24 and make it 250x80 a moment later: the
    # simulator draws again when the size changes)
    wait_gone(session, 'Terminal ')
    colour = screen(session, colours=True)
    assert '\u2580' in colour and '\x1b[38;2;' in colour      # half blocks, 24-bit colour
    assert 'a/Enter: A (select)' in screen(session)             # the key map is shown
    assert 'Terminal' not in screen(session)    # 250x80 is big enough: no word about its size
    with open(KEYS) as f:
        words = f.read().split()
    if words[0].startswith('game:'):          # (the game by name: its presses)
        names, keymap = BOARDS['pico_display'][3:5]
        words[:1] = [names[i] for i, hold in keyscript.presses(words[0], names, keymap)]
    # the keys wait in the terminal's input until the simulator reads them, one at a time
    keys = [key for word in words for key in typed(word)]
    tmux('send-keys', '-t', session, *keys)
    wait_for(session, 'over: Red wins', timeout=4 * LIMIT)
    tmux('send-keys', '-t', session, 'q')
    s, note = Saves(str(tmp_path)).open(1)
    assert s.standings()['winner'] == 'Red' and s.cursor == 21


def test_without_a_window_the_simulator_falls_back_to_the_terminal(tmp_path):
    # `make sim` on a machine whose DISPLAY cannot be opened (a dead X
    # server, an ssh session without forwarding): not a traceback, the
    # terminal, with the reason said.
    # (the pane stays open after the simulator quits, and says when the pipe is done)
    name = start('env DISPLAY=:97 %s -m host_sim sim --saves %s 2>&1 | tee %s; echo SIM-ENDED; '
                 'sleep 600' % (sys.executable, tmp_path, tmp_path / 'out'))
    try:
        wait_for(name, 'No game yet')
        tmux('send-keys', '-t', name, 'q')
        wait_for(name, 'SIM-ENDED')             # tee has written all of it
        with open(str(tmp_path / 'out'), encoding='utf-8', errors='replace') as f:
            out = f.read()
        assert 'No window (' in out and 'the simulator runs in the terminal' in out
        assert 'Traceback' not in out
    finally:
        tmux('kill-session', '-t', name)


@pytest.mark.parametrize('cols,lines,how', [(80, 24, 'too small'), (130, 40, 'braille')])
def test_a_small_terminal_is_told_what_size_it_needs_and_still_plays(cols, lines, how, tmp_path):
    # The Pico Display needs 240x70 characters in half blocks: in 80x24 (and 130x40) the
    # first line says so, the screen is drawn in braille dots (smaller if need be), the
    # status line and the key map are still on screen, and the keys still work.
    name = start('%s -m host_sim sim --terminal --saves %s' % (sys.executable, tmp_path), cols, lines)
    try:
        wait_for(name, 'No game yet')
        text = wait_for(name, 'Terminal %d\u00d7%d' % (cols, lines))     # once tmux has sized it
        rows = text.split('\n')
        assert rows[0].startswith('Terminal %d\u00d7%d' % (cols, lines)), rows[0]
        assert 'needs 240\u00d770 (colour) or 120\u00d737 (dots)' in rows[0]
        assert ('too small' in rows[0] and 'drawn at' in rows[0]) if how == 'too small' else (
            'drawn in braille dots' in rows[0])
        dots = [r for r in rows[1:] if any(0x2800 <= ord(ch) <= 0x28FF for ch in r)]
        assert len(dots) >= 10 and any(ch not in '\u2800 ' for r in dots for ch in r)
        status = [i for i, r in enumerate(rows) if r.startswith('No game yet')][0]
        assert status < lines - 1 and rows[status + 1].startswith('a/Enter: A (select)')
        assert len(dots) + 3 <= lines           # notice, picture, status, keys: nothing scrolled away
        tmux('send-keys', '-t', name, 'a')      # select Steam
        wait_for(name, 'screen: Steam')
        assert screen(name).split('\n')[0].startswith('Terminal %d\u00d7%d' % (cols, lines))
    finally:
        tmux('send-keys', '-t', name, 'q')
        tmux('kill-session', '-t', name)


@pytest.mark.slow
def test_a_text_too_long_for_its_box_scrolls_in_the_terminal_too(session):
    # Device time runs with the wall clock in the terminal as in the window: on Brass's
    # edition list the chosen item ("Brass (Warfrog 2007)") is too long for its row and
    # scrolls through it while no key is pressed (it stood still until the next key).
    wait_for(session, 'No game yet \u00b7 screen: New game')
    wait_gone(session, 'Terminal ')
    tmux('send-keys', '-t', session, 'y', 'y', 'a')     # Brass
    wait_for(session, 'screen: Brass')          # the keys are done with
    # the screen changes with no key pressed: looked at until it has (the text pauses
    # 1.2 s at each end of its row, however long the busy machine takes to get there)
    first = screen(session, colours=True)
    end = time.time() + LIMIT
    while screen(session, colours=True) == first:
        assert time.time() < end, 'the long item never scrolled:\n' + screen(session)[-2000:]
        time.sleep(0.1)
    assert 'screen: Brass' in screen(session)   # still the same screen: it scrolled
