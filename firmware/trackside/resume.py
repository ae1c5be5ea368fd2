# Opening a saved game: its records read back and checked, then replayed
# (from the snapshot beside it where one fits, snapshot.py), and what a
# damaged save can still give. The saves (saves.py) load this module to open
# a game, list the slots or recover one, and let it go with them while the
# game is played: its RAM is the game's then. Writing is journal.py's.
#
# Reading never trusts the folder: whatever is in it (damaged files, huge
# lines, folders where files belong, names that are not UTF-8), the answer
# is a SaveError whose message a player understands, never a crash.
import os
from trackside import logfmt, need, unload
from trackside.session import Session
from trackside.files import (SaveError, exists, is_dir, discard, _forget, _unreadable,
                             _CHUNK, MAX_RECORD, tail_of, _size, read_at)

_BOM = b'\xef\xbb\xbf'    # the byte-order mark some editors put first
# A save written in place in a file of fixed size (fixed.py, on CIRCUITPY)
# begins this many bytes in, and ends at its first NUL byte: what follows is
# space not yet used. None: a save is the whole file.
FIXED = None


def records(path, tail=True):
    # Yield (record_number, text, end_offset, whole) for each record: text
    # (bytes) is None where the checksum fails (damaged, or torn by a power
    # cut) or the record is longer than MAX_RECORD; whole is False for a
    # last record without its newline. Reads in blocks (MicroPython's
    # readline reads a byte at a time) and never holds more than a block
    # and MAX_RECORD bytes. CR before a newline and a byte-order mark at the
    # start are read as host_sim replay reads them. The records of a tail
    # that follows the log (follows()) come after the log's, at the offsets
    # they will have once folded in; tail=False: the log's only.
    found = follows(path) if tail else None
    left = found[0] if found else -1        # the log's bytes the tail's records follow
    f = open(path, 'rb')
    try:
        n = pos = 0             # records so far; file offset of the block
        if FIXED:
            f.seek(FIXED)
            pos = FIXED
        rest = b''              # the start of a record not yet ended
        skip = False            # in a record too long to keep
        while True:
            if left == 0:
                block = found[2]    # (a few hundred bytes, read already)
                left = -2           # (the log's bytes past n are not read)
            elif left == -2:
                break
            else:
                block = f.read(_CHUNK if left < 0 else min(_CHUNK, left))
                if left > 0:
                    left -= len(block)
                    if not block:
                        left = 0
                        continue
            if not block:
                break
            if FIXED is not None:
                z = block.find(b'\0')
                if z >= 0:
                    block = block[:z]
                    left = -2       # (nothing after it is read)
            start = 0
            while True:
                i = block.find(b'\n', start)
                if i < 0:
                    break
                n += 1
                text = None
                if not skip and len(rest) + i - start <= MAX_RECORD:
                    text = _text(rest + block[start:i] if rest else block[start:i], n)
                rest = b''
                skip = False
                yield n, text, pos + i + 1, True
                start = i + 1
            if not skip and start < len(block):
                # (the length is looked at before the bytes are joined: a
                # record growing by blocks makes a new, longer bytes each
                # time, and the one past MAX_RECORD is never needed)
                if len(rest) + len(block) - start > MAX_RECORD:
                    rest = b''
                    skip = True
                else:
                    rest = rest + block[start:] if rest else block[start:]
            pos += len(block)
        if rest or skip:
            yield n + 1, None if skip else _text(rest, n + 1), pos, False
    finally:
        f.close()


def follows(path):
    # The save's tail (journal.py), if its records follow the log: (n, at,
    # records) with n the log's bytes they follow, at where they begin in
    # the tail. None if there is none, or its records are in the log already
    # (a fold done, the power cut before the tail's removal: the log's bytes
    # past n are them). A log longer than n by a part of them is a fold cut
    # part-way: those bytes are cut off before the next write. Raises
    # SaveError where a tail holds records that fit nowhere (damaged).
    tail = tail_of(path)
    if not exists(tail):
        return None
    size = _size(tail)
    data = read_at(tail, 0, size) if size <= 4 * _CHUNK else b''   # (a tail is TAIL bytes at most)
    i = data.find(b'\n')
    head = _text(data[:i], 2) if i > 0 else None
    rest = data[i + 1:]
    if not head or head[:6] != b'after ' or not head[6:].isdigit():
        # a first write cut short holds nothing that was saved; whole records
        # after a damaged head were
        if size > 4 * _CHUNK or any(_text(r, 2) for r in rest.split(b'\n')[:-1]):
            raise SaveError(_damaged_tail(path))
        return None
    n = int(head[6:])
    k = _size(path) - n             # the log's bytes past n
    m = min(k, len(rest))
    if k < 0 or (m and read_at(path, n, m) != rest[:m]):
        raise SaveError(_damaged_tail(path))
    if k >= len(rest):
        return None
    return n, i + 1, rest


def _damaged_tail(path):
    name = tail_of(path)
    return ('The newest entries of this save (in %s) are damaged. Choose "Recover what is '
            'readable" to keep the entries before them.' % name[name.rfind('/') + 1:])


def _text(raw, n):
    # A record's text, b'' for a blank line, None if it is damaged. The
    # device always writes a checksum: a record without one is damaged.
    if n == 1 and raw[:3] == _BOM:
        raw = raw[3:]
    k = len(raw)
    if k and raw[k - 1] == 13:      # the CR of a CRLF line end
        raw = raw[:k - 1]
        k -= 1
    if k >= 10 and raw[k - 10] == 32 and raw[k - 9] == 126:    # " ~"
        return logfmt.checked(raw, k)
    return b'' if not raw.strip() else None


def _first(path):
    # The first record (n, text, end, whole), or None; the file is closed.
    g = records(path, False)
    try:
        for r in g:
            return r
    finally:
        g.close()
    return None


def valid_start(path):
    # Does the file exist and begin with a whole, good setup record? (A
    # replaced file is written as NAME.tmp first; cut short, it is not a game.)
    try:
        r = _first(path)
        return bool(r and r[1] and r[3])
    except Exception:
        return False


def _keep(n):
    # "Recover what is readable" keeps the entries before entry n.
    if n < 2:
        return 'Choose "Recover what is readable" to keep its setup (no entries).'
    return 'Choose "Recover what is readable" to keep the %d %s before it.' % (
        n - 1, 'entry' if n == 2 else 'entries')


class _Stale(Exception):
    # The snapshot is not of this save as it is now: replay it whole.
    pass


def _replay(path, strict, snap=None):
    # Replay the save at path. Returns (session, good_end, whole, cut,
    # why, chain): good_end is the offset after the last record replayed, whole
    # whether it ended with its newline, cut whether damaged records come
    # after it (a write cut short), why the message for the first record
    # that stopped the replay (None if none did), chain the CRC of the
    # records' texts up to good_end (Journal.chain). strict: only damage at
    # the end may be dropped; anything else raises SaveError. Entries are
    # numbered from the line after the setup, as a player counts them.
    # snap (snapshot.read): the records up to its offset are skimmed, not
    # replayed, and its state taken there; raises _Stale if it does not fit.
    if snap:
        snapshot = need('trackside.snapshot')
    session = None
    good_end = 0
    replayed = 0
    chain = 0           # the CRC of the records' texts up to good_end
    whole = True
    bad = 0
    why = None
    g = records(path)
    try:
        for n, text, end, whole_ in g:
            if text is None:
                if session is None:
                    why = ('This save holds no game: its first line is damaged. '
                           'Choose "Delete" to remove it.')
                    break
                if not bad:
                    bad = n
                    if not strict:
                        why = 'This save is damaged at entry %d.' % (n - 1)
                        break
                continue
            if bad:
                if text:
                    raise SaveError('This save is damaged at entry %d. %s' % (
                        bad - 1, _keep(bad - 1)))
                continue
            if text:
                if session is None:
                    session = _start(text)
                    if snap and snap[4] != snapshot.rules_of(session):
                        raise _Stale()
                elif snap:
                    if end > snap[0]:
                        raise _Stale()      # no record ends where it was taken
                    try:
                        snapshot.skim(session, text)
                    except MemoryError:
                        raise
                    except Exception:
                        raise _Stale()
                    if end == snap[0]:
                        if not snapshot.take(session, snap, logfmt.crc(text, chain)):
                            raise _Stale()
                        snap = None
                else:
                    replayed += 1
                    try:
                        session.do_text(text, trusted=True)
                    except MemoryError:
                        raise
                    except Exception as e:
                        # a save must never crash the device (the session is
                        # left part-way through the record: it is dropped)
                        why = 'Entry %d of this save cannot be replayed (%s%s).' % (
                            n - 1, e, _version_hint(session))
                        if strict:
                            raise SaveError('%s %s' % (why, _keep(n - 1)))
                        return None, good_end, whole, False, why, chain
                chain = logfmt.crc(text, chain)
            good_end = end
            whole = whole_
    finally:
        g.close()               # (a generator left part-way keeps its file open)
    if snap:
        raise _Stale()          # the save ends before the snapshot's record
    if session is None:
        raise SaveError(why or 'This save is empty. Choose "Delete" to remove it.')
    session.since = replayed    # (the next snapshot is due CHECKPOINT records after the last)
    return session, good_end, whole, bool(bad), why, chain


def load(path):
    # Resume the game saved at path. Returns (session, note): note is None,
    # or says what was repaired. Raises SaveError, never anything else, and
    # never changes a file it cannot read.
    tmp = path + '.tmp'
    try:
        if not exists(path):
            if not valid_start(tmp):
                raise SaveError('There is no save here any more.')
            os.rename(tmp, path)      # replace() cut between its remove and rename
        elif exists(tmp):
            _forget(tmp)              # a replace() cut before its rename
        if is_dir(path):
            raise SaveError('This save cannot be read: a folder is where the save file '
                            'should be. Choose "Delete" to remove it.')
        _promote_tail(path)
        session, good_end, whole, cut, why, chain = _resume(path)
        journal = _journal(path, good_end, follows(path))
    except Exception as e:
        raise _unreadable(e)
    note = None
    journal.glue = not whole
    journal.chain = chain
    journal.session = session
    if journal.tail is not None:
        journal.tail.session = session
    if journal.torn and not cut:
        try:
            journal._cut()      # (the part of a fold cut short, before its tail)
        except Exception:
            pass
    if cut:
        # The last record is damaged: a write cut short. It is cut off now,
        # or before the next record (Journal), so no record joins it.
        note = 'The last entry was cut off (the power went, or the memory failed) and was dropped.'
        j = journal.tail or journal
        j.torn = True
        try:
            j._cut()
        except Exception:
            pass
    session.journal = journal
    return session, note


def _journal(path, end, found):
    # The Journal of a save whose good records end at end: in its log, or
    # in the tail that follows it (found: follows()). (journal.py is littlefs's:
    # CIRCUITPY's saves, fixed.py, never ask for it.)
    Journal = need('trackside.journal').Journal
    if found is None or end <= found[0]:
        return Journal(path, end, _size(path) > end)
    n, at, rest = found
    journal = Journal(path, n, _size(path) > n)     # (torn: a fold cut part-way)
    t = Journal(tail_of(path), at + end - n)
    t.head = at
    journal.tail = t
    return journal


def _promote_tail(path):
    # A tail cut back (Journal._cut) by a replace() stopped between its
    # remove and its rename lives on as gameN.tail.tmp only: it is the tail.
    tail = tail_of(path)
    tmp = tail + '.tmp'
    if exists(tmp):
        if exists(tail):
            _forget(tmp)        # (the cut stopped before its rename: the tail stands)
        else:
            os.rename(tmp, tail)


def fold(path):
    # The records of a save's tail (journal.py) into its log, and the tail
    # gone: the log alone is the game again (before "Recover what is
    # readable" rewrites it). A damaged tail is set aside as gameN.tail.bad
    # (True is returned). Raises OSError if the log cannot be written.
    tail = tail_of(path)
    _promote_tail(path)
    try:
        found = follows(path)
    except SaveError:
        bad = tail + '.bad'
        _forget(bad)
        os.rename(tail, bad)
        return True
    if found is not None:
        _journal(path, found[0] + len(found[2]), found).fold()
    if exists(tail):
        # (one folded in already; it must go before the log is cut back, or
        # a log cut to its "after N" would read it again)
        discard(tail)
    return False


def _resume(path):
    # _replay, from the snapshot if there is one that fits the save. The
    # snapshot's module is loaded once for it, and let go before the game
    # is played (or the log replayed whole): the game has better use for the RAM.
    snap_path = path[:-4] + '.snap'        # (snapshot.path_of, without loading it)
    if not exists(snap_path):
        return _replay(path, True)
    snapshot = need('trackside.snapshot')
    try:
        snap = snapshot.read(path)
        if snap:
            try:
                return _replay(path, True, snap)
            except _Stale:
                _forget(snap_path)
    finally:
        unload('trackside.snapshot')
    return _replay(path, True)


def _start(text):
    try:
        return Session(need('trackside.setupline').parse_setup(text.decode()))
    except MemoryError:
        raise
    except Exception as e:      # RuleError, UnicodeError, or a setup no game expects
        raise SaveError('This save cannot be opened: %s.' % str(e).rstrip('.'))


def _version_hint(session):
    if session.setup['rules'] != session.game.RULES_VERSION:
        return '; it was saved with rules v%d, this Trackside has v%d' % (
            session.setup['rules'], session.game.RULES_VERSION)
    return ''
