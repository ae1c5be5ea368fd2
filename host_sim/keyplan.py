# Working out the button presses that enter a game log on the device, as a
# careful player would: for each action of the log, find the answers that
# make it (host_sim/autoanswer.py), then press what the screen in front of us
# needs for each: the verb, the player, each question the device asks. The
# presses are recorded (a key script for keyscript.py) and counted per kind
# of action (tools/bench_ui.py reports them against the targets).
#
# Runs the real firmware (CPython, headless board) for any game; it knows
# the screens only by their shape (a list, an amount, ticks, a form).
from host_sim import keyscript, autoanswer
from host_sim.headless import Display, BOARDS
from trackside.ui.app import App, FLAT
from trackside.ui.entry import only_answer
from trackside.ui.screens import ListScreen, AmountScreen, ConfirmScreen, MessageScreen
from trackside.rules import SEQUENCE, NONE
from trackside import settings, logfmt, setupline


class Planner:
    def __init__(self, saves_dir, board='pico_display'):
        width, height, mono, names, keymap = BOARDS[board]
        self.display = Display(width, height, mono)
        self.app = App(self.display, keymap, saves_dir)
        self.names = names
        self.keymap = keymap
        self.clock = keyscript.Clock()
        self.words = []
        # which button (and how long) gives each key event on this board
        self.key = {}
        for i in range(len(keymap)):
            short, hold, very = keymap[i]
            self.key.setdefault(short, names[i])
            if hold and hold != 'repeat':
                self.key.setdefault(hold, names[i] + '-')
        if 'down' not in self.key:
            self.key['down'] = self.key['advance']      # one button turns one way, and wraps

    opened = None   # the index in words of a select that opened a move's first question

    def press(self, what):
        word = self.key[what]
        index, hold = next(keyscript.presses(word, self.names))
        keyscript.press(self.app, len(self.names), index, hold, self.clock)
        if self.opened == len(self.words) - 1 and what in ('up', 'down'):
            # A that opened the question, then this step: on the device the
            # arrow alone does both (ui/app.py, act_by), to the same screen
            self.words[-1] = word
            self.opened = None
            return
        self.words.append(word)

    def open_move(self):
        # A on the game screen; the first step in what it opens may take its place
        self.press('select')
        if isinstance(self.top(), (ListScreen, AmountScreen)):
            self.opened = len(self.words) - 1

    def top(self):
        return self.app.stack[-1]

    # --- starting a game -------------------------------------------------------------

    def new_game(self, setup_line):
        # The new-game screens: game, variant, players, each seat, settings.
        from trackside.games import load
        setup = setupline.parse_setup(setup_line)
        game = load(setup['game'])
        word = 'game:' + setup['game']     # (by name: its place in the list may change)
        for index, hold in keyscript.presses(word, self.names, self.keymap):
            keyscript.press(self.app, len(self.names), index, hold, self.clock)
        self.words.append(word)
        variant = setup['variant'] or game.VARIANTS[0][0]
        if len(game.VARIANTS) > 1:
            self.pick(variant)
        lo, hi, d = settings.players(game, variant)
        if lo != hi:
            self.amount(len(setup['players']))
        colours = [c for c in self.app_colours()]
        for name in setup['players']:
            if name.lower() in colours:
                self.pick(name.lower())
            else:
                self.pick(None)
                self.letters(name)
        for key, value in setup['settings'].items():
            self.pick_where(lambda v: v and v[0] == key)
            top = self.top()
            if isinstance(top, AmountScreen):
                self.amount(int(value))
            else:
                while self.app_setting(key) != value:
                    self.press('select')
        self.pick_where(lambda v: v is None)

    def app_colours(self):
        from trackside.ui import theme
        return theme.PLAYER_COLOURS

    def app_setting(self, key):
        screen = self.top()
        for label, spec in screen.items:
            if spec and spec[0] == key:
                return screen.ng.value(spec)

    def letters(self, word):
        # Type a name: each letter, its group then the letter; then OK.
        for ch in word:
            self.turn_to(lambda c: c != 'OK' and len(c) > 1 and ch.lower() in c.lower())
            self.press('select')
            self.turn_to(lambda c: c == ch)
            self.press('select')
        self.turn_to(lambda c: c == 'OK')
        self.press('select')

    def turn_to(self, test):
        top = self.top()
        c = top.choices()
        target = [i for i in range(len(c)) if test(c[i])][0]
        n = len(c)
        down = (target - top.at) % n
        up = (top.at - target) % n
        if 'up' not in self.key:
            down, up = down, n + 1
        for _ in range(min(down, up)):
            self.press('down' if down <= up else 'up')

    # --- one action of a log ----------------------------------------------------------

    def act(self, line):
        # Press buttons until the session has done `line`.
        s = self.app.session
        done = s.cursor
        found = autoanswer.find(s, line)
        if found is None:
            raise AssertionError('the device offers no way to enter "%s"' % line)
        actor, opt, values = found
        asked = self.asked(actor, opt, values)      # before a press changes the game
        pr = s.prompt()
        anytime = opt not in pr['options']
        if anytime:
            self.press('back')                          # the menu
            self.pick('other')
            self.pick_where(lambda v: v[1] == opt)
        else:
            self.open_move()                            # act
            if len(pr['options']) > 1:
                flat = opt[1] == 'pick' and len(opt[2]) <= FLAT
                if flat:                                # the item itself is in the list
                    self.pick_where(lambda v: v == (opt, values[0]))
                    asked = []
                else:
                    self.pick_where(lambda v: v == opt)
        if isinstance(self.top(), ListScreen) and self.top().title.endswith(': who?'):
            self.pick(actor)
        for value in asked:
            self.answer(value)
        if isinstance(self.top(), ConfirmScreen):
            self.press('select')
        if isinstance(self.top(), MessageScreen):
            raise AssertionError('"%s" refused: %s' % (line, self.top().text))
        if s.cursor != done + 1 or s.history()[-1] != s.text(s.parse(line)):
            raise AssertionError('entered %s, not %s' % (s.history()[-1:], line))

    def asked(self, actor, opt, values):
        # The answers the device asks for (a question with one legal answer
        # is not asked).
        if opt[1] == NONE:
            return []
        if opt[1] != SEQUENCE:
            return [] if only_answer(opt) is not None else values
        s = self.app.session
        out = []
        for i in range(len(values)):
            summary, q, line = s.game.step(s.setup, s.state, actor, opt[0], values[:i])
            if only_answer(q) is None:
                out.append(values[i])
        return out

    def answer(self, value):
        # (By the class's name: the device lets its forms module go and
        # imports it afresh, so its classes are not the ones imported here.)
        top = self.top()
        kind = type(top).__name__
        if isinstance(top, ConfirmScreen):
            self.press('select')                    # a confirm question: yes
        elif kind == 'SubsetScreen':
            for i in range(len(top.choices)):
                if top.ticked[i] != (top.choices[i][0] in value):
                    self.pick(i)
            self.pick(-1)
        elif kind == 'FormScreen':
            for i in range(len(top.fields)):
                if top.values[i] != value[i]:
                    self.pick(i)
                    self.amount(value[i])
            self.pick(-1)
        elif isinstance(top, ListScreen):
            self.pick(value)
        elif isinstance(top, AmountScreen):
            self.amount(value)
        elif kind == 'LettersScreen':
            self.letters(value)
        else:
            raise AssertionError('no plan for %s' % type(top).__name__)

    # --- moving on a screen -------------------------------------------------------------

    def pick(self, value):
        self.pick_where(lambda v: v == value)

    def pick_where(self, test):
        top = self.top()
        values = [item[1] for item in top.items]
        target = [i for i in range(len(values)) if test(values[i])]
        if not target:
            raise AssertionError('%s has no such item: %r' % (top.title, values))
        t = target[0]
        n = len(values)
        down = (t - top.index) % n
        up = (top.index - t) % n
        if 'up' not in self.key:
            down, up = down, n + 1
        for _ in range(min(down, up)):
            self.press('down' if down <= up else 'up')
        self.press('select')

    def amount(self, value):
        top = self.top()
        if value in getattr(top, 'skip', ()):
            raise AssertionError('%s skips %d: it cannot be entered' % (top.title, value))
        while top.value != value:
            if 'up' not in self.key:
                self.press('down')          # advance: counts up, wraps to the least
            else:
                self.press('up' if value > top.value else 'down')
        self.press('select')


def plan(log_lines, saves_dir, kind_of=None, board="pico_display"):
    # A whole game: (key words, {kind of action: [presses for each]}).
    # kind_of(session, line) names an action's kind (default: its verb).
    planner = Planner(saves_dir, board)
    planner.new_game(log_lines[0])
    counts = {}
    for line in log_lines[1:]:
        if not logfmt.words_of(line):
            continue
        before = len(planner.words)
        s = planner.app.session
        kind = (kind_of or verb_kind)(s, line)
        planner.act(line)
        counts.setdefault(kind, []).append(len(planner.words) - before)
    return planner.words, counts, planner


def verb_kind(session, line):
    return session.parse(line)[1]


def steam_kind(session, line):
    # The action as tools/bench_ui.py counts it: Steam's bids, builds and
    # deliveries by their size (the issues' targets); any other action, its verb.
    p, verb, args = session.parse(line)
    if session.setup['game'] != 'steam':
        return verb
    if verb == 'deliver':
        return 'deliver (%d owners)' % len([a for a in args if a[0] >= 0])
    if verb == 'build':
        return 'build (%d tiles)' % len(args)
    if verb == 'bid':
        least = [o[2] for o in session.prompt()['options'] if o[0] == 'bid']
        if least and args[0] == least[0]:
            return 'bid (the minimum)'
        return 'bid (more, up to $20)' if args[0] <= 20 else 'bid (more than $20)'
    return verb
