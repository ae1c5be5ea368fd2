# Shared by the fault scripts (tests/mp/faults_*.py; CPython's
# tests/test_saves_memory.py imports it too): a game played through the
# Session and Saves APIs, step by step, and the checks made after every
# step, whether it went through or failed:
#   - what the player sees (the session in memory, or if it is lost, the
#     save opened again from flash, as the App does) equals the replay of
#     the file on flash, read line by line as host_sim replay reads it;
#   - all or nothing: it is the state before the step, or the state after
#     it in a run where nothing failed;
#   - the other save (when there is one) equals its replay too.
# Only Steam base (first game) lines; no key presses.
import json

from trackside import logfmt
from trackside.replay import replay
from trackside.journal import SaveError
from trackside.saves import Saves
from trackside.rules import RuleError

SETUP = 'steam base players=Ann,Bob,Cid start=firstgame'
SETUP2 = 'steam base players=Dee,Eve,Fay start=firstgame'
# A first game (digest §4.1: turn order as listed): tiles, builds, deliveries,
# income, the next turn's tiles; undo, redo, undo to the turn start and the
# redo that brings it back; a second game made, played and deleted, and
# the first one opened again from the saved games.
STEPS = [('new', SETUP), ('do', 'Ann tile engineer'), ('do', 'Bob tile firstbuild'),
         ('do', 'Cid tile citygrowth'), ('undo', 1), ('redo', 1), ('undo', 1),
         ('do', 'Cid tile turnorder'), ('do', 'Bob build 3 4'), ('do', 'Ann build 2 2 2 2'),
         ('turn', 0), ('redo', 5), ('new2', SETUP2), ('do2', 'Dee tile firstmove'),
         ('delete2', 0), ('open', 0), ('do', 'Cid pass'), ('do', 'Ann loco'), ('do', 'Bob pass'),
         ('do', 'Cid deliver Cid 1 vp'), ('do', 'Ann deliver Ann 1 income'), ('do', 'Bob loco'),
         ('do', 'Cid pass'), ('do', 'income'), ('do', 'Cid tile firstmove'),
         ('do', 'Ann tile firstbuild'), ('turn', 0), ('redo', 2), ('do', 'Bob tile engineer')]


UNREADABLE = 'unreadable'


def renamed(names):
    # STEPS with other names for Ann, Bob and Cid (records of other lengths:
    # a write then meets the end of a flash block at another record).
    if not names:
        return STEPS
    old = ('Ann', 'Bob', 'Cid')
    out = []
    for kind, arg in STEPS:
        if isinstance(arg, str):
            w = arg.split()
            for i in range(len(w)):
                for k in range(3):
                    if w[i] == old[k]:
                        w[i] = names[k]
                    elif w[i] == 'players=Ann,Bob,Cid':
                        w[i] = 'players=' + ','.join(names)
            arg = ' '.join(w)
        out.append((kind, arg))
    return out


def slot_views(view):
    # A view as {slot: snapshot, or None where there is no game}.
    return {1: view[0], 2: view[1] if view[2] else None}


def snapshot(s):
    if s is None:
        return None
    # (the state copied: the session changes it in place; compared as
    # data, since MicroPython's dicts do not keep the order keys came in)
    return (s.cursor, s.all_lines(), json.loads(json.dumps(s.state)))


def file_replay(path):
    # The game the file on flash holds, read without journal.py: lines,
    # a CR before the newline dropped, each line's checksum checked
    # (logfmt.unseal); a damaged last line is a write cut short and does
    # not count; a damaged line before others is a mismatch.
    try:
        f = open(path, 'rb')
        try:
            data = f.read()
        finally:
            f.close()
    except OSError as e:
        return None, 'no file' if e.args[0] == 2 else UNREADABLE
    try:
        data += tail_records(path, len(data))
    except OSError:
        return None, UNREADABLE
    raw = data.split(b'\n')
    lines = []
    for i in range(len(raw)):
        r = raw[i]
        if r[-1:] == b'\r':
            r = r[:-1]
        if not r.strip():
            continue
        text = logfmt.unseal(r) if b' ~' in r else None
        if text is None:
            if any(x.strip() for x in raw[i + 1:]):
                return None, 'damaged line %d before the end' % (i + 1)
            break
        lines.append(text.decode())
    s, err = replay(lines)
    if err:
        return None, 'replay: %s' % (err,)
    return snapshot(s), None


def tail_records(path, size):
    # The records of the save's tail (journal.py: GAME.tail, whose first
    # line "after N" is the size of the log it follows), read as they will
    # be once folded in: b'' if there is none, or one folded in already.
    try:
        f = open(path[:-4] + '.tail', 'rb')
    except OSError as e:
        if e.args[0] == 2:
            return b''
        raise
    try:
        data = f.read()
    finally:
        f.close()
    i = data.find(b'\n')
    head = logfmt.unseal(data[:i]) if i > 0 else None
    if head and head[:6] == b'after ' and head[6:].isdigit() and int(head[6:]) == size:
        return data[i + 1:]
    return b''


class Problems:
    # The problems found: the first few in words, and how many in all.
    def __init__(self, keep=20):
        self.first = []
        self.count = 0
        self.keep = keep

    def append(self, text):
        self.count += 1
        if len(self.first) < self.keep:
            self.first.append(text)


class Game:
    # The player's games: s in slot 1, s2 in slot 2 while it exists.
    def __init__(self, root):
        self.root = root
        self.saves = Saves(root)
        self.s = self.s2 = None
        self.slot = self.slot2 = None
        self.lost = 0           # sessions found lost, and opened again
        self.closed = False     # one could not be opened again (settle)

    def step(self, kind, arg):
        # Returns False for a step on a game that does not exist (its
        # new game failed): the player could not have made it.
        from trackside.session import new_session
        if kind in ('do2', 'delete2') and self.s2 is None:
            return False
        if kind in ('do', 'undo', 'redo', 'turn', 'open') and self.s is None:
            return False
        if kind == 'new':
            s = new_session(arg)
            self.slot = self.saves.new(s)
            self.s = s
        elif kind == 'new2':
            s = new_session(arg)
            self.slot2 = self.saves.new(s)
            self.s2 = s
        elif kind == 'open':
            self.s = None       # as the App: the game in play is closed first
            self.closed = True  # (and stays closed if it cannot be opened)
            self.s = self.saves.open(self.slot)[0]
            self.closed = False
        elif kind == 'delete2':
            self.saves.delete(self.slot2)
            self.s2 = self.slot2 = None
        else:
            s = self.s2 if kind == 'do2' else self.s
            if kind in ('do', 'do2'):
                s.do_text(arg)
            elif kind == 'undo':
                s.undo(arg)
            elif kind == 'redo':
                s.redo(arg)
            elif kind == 'turn':
                s.undo_turn()
        return True

    def settle(self, tolerate=False):
        # After a failure: what the App does with a lost session (open it
        # again from flash). An open that fails here is a mismatch, unless
        # tolerate (the flash cannot be read: the App shows the saved
        # games with the reason; the next boot is checked instead).
        for which in ('s', 's2'):
            s = getattr(self, which)
            if s is not None and getattr(s, 'lost', False):
                self.lost += 1
                slot = self.slot if which == 's' else self.slot2
                s = None
                setattr(self, which, None)
                try:
                    setattr(self, which, self.saves.open(slot)[0])
                except SaveError:
                    if not tolerate:
                        raise
                    self.closed = True

    def view(self):
        return (snapshot(self.s), snapshot(self.s2), self.slot2 is not None)

    def check(self, label, before, after, problems, unread=None):
        # The state the player sees is before or after (None: any, for a
        # step that went through on a game no longer following the
        # reference), and equals flash. unread: a list that counts flash
        # that cannot be read back (FAT after a failed write, until the
        # next mount); None: that is a problem too.
        now = self.view()
        if self.closed:
            # a game closed by a failed reopen: the rest of it as it was
            before = (before[0] if now[0] else None, before[1] if now[1] else None, before[2])
            if after is not None:
                after = (after[0] if now[0] else None, after[1] if now[1] else None, after[2])
        if after is not None and now != before and now != after:
            problems.append('%s: neither before nor after' % label)
        for s, slot in ((self.s, self.slot), (self.s2, self.slot2)):
            if s is None:
                continue
            got, err = file_replay(self.saves.path(slot))
            if err == UNREADABLE and unread is not None:
                unread.append(label)
                continue
            if err or got != snapshot(s):
                problems.append('%s: slot %d differs from flash (%s)' % (label, slot, err or 'state'))
        self.saves.problem = None
        used = self.saves.slots()
        want = [x for x in (self.slot, self.slot2) if x is not None]
        if self.saves.problem and unread is not None:
            unread.append(label)
        elif used != want:
            problems.append('%s: slots %s, expected %s' % (label, used, want))


def reference(root, steps=STEPS):
    # The views after every step of a run where nothing fails.
    g = Game(root)
    views = [g.view()]
    for kind, arg in steps:
        g.step(kind, arg)
        views.append(g.view())
    return views


def boot(root, allowed, problems, label):
    # Power on again: every save opens in a state allowed for it (allowed:
    # {slot: [snapshot, or None for no save]}), the one last() names is one
    # of them (last is a hint: where it could not be written, another save
    # may be named), and that one takes a new record that is read back.
    saves = Saves(root)
    used = saves.slots()
    opened = []
    for slot in allowed:
        ok = allowed[slot]
        if slot not in used:
            if None not in ok:
                problems.append('%s: boot: slot %d is missing' % (label, slot))
            continue
        try:
            s, note = saves.open(slot)
        except SaveError as e:
            problems.append('%s: boot: slot %d: %s' % (label, slot, e))
            continue
        if snapshot(s) not in ok:
            problems.append('%s: boot opened slot %d in another state' % (label, slot))
        opened.append(slot)
    for slot in used:
        if slot not in allowed:
            problems.append('%s: boot found slot %d, which was never made' % (label, slot))
    slot = saves.last()
    if not opened:
        return
    if slot not in opened:
        problems.append('%s: last() names slot %s' % (label, slot))
        return
    try:
        s, note = saves.open(slot)
        if s.can_undo():
            s.undo()
        else:
            s.redo()
        if snapshot(Saves(root).open(slot)[0]) != snapshot(s):
            problems.append('%s: a record after boot was lost' % label)
    except Exception as e:
        problems.append('%s: after boot: %r' % (label, e))
