# The device's loop: keys in, screens, the game session, saves. Everything
# here is generic; the game's own screens (its dashboard, its special
# answers) come from trackside/ui/<game>_ui.py.
from trackside.ui.keys import Keys
from trackside.ui.paint import Painter
from trackside.ui.screens import ListScreen, AmountScreen, ConfirmScreen, MessageScreen
from trackside.ui import theme, ask
from trackside.rules import RuleError, NONE, AMOUNT, PICK, AMOUNTS
from trackside.journal import Saves, SaveError
from trackside import session as session_mod


class App:
    def __init__(self, display, keymap, saves_dir, led=None):
        self.p = Painter(display)
        self.keys = Keys(keymap)
        self.buttons = len(keymap)          # 2, 3 or 4: which hints to show
        self.saves = Saves(saves_dir)
        self.led = led
        self.stack = []
        self.session = None
        self.gui = None                     # the game's screens
        self.status = ''                    # one line on the dashboard: "undid: ..."
        self.start()

    # --- the loop ----------------------------------------------------------------

    def tick(self, pressed, now):
        # The buttons held (bit mask) at time now (ms): handle what they
        # mean, push what changed to the display.
        for key, n in self.keys.poll(pressed, now):
            self.handle(key, n)
        self.p.flush()

    def handle(self, key, n):
        try:
            if key == 'undo':
                self.undo()
            elif self.stack:
                self.stack[-1].key(self, key, n)
        except Exception as e:              # a bug must not end the game: say it, go on
            self.stack = self.stack[:1]
            self.push(MessageScreen('Error', '%s: %s' % (type(e).__name__, e)))

    # --- screens -------------------------------------------------------------------

    def push(self, screen):
        self.stack.append(screen)
        screen.draw(self.p, self)

    def pop(self):
        if len(self.stack) > 1:
            self.stack.pop()
        self.stack[-1].draw(self.p, self)

    def replace(self, screen):
        self.stack[-1] = screen
        screen.draw(self.p, self)

    def home(self):
        # Back to the dashboard of the game in play.
        self.stack = [self.gui.Dashboard()]
        self.stack[0].draw(self.p, self)
        self.show_turn()

    def show_turn(self):
        # The RGB LED in the colour of the player whose move it is.
        if not self.led or not self.session:
            return
        p = self.session.prompt()['player']
        if p < 0:
            self.led.rgb(0, 0, 0)
        else:
            self.led.rgb(*theme.PALETTE[theme.colour_index(self.session.setup['players'][p])][1])

    # --- starting: resume the last game, or a new one ----------------------------------

    def start(self):
        slot = self.saves.last()
        if slot is None:
            self.new_game()
            return
        try:
            self.open(slot)
        except SaveError as e:
            self.saved_games()
            self.push(MessageScreen('Save %d' % slot, str(e)))

    def open(self, slot):
        session, note = self.saves.open(slot)
        self.play(session)
        if note:
            self.status = note
            self.home()

    def play(self, session):
        forget('trackside.ui.newgame')      # a new game is set up: no need of it now
        self.session = session
        name = session.setup['game']
        self.gui = __import__('trackside.ui.%s_ui' % name, None, None, [name])
        self.status = ''
        self.home()

    # --- answering the game's prompt ---------------------------------------------------

    def act(self):
        # The player's move: what the game waits for, as screens.
        pr = self.session.prompt()
        opts = pr['options']
        if not opts:
            return
        if len(opts) == 1 or (opts[0][1] == AMOUNTS and opts_of(pr)[1:] == ['pass']):
            # one answer; or a list of amounts, where 0 says pass
            self.answer(pr, opts[0])
            return
        items = [(self.gui.label(o[0]), o) for o in opts]
        self.choose(pr['text'], items, lambda app, o: app.answer(pr, o))

    def answer(self, pr, opt):
        verb, kind = opt[0], opt[1]
        head = verb
        if pr['player'] >= 0:
            head = self.session.setup['players'][pr['player']] + ' ' + verb
        # the question keeps the prompt's words: on the game screen only the
        # answer line changes from one step to the next
        title = pr['text'] if ask.inline(self.p) else self.gui.label(verb)
        if kind == NONE:
            confirm = self.gui.confirm(self, verb)
            if confirm:
                self.confirm(self.gui.label(verb) + '?', confirm, lambda app: app.submit(head))
            else:
                self.submit(head)
        elif kind == AMOUNT:
            default = opt[4] if len(opt) > 4 else opt[2]
            note = opt[5] if len(opt) > 5 else ''
            unit = '$' if verb in self.gui.MONEY else ''
            self.amount(title, opt[2], opt[3], default,
                        lambda app, v: app.submit('%s %d' % (head, v)), unit, note)
        elif kind == PICK:
            self.choose(title, [(label, args) for args, label in opt[2]],
                        lambda app, args: app.submit(head + ' ' + args))
        elif kind == AMOUNTS:
            passing = None
            if 'pass' in opts_of(pr):
                passing = head[:len(head) - len(verb)] + 'pass'
            cls = AskAmounts if ask.inline(self.p) else AmountsScreen
            self.push(cls(title, opt, head, passing))
        else:
            self.gui.answer(self, pr, opt, head, title)

    def submit(self, line):
        # Hand the line to the rules. Refused: the rule's words, and back to
        # the same screen with nothing changed. Done: back to the dashboard.
        try:
            self.session.do_text(line)
        except RuleError as e:
            self.tell('Not allowed', str(e))
            return
        except OSError as e:
            self.tell('Not saved', 'Could not save (%s): nothing was changed' % e)
            return
        self.status = ''
        self.home()

    # --- questions during a game: at the bottom of the game screen if it fits ---------

    def choose(self, title, items, on_pick):
        cls = ask.AskList if ask.inline(self.p) else ListScreen
        self.push(cls(title, items, on_pick))

    def amount(self, title, lo, hi, value, on_done, unit='', note=''):
        cls = ask.AskAmount if ask.inline(self.p) else AmountScreen
        self.push(cls(title, lo, hi, value, on_done, unit, note))

    def confirm(self, title, lines, on_yes):
        cls = ask.AskConfirm if ask.inline(self.p) else ConfirmScreen
        self.push(cls(title, lines, on_yes))

    def tell(self, title, text):
        cls = ask.AskMessage if ask.inline(self.p) and ask.fits(self.p, text) else MessageScreen
        self.push(cls(title, text))

    # --- undo, redo, the menu ----------------------------------------------------------

    def undo(self):
        s = self.session
        if not s or not s.can_undo():
            return
        line = s.line(s.cursor - 1)
        s.undo()
        self.status = 'undid: ' + line
        self.home()

    def menu(self):
        s = self.session
        items = []
        if s and s.can_undo():
            items.append(('Undo: ' + s.line(s.cursor - 1), 'undo'))
        if s and s.can_redo():
            items.append(('Redo: ' + s.line(s.cursor), 'redo'))
        if s and s.cursor > s.turn_start():
            items.append(('Undo to turn start', 'turn'))
        if s:
            items += [('History', 'history'), ('Chart', 'chart')]
        items += [('New game', 'new'), ('Saved games', 'saves')]
        self.push(ListScreen('Menu', items, App.on_menu, font='small'))

    def on_menu(self, what):
        s = self.session
        if what == 'undo':
            self.undo()
        elif what == 'redo':
            s.redo()
            self.status = 'redid: ' + s.line(s.cursor - 1)
            self.home()
        elif what == 'turn':
            n = s.undo_turn()
            self.status = 'undid %d to the turn start' % n
            self.home()
        elif what == 'history':
            lines = s.history()
            lines.reverse()
            items = [(line, None) for line in lines] or [('(nothing yet)', None)]
            self.push(ListScreen('History (%d)' % len(lines), items, lambda app, v: None, font='small'))
        elif what == 'chart':
            from trackside.ui.chart import ChartScreen
            self.push(ChartScreen(s, self.gui))
            forget('trackside.ui.chart')    # the screen holds what it needs
        elif what == 'new':
            self.new_game()
        elif what == 'saves':
            self.saved_games()

    # --- saved games -------------------------------------------------------------------

    def saved_games(self):
        items = [(self.saves.describe(slot), slot) for slot in self.saves.slots()]
        if not items:
            items = [('(none)', None)]
        screen = ListScreen('Saved games', items, App.on_save)
        if self.stack:
            self.push(screen)
        else:
            self.stack = [screen]
            screen.draw(self.p, self)

    def on_save(self, slot):
        if slot is None:
            return
        items = [('Resume', 'open'), ('Delete', 'delete'), ('Recover what is readable', 'recover')]
        self.push(ListScreen('Save %d' % slot, items, lambda app, what: app.on_slot(slot, what)))

    def on_slot(self, slot, what):
        try:
            if what == 'open':
                self.open(slot)
            elif what == 'recover':
                session, note = self.saves.recover(slot)
                self.play(session)
            else:
                self.push(ConfirmScreen('Delete save %d?' % slot, [self.saves.describe(slot)],
                                        lambda app: app.delete(slot)))
        except SaveError as e:
            self.push(MessageScreen('Save %d' % slot, str(e)))

    def delete(self, slot):
        self.saves.delete(slot)
        self.stack = []
        if self.session and self.session.journal and self.session.journal.path == self.saves.path(slot):
            self.session = None
        self.saved_games()

    # --- a new game: game, variant, players, colours, settings ---------------------------

    def new_game(self):
        from trackside.ui.newgame import NewGame
        NewGame(self).begin()


def forget(name):
    # Unload a module used once in a while (new game, chart): its code's RAM
    # comes back when nothing else holds it.
    import sys
    sys.modules.pop(name, None)
    dot = name.rfind('.')
    parent = sys.modules.get(name[:dot])
    if parent is not None and hasattr(parent, name[dot + 1:]):
        delattr(parent, name[dot + 1:])


def opts_of(pr):
    return [o[0] for o in pr['options']]


class AmountsScreen(AmountScreen):
    # Several amounts, one after another: the cost of each track tile.
    # 0 ends the list (or, with nothing entered, passes if that is allowed).
    def __init__(self, title, opt, head, pass_line):
        verb, kind, most, lo, hi, total = opt[:6]
        self.base = title
        self.most, self.per, self.total = most, hi, total
        self.head = head
        self.pass_line = pass_line
        self.costs = []
        top = min(hi, total)
        AmountScreen.__init__(self, self.name(), 0 if pass_line else min(lo, top), top,
                              min(2, top), self.done)

    def name(self):
        spent = sum(self.costs)
        return '%s: tile %d%s' % (self.base, len(self.costs) + 1, ' ($%d so far)' % spent if spent else '')

    def draw(self, p, app):
        self.note = '0 = done' if self.costs or self.pass_line else '1 to %d' % self.hi
        AmountScreen.draw(self, p, app)

    def done(self, app, v):
        if v:
            self.costs.append(v)
        if v and len(self.costs) < self.most and sum(self.costs) < self.total:
            # the next tile, or 0 = done: a one-tile build is act, ok, ok
            self.lo = 0
            self.hi = min(self.per, self.total - sum(self.costs))
            self.value = 0
            self.title = self.name()
            self.draw(app.p, app)
            return
        if self.costs:
            app.submit(self.head + ' ' + ' '.join(str(c) for c in self.costs))
        elif self.pass_line:
            app.submit(self.pass_line)


class AskAmounts(ask.Ask, ask.AmountLine, AmountsScreen):
    # The same, as a question at the bottom of the game screen.
    def draw(self, p, app):
        self.note = '0 = done' if self.costs or self.pass_line else '1 to %d' % self.hi
        ask.Ask.draw(self, p, app)
