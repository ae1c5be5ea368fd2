# The game modules. Each is imported only when a game of that kind is
# played, so a device keeps one game's rules in memory, not all of them.
from trackside.rules import RuleError

GAMES = ('steam',)


def load(name):
    if name not in GAMES:
        raise RuleError('Unknown game "%s"; Trackside knows: %s' % (name, ', '.join(GAMES)))
    return __import__('trackside.games.' + name, None, None, [name])
