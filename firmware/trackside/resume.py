# Opening a saved game on littlefs (saves.py): its tail (journal.py) found,
# promoted or folded in, the replay from the snapshot beside it where one
# fits (snapshot.py), and the Journal the game goes on with. Reading and
# replaying the records is reader.py's, what CIRCUITPY's saves (fixed.py)
# use alone: they have no tail and no snapshot, so they never load this
# module. (This part keeps the old name, and load() with it, because what
# opens a littlefs save has always been resume.load: the tools and tests
# ask for it by that name.) The saves load it to open or recover a game,
# and let it go with them while the game is played. Writing is journal.py's.
import os
from trackside import need, unload
from trackside.files import (SaveError, exists, is_dir, discard, _forget, _unreadable,
                             _CHUNK, tail_of, _size, read_at)


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
    _text = need('trackside.reader')._text
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


def load(path):
    # Resume the game saved at path. Returns (session, note): note is None,
    # or says what was repaired. Raises SaveError, never anything else, and
    # never changes a file it cannot read.
    tmp = path + '.tmp'
    try:
        if not exists(path):
            if not need('trackside.reader').valid_start(tmp):
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
    # reader._replay of a save and its tail, from the snapshot if there is one
    # that fits the save. The snapshot's module is loaded once for it, and let
    # go before the game is played (or the log replayed whole): the game has
    # better use for the RAM.
    reader = need('trackside.reader')
    snap_path = path[:-4] + '.snap'        # (snapshot.path_of, without loading it)
    if not exists(snap_path):
        return reader._replay(path, True, None, follows)
    snapshot = need('trackside.snapshot')
    try:
        snap = snapshot.read(path)
        if snap:
            try:
                return reader._replay(path, True, snap, follows)
            except reader._Stale:
                _forget(snap_path)
    finally:
        unload('trackside.snapshot')
    return reader._replay(path, True, None, follows)
