# Where a game in play is in time: its action lines (undone ones too, for redo), the
# cursor (how many are in effect), the states kept every CHECKPOINT actions, the turn
# starts; moving the cursor (undo, redo, undo to the turn's start) and working out the
# state at any point. Session (session.py) is a Timeline that also checks, applies and
# journals new actions; docs/engine.md, "The session".
import json

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


class Timeline:
    # A base of Session: these methods use the session's lines, cursor, state,
    # _checkpoints, _turn_starts and game (session.py, Session.__init__).

    # Each move is all or nothing: the new state is worked out beside the old one,
    # then the "undo"/"redo" line is journalled, and only then does the session move.
    # A save that fails (flash full, a flash error) or a MemoryError on the way leaves
    # the game as it was, on screen and on flash.

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
