# The games. Each is imported only when a game of that kind is played, so a
# device keeps one game's rules in memory, not all of them. A game is its folder,
# games/NAME/, and its line here (docs/engine.md, "Adding a game: the checklist").
from trackside.rules import RuleError
from trackside import need

GAMES = (('steam', 'Steam'), ('scorepad', 'Score pad'), ('brass', 'Brass'), ('russianrailroads', 'Russian Railroads'))


def names():
    return [g for g, title in GAMES]


def load(name):
    if name not in names():
        raise RuleError('Unknown game "%s"; Trackside knows: %s' % (name, ', '.join(names())))
    return need('trackside.games.' + name)
