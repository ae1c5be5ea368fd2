# A game in play: its setup plus the ordered list of actions. The state is
# derived by applying them; undo and redo move a cursor through the list.
# Nothing else is authoritative (the journal on flash is this list).
import json

from trackside.rules import RuleError, verbs, ANYONE
from trackside import logfmt, need, unload
from trackside.games import load

# Every CHECKPOINT actions the session keeps the state (as JSON text), so
# an undo replays at most CHECKPOINT - 1 actions instead of the whole game.
# As a game is played forward only the first, the KEPT newest and the one at
# the cursor are held (Russian Railroads' state is 0.9 KB of JSON, and a game
# has five): the first undo or look at the history further back works them
# out again from an older one, and keeps them.
CHECKPOINT = 32
KEPT = 2

# JSON without the spaces after "," and ":": the checkpoints stay in RAM all
# game (Russian Railroads' five come to 5 KB, a fifth of it spaces). A port
# whose json.dumps takes no separators writes them with the spaces.
try:
    json.dumps(0, separators=(',', ':'))
    _SEP = (',', ':')
except TypeError:
    _SEP = None


def as_json(state):
    return json.dumps(state, separators=_SEP) if _SEP else json.dumps(state)


class Lines:
    # The action lines (bytes), packed for a small heap: every CHECKPOINT
    # lines become one bytes object, so a long game is a few dozen objects.
    def __init__(self):
        self.packed = []            # CHECKPOINT lines joined by b'\n'
        self.tail = []              # the lines after them
        self.n = 0                  # how many lines in all

    def append(self, line):
        self.tail.append(line)
        self.n += 1
        if len(self.tail) == CHECKPOINT:
            self.packed.append(b'\n'.join(self.tail))
            self.tail = []

    def chunk(self, k):
        # Lines k*CHECKPOINT .. k*CHECKPOINT + CHECKPOINT - 1.
        if k < len(self.packed):
            return self.packed[k].split(b'\n')
        return self.tail

    def __getitem__(self, i):
        return self.chunk(i // CHECKPOINT)[i % CHECKPOINT]

    def cut(self, n):
        # Keep the first n lines.
        self.n = n
        k = n // CHECKPOINT
        if k < len(self.packed):
            self.tail = self.packed[k].split(b'\n')[:n % CHECKPOINT]
            del self.packed[k:]
        else:
            del self.tail[n - k * CHECKPOINT:]


class Session:
    def __init__(self, setup, journal=None):
        # setup: as parsed by setupline.parse_setup; checked by the game here.
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
        self.state = self.game.new_game(self.setup)
        # after k*CHECKPOINT actions; None where a resume from a snapshot
        # skipped it (worked out again when an undo needs it)
        self._checkpoints = [as_json(self.state)]
        self._turn_starts = []      # action counts where a new game turn began
        self._prompt = None
        self.version = 0            # counts every change of the state (for redraws)
        self.since = 0              # records journalled since the last snapshot
        self.lost = False           # True: memory may not match flash (see do())
        # (line, its bytes, the turn before): stage() done, commit() due. Set
        # here, so that stage() sets it without allocating.
        self._staged = None

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

    def _advance(self, line, new, old_turn, shown=False):
        if self.cursor < self.lines.n:
            # a new action after undo: the undone ones can't be redone now
            self.lines.cut(self.cursor)
            del self._checkpoints[self.cursor // CHECKPOINT + 1:]
            while self._turn_starts and self._turn_starts[-1] > self.cursor:
                self._turn_starts.pop()
        self.lines.append(line)
        self._stepped(new, old_turn, shown)

    def _stepped(self, new, old_turn, shown=False):
        # The state moved one action forward (a new action or a redo).
        # shown: stage() has counted this change of the state already (a
        # second count would redraw the game screen's rows for nothing).
        self.cursor += 1
        self.state = new
        self._prompt = None
        if not shown:
            self.version += 1
        k = self.cursor
        if k % CHECKPOINT == 0 and len(self._checkpoints) == k // CHECKPOINT:
            self._checkpoints.append(as_json(new))
            self._prune()
        if new['turn'] != old_turn and (not self._turn_starts or self._turn_starts[-1] < k):
            self._turn_starts.append(k)

    def turn_history(self, series):
        # For a chart: each series' per-player values at the start of each
        # turn so far, and now. A series is a state key (a per-player list)
        # or a function of the state giving one (a derived value: Brass's
        # income level from the track position). One replay from the start.
        marks = [0] + [k for k in self._turn_starts if 0 < k < self.cursor] + [self.cursor]
        out = [[] for k in series]
        state = json.loads(self._checkpoints[0])
        done = 0
        for mark in marks:
            while done < mark:
                self.game.apply(state, self.parse(self.lines[done]))
                done += 1
            for i in range(len(series)):
                f = series[i]
                out[i].append(state[f][:] if isinstance(f, str) else f(state))
        return out

    # --- undo and redo ------------------------------------------------------------
    # Each of these is all or nothing: the new state is worked out beside the
    # old one, then the "undo"/"redo" line is journalled, and only then does
    # the session move. A save that fails (flash full, a flash error) or a
    # MemoryError on the way leaves the game as it was, on screen and on flash.

    def can_undo(self):
        return self.cursor > 0

    def can_redo(self):
        return self.cursor < self.lines.n

    def undo(self, n=1):
        n = min(n, self.cursor)
        if n:
            self._move(self.cursor - n, 'undo', n)
        return n

    def redo(self, n=1):
        n = min(n, self.lines.n - self.cursor)
        if n:
            self._move(self.cursor + n, 'redo', n)
        return n

    def state_at(self, k):
        # The state after the first k actions (k <= the cursor), worked out
        # beside the game in play (for the history: what an entry changed);
        # the checkpoints found missing on the way are kept.
        state, at, marks = self._worked_out(k, True)
        self._note(marks)
        return state

    def turn_of(self, k):
        # The game turn that action k (0 = the first) was made in: 1 + how
        # many turn starts come at or before it.
        n = 1
        for start in self._turn_starts:
            if start <= k:
                n += 1
        return n

    def turn_start(self):
        # The action count at which the current game turn began; if nothing
        # has been done in this turn yet, the start of the previous one.
        start = 0
        for k in self._turn_starts:
            if k < self.cursor:
                start = k
        return start

    def undo_turn(self):
        # "Undo to the start of this turn": one step, and redo brings it back.
        return self.undo(self.cursor - self.turn_start())

    def _move(self, target, verb, n):
        state, cursor, marks = self._worked_out(target)
        if self.journal is not None:
            self.journal.append(verb if n == 1 else '%s %d' % (verb, n))
        try:
            self._moved(state, cursor, marks)       # (as in do(): on flash already)
        except Exception:
            self.lost = True
            raise
        self._journalled()

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
        if self.since >= CHECKPOINT and self.journal is not None and not self.lost:
            self.since = 0
            try:
                self.journal.snapshot(self)
            except Exception:
                pass

    def _moved(self, state, cursor, marks):
        self.state = state
        self.cursor = cursor
        self._prompt = None
        self.version += 1
        self._note(marks)

    def _worked_out(self, target, fresh=False):
        # The state after the first target actions, made beside the state in
        # play: from the current one going forward, else from the nearest
        # checkpoint at or before target. Returns (state, target, marks):
        # marks lists what _note records on the way (turn starts, checkpoints).
        if target >= self.cursor and not fresh:
            state, at = json.loads(as_json(self.state)), self.cursor
        else:
            k = target // CHECKPOINT
            while self._checkpoints[k] is None:
                k -= 1
            state, at = json.loads(self._checkpoints[k]), k * CHECKPOINT
        marks = []
        # these actions were legal when made and the rules are deterministic,
        # so they are applied without checking whose turn it is
        while at < target:
            k = at // CHECKPOINT
            chunk = self.lines.chunk(k)
            for line in chunk[at - k * CHECKPOINT:target - k * CHECKPOINT]:
                turn = state['turn']
                self.game.apply(state, self.parse(line))
                at += 1
                self._mark(marks, state, turn, at)
        return state, at, marks

    def _mark(self, marks, state, old_turn, k):
        # A checkpoint is marked where the list ends (the next one) or has
        # a gap; ('c', (index, JSON)).
        if k % CHECKPOINT == 0:
            i = k // CHECKPOINT
            cps = self._checkpoints
            top = len(cps)
            for m in marks:
                if m[0] == 'c' and m[1][0] == top:
                    top += 1
            if i == top or (i < len(cps) and cps[i] is None):
                marks.append(('c', (i, as_json(state))))
        if state['turn'] != old_turn:
            marks.append(('t', k))

    def _note(self, marks):
        for kind, v in marks:
            if kind == 'c':
                if v[0] < len(self._checkpoints):
                    self._checkpoints[v[0]] = v[1]
                else:
                    self._checkpoints.append(v[1])
            elif not self._turn_starts or self._turn_starts[-1] < v:
                self._turn_starts.append(v)

    def _prune(self):
        # As play goes forward, let go of the checkpoints between the first
        # and the KEPT newest, but the one an undo from here starts at. (Ones
        # worked out again for an undo or the history further back are kept:
        # the next undo, or the next entry looked at, starts from them.)
        cps = self._checkpoints
        at = self.cursor // CHECKPOINT
        for i in range(1, len(cps) - KEPT):
            if i != at:
                cps[i] = None

    def turn_starts(self):
        return self._turn_starts

    def _goto(self, target, fresh=False):
        # Move to target (resuming a save, restoring after a failure).
        self._moved(*self._worked_out(target, fresh))


def new_session(text, journal=None):
    # A session from a setup line.
    return Session(need('trackside.setupline').parse_setup(text), journal)
