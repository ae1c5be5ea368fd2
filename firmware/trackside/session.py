# A game in play: its setup plus the ordered list of actions. The state is
# derived by applying them; undo and redo move a cursor through the list.
# Nothing else is authoritative (the journal on flash is this list).
from trackside.rules import RuleError, verbs, ANYONE
from trackside import logfmt, need, unload, timeline
from trackside.timeline import Timeline, Lines, as_json
from trackside.games import load

class Session(Timeline):
    def __init__(self, setup, journal=None, begin=True):
        # setup: as parsed by setupline.parse_setup; checked by the game here.
        # begin=False: the setup checked, the game not begun (begin() does it): a
        # new game saved for a restart to open (ui/newgame.py) has no state yet.
        self.game = load(setup['game'])
        # (settings.py is needed only here and for the setup line: it is let
        # go at once, a game on a small heap has better use for the room;
        # setupline.py, loaded to read the line, goes when the game is shown:
        # ui/app.py, home)
        need('trackside.setupline').check_names(setup['players'], self.game.RESERVED)
        self.setup = need('trackside.settings').check(self.game, setup)
        unload('trackside.settings')
        extra = getattr(self.game, 'check_setup', None)
        if extra:
            extra(self.setup)           # what a table of settings cannot say
        self.setup['names'] = logfmt.name_keys(setup['players'])   # for player_index
        if self.setup['rules'] > self.game.RULES_VERSION:
            raise RuleError('Made with newer %s rules (v%d; this Trackside has v%d): update Trackside' % (
                setup['game'], setup['rules'], self.game.RULES_VERSION))
        self.journal = journal      # anything with append(text); None = not saved
        self.lines = Lines()        # every action as its log line, undone ones too
        self.cursor = 0             # how many of them are in effect
        self.state = None
        if begin:
            self.begin()
        self._turn_starts = []      # action counts where a new game turn began
        self._prompt = None
        self.version = 0            # counts every change of the state (for redraws)
        self.since = 0              # records journalled since the last snapshot
        self.lost = False           # True: memory may not match flash (see do())
        # (line, its bytes, the turn before): stage() done, commit() due. Set
        # here, so that stage() sets it without allocating.
        self._staged = None

    def begin(self):
        # The game's start: its state before any action.
        self.state = self.game.new_game(self.setup)
        # after k*CHECKPOINT actions; None where a resume from a snapshot
        # skipped it (worked out again when an undo needs it)
        self._checkpoints = [as_json(self.state)]

    # --- what now -------------------------------------------------------------

    def prompt(self):
        if self._prompt is None:
            self._prompt = self.game.prompt(self.state, self.setup)
        return self._prompt

    def setup_line(self):
        # (a game of one variant does not name it). The settings in the
        # order the game lists them: settings.check kept exactly this
        # variant's, so its module need not be loaded again for the order
        # (half a million instructions on MicroPython, in the press that
        # starts a game).
        given = self.setup['settings']
        order = [spec[0] for spec in self.game.SETTINGS if spec[0] in given]
        variant = self.setup['variant'] if len(self.game.VARIANTS) > 1 else None
        return need('trackside.setupline').format_setup(self.setup, order, variant)

    def text(self, action):
        return self.game.unparse(self.setup, action)

    def parse(self, line):
        return logfmt.parse_action(self.game, self.setup, line)

    def line(self, i):
        # Action i as its log line.
        return self.lines[i].decode()

    def history(self):
        # The actions in effect, as log lines.
        return [self.line(i) for i in range(self.cursor)]

    def all_lines(self):
        # Every action, including those undone that redo would bring back.
        return [self.line(i) for i in range(self.lines.n)]

    def over(self):
        return not self.game.expects(self.state)[1]

    def standings(self):
        # Game facts, one row per player (seating order) and the next
        # prompt, as plain data: what `host_sim replay --json` prints.
        out = {'game': self.setup['game'], 'variant': self.setup['variant']}
        out.update(self.game.summary(self.setup, self.state))
        out['players'] = self.game.standings(self.setup, self.state)
        pr = self.prompt()
        out['next'] = pr['text'] if pr['options'] else None
        out['actions'] = self.cursor
        return out

    # --- acting -----------------------------------------------------------------

    def check_turn(self, action):
        # Is it this player's move, with a verb of this phase? (The game's
        # cheap answer; the full prompt is built only to explain a refusal.)
        # An entry that is nobody's move in particular (the game's ANYTIME
        # verbs: a correction, a VP event) is left to the rules to check.
        p, verb = action[0], action[1]
        want, legal = self.game.expects(self.state)
        if (want == p or (want == ANYONE and p >= 0)) and verb in legal:
            return
        if verb in self.game.ANYTIME:
            return
        pr = self.prompt()
        legal = verbs(pr)
        why = self._not_now(p, verb, want, pr, legal)
        when = getattr(self.game, 'WHEN', {}).get(verb)
        if when is not None and verb not in legal:
            # a line of another part of the game: when it comes, first
            why = '"%s" lines come %s. %s' % (verb, when, why)
        raise RuleError(why)

    def _not_now(self, p, verb, want, pr, legal):
        # Why player p's verb is refused now (check_turn); legal: the
        # prompt's verbs.
        if not legal:
            return 'The game is over'
        # an option of the device's that is no word of a line (Russian
        # Railroads' board changes): the game's OPTION_LINES say what they are
        lines = getattr(self.game, 'OPTION_LINES', {}).get(legal[0])
        if want != p and not (want == ANYONE and p >= 0):
            out = p >= 0 and hasattr(self.game, 'inactive') and self.game.inactive(self.state, p)
            if out:                     # (a player out of the game: not "it is X's turn")
                return '%s is out of the game: %s' % (logfmt.name(self.setup, p), out)
            if want >= 0:
                return "It is %s's turn: %s" % (logfmt.name(self.setup, want), pr['text'])
            if want == ANYONE:
                return 'Now: %s (a player\'s name first)' % pr['text']
            if lines is None:
                return 'Now: %s ("%s" on its own line)' % (pr['text'], legal[0])
        for v, why in pr['blocked']:
            if v == verb:
                return why
        if lines is not None:
            blocked = [v for v, why in pr['blocked']]
            others = [v for v in legal[1:] if v not in blocked]
            return 'Now: %s: %s%s' % (pr['text'], lines, ''.join(', or "%s"' % v for v in others))
        return 'Now: %s; choose %s' % (pr['text'], ' or '.join(legal))

    def do(self, action):
        # Check and apply one action; journal it; only then is it in effect.
        self.stage(action)
        try:
            self.commit()
        except Exception:
            self.unstage()
            raise

    def stage(self, action):
        # The first half of do(): check the action and apply it. The rules
        # work on the state itself (a copy for every action would cost the
        # device more than it is worth): a game module raises RuleError
        # before it changes anything (the property tests hold it to that).
        # If anything else goes wrong, a bug or a MemoryError, the state is
        # made again from the actions in effect. Between stage() and
        # commit() the state is the new one, the cursor the old one: the
        # device draws the new state there (ui/app.py, submit), and nothing
        # else may happen. Returns the action's log line.
        self.check_turn(action)
        line = self.text(action)        # (unparse reads only the setup)
        data = line.encode()
        staged = (line, data, self.state['turn'])     # (made before the state changes)
        try:
            self.game.apply(self.state, action)
            self._staged = staged
            self._prompt = None
            self.version += 1
        except RuleError:
            raise
        except Exception:
            self._restore()
            raise
        return line

    def unstage(self):
        # After stage(), when commit() failed before it began (out of memory
        # as it was called): the state as the actions in effect make it.
        if self._staged is not None:
            self._staged = None
            self._restore()

    def commit(self):
        # The second half of do(): journal the staged action, and only then
        # is it in effect. A save that fails (flash full, a flash error, out
        # of memory) makes the state again from the actions in effect, so
        # the action did not happen, in memory or on flash.
        line, data, turn = self._staged
        self._staged = None
        try:
            if self.journal is not None:
                self.journal.append(line)
        except Exception:
            self._restore()
            raise
        # The last step of a change already on flash. If even this fails
        # (out of memory), memory may no longer match flash: the session is
        # marked lost, and the device opens the save again from flash.
        try:
            self._advance(data, self.state, turn, True)
        except Exception:
            self.lost = True
            raise
        self._journalled()

    def _restore(self):
        # The state as the actions in effect make it: from the checkpoint
        # before the cursor, replaying at most CHECKPOINT - 1 actions. If
        # that fails too, the session is lost (see do()).
        try:
            self._goto(self.cursor, True)
        except Exception:
            self.lost = True

    def do_text(self, text, trusted=False, staged=False):
        # One log line (str or bytes): an action, "undo [n]", "redo [n]", or
        # nothing (a blank or comment line). trusted=True replays the
        # device's own journal: its lines (bytes) are already canonical, with
        # no comments, and the state is changed in place, so a failure
        # leaves this session unusable. staged=True: an action is only
        # staged (stage(): its line is returned, commit() is due); undo and
        # redo are done, and None returned.
        w = text.split() if trusted else logfmt.words_of(text)
        if not w:
            return
        actor = logfmt.player_index(self.setup, w[0])
        if actor < 0 and logfmt.low(w[0]) in logfmt.SESSION_WORDS:
            verb = logfmt.low(w[0]).decode()
            n = logfmt.amount(w[1], verb) if len(w) > 1 else 1
            if len(w) > 2 or n < 1:
                raise RuleError('"%s" takes one count, e.g. "%s 2"' % (verb, verb))
            if verb == 'undo':
                if n > self.cursor:
                    raise RuleError('Nothing to undo' if not self.cursor else
                                    'Only %d action%s can be undone' % (
                                        self.cursor, '' if self.cursor == 1 else 's'))
                self.undo(n)
            else:
                if n > self.lines.n - self.cursor:
                    k = self.lines.n - self.cursor
                    raise RuleError('Nothing to redo' if not k else
                                    'Only %d action%s can be redone' % (k, '' if k == 1 else 's'))
                self.redo(n)
            return
        action = logfmt.parse_words(self.game, self.setup, w, actor)
        if staged:
            return self.stage(action)
        if trusted:
            self.check_turn(action)
            turn = self.state['turn']
            self.game.apply(self.state, action)
            self._advance(text, self.state, turn)
        else:
            self.do(action)

    # --- saved -------------------------------------------------------------------

    def _journalled(self):
        # Every CHECKPOINT records the journal takes a snapshot (snapshot.py),
        # so a resume replays fewer than CHECKPOINT of them: at once, or,
        # with defer set (the device: ui/app.py), when no key is pressed.
        self.since += 1
        if not self.defer:
            self.cache()

    defer = False

    def idle(self):
        # No key pressed for a while (ui/app.py), or the game put aside: the
        # journal's newest records into the save's log (journal.py, fold),
        # and the snapshot if it is due.
        j = self.journal
        if j is not None and not self.lost and hasattr(j, 'idle'):
            j.idle()
        self.cache()

    def cache(self):
        # Write the snapshot if it is due. It is a cache: nothing it does can
        # fail the game, which is saved already.
        if self.since >= timeline.CHECKPOINT and self.journal is not None and not self.lost:
            self.since = 0
            try:
                self.journal.snapshot(self)
            except Exception:
                pass


def new_session(text, journal=None, begin=True):
    # A session from a setup line.
    return Session(need('trackside.setupline').parse_setup(text), journal, begin)
