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


# --- what the shared screens assume of a game (engine.md, "Adding a game") ------------

def played(log, look=None):
    # A scenario log played line by line: look(session, prompt, k) before action k (from
    # 1); the prompts, and the session at the end.
    from trackside.replay import replay
    with open(os.path.join(os.path.dirname(__file__), 'scenarios', log)) as f:
        lines = f.read().splitlines()
    setup_at = [i for i, x in enumerate(lines) if x.strip() and not x.startswith('#')][0]
    session, error = replay(lines[:setup_at + 1])
    assert error is None, error
    steps = []
    for raw in lines[setup_at + 1:]:
        text = raw.split('#')[0].strip()
        if not text:
            continue
        steps.append(session.prompt())
        if look:
            look(session, steps[-1], len(steps))
        session.do_text(text.encode())
    return session, steps


def scenario_ids():
    from game_play import scenario_logs
    return scenario_logs()


def check_amount(game, option, where):
    # engine.md, "Prompts and the answer shapes": (verb, 'amount', lo, hi[, default[, note[,
    # unit[, then[, skip]]]]]), by position: a skip list needs the then before it (None
    # for none), a unit is the game's CURRENCY or a word of its own
    assert 4 <= len(option) <= 9, where
    lo, hi = option[2], option[3]
    assert isinstance(lo, int) and isinstance(hi, int) and lo <= hi, where
    fields = list(option[4:]) + [None] * (9 - len(option))
    default, note, unit, then, skip = fields
    assert default is None or lo <= default <= hi, where
    assert note is None or isinstance(note, str), where
    assert unit is None or isinstance(unit, str), where
    assert then is None or (isinstance(then, int) and lo <= then <= hi), (
        where, 'the 8th field is then: a skip list goes 9th, after then=None')
    assert skip is None or all(isinstance(v, int) for v in skip), where


@pytest.mark.parametrize('log', scenario_ids())
def test_every_amount_a_game_offers_has_its_fields_where_the_screens_read_them(log):
    # every amount of every prompt, and the first question of every sequence, at each
    # step of the game's scenario log
    from trackside.rules import ANYONE, NOBODY
    seen = []

    def look(session, pr, k):
        game = session.game
        options = list(pr['options']) + [opt for actors, opt in pr['anytime']]
        for opt in options:
            where = '%s, before action %d: %r' % (log, k, opt)
            if opt[1] == 'amount':
                check_amount(game, opt, where)
                seen.append(opt[0])
            elif opt[1] == 'sequence' and pr['player'] not in (ANYONE, NOBODY):
                summary, question, line = game.step(session.setup, session.state, pr['player'],
                                                    opt[0], [])
                if question is not None and question[1] == 'amount':
                    check_amount(game, question, where + ' first question %r' % (question,))
                    seen.append(opt[0])

    played(log, look)
    assert seen or log.startswith('scorepad'), log  # the check ran (the pad asks by forms)


@pytest.mark.parametrize('log', scenario_ids())
def test_a_game_without_its_own_header_ends_with_phase_over_and_a_rank(log):
    # engine.md, "The UI module", header(): without it the shared header says "Game over:
    # Red wins" from state['rank'] (1 for each winner) once state['phase'] is 'over'
    import importlib
    session, steps = played(log)
    gui = importlib.import_module('trackside.games.%s.ui' % session.game.NAME)
    if hasattr(gui, 'header') or not session.over():
        return
    s = session.state
    assert s['phase'] == 'over', log
    rank = s['rank']
    assert len(rank) == len(session.setup['players']) and 1 in rank, (log, rank)
    assert all(isinstance(r, int) and r >= 1 for r in rank), (log, rank)


def test_a_cell_with_a_space_is_text_on_the_left_and_any_other_an_amount_on_the_right():
    # engine.md, "The UI module", cells(): how the game screen lines up a game's cells
    from trackside.ui import rows as table_rows

    class Gui:
        @staticmethod
        def cells(app, q):
            return [['12', 'out 4th'], ['7', 'in']][q]

    class App:
        gui = Gui
        shorts = ['Ann', 'Bob']

    rows, whole = table_rows.columns(App, [0, 1], 40)
    assert whole
    assert rows[0] == 'Ann 12 out 4th'
    assert rows[1] == 'Bob  7      in'          # '7' and 'in' (no space): both on the right


def test_a_currency_is_written_before_the_number_only_if_it_is_in_money():
    # engine.md, "Contracts": ui/screens.MONEY ('$', '£', '€') go before the number;
    # any other unit after it, as given (a word wants its own leading space)
    from trackside.ui import screens
    done = []
    assert screens.AmountScreen('Bid', 0, 9, 7, done.append, unit='£').text() == '£7'
    assert screens.AmountScreen('Bid', 0, 9, 7, done.append, unit='VP').text() == '7VP'
    assert screens.AmountScreen('Bid', 0, 9, 7, done.append, unit=' Elektro').text() == '7 Elektro'
    assert set(screens.MONEY) == {'$', '\u00a3', '\u20ac'}
