# The game modules. Each is imported only when a game of that kind is
# played, so a device keeps one game's rules in memory, not all of them.
# A new game adds its name and title here (its rules are games/NAME.py, its
# screens ui/NAME_ui.py: docs/engine.md).
from trackside.rules import RuleError
from trackside import need

GAMES = (('steam', 'Steam'), ('scorepad', 'Score pad'), ('brass', 'Brass'), ('russianrailroads', 'Russian Railroads'))


def names():
    return [g for g, title in GAMES]


def load(name):
    if name not in names():
        raise RuleError('Unknown game "%s"; Trackside knows: %s' % (name, ', '.join(names())))
    return need('trackside.games.' + name)
