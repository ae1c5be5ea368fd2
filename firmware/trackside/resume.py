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
from trackside.journal import (SaveError, Journal, exists, is_dir, discard, _forget, _unreadable,
                               _CHUNK, MAX_RECORD, tail_of, _size)

_BOM = b'\xef\xbb\xbf'    # the byte-order mark some editors put first


def records(path):
    # Yield (record_number, text, end_offset, whole) for each record: text
    # (bytes) is None where the checksum fails (damaged, or torn by a power
    # cut) or the record is longer than MAX_RECORD; whole is False for a
    # last record without its newline. Reads in blocks (MicroPython's
    # readline reads a byte at a time) and never holds more than a block
    # and MAX_RECORD bytes. CR before a newline and a byte-order mark at the
    # start are read as host_sim replay reads them. A tail beside the log
    # that follows it (tail_at) is read as the log's end.
    f = open(path, 'rb')
    t = None
    try:
        at = tail_at(path)
        n = pos = 0             # records so far; file offset of the block
        rest = b''              # the start of a record not yet ended
        skip = False            # in a record too long to keep
        while True:
            block = f.read(_CHUNK)
            if not block and at:
                # the log's records go on in its tail (journal.py), at the
                # offsets they will have once it is folded in
                f.close()
                f = t = open(tail_of(path), 'rb')
                f.seek(at)
                at = 0
                block = f.read(_CHUNK)
            if not block:
                break
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
        if t is not None:
            t.close()


def tail_at(path):
    # Where the records of path's tail begin in it (after its "after N"),
    # if it has one that follows the log as it is; else 0 (none, or one
    # already folded in: its N is less than the log's size).
    tail = tail_of(path)
    try:
        if not exists(tail):
            return 0
        f = open(tail, 'rb')
        try:
            head = f.read(32)
        finally:
            f.close()
        i = head.find(b'\n')
        text = _text(head[:i], 2) if i > 0 else None
        if text and text[:6] == b'after ' and text[6:].isdigit() and int(text[6:]) == _size(path):
            return i + 1
    except (OSError, ValueError):
        pass
    return 0


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
    g = records(path)
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
        session, good_end, whole, cut, why, chain = _resume(path)
        journal = _journal(path, good_end)
    except Exception as e:
        raise _unreadable(e)
    note = None
    journal.glue = not whole
    journal.chain = chain
    journal.session = session
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


def _journal(path, end):
    # The Journal of a save whose good records end at end: in its log, or
    # in the tail that follows it (its records are then read back, a few
    # hundred bytes: what the fold will write).
    at = tail_at(path)
    size = _size(path)
    if not at or end <= size:
        return Journal(path, end)
    journal = Journal(path, size)
    t = Journal(tail_of(path), at + end - size)
    t.session = journal.session
    f = open(t.path, 'rb')
    try:
        f.seek(at)
        t.held = f.read(end - size)
    finally:
        f.close()
    journal.tail = t
    return journal


def fold(path):
    # The records of a save's tail (journal.py) into its log, and the tail
    # gone: the log alone is the game again (before "Recover what is
    # readable" rewrites it). Raises OSError if the log cannot be written.
    at = tail_at(path)
    tail = tail_of(path)
    if at:
        _journal(path, _size(path) + _size(tail) - at).fold()
    if exists(tail):
        # (one folded in already; it must go before the log is cut back, or
        # a log cut to its "after N" would read it again)
        discard(tail)


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
