# The device's loop: keys in, screens, the game session, saves. Everything
# here is generic: the game screen is ui/table.py's, configured by the
# game's trackside/games/<game>/ui.py, and every answer is one of the shared
# shapes (ui/entry.py).
from trackside.ui.keys import Keys
from trackside.ui.paint import Painter
from trackside.ui.screens import ListScreen, AmountScreen, ConfirmScreen, MessageScreen
from trackside.ui import theme
from trackside.rules import RuleError, PICK, AMOUNT, SUBSET, FORM, CONFIRM, ANYONE
from trackside import need, unload
import gc
import sys

SWEEP = hasattr(gc, 'mem_free')     # (a device's heap; CPython's gc sweeps a large one)


FLAT = 3        # a pick of this many items or fewer is shown in the list of moves
IDLE_MS = 1500  # no button down this long: the device may write a snapshot


class App:
    # restart: where the device can start its interpreter afresh (main.py:
    # MicroPython's soft reset), how another saved game is opened
    # (ui/saves_ui.py, switch); None (the host): in place.
    def __init__(self, display, keymap, saves_dir, led=None, restart=None):
        self.p = Painter(display)
        self.keys = Keys(keymap)
        self.buttons = len(keymap)          # 2, 3 or 4: which hints to show
        self.saves_dir = saves_dir
        self._saves = None
        self.led = led
        self.restart = restart
        self.stack = []
        self.session = None
        self.gui = None                     # the game's screens
        self.status = None                  # (what was done, what it changed): the dashboard's foot
        self.busy = 0                       # when a button was last down (ms)
        self.swept = True                   # no garbage made since the last idle collection
        self.start()

    # The module that keeps the saves: trackside.fixed on CIRCUITPY (boards/cp_code.py).
    SAVES = 'trackside.saves'

    @property
    def saves(self):
        # The save slots (trackside/saves.py), loaded when wanted: during a
        # game the device lets the module go (home()), its heap is the game's.
        if self._saves is None:
            self._saves = need(self.SAVES).Saves(self.saves_dir)
        return self._saves

    # --- the loop ----------------------------------------------------------------

    def tick(self, pressed, now):
        # The buttons held (bit mask) at time now (ms): handle what they
        # mean, push what changed to the display. (A poll, 100 times a
        # second: its frame stays within MicroPython's 11 words, as in
        # keys.py, so the rarer work is in functions of its own.)
        events = self.keys.poll(pressed, now)
        if events:
            self.handle_all(events)
        if pressed:
            self.busy = now
        elif self.session is not None and now - self.busy > IDLE_MS:
            self.idle()
        if self.p.scrolls:          # (most polls: nothing to scroll, nothing to show)
            self.p.animate(now)
        if self.p.dirty or self.p.blank:
            self.p.flush()

    def handle_all(self, events):
        # (by index: a for over the list would keep a 4-word iterator)
        for i in range(len(events)):
            e = events[i]
            self.handle(e[0], e[1])
        self.swept = False

    def idle(self):
        # No key for a while: the newest records into the save's log, and a
        # snapshot for a quick resume (snapshot.py) when it is due. They
        # write flash for a while, so not in a press (Session.defer).
        self.session.idle()
        if self.session.lost:
            # a fold that failed half-way: memory may not match flash, so
            # the save is opened again, as after a failed entry
            self.failed(OSError(5))
        if not self.swept:
            # and the garbage of the presses before, once a pause: a
            # collection is about a million instructions (15 ms and more on a
            # Pico), which a press would otherwise pay when the heap fills
            # (docs/benchmarks-ui.md counts the presses that did)
            self.swept = True
            gc.collect()

    def handle(self, key, n):
        try:
            if key == 'undo':
                self.undo()
            elif self.stack:
                self.stack[-1].key(self, key, n)
        except Exception as e:              # a bug must not end the game: say it, go on
            self.stack = self.stack[:1]
            if not self.stack:
                self.under_error()
            self.push(MessageScreen('Error', self.oops(e)))

    def oops(self, e):
        # The Error screen's words. Out of memory is the device's, not a
        # bug (a screen's code not loaded, late in a long game, its heap in
        # pieces): every entry made is on flash already, and a power-on
        # gives the whole heap back.
        if not isinstance(e, MemoryError):
            return '%s: %s' % (type(e).__name__, e)
        if self.session is None:
            return 'The device ran out of working memory. Switch off and on again to free it.'
        return ('The device ran out of working memory. Every entry is saved: switch off and '
                'on again, and the game opens where it is.')

    def under_error(self):
        # A screen for the Error to go back to when none is left (a game put
        # aside, then the new-game screens failing to load): the game, else
        # the saved games.
        try:
            if self.session is not None:
                self.home()
            else:
                self.saved_games()
        except Exception:
            self.stack = []

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
        # Back to the dashboard of the game in play. The screens of a rare
        # kind of answer (ticks, forms) and the menu are not kept in memory
        # meanwhile.
        forget('trackside.ui.forms')
        forget('trackside.ui.menu')
        forget('trackside.ui.history')
        self.let_go()
        self.stack = [dashboard().Dashboard()]
        self.stack[0].draw(self.p, self)
        self.show_turn()

    def let_go(self):
        # The code that opens a save and lists the saves, not needed in play.
        forget('trackside.ui.saves_ui')
        self._saves = None
        forget(self.SAVES)
        forget('trackside.resume')
        forget('trackside.reader')
        forget('trackside.setupline')

    def show_turn(self):
        # The RGB LED in the colour of the player whose move it is.
        if not self.led or not self.session:
            return
        p = self.session.prompt()['player']
        if p < 0:
            self.led.rgb(0, 0, 0)
        else:
            self.led.rgb(*theme.rgb(self.colours[p]))

    # --- starting, and the saved games (ui/saves_ui.py, loaded when used) ---------------

    def start(self):
        saves_ui().start(self)

    def open(self, slot):
        return saves_ui().open_slot(self, slot)

    def saved_games(self):
        saves_ui().saved_games(self)

    def on_save(self, slot):
        saves_ui().on_save(self, slot)

    def on_slot(self, slot, what):
        saves_ui().on_slot(self, slot, what)

    def delete(self, slot):
        saves_ui().delete(self, slot)

    def play(self, session):
        forget('trackside.ui.newgame')      # a new game is set up: no need of it now
        if self.session is not None and self.session is not session:
            self.session.idle()             # (the game put aside: its save whole)
        self.session = session
        self.rows_small = False
        self.rows_from = 0
        session.defer = True                # its snapshots are written when idle (tick())
        self.colours = theme.player_colours(session.setup['players'])
        # each player's three letters (theme.short) for the game screen's rows,
        # once a game: each new str costs thousands of instructions on MicroPython
        self.shorts = [theme.short(n) for n in session.setup['players']]
        name = session.setup['game']
        # the save is read: its code goes before the game screen's comes (a long
        # Russian Railroads game's power-on at the device heap had no room for both)
        self.let_go()
        if SWEEP:
            # and the replay's garbage swept first: a long Russian Railroads
            # game's power-on, its heap in pieces, found 36 KB free but no
            # 1.3 KB in one piece for the game screen's tiny font (issue 30)
            gc.collect()
        self.gui = need('trackside.games.%s.ui' % name)
        if self.inline():
            self.p.drop_big()           # (its amounts are asked in its own lines)
        self.status = None
        # the phase in play and the numbers at its start (None: not seen from
        # its start, as in a game opened part-way): for the phase's summary
        s = session.state
        self.phase = (s.get('phase'), dashboard().numbers(self) if session.cursor == 0 else None)
        self.home()

    # --- answering the game's prompt ---------------------------------------------------

    def act(self):
        # The player's move: what the game waits for, as screens. When the
        # move is one of a few choices, each short pick's items are in the
        # list of moves itself ("Loan: £10", "Loan: £20"): one question fewer.
        pr = self.session.prompt()
        opts = pr['options']
        if not opts:
            return
        if len(opts) == 1:
            self.answer(pr, opts[0])
            return
        items = []
        for o in opts:
            if o[1] == PICK and len(o[2]) <= FLAT:
                for word, label in o[2]:
                    items.append(('%s: %s' % (self.label(o[0]), label), (o, word)))
            else:
                items.append((self.label(o[0]), o))
        self.choose(pr['text'], items, lambda app, o: app.answer(pr, o))

    arrowed = False     # act_by() is opening the move: it enters nothing

    def act_by(self, key, n):
        # Up or down on the game screen: the move's first question (a list,
        # an amount), with the key's step taken in it, so that an answer one
        # step from where the question starts is two presses, not three.
        # An arrow never enters a move itself: where A would enter it at
        # once (one answer, nothing to ask), it does nothing.
        depth = len(self.stack)
        self.arrowed = True
        try:
            self.act()
        finally:
            self.arrowed = False
        top = self.stack[-1]
        if len(self.stack) > depth and isinstance(top, (ListScreen, AmountScreen)):
            top.key(self, key, n)

    def answer(self, pr, opt, actors=None):
        # One entry: by the player to move, or by one of actors (the
        # prompt's entries that are nobody's move in particular). When any
        # player may make it, the device asks who first. opt may be (option,
        # word): a pick's item chosen in the list of moves.
        if actors is None:
            actors = [pr['player']] if pr['player'] != ANYONE else \
                (pr['actors'] or list(range(len(self.session.setup['players']))))
        if len(actors) > 1:
            names = self.session.setup['players']
            items = [(names[q], q, self.colours[q]) for q in actors]
            self.choose('%s: who?' % self.label(opt[0]), items,
                        lambda app, q: app.answer(pr, opt, [q]))
            return
        # the question keeps the prompt's words: on the game screen only the
        # answer line changes from one step to the next
        word = None
        if isinstance(opt[0], tuple):
            opt, word = opt
        title = self.label(opt[0])
        if self.inline():
            title = pr['text']
        elif actors[0] >= 0:
            title = '%s: %s' % (self.session.setup['players'][actors[0]], title)   # for whom
        entry = need('trackside.ui.entry').Entry(self, actors[0], opt, title)
        if word is None:
            entry.start()
        else:
            entry.done(word)

    def label(self, verb):
        return self.gui.LABELS.get(verb, verb)

    def gui_confirm(self, verb):
        # Lines the game shows before an entry that takes no answer, or None.
        confirm = getattr(self.gui, 'confirm', None)
        return confirm(self, verb) if confirm else None

    def question(self, title, q, on_done, on_back, summary, start=None, again=False):
        # The screen for one question shaped (title, kind, ...): a list, an
        # amount (inline on the game screen where it fits), ticks or a form.
        # on_back: back's way (None: the screen underneath); start: the
        # answer to show, given before (a list's item or an amount; ticks
        # and forms, which no sequence asks, come back as first shown);
        # again: it takes the place of the screen on top (the sequence's
        # question before it).
        kind = q[1]
        inline = self.inline()
        done = lambda app, v: on_done(v)
        if kind == PICK:
            names = self.session.setup['players']
            items = [(label, word, self.colours[names.index(word)]) if word in names else (label, word)
                     for word, label in q[2]]
            screen = (ask().AskList if inline else ListScreen)(title, items, done)
            if start is None and len(q) > 3:
                start = q[3]                # the item to start on
            for i in range(len(items)):
                if items[i][1] == start:
                    screen.index = i
        elif kind == AMOUNT:
            default = start if start is not None else (q[4] if len(q) > 4 else q[2])
            note = q[5] if len(q) > 5 else ''
            unit = q[6] if len(q) > 6 else ''
            screen = (ask().AskAmount if inline else AmountScreen)(title, q[2], q[3], default, done,
                                                                unit, note)
            if len(q) > 7:
                screen.then = q[7]          # the value one press up from the least
            if len(q) > 8:
                screen.skip = q[8]          # values not offered
        elif kind == SUBSET:
            screen = need('trackside.ui.forms').SubsetScreen(title, q[2], q[3], q[4], done)
        elif kind == FORM:
            screen = need('trackside.ui.forms').FormScreen(title, q[2], done)
        elif kind == CONFIRM:
            screen = (ask().AskConfirm if inline else ConfirmScreen)(title, q[2],
                                                                  lambda app: on_done(True))
        else:
            raise ValueError('no screen for answers of kind %s' % kind)
        screen.summary = summary
        screen.on_back = on_back
        if again:
            self.replace(screen)
        else:
            self.push(screen)

    def submit(self, line):
        # Hand the line to the rules. Refused: the rule's words, and back to
        # the same screen with nothing changed. Done: the game screen shows
        # it at once, and then it is saved: a save may erase a flash sector
        # (45 ms on a Pico, up to 400: journal.py), and the player need not
        # wait for that to see the entry. If the save fails, the entry is
        # taken back and the player is told.
        if self.arrowed:
            return                      # (act_by: an arrow opens, A enters)
        s = self.session
        before = dashboard().numbers(self)
        try:
            staged = s.do_text(line, staged=True)
        except RuleError as e:
            self.tell('Not allowed', str(e))
            return
        except Exception as e:          # out of memory
            self.failed(e)
            return
        if staged is None:              # an undo or redo: done and saved already
            self.done(s.line(s.cursor - 1), before)
            return
        shown = None
        try:
            self.done(staged, before)
            self.p.flush()
        except Exception as e:          # (the entry is good: it is saved all the same)
            shown = e
        try:
            s.commit()
        except Exception as e:          # the save failed, or memory ran out
            s.unstage()
            self.status = None
            self.phase = None
            if not s.lost:
                self.home()             # the game as it is again
            self.failed(e)
            return
        if shown is not None:
            raise shown

    def failed(self, e):
        # A change that could not be made or saved (flash full, a flash
        # error, out of memory): nothing changed, and the player is told.
        # If memory may no longer match flash, the save is opened again.
        files = need('trackside.files')
        s = self.session
        lost = s is not None and s.lost
        last = None
        if lost:
            slot = self.saves.slot_of(s)
            if slot is None or not self.open(slot):
                return                  # open() shows the saved games with the reason
            s = self.session
            last = s.line(s.cursor - 1) if s.cursor else None
        self.tell('Not saved', files.not_saved(e, lost, last))

    def done(self, what, before, entered=True):
        # Back to the game screen, saying what was done and what it changed,
        # and when an entry ended a phase, what the whole phase changed.
        after = dashboard().numbers(self)
        moved = dashboard().changes(self, before, after)
        self.status = (what, moved, self.phase_over(after, moved, entered))
        self.home()

    phase = None
    rows_from = 0           # the first row shown at the game's end, where not all fit (ui/rows.py)
    rows_small = False      # the rows needed the small type once this game (ui/rows.py)

    def phase_over(self, after, moved, entered):
        # The summary of the phase just ended ('' if none did): "Build: Red
        # $12→6; Blu $10→8". After an undo or redo the phase in play was not
        # seen from its start, so its summary would be part of one: none.
        ph = self.session.state.get('phase')      # (a game need not have phases)
        was = self.phase
        if not entered:
            self.phase = (ph, None)
            return ''
        if was is not None and was[0] == ph:
            return ''
        self.phase = (ph, after)
        if was is None or was[1] is None:
            return ''
        total = dashboard().changes(self, was[1], after)
        if not total or total == moved:         # (a phase of one entry: said already)
            return ''
        return '%s: %s' % (getattr(self.gui, 'PHASES', {}).get(was[0]) or was[0], total)

    # --- questions during a game: at the bottom of the game screen if it fits ---------

    def inline(self):
        # Questions at the bottom of the game screen (ui/table_questions.py): when a game
        # is shown and the screen has room for both (ui/table.py, inline).
        return self.session is not None and table().inline(self.p)

    def choose(self, title, items, on_pick):
        cls = ask().AskList if self.inline() else ListScreen
        self.push(cls(title, items, on_pick))

    def amount(self, title, lo, hi, value, on_done, unit='', note=''):
        cls = ask().AskAmount if self.inline() else AmountScreen
        self.push(cls(title, lo, hi, value, on_done, unit, note))

    def confirm(self, title, lines, on_yes):
        cls = ask().AskConfirm if self.inline() else ConfirmScreen
        self.push(cls(title, lines, on_yes))

    def tell(self, title, text):
        cls = ask().AskMessage if self.inline() and ask().fits(self.p, text) else MessageScreen
        self.push(cls(title, text))

    # --- undo, redo, the menu ----------------------------------------------------------

    def undo(self):
        s = self.session
        if not s or not s.can_undo():
            return
        line = s.line(s.cursor - 1)
        before = dashboard().numbers(self)
        try:
            s.undo()
        except Exception as e:
            self.failed(e)
            return
        self.done('undid: ' + line, before, False)

    def menu(self):
        need('trackside.ui.menu').open_menu(self)

    def forget(self, name):
        forget(name)

    # --- a new game: game, variant, players, colours, settings ---------------------------

    def new_game(self, reopen=None):
        # The game in play is put aside first, its code and the game
        # screen's let go (ui/saves_ui.py, put_aside): the new-game screens
        # and the new game's rules have the heap a first game has. Back from
        # the first new-game screen opens the game (or reopen) again. Where the
        # device can restart, it does, the new-game screens first at its
        # power-on (Saves.first_screen): the heap a first game has, with none of
        # the game's names or pieces. The saved games'
        # module is not needed again until the new game's save is made.
        slot = saves_ui().put_aside(self)
        if slot is not None:
            reopen = slot
            if self.restart is not None and self.saves.set_last(slot, 'new'):
                self.restart()
        if self.restart is None:
            self._saves = None
            forget(self.SAVES)
            forget('trackside.resume')
            forget('trackside.reader')
        forget('trackside.ui.saves_ui')
        need('trackside.ui.newgame').NewGame(self).begin(reopen)


def forget(name):
    # trackside.unload: let a module used once in a while go. home() asks
    # for six at every entry, mostly not loaded: unload() would make new
    # strings of the name's parts to find that out.
    if name in sys.modules:
        unload(name)


def saves_ui():
    return need('trackside.ui.saves_ui')


def table():
    return need('trackside.ui.table')


def dashboard():
    return need('trackside.ui.dashboard')


def ask():
    return need('trackside.ui.table_questions')
