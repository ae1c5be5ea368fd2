# Working out the button presses that enter a game log on the device, as a
# careful player would: for each action of the log, look at the screen, press
# what moves it towards that action, and so on until the action is made. The
# presses are recorded (a key script for keyscript.py) and counted per kind of
# action (tools/bench_ui.py reports them against the targets).
#
# Runs the real firmware (CPython, headless board); knows the screens only by
# what they show: items, values, titles.
from host_sim import keyscript
from host_sim.headless import Display, BOARDS
from trackside.ui.app import App
from trackside.ui.screens import ListScreen, AmountScreen, ConfirmScreen, MessageScreen
from trackside.games import steam


class Planner:
    def __init__(self, saves_dir, board='pico_display'):
        width, height, mono, names, keymap = BOARDS[board]
        self.display = Display(width, height, mono)
        self.app = App(self.display, keymap, saves_dir)
        self.names = names
        self.clock = keyscript.Clock()
        self.words = []
        # the 4-button Pico Display: X up, Y down, A select, B back
        self.key = {'up': 'X', 'down': 'Y', 'select': 'A', 'back': 'B'}

    def press(self, what):
        word = self.key[what]
        index, hold = next(keyscript.presses(word, self.names))
        keyscript.press(self.app, len(self.names), index, hold, self.clock)
        self.words.append(word)

    def top(self):
        return self.app.stack[-1]

    # --- starting a game -------------------------------------------------------------

    def new_game(self, setup_line):
        # The new-game screens: game, variant, players, colours, settings.
        from trackside import logfmt
        setup = logfmt.parse_setup(setup_line)
        self.pick(setup['game'])
        self.pick(setup['variant'] or 'base')
        self.amount(len(setup['players']))
        for name in setup['players']:
            self.pick(name.lower())
        for key, value in setup['settings'].items():
            self.pick_where(lambda v: v and v[0] == key)
            top = self.top()
            if isinstance(top, AmountScreen):
                self.amount(int(value))
            else:
                while top.items[top.index][0].split(': ')[1] != value:
                    self.press('select')
        self.pick_where(lambda v: v is None)

    # --- one action of a log ----------------------------------------------------------

    def act(self, line):
        # Press buttons until the session has done `line`.
        s = self.app.session
        done = s.cursor
        action = s.parse(line)
        self.target = action
        self.parts = list(action[2]) if action[1] == 'deliver' else None
        guard = 0
        while s.cursor == done:
            guard += 1
            if guard > 400:
                raise AssertionError('cannot enter "%s" at %s' % (line, type(self.top()).__name__))
            self.step(action)
            if isinstance(self.top(), MessageScreen):
                raise AssertionError('"%s" refused: %s' % (line, self.top().text))
        if s.history()[-1] != s.text(action):
            raise AssertionError('entered %s, not %s' % (s.history()[-1], line))

    def step(self, action):
        top = self.top()
        p, verb, args = action
        if type(top).__name__ == 'Dashboard':
            self.press('select')
        elif isinstance(top, ConfirmScreen):
            self.press('select')
        elif isinstance(top, ListScreen):
            if verb == 'deliver' and not isinstance(top.items[0][1], tuple):
                want = self.delivery_step()         # decided once, for this screen
                self.pick_where(lambda v: v == want)
            else:
                self.pick_where(lambda v: self.wanted(v, action))
        elif isinstance(top, AmountScreen):
            self.amount(self.amount_wanted(top, action))
            if verb == 'deliver' and self.parts and self.parts[0][0] < 0 and top is not self.top():
                self.parts.pop(0)       # unowned links: no choice of income or VP
        else:
            raise AssertionError('no plan for %s' % type(top).__name__)

    def wanted(self, value, action):
        p, verb, args = action
        if isinstance(value, tuple):                # the verb list: prompt options
            return value[0] == verb
        if verb == 'tile':                          # the tile list: "citygrowth pass"
            return value == steam.TILES[args[0] - 1] + (' pass' if args[1] else '')
        raise AssertionError('no list for %s' % verb)

    def delivery_step(self):
        # What the delivery screens want next: income/vp, an owner, or done.
        top = self.top()
        items = [v for label, v in [i[:2] for i in top.items]]
        if 'income' in items:
            return self.parts.pop(0)[2]
        if self.parts:
            owner = self.parts[0][0]
            return owner
        return 'done'

    def amount_wanted(self, top, action):
        p, verb, args = action
        if verb == 'deliver':
            return self.parts[0][1]
        if verb == 'build':
            return args[len(top.costs)] if len(top.costs) < len(args) else 0
        if verb == 'pass':
            return 0
        return args[0]

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
        for _ in range(min(down, up)):
            self.press('down' if down <= up else 'up')
        self.press('select')

    def amount(self, value):
        top = self.top()
        while top.value != value:
            self.press('up' if value > top.value else 'down')
        self.press('select')


def plan(log_lines, saves_dir):
    # A whole game: (key words, {kind of action: [presses for each]}).
    planner = Planner(saves_dir)
    planner.new_game(log_lines[0])
    counts = {}
    for line in log_lines[1:]:
        before = len(planner.words)
        kind = kind_of(planner.app.session, line)
        planner.act(line)
        counts.setdefault(kind, []).append(len(planner.words) - before)
    return planner.words, counts, planner


def kind_of(session, line):
    # The action as a benchmark counts it: a bid, a build, a delivery with
    # its number of link owners, the income phase...
    p, verb, args = session.parse(line)
    if verb == 'deliver':
        return 'deliver (%d owners)' % len([a for a in args if a[0] >= 0])
    if verb == 'build':
        return 'build (%d tiles)' % len(args)
    if verb == 'bid':
        least = [o[2] for o in session.prompt()['options'] if o[0] == 'bid']
        return 'bid (the minimum)' if least and args[0] == least[0] else 'bid (more)'
    return verb
