# A save's records read back and checked, and replayed into a session (from
# a snapshot, snapshot.py, where the caller has one that fits), and what a
# damaged save can still give: what every way of keeping saves needs to open,
# list or recover one. CIRCUITPY's saves (fixed.py) load this module alone;
# littlefs's (saves.py) load resume.py too, for a save's tail and snapshot.
# Let go with the saves while a game is played: its RAM is the game's then.
#
# Reading never trusts the folder: whatever is in it (damaged files, huge
# lines, folders where files belong, names that are not UTF-8), the answer
# is a SaveError whose message a player understands, never a crash.
from trackside import logfmt, need
from trackside.session import Session
from trackside.files import SaveError, _CHUNK, MAX_RECORD

_BOM = b'\xef\xbb\xbf'    # the byte-order mark some editors put first
# A save written in place in a file of fixed size (fixed.py, on CIRCUITPY)
# begins this many bytes in, and ends at its first NUL byte: what follows is
# space not yet used. None: a save is the whole file.
FIXED = None


def records(path, follows=None):
    # Yield (record_number, text, end_offset, whole) for each record: text
    # (bytes) is None where the checksum fails (damaged, or torn by a power
    # cut) or the record is longer than MAX_RECORD; whole is False for a
    # last record without its newline. Reads in blocks (MicroPython's
    # readline reads a byte at a time) and never holds more than a block
    # and MAX_RECORD bytes. CR before a newline and a byte-order mark at the
    # start are read as host_sim replay reads them. follows: resume.follows,
    # for a save that may have a tail (littlefs's): the records of a tail that
    # follows the log come after the log's, at the offsets they will have once
    # folded in; None: the log's only.
    found = follows(path) if follows else None
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


def _replay(path, strict, snap=None, follows=None):
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
    # follows: as for records().
    if snap:
        snapshot = need('trackside.snapshot')
    session = None
    good_end = 0
    replayed = 0
    chain = 0           # the CRC of the records' texts up to good_end
    whole = True
    bad = 0
    why = None
    g = records(path, follows)
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
