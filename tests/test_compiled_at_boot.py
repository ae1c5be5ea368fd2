# On CircuitPython a module is compiled from source as it is first imported, its parse
# tree (about 20 bytes a token on the 64-bit bench) beside everything held then; one
# compiled once a game is under way found no room in a heap in pieces (issue 30,
# docs/benchmarks-source.md). So a game's code is compiled as its save is opened
# (ui/saves_ui.py, compile_game: the rules, their PARTS and the game's screens, then the
# game screen's), before the log is replayed. Here each game of the source bench is played
# whole on the MacroPad with the saves CIRCUITPY has (trackside/fixed.py), a new game
# opened by a restart as the board does: once compile_game is done, any module imported
# for the first time (the replay's, the game screen's, the game's) must be small.
import importlib.abc
import io
import os
import sys
import tokenize

import pytest

from conftest import ROOT
from host_sim import keyscript
from host_sim.headless import BOARDS, Display

sys.path.insert(0, os.path.join(ROOT, 'tools'))
import bench_source  # noqa: E402

SMALL = 600         # tokens: a parse tree of about 12 KB on the 64-bit bench
# Compiled mid-game all the same, and why:
# each is held while it is needed, and let go after; held all game it would cost its size
# in a game that is short of heap in play (the source bench).
LATE = {
    'trackside.games.brass.end': 'the end of the game, once (1500 tokens)',
    'trackside.games.steam.auction': "the opening auction, at a game's start (600)",
    'trackside.ui.menu': 'opened by a player now and then (800; the history in it, 600, is '
                         'history.py, loaded when it is opened)',
}


class Restarted(BaseException):
    pass


def restart():
    raise Restarted()


def tokens(module):
    path = os.path.join(ROOT, 'firmware', *module.split('.'))
    path = path + '/__init__.py' if os.path.isdir(path) else path + '.py'
    with open(path) as f:
        src = f.read()
    return sum(1 for t in tokenize.generate_tokens(io.StringIO(src).readline)
               if t.type in (tokenize.NAME, tokenize.OP, tokenize.NUMBER, tokenize.STRING))


class Watch(importlib.abc.MetaPathFinder):
    # The firmware's modules in the order they are first imported, and where in it
    # compile_game returned.
    def __init__(self):
        self.order = []
        self.compiled = None

    def find_spec(self, name, path, target=None):
        if not name.startswith('trackside'):
            return None
        self.order.append(name)
        if name != 'trackside.ui.saves_ui':
            return None
        for finder in sys.meta_path:
            spec = None if finder is self else finder.find_spec(name, path, target)
            if spec is not None:
                break
        run = spec.loader.exec_module
        watch = self

        def exec_module(module):
            run(module)
            compile_game = module.compile_game

            def watched(game):
                compile_game(game)
                watch.compiled = len(watch.order)

            module.compile_game = watched

        spec.loader.exec_module = exec_module
        return spec


def firmware_modules():
    return [m for m in sys.modules if m == 'trackside' or m.startswith('trackside.')]


def fresh_app(saves, watch):
    # a power-on: none of the firmware's modules loaded
    for name in firmware_modules():
        del sys.modules[name]
    watch.order = []
    watch.compiled = None
    from trackside.ui.app import App
    App.SAVES = 'trackside.fixed'
    width, height, mono, names, keymap = BOARDS['macropad']
    return App(Display(width, height, mono), keymap, saves, None, restart), names


@pytest.fixture(scope='module')
def plans(tmp_path_factory):
    # (planned before any power-on here: the planner has an App of its own)
    work = str(tmp_path_factory.mktemp('keys'))
    out = []
    for title, name in bench_source.GAMES:
        keys, actions, how, presses = bench_source.keys_for(name, work)
        with open(keys) as f:
            out.append((name, f.read(), actions))
    held = dict((m, sys.modules[m]) for m in firmware_modules())
    yield out
    for name in firmware_modules():
        del sys.modules[name]
    sys.modules.update(held)        # (the other tests' modules, as they were)


@pytest.fixture
def watch():
    w = Watch()
    sys.meta_path.insert(0, w)
    yield w
    sys.meta_path.remove(w)


@pytest.mark.slow
def test_no_big_module_is_compiled_once_a_games_code_is(plans, tmp_path, watch):
    problems = []
    for name, script, actions in plans:
        saves = str(tmp_path / name)
        app, buttons = fresh_app(saves, watch)
        plan = keyscript.plan(script, buttons, app.keys.keymap)
        opened = False
        for i in range(len(plan) // 2):
            try:
                keyscript.press(app, len(buttons), plan[2 * i], keyscript.HOLDS[plan[2 * i + 1]],
                                keyscript.Clock())
            except Restarted:
                app, buttons = fresh_app(saves, watch)
                opened = True
                assert watch.compiled is not None, name + ': the save was opened without it'
        assert opened, name + ': the new game was not opened by a restart'
        assert app.session.cursor == actions, name
        for module in sorted(set(watch.order[watch.compiled:])):
            if module not in LATE and tokens(module) > SMALL:
                problems.append('%s: %s (%d tokens)' % (name, module, tokens(module)))
    assert problems == []
