# A new game on the device: the game, its variant, how many players, each
# player's colour (players are called by the colour of their pieces), then
# the settings, each with the rules digest's default. Only loaded when a
# new game is set up.
from trackside.ui.screens import ListScreen, AmountScreen
from trackside.ui import theme
from trackside.games import GAMES, load
from trackside import session as session_mod
from trackside.rules import RuleError


def cap(word):
    # "red" -> "Red" (MicroPython's str has no capitalize())
    return word[:1].upper() + word[1:]


class NewGame:
    def __init__(self, app):
        self.app = app
        self.colours = []
        self.settings = {}

    def begin(self):
        items = [(cap(g), g) for g in GAMES]
        screen = ListScreen('New game', items, lambda app, g: self.pick_game(g))
        if self.app.stack:
            self.app.push(screen)
        else:
            # nothing to go back to (no saved game yet)
            screen.on_back = lambda app: None
            self.app.stack = [screen]
            screen.draw(self.app.p, self.app)

    def pick_game(self, name):
        self.game = load(name)
        self.name = name
        items = [(cap(v), v) for v in self.game.VARIANTS]
        self.app.push(ListScreen(cap(name), items, lambda app, v: self.pick_variant(v)))

    def pick_variant(self, variant):
        self.variant = variant
        self.app.push(AmountScreen('Players', 3, 6, 4, lambda app, n: self.pick_count(n), ''))

    def pick_count(self, n):
        self.count = n
        self.colours = []
        self.pick_colour()

    def pick_colour(self):
        # seat by seat, clockwise (docs/log-format.md says what the order means)
        k = len(self.colours)
        if k == self.count:
            self.edit_settings()
            return
        items = [(cap(c), c, theme.colour_index(c))
                 for c in theme.PLAYER_COLOURS if c not in self.colours]
        title = 'Player %d of %d: colour' % (k + 1, self.count)
        if k == 0 and self.variant == 'base':
            title = 'Player 1 (first to bid)'
        self.app.push(ListScreen(title, items, lambda app, c: self.chose_colour(c)))

    def chose_colour(self, c):
        self.colours.append(c)
        self.pick_colour()

    def specs(self):
        return [s for s in self.game.SETTINGS if s[3] in (None, self.variant)]

    def value(self, spec):
        key, default, allowed, variant = spec
        return self.settings.get(key, default)

    def items(self):
        out = []
        for spec in self.specs():
            v = self.value(spec)
            shown = 'by players' if spec[0] == 'turns' and v == 0 else v
            out.append(('%s: %s' % (spec[0], shown), spec))
        out.append(('Start the game', None))
        return out

    def edit_settings(self, index=0):
        screen = ListScreen('Settings', self.items(), lambda app, spec: self.setting(spec), index)
        self.app.push(screen)

    def setting(self, spec):
        screen = self.app.stack[-1]
        if spec is None:
            self.start()
            return
        key, default, allowed, variant = spec
        if isinstance(default, int):
            lo, hi = allowed
            self.app.push(AmountScreen(key, lo, hi, self.value(spec) or lo,
                                       lambda app, v: self.set_number(key, v), ''))
            return
        # a word: the next of its values, in place
        v = self.value(spec)
        self.settings[key] = allowed[(allowed.index(v) + 1) % len(allowed)]
        screen.items = self.items()
        screen.draw_row(self.app.p, screen.index)

    def set_number(self, key, v):
        self.settings[key] = v
        self.app.pop()
        screen = self.app.stack[-1]
        screen.items = self.items()
        screen.draw(self.app.p, self.app)

    def start(self):
        words = [self.name, self.variant, 'players=' + ','.join(cap(c) for c in self.colours)]
        for key in sorted(self.settings):
            words.append('%s=%s' % (key, self.settings[key]))
        try:
            session = session_mod.new_session(' '.join(words))
        except RuleError as e:
            from trackside.ui.screens import MessageScreen
            self.app.push(MessageScreen('Setup', str(e)))
            return
        self.app.saves.new(session)
        self.app.play(session)
