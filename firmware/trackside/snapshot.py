# The snapshot beside a save (gameN.snap): the state a game had after the
# first records of its journal, so that resuming a long game reads those
# records without replaying them. It is a cache, never the truth: it names
# the record it was taken at (the offset after it, and the CRC of all the
# records' texts up to it), the counts of lines and actions in effect and
# the rules, and is used only if the save still has those records and
# reading them gives the same counts (resume.load checks); anything else
# and the save is replayed whole, as if there were none.
#
# Due every CHECKPOINT records (Session.cache: at once, or on the device
# when no key is pressed), written whole to gameN.snap.tmp and then renamed,
# as every file here. It holds two or three sealed records: a head (JSON:
# format, offset, chain CRC, lines, cursor, rules, turn starts), the
# checkpoint at or before the cursor, and the state at the cursor if it is
# past that checkpoint (JSON).
# The device loads this module to resume a game and every CHECKPOINT
# records to write a snapshot, and lets it go after (journal.py).
import json
import os
from trackside import logfmt, timeline as _timeline
from trackside.rules import RuleError
from trackside.files import _write, _forget, replace, read_at

FORMAT = 1
MOST = 16384        # a snapshot longer than this is damage (a state is ~1 KB)


def path_of(save):
    return save[:-4] + '.snap'


def write(save, end, crc, session):
    # Take the snapshot of session, whose journal's records end at offset
    # end (crc: the CRC of their texts, Journal.chain). Never raises: a
    # snapshot that cannot be written costs the next resume time, never the game.
    path = path_of(save)
    tmp = path + '.tmp'
    try:
        parts = _parts(session)
        if parts is None:
            return
        head = json.dumps([FORMAT, end, crc, session.lines.n, session.cursor,
                           rules_of(session), session.turn_starts()])
        chunks = [logfmt.seal(head)]
        for text in parts:
            if text is not None:
                b = text.encode()
                chunks += [b, b' ~', logfmt.checksum(b).encode(), b'\n']
        _write(tmp, 'wb', chunks)
        replace(path, tmp)
    except Exception:
        _forget(tmp)


def rules_of(session):
    # The rules a state was made by: the game's rules version and the
    # names in its state at the start of the game (the first checkpoint: a
    # game may add names as it goes, Steam its ranking at the end, and a
    # resume checks against a session just started). A Trackside with other
    # rules (or whose state has other fields: a firmware update that forgot
    # to raise the version) cannot use the snapshot; the log itself is
    # replayed by any.
    keys = sorted(json.loads(session._checkpoints[0]).keys())
    return '%d %08x' % (session.game.RULES_VERSION, logfmt.crc(' '.join(keys).encode()))


def _parts(session):
    # What a snapshot holds besides the counts: the checkpoint at or
    # before the cursor and, if the cursor is past it, the state (JSON).
    every = _timeline.CHECKPOINT
    k = session.cursor // every
    cps = session._checkpoints
    at = cps[k] if k < len(cps) else None
    if at is None:
        return None     # (not worked out since a resume: the next time)
    return at, _timeline.as_json(session.state) if session.cursor % every else None


def skim(session, text):
    # A journal record taken into the session's lines without applying it
    # (the snapshot taken after it holds the state it led to), as
    # Session.do_text takes it.
    # (no name may be "undo" or "redo", and the device writes them in small
    # letters: the first word tells, without taking the line apart)
    lines = session.lines
    if text[:4] in logfmt.SESSION_WORDS and (len(text) == 4 or text[4] == 32):
        w = text.split()
        n = logfmt.amount(w[1], 'undo') if len(w) > 1 else 1
        session.cursor += n if w[0] == b'redo' else -n
        if not 0 <= session.cursor <= lines.n:
            raise RuleError('Only %d actions can be undone or redone' % lines.n)
        return
    if session.cursor < lines.n:
        lines.cut(session.cursor)
    lines.append(text)
    session.cursor += 1


def take(session, snap, chain):
    # The records skimmed so far end where the snapshot was taken: if they
    # are the same records (chain: their CRC), with the same count of lines
    # and actions in effect, the session takes its state and is True. The
    # checkpoints before it are worked out again when an undo or the
    # history needs them.
    end, crc, n, cursor, rules, turns, at, state = snap
    if chain != crc or session.lines.n != n or session.cursor != cursor:
        return False
    try:
        session.state = json.loads(state or at)
    except ValueError:
        return False            # (checksums right, the JSON not: written by another program)
    k = cursor // _timeline.CHECKPOINT
    if k:
        session._checkpoints = session._checkpoints[:1] + [None] * (k - 1) + [at]
    session._turn_starts = turns
    session._prompt = None
    session.version += 1
    return True


def read(save):
    # (end, crc, lines, cursor, rules, turn starts, checkpoint, state) or
    # None if there is no snapshot or it is damaged (then it goes). The
    # checkpoint and state are JSON text; state is None if it is the
    # checkpoint.
    path = path_of(save)
    try:
        size = os.stat(path)[6]
    except Exception:
        return None         # none (or it cannot be read: the save is replayed)
    try:
        data = read_at(path, 0, size) if size <= MOST else b''
        recs = data.split(b'\n')
        data = None
        if len(recs) in (3, 4) and recs[-1] == b'':
            texts = [_sealed(r) for r in recs[:-1]]
            recs = None
            if None not in texts:
                h = json.loads(texts[0])
                if len(h) == 7 and h[0] == FORMAT:
                    state = texts[2].decode() if len(texts) == 3 else None
                    return h[1], h[2], h[3], h[4], h[5], h[6], texts[1].decode(), state
    except Exception:
        pass
    _forget(path)
    return None


def _sealed(raw):
    n = len(raw)
    if n >= 10 and raw[n - 10:n - 8] == b' ~':
        return logfmt.checked(raw, n)
    return None
