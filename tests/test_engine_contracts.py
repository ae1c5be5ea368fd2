# What docs/engine.md says a game's folder must hold, checked for every game
# in the registry (trackside.games.GAMES), so a new game is held to it too.
import ast
import os

import pytest

from trackside.games import GAMES, load

GAMES_DIR = os.path.join(os.path.dirname(__file__), '..', 'firmware', 'trackside', 'games')
NAMES = [g for g, title in GAMES]


def modules_of(name):
    folder = os.path.join(GAMES_DIR, name)
    return sorted(f[:-3] for f in os.listdir(folder) if f.endswith('.py') and f != '__init__.py')


def top_level_names(path):
    # Every name a module binds at its top level (defs, classes, assignments,
    # imports), with where it comes from when it is an import.
    with open(path) as f:
        tree = ast.parse(f.read())
    out = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            out[node.name] = 'def'
        elif isinstance(node, ast.Assign):
            for t in node.targets:
                for n in ast.walk(t):
                    if isinstance(n, ast.Name):
                        out[n.id] = 'assign'
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for a in node.names:
                src = (node.module or '') + '.' + a.name if isinstance(node, ast.ImportFrom) else a.name
                out[a.asname or a.name] = src
    return out


@pytest.mark.parametrize('name', NAMES)
def test_a_game_is_one_folder_with_its_rules_and_its_ui(name):
    # engine.md, "A game is one folder": __init__.py the rules, ui.py the screens'
    folder = os.path.join(GAMES_DIR, name)
    assert os.path.isfile(os.path.join(folder, '__init__.py'))
    assert os.path.isfile(os.path.join(folder, 'ui.py'))
    game = load(name)
    assert game.__name__ == 'trackside.games.' + name and game.NAME == name


@pytest.mark.parametrize('name', NAMES)
def test_no_name_of_the_package_is_the_name_of_one_of_its_modules(name):
    # engine.md: importing trackside.games.NAME.once would put that module over
    # a function once() of the package (a TypeError at the first call)
    names = top_level_names(os.path.join(GAMES_DIR, name, '__init__.py'))
    for module in modules_of(name):
        if module in names:
            assert names[module] == 'trackside.games.%s.%s' % (name, module), (
                '%s/__init__.py binds "%s" (%s), the name of its module %s.py' % (
                    name, module, names[module], module))


@pytest.mark.parametrize('name', NAMES)
def test_the_rules_never_import_the_screens_or_the_words(name):
    # engine.md: replay runs the rules without a screen; text.py is the new-game screens'
    for module in ['__init__'] + modules_of(name):
        if module in ('ui', 'text'):
            continue
        for src in top_level_names(os.path.join(GAMES_DIR, name, module + '.py')).values():
            assert not src.startswith('trackside.ui'), (name, module, src)
            assert src not in ('trackside.games.%s.ui' % name, 'trackside.games.%s.text' % name), (name, module)


# --- a game added breaks no other game's key script (issue 32's trial) ------------------

KEYS = os.path.join(os.path.dirname(__file__), 'keys')
SCRIPTS = sorted(f for f in os.listdir(KEYS) if f.endswith('.keys'))


def setup_played(script, board, saves_dir):
    # The setup line a key script begins: its presses until a game is open.
    from host_sim import keyscript
    from host_sim.headless import BOARDS, Display
    from trackside.ui.app import App
    width, height, mono, names, keymap = BOARDS[board]
    app = App(Display(width, height, mono), keymap, str(saves_dir))
    clock = keyscript.Clock()
    for index, hold in keyscript.presses(script, names, keymap):
        keyscript.press(app, len(names), index, hold, clock)
        if app.session is not None:
            return app.session.setup
    raise AssertionError('the script opened no game')


@pytest.mark.parametrize('name', SCRIPTS)
def test_a_key_script_names_its_game_and_survives_games_added_before_and_after(name, tmp_path,
                                                                               monkeypatch):
    # engine.md, "Adding a game": scripts pick their game by name (game:NAME),
    # so a game added anywhere in GAMES leaves every other game's script as it was
    import trackside.games as registry
    from trackside.ui import newgame
    board = 'tdisplay' if '2buttons' in name else 'pico_display'
    with open(os.path.join(KEYS, name)) as f:
        script = f.read()
    assert script.split()[0] == 'game:' + name.split('-')[0]
    before = setup_played(script, board, tmp_path / 'a')
    more = (('first', 'A first game'),) + registry.GAMES + (('last', 'A last game'),)
    monkeypatch.setattr(registry, 'GAMES', more)
    monkeypatch.setattr(newgame, 'GAMES', more)
    assert setup_played(script, board, tmp_path / 'b') == before
