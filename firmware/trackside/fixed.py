# The save slots on a FAT drive that a power cut must never damage beyond
# the entry being written: CIRCUITPY (docs/boards.md, "Saves on CIRCUITPY").
# The same API as saves.py. Why another: CircuitPython writes its flash a
# 4 KB block at a time, erased and then programmed, and one FAT holds every
# file's clusters: a save that grows rewrites the FAT's block, and a cut
# there loses every file on the drive. So here nothing is ever made, grown,
# renamed or removed while games are played: the space is made once, at the
# first power-on, and every write lands inside files of fixed size, each in
# a folder of its own with PAD bytes around it, so that no flash block holds
# a save's bytes and anything else. A save is kept twice (copies a and b,
# the same log, each followed by a NUL byte) and written a first, then b: a
# cut can spoil only the copy being written, and the other holds every entry
# acknowledged. Opening a save takes the copy with more good records and
# writes it over the other first.
#
# This module is the slots (listed, opened, mended, deleted), let go while a
# game is played: that needs only the writer, fixed_log.py. Apart from it too,
# each loaded only when wanted: the space made at the first power-on
# (fixed_make.py), what a damaged slot can still give (fixed_recover.py) and
# the records read back (reader.py). From source, each is compiled on its
# own: none needs a parse tree the size of all of them.
from trackside import need, unload
from trackside.logfmt import seal, crc
from trackside.files import SaveError, explain, read_at, exists, _unreadable
from trackside.fixed_log import HEAD, Journal, _put


def _scan(path):
    # (end, setup) of a copy: the offset after its last good record, and its
    # first record's text (None: blank, damaged or missing). Raises OSError
    # if the copy cannot be read at all.
    end = 0
    setup = None
    g = need('trackside.reader').records(path)
    try:
        for n, text, e, whole in g:
            if text is None or not whole:
                break
            if n == 1:
                setup = text
            end = e
    finally:
        g.close()
    return end, setup


class Saves:
    def __init__(self, root='saves'):
        self.root = root
        self.problem = None
        self.count = 0
        need('trackside.reader').FIXED = HEAD
        try:
            self._make()
        except Exception as e:
            self.problem = 'The save space cannot be made: %s.' % explain(e)

    def copy(self, slot, c):
        return '%s/%d%s/game.log' % (self.root, slot, c)

    def path(self, slot):
        return self.copy(slot, 'a')

    def _make(self):
        # The save space: made at the first power-on (fixed_make.py), ready after.
        done = self.root + '/ready'
        if exists(done):
            self.count = int(read_at(done, 0, 8).strip() or 0)
            return
        try:
            need('trackside.fixed_make').make(self)
        finally:
            unload('trackside.fixed_make')

    def _pick(self, slot):
        # (the copy to open, its end, the other copy or None) of a slot whose
        # copies may differ: the one with more good records.
        best = None
        other = None
        for c in 'ab':
            p = self.copy(slot, c)
            try:
                end, setup = _scan(p)
            except OSError:
                continue            # (a copy whose folder a cut spoiled)
            if setup is None:
                end = 0
            if best is None or end > best[1]:
                if best is not None:
                    other = best[0]
                best = (p, end)
            else:
                other = p
        return best, other

    def slots(self):
        # The slots either copy of which begins with a good setup.
        reader = need('trackside.reader')
        found = []
        try:
            for slot in range(1, self.count + 1):
                if reader.valid_start(self.copy(slot, 'a')) or reader.valid_start(self.copy(slot, 'b')):
                    found.append(slot)
        except Exception as e:
            self.problem = 'The save space cannot be read: %s.' % explain(e)
        return found

    def _setup(self, slot):
        best, _ = self._pick(slot)
        if not best or not best[1]:
            return None
        return need('trackside.reader')._first(best[0])[1]

    def describe(self, slot):
        # One line for the list of saves, from the setup line only.
        try:
            return need('trackside.setupline').describe(slot, self._setup)
        except MemoryError:             # (loading it: not the save's fault)
            return '%d: not read, the working memory is full' % slot

    def game_of(self, slot):
        # The game a save is of (its setup line's first word), or None if
        # that cannot be read.
        words = self.setup_of(slot)
        return words[0] if words else None

    def setup_of(self, slot):
        # The first two words of a save's setup line (its game, and its variant
        # where the game has variants), or None if that cannot be read.
        try:
            line = self._setup(slot)
            if line:
                return [w.decode() for w in line.split()[:2]]
        except Exception:
            pass
        return None

    def new(self, session):
        # The new game in the first slot whose copies are both blank.
        if self.problem:
            raise SaveError('Could not start the game: %s Nothing was changed.' % self.problem)
        free = self._free()
        if not free:
            raise SaveError('Could not start the game: all %d save slots are in use. Delete '
                            'a saved game first. Nothing was changed.' % self.count)
        slot = free[0]
        j = Journal(self.copy(slot, 'a'), self.copy(slot, 'b'), HEAD)
        recs = [session.setup_line()] + session.history()
        data = b''.join([seal(t) for t in recs])
        try:
            j.start(data)
        except Exception as e:
            raise SaveError('Could not start the game: %s. Nothing was changed.' % explain(e))
        chain = 0
        for t in recs:
            chain = crc(t.encode(), chain)
        j.chain = chain
        j.session = session
        session.journal = j
        self.set_last(slot)
        return slot

    def open(self, slot):
        try:
            best, other = self._pick(slot)
            if not best or not best[1]:
                raise SaveError('There is no save here any more.')
            path, end = best
            a = self.copy(slot, 'a')
            b = self.copy(slot, 'b')
            # (replayed first: damage before good records is no cut, and is
            # left as it is for "Recover what is readable")
            session, good_end, whole, cut, why, chain = need('trackside.reader')._replay(path, True)
            note = None
            if other is not None:
                _mend(path, end, other)     # the other copy first: this one holds the game
            else:
                try:
                    moved = need('trackside.fixed_recover').move(self, path, end)
                finally:
                    unload('trackside.fixed_recover')
                if moved:
                    session, note = self.open(moved)
                    return session, ('A power cut spoiled one of the two copies of save %d: '
                                     'the game was moved to slot %d.' % (slot, moved))
                note = ('A power cut spoiled one of the two copies of this save, and no slot '
                        'is free to move it to: delete a save you no longer need.')
            torn = read_at(path, end, 1) not in (b'', b'\0')
            if torn:
                _put(path, end, b'\0')      # a record cut short, dropped
                note = note or 'The last entry was cut off (the power went) and was dropped.'
        except Exception as e:
            raise _unreadable(e)
        j = Journal(a, b, good_end) if other is not None else Journal(path, None, good_end)
        j.chain = chain
        j.session = session
        session.journal = j
        self.set_last(slot)
        return session, note

    def _free(self):
        # The slots with no game whose two copies can be written.
        used = self.slots()
        return [s for s in range(1, self.count + 1) if s not in used and
                exists(self.copy(s, 'a')) and exists(self.copy(s, 'b'))]

    def slot_of(self, session):
        p = getattr(session and session.journal, 'path', '')
        i = p.rfind('/')
        k = p.rfind('/', 0, i)
        num = p[k + 1:i - 1]
        return int(num) if num.isdigit() else None

    def delete(self, slot):
        # Blank copy a, then b: cut between, b still holds the game, which
        # is then there as before.
        done = False
        for c in 'ab':
            p = self.copy(slot, c)
            try:
                if exists(p):
                    _put(p, HEAD, b'\0')
                    done = True
            except Exception as e:
                raise SaveError('Could not delete the save: %s. %s' % (explain(e), (
                    'It is still there: try again.' if done else 'Nothing was changed.')))

    def recover(self, slot):
        # "Recover what is readable" (fixed_recover.py, loaded for it), then
        # the save opened.
        try:
            dropped = need('trackside.fixed_recover').recover(self, slot)
        finally:
            unload('trackside.fixed_recover')
        session, note = self.open(slot)
        return session, note or ('Kept what was readable; the rest was dropped.' if dropped
                                 else 'Nothing in this save was damaged.')

    def last(self):
        used = self.slots()
        slot = None
        try:
            w = (read_at(self.root + '/last/slot', HEAD, 16).split(b'\0')[0].split() or [b''])[0]
            if w.isdigit():
                slot = int(w)
        except Exception:
            pass
        if slot in used:
            return slot
        return used[-1] if used else None

    def first_screen(self):
        # The screen the power-on shows before the last game (set_last), as saves.py's.
        try:
            w = read_at(self.root + '/last/slot', HEAD, 16).split(b'\0')[0].split()[1:2]
            return w[0].decode() if w and w[0] in (b'new', b'saves') else None
        except Exception:
            return None

    def set_last(self, slot, first=None):
        # first: 'new' or 'saves', the screen the next power-on shows first, back
        # from which opens slot. A hint only (a cut here: the highest slot is
        # resumed instead).
        try:
            _put(self.root + '/last/slot', HEAD, b'%d%s\n\0' % (slot, b' ' + first.encode() if first else b''))
            return True
        except Exception:
            return False


def _mend(src, end, dest):
    # dest made the same as src's first end bytes, then a NUL: only the
    # 512-byte pieces that differ are written.
    at = HEAD
    while at < end:
        k = min(512, end - at)
        want = read_at(src, at, k)
        if read_at(dest, at, k) != want:
            _put(dest, at, want)
        at += k
    if read_at(dest, end, 1) != b'\0':
        _put(dest, end, b'\0')
