# Test helpers for every game's UI tests (no tests here): a device on one
# of host_sim's boards, the key scripts of tests/keys played into it, and a
# game already under way, saved as the device saves it.
import os

from conftest import ROOT
from host_sim import keyscript
from host_sim.headless import Display, BOARDS
from trackside.saves import Saves
from trackside.session import new_session
from trackside.ui.app import App

KEYS = os.path.join(ROOT, 'tests', 'keys')


def keys(name):
    with open(os.path.join(KEYS, name)) as f:
        return f.read()


def device(board, saves_dir, restart=None):
    # (the App, its buttons' names); its display is app.p.display. restart: the
    # device's way to start afresh (App.restart), None: the host's, in place
    width, height, mono, names, keymap = BOARDS[board]
    return App(Display(width, height, mono), keymap, str(saves_dir), None, restart), names


def press(app, names, script, clock=None):
    clock = clock or keyscript.Clock()
    keyscript.play(app, names, script, clock)
    return clock


def saved_game(saves_dir, lines):
    saves = Saves(str(saves_dir))
    s = new_session(lines[0])
    saves.new(s)
    for line in lines[1:]:
        s.do_text(line)
    return s
