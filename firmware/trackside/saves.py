# The save slots on flash: root/game1.log, game2.log, ... (each a game's
# journal, journal.py, its newest records perhaps in gameN.tail) and root/last, the slot to resume at power-on. The
# device needs them at start-up, for a new game and in the saved games'
# screens; during a game it lets this module go (ui/app.py).
import os
import sys
from trackside import need
from trackside.logfmt import seal, crc
from trackside.journal import (SaveError, Journal, exists, is_dir, discard, _forget, _names,
                               _write, _size, read_at, explain, copy_prefix, replace,
                               _unreadable)


class Saves:
    # The save slots: root/game1.log, game2.log, ... and root/last, which
    # names the slot to resume at power-on (a hint; if it is lost, the
    # highest slot is resumed). Beside them: gameN.log.tmp (a replace under
    # way), gameN.new (a new game being written), gameN.bad (what "Recover
    # what is readable" took out of a damaged save), gameN.snap (a snapshot
    # for a quick resume, snapshot.py), gameN.tail (the newest records, not
    # yet in the log: journal.py) and gameN.tail.bad (a damaged tail that
    # "Recover what is readable" set aside).
    #
    # Nothing here raises anything but SaveError: problem holds a message
    # for the player when the folder itself cannot be used as it is.
    def __init__(self, root='saves'):
        self.root = root
        self.problem = None
        r = sys.modules.get('trackside.reader')
        if r is not None:
            r.FIXED = None          # (whole files here: not fixed.py's)
        try:
            self._folder()
        except Exception as e:
            self.problem = 'The save folder cannot be made: %s.' % _explain(e, root)

    def _folder(self):
        # Make sure root is a folder. A file where it belongs is set aside
        # as root.bad (a device must be able to save).
        if exists(self.root):
            if is_dir(self.root):
                return
            bad = self.root + '.bad'
            k = 1
            while exists(bad) and k < 10:
                bad = '%s.bad%d' % (self.root, k)
                k += 1
            os.rename(self.root, bad)
            self.problem = ('A file was where the save folder belongs; it was renamed '
                            '"%s" and a new folder made.' % bad[bad.rfind('/') + 1:])
        os.mkdir(self.root)

    def path(self, slot):
        return '%s/game%d.log' % (self.root, slot)

    def _scan(self):
        # (slots with a save, every number in use by any of our files)
        # or None if the folder cannot be read.
        found = []
        used = []
        try:
            for name in _names(self.root):
                i = name.find(b'.')
                num = name[4:i]
                if not name.startswith(b'game') or i < 5 or i > 10 or not num.isdigit():
                    continue            # not ours
                slot = int(num)
                ext = name[i:]
                if ext == b'.log':
                    found.append(slot)
                elif ext == b'.log.tmp':
                    p = self.path(slot)
                    if not exists(p) and _valid(p + '.tmp'):
                        found.append(slot)      # load() will promote it
                elif ext not in (b'.bad', b'.new', b'.snap', b'.snap.tmp', b'.tail', b'.tail.tmp',
                                 b'.tail.bad'):
                    continue
                used.append(slot)
        except OSError as e:
            if e.args and e.args[0] == 2:
                # no folder, so no saves: why there is none (it could not
                # be made, __init__) is the problem, if it is one
                return [], []
            self.problem = 'The save folder cannot be read: %s.' % explain(e)
            return None
        except Exception as e:
            self.problem = 'The save folder cannot be read: %s.' % explain(e)
            return None
        found.sort()
        return found, used

    def slots(self):
        try:
            r = self._scan()
            return r[0] if r else []
        except Exception as e:
            self.problem = 'The save folder cannot be read: %s.' % explain(e)
            return []

    def _setup(self, slot):
        # The save's setup line (bytes), or None.
        p = self.path(slot)
        r = _reader()._first(p if exists(p) else p + '.tmp')
        return r[1] if r and r[1] else None

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
        # A new save for session; returns its slot. Raises SaveError, with
        # nothing changed, if it cannot be written.
        try:
            self._folder()
            r = self._scan()
            if r is None:       # a slot in use might be taken for the new game
                raise SaveError(self.problem)
            slot = max(r[1]) + 1 if r[1] else 1
            create(self.path(slot), session)
        except Exception as e:
            why = _explain(e, self.root).rstrip('.')
            raise SaveError('Could not start the game: %s%s. Nothing was changed.' % (
                why[:1].lower(), why[1:]))
        try:
            self.set_last(slot)     # (the game is saved: nothing may fail now)
        except Exception:
            pass
        return slot

    def open(self, slot):
        try:
            session, note = _resume().load(self.path(slot))
        except Exception as e:
            raise _unreadable(e)
        try:
            self.set_last(slot)
        except Exception:
            pass
        return session, note

    def slot_of(self, session):
        # The slot a session is saved in (to open it again), or None.
        p = getattr(session and session.journal, 'path', '')
        i = p.rfind('/game')
        return int(p[i + 5:-4]) if i >= 0 and p[i + 5:-4].isdigit() else None

    def delete(self, slot):
        # All or nothing: the save is gone once its file is; a replace's
        # leftover goes first, what went with the save after. A failure
        # says "Nothing was changed" only where the folder still shows the
        # save (FAT after a failed write shows nothing until the next
        # power-on: then the player is told it may be gone).
        p = self.path(slot)
        try:
            if exists(p + '.tmp'):
                discard(p + '.tmp')
            if exists(p):
                discard(p)
        except Exception as e:
            try:
                gone = not exists(p) and not _valid(p + '.tmp')
            except Exception:
                # The folder cannot be read now: on FAT after a failed write
                # (FatFs writes the folder's sector, then the FAT's: the
                # second failing, the save is gone at the next power-on,
                # with nothing shown of it until then). What is true:
                raise SaveError('Could not delete the save: %s. It may be gone or still '
                                'there: switch off and on again to see.' % explain(e))
            if not gone:    # (else it went, and an error came after)
                raise SaveError('Could not delete the save: %s. Nothing was changed.' % explain(e))
        try:                # what went with it (the save is gone: nothing may fail now)
            _forget(p[:-4] + '.bad')
            _forget(p[:-4] + '.new')
            _forget(p[:-4] + '.snap')
            _forget(p[:-4] + '.snap.tmp')
            _forget(p[:-4] + '.tail')
            _forget(p[:-4] + '.tail.tmp')
            _forget(p[:-4] + '.tail.bad')
        except Exception:
            pass

    def recover(self, slot):
        # Keep the records before the first damaged one, or the first one
        # the rules refuse; what is dropped is kept beside it as gameN.bad.
        # Returns (session, note). All or nothing: the save is replaced by
        # the rename of its shortened copy.
        path = self.path(slot)
        tmp = path + '.tmp'
        bad = path[:-4] + '.bad'
        why = cut = aside = None
        try:
            if not exists(path) and not _valid(tmp):
                raise SaveError('There is no save %d any more.' % slot)
            if is_dir(path):
                raise SaveError('Save %d cannot be recovered: a folder is where the save file '
                                'should be. Choose "Delete" to remove it.' % slot)
            if not exists(path):
                os.rename(tmp, path)        # a replace cut short: tmp is the save
            aside = _resume().fold(path)    # (the log alone is the game again)
            # (the log alone: fold leaves no tail, so none is looked for)
            session, good_end, whole, cut, why, chain = _reader()._replay(path, False)
            session = None      # (left part-way by a refused record; opened again below)
            if why or cut:
                _forget(tmp)
                copy_prefix(path, good_end, tmp)
                _forget(bad)
                os.rename(path, bad)
                os.rename(tmp, path)        # cut before this: load() promotes tmp
        except SaveError:
            raise
        except Exception as e:
            if exists(path):
                _forget(tmp)
                raise SaveError('Could not recover save %d: %s. Nothing was changed.' % (
                    slot, explain(e)))
            try:
                kept = _valid(tmp)
            except Exception:
                kept = False
            if not kept:
                raise SaveError('Could not recover save %d: %s.' % (slot, explain(e)))
            # cut before the last rename: the shortened copy is the save now
        session, note = self.open(slot)
        if aside:
            return session, ('Kept what was readable; the newest entries, damaged, are in '
                             'game%d.tail.bad.' % slot)
        return session, note or ('Kept what was readable; the rest is in game%d.bad.' % slot
                                 if why or cut else 'Nothing in this save was damaged.')

    def last(self):
        used = self.slots()
        slot = None
        try:
            w = (read_at(self.root + '/last', 0, 16).split() or [b''])[0]
            if w.isdigit() and len(w) < 7:
                slot = int(w)
        except Exception:
            pass
        if slot in used:
            return slot
        return used[-1] if used else None

    def first_screen(self):
        # What the power-on shows before it opens the last game (set_last):
        # 'new' (the new-game screens), 'saves' (the saved games) or None.
        try:
            w = read_at(self.root + '/last', 0, 16).split()[1:2]
            return w[0].decode() if w and w[0] in (b'new', b'saves') else None
        except Exception:
            return None

    def set_last(self, slot, first=None):
        # Remember the slot to resume; first: 'new' or 'saves', the screen
        # the next power-on shows first, back from which opens the slot
        # (first_screen()). A hint only: if it cannot be written (flash full,
        # a folder in the way), last() falls back to the highest slot;
        # returns whether it was written.
        path = self.root + '/last'
        tmp = path + '.tmp'
        try:
            if is_dir(tmp):
                discard(tmp)
            _write(tmp, 'wb', [('%d%s\n' % (slot, ' ' + first if first else '')).encode()])
            replace(path, tmp)          # (a folder called last: discarded)
            return True
        except Exception:
            _forget(tmp)
        return False


def _explain(e, root):
    # explain(e), for a file or folder made in root: FAT's mkdir says EACCES,
    # not ENOSPC, when the drive has no free cluster; that is "full" too.
    try:
        if isinstance(e, OSError) and e.args and e.args[0] == 13:
            i = root.rfind('/')
            if os.statvfs((root[:i] or '/') if i >= 0 else '.')[3] == 0:     # (no block free)
                return explain(OSError(28))
    except Exception:
        pass
    return explain(e)


def _resume():
    # Opening a save, its tail and snapshot (resume.py): loaded when a save is
    # opened or recovered, not for a new game, which only writes one.
    return need('trackside.resume')


def _reader():
    # Reading a save's records back (reader.py): loaded when a save is read
    # (the list of saves reads only this).
    return need('trackside.reader')


def _valid(path):
    # reader.valid_start, which never raises; a MemoryError loading it is
    # raised, never taken for "not a game" (the callers say what failed).
    return _reader().valid_start(path)


def create(path, session):
    # A new save for a session: written whole as NAME.new, then renamed,
    # so a game file always starts with a good setup, and a new game that
    # could not be written leaves nothing that is read as a game. Raises
    # OSError (or MemoryError) with nothing changed.
    # Everything that allocates comes first: after the rename nothing may
    # fail, or the game would be on flash while the caller says it is not.
    new = path[:-4] + '.new'
    _forget(new)
    recs = [seal(text) for text in [session.setup_line()] + session.history()]
    size = 0
    chain = 0
    for rec in recs:
        size += len(rec)
        chain = crc(memoryview(rec)[:len(rec) - 11], chain)
    j = Journal(path, size)
    j.chain = chain
    j.session = session
    first = recs[0]
    try:
        _write(new, 'wb', recs)
        recs = None
        replace(path, new)      # (Saves.new picks a free slot: nothing to replace)
    except Exception as e:
        if not _whole(path, size, first):
            _forget(new)
            raise e
        # the rename landed and an error came after it: the game is saved
    session.journal = j


def _whole(path, size, first):
    # Is path there, size bytes long, and does it start with the record
    # first (its setup, as written)? After an error, with nothing to load.
    try:
        return _size(path) == size and read_at(path, 0, len(first)) == first
    except Exception:
        return False
