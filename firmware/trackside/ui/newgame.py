# A new game on the device: the game, its variant, how many players, each
# player in the order the game's setup line means (a colour, or a name
# typed with the buttons), then the settings, each with the rules digest's
# default. Everything comes from what the game module declares (its title,
# variants, player range, seating, settings with labels). Only loaded when
# a new game is set up.
#
# Each step is a screen on top of the one before, so back goes exactly one
# step: a step's answer replaces what was chosen from it on (each seat's
# screen knows which seat it is).
import gc

from trackside.ui.screens import ListScreen, AmountScreen, MessageScreen, wrap
from trackside.ui import theme
from trackside.games import GAMES, load
from trackside import need, settings, session as session_mod
from trackside.logfmt import NAME_MAX
from trackside.rules import RuleError
from trackside.files import SaveError

# let go when the new game starts (the new-game screens' own module goes in App.play)
LET_GO = ('trackside.saves', 'trackside.setupline', 'trackside.ui.forms', 'trackside.ui.saves_ui')
BEFORE_START = ('trackside.ui.forms', 'trackside.ui.saves_ui')
NAME_LETTERS = 8        # a typed name: enough for a table, and fits the game screen


def cap(word):
    # "red" -> "Red" (MicroPython's str has no capitalize())
    return word[:1].upper() + word[1:]


class NewGame:
    def __init__(self, app):
        self.app = app
        self.players = []
        self.values = {}
        self.texts = {}

    def begin(self, reopen=None):
        # reopen: the save of the game put aside for this one (app.new_game),
        # which back opens again.
        items = [(title, name) for name, title in GAMES]
        screen = ListScreen('New game', items, lambda app, g: self.pick_game(g))
        if self.app.stack:
            self.app.push(screen)
        else:
            if reopen is not None:
                screen.on_back = lambda app: need('trackside.ui.saves_ui').switch(app, reopen)
            else:
                # nothing to go back to (no saved game yet)
                screen.on_back = lambda app: None
            self.app.stack = [screen]
            screen.draw(self.app.p, self.app)

    def pick_game(self, name):
        self.game = load(name)
        self.name = name
        self.texts = {}
        if len(self.game.VARIANTS) == 1:
            self.pick_variant(self.game.VARIANTS[0][0])
            return
        items = [(title, v) for v, title in self.game.VARIANTS]
        self.app.push(ListScreen(self.game.TITLE, items, lambda app, v: self.pick_variant(v)))

    def pick_variant(self, variant):
        self.variant = variant
        self.values = {}
        lo, hi, default = settings.players(self.game, variant)
        if lo == hi:
            self.pick_count(lo)
            return
        self.app.push(AmountScreen('Players (%d to %d)' % (lo, hi), lo, hi, default,
                                   lambda app, n: self.pick_count(n), ''))

    def pick_count(self, n):
        self.count = n
        self.seat(0)

    # --- the players, seat by seat ----------------------------------------------------
    # One seat's screen at a time: the next replaces it, and back makes the
    # one before again with its choice under the cursor (a screen a seat
    # would hold a heap a Pico's game needs).

    def seat(self, k):
        if k == self.count:
            self.edit_settings()
            return
        taken = [p.lower() for p in self.players[:k]]
        items = [(cap(c), c, theme.colour_index(c))
                 for c in theme.PLAYER_COLOURS if c not in taken]
        items.append(('Type a name', None))
        title = 'Player %d of %d' % (k + 1, self.count)
        if k == 0:
            seating = getattr(self.game, 'SEATING', None)
            if isinstance(seating, dict):
                seating = seating.get(self.variant)
            if seating:
                title = 'Player 1 (%s)' % seating
        screen = ListScreen(title, items, lambda app, c: self.chose(k, c),
                            on_back=lambda app: self.back_to(k - 1))
        if k < len(self.players):           # back here: the choice made before
            for i in range(len(items)):
                if items[i][1] == self.players[k].lower():
                    screen.index = i
        if k == 0:
            self.app.push(screen)
        else:
            self.app.replace(screen)

    def back_to(self, k):
        # Back from seat k + 1: the count's screen, or seat k again.
        if k < 0:
            self.app.pop()
        else:
            self.seat(k)

    def chose(self, k, colour):
        if colour is None:
            self.app.push(need('trackside.ui.forms').LettersScreen('Player %d: name' % (k + 1), min(NAME_LETTERS, NAME_MAX),
                                        lambda app, word: self.named(k, word)))
            return
        self.take(k, cap(colour))

    def named(self, k, word):
        # A typed name must be a good name in a log (setupline.check_names).
        trial = self.players[:k] + [word]
        try:
            need('trackside.setupline').check_names(trial, self.game.RESERVED)
        except RuleError as e:
            self.app.push(MessageScreen('Name', str(e)))
            return
        except MemoryError:             # (the name's check could not be loaded)
            self.app.push(MessageScreen('Name', 'The device ran out of working memory: '
                                        'enter the name again, or pick a colour.'))
            return
        self.app.pop()              # the letters' screen: back leads to the seat
        self.take(k, word)

    def take(self, k, name):
        del self.players[k:]
        self.players.append(name)
        self.seat(k + 1)

    # --- the settings ----------------------------------------------------------------

    def setup_so_far(self):
        return {'players': self.players[:self.count], 'variant': self.variant}

    def value(self, spec):
        v = self.values.get(spec[0])
        return settings.default(spec, self.setup_so_far()) if v is None else v

    def text(self, key):
        # A setting's (label, help, words) (settings.texts), kept while the
        # game is set up: the settings screen wants every setting's at every
        # change.
        if not self.texts:
            self.texts = settings.texts(self.game)
        return self.texts.get(key) or (key, '', None)

    def shown(self, spec, value):
        # A setting's value as the screen shows it.
        words = self.text(spec[0])[2]
        if words and not settings.is_number(spec):
            return words[spec[2].index(value)]
        return '%s' % value

    def items(self):
        out = [('Start the game', None)]
        for spec in settings.specs(self.game, self.variant):
            out.append(('%s: %s' % (self.text(spec[0])[0], self.shown(spec, self.value(spec))),
                        spec))
        return out

    def edit_settings(self):
        self.app.push(SettingsScreen(self))

    def setting(self, screen, spec):
        if spec is None:
            self.start()
            return
        if settings.is_number(spec):
            lo, hi = spec[2]
            self.app.push(AmountScreen(self.text(spec[0])[0], lo, hi, self.value(spec),
                                       lambda app, v: self.set_number(spec, v), ''))
            return
        # a word: the next of its values, in place
        allowed = spec[2]
        v = self.value(spec)
        self.values[spec[0]] = allowed[(allowed.index(v) + 1) % len(allowed)]
        screen.items = self.items()
        screen.draw_row(self.app.p, screen.index)

    def set_number(self, spec, v):
        self.values[spec[0]] = v
        # the amount's screen goes (not app.pop(): that would draw the
        # settings as they were, to be drawn again whole at once)
        app = self.app
        app.stack.pop()
        screen = app.stack[-1]
        screen.items = self.items()
        screen.draw(app.p, app)

    def setup_line(self):
        words = [self.name]
        if len(self.game.VARIANTS) > 1:
            words.append(self.variant)
        words.append('players=' + ','.join(self.players[:self.count]))
        for key in sorted(self.values):
            words.append('%s=%s' % (key, self.values[key]))
        return ' '.join(words)

    def start(self):
        # What only the new-game screens need let go first: the new game's rules
        # compile what its start needs then (Steam's auction), from source beside all
        # that is held (made again if the setup is refused and the screens come back)
        self.texts = None
        for name in BEFORE_START:
            self.app.forget(name)
        gc.collect()
        # Where the device restarts to open the new game, its start is made there,
        # after the restart: here the setup is checked and saved, and the new-game
        # screens never hold the rules' parts that make a start (Steam's standard game)
        later = self.app.restart is not None
        try:
            session = session_mod.new_session(self.setup_line(), begin=not later)
        except RuleError as e:
            self.app.push(MessageScreen('Setup', str(e)))
            return
        try:
            slot = self.app.saves.new(session)
        except SaveError as e:
            self.app.push(MessageScreen('New game', str(e)))
            return
        # Where the device can start afresh (App.restart), the new game is opened
        # by a restart, as at power-on: its code is compiled on an empty heap, with
        # none of the new-game screens' (from source on CircuitPython, 20-50 KB less
        # heap: docs/benchmarks-source.md). Not if the save is not named the last
        # (a write failed): it is played in place then.
        if self.app.restart is not None and self.app.saves.last() == slot:
            self.app.restart()
        # The new-game screens, the modules they used and the settings' words let go
        # before the game screen's modules are loaded: from source (CircuitPython) each
        # is compiled then, which needs room for its parse tree (docs/benchmarks-source.md)
        app = self.app
        app.stack = []
        self.texts = None
        app._saves = None
        for name in LET_GO:
            app.forget(name)
        gc.collect()
        if session.state is None:
            session.begin()
        app.play(session)


class SettingsScreen(ListScreen):
    # The settings, "Start the game" first; under the list, one line on the
    # setting under the cursor.
    def __init__(self, ng):
        self.ng = ng
        ListScreen.__init__(self, 'Settings', ng.items(), lambda app, spec: ng.setting(self, spec),
                            font='small')

    def body(self, p):
        # the list, above the lines of help
        y, h = ListScreen.body(self, p)
        return y, h - p.small.height * self.help_lines(p)

    def help_lines(self, p):
        return 2 if p.h >= 120 else 1

    def help(self):
        spec = self.items[self.index][1]
        return self.ng.text(spec[0])[1] if spec else 'With the settings listed below'

    def draw_hint(self, p, app):
        # the help first, from the top down (ListScreen.draw)
        self.draw_help(p)
        ListScreen.draw_hint(self, p, app)

    def draw_help(self, p):
        n = self.help_lines(p)
        y = p.h - self.footer_h(p) - n * p.small.height
        p.fill(0, y, p.w, n * p.small.height, theme.BACKGROUND)
        for line in wrap(self.help(), p.small, p.w - 4)[:n]:
            p.text(2, y, line, p.small, theme.DIM)
            y += p.small.height

    def move(self, p, step):
        ListScreen.move(self, p, step)
        self.draw_help(p)
