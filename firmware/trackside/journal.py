# Saved games on flash: each game a log, saves/gameN.log (docs/log-format.md),
# one CRC-sealed record per action, appended all or nothing (a power cut loses
# at most the record being written); the newest records first in a small tail
# file (gameN.tail) that littlefs keeps inline, folded into the log when idle.
# The why and the file-by-file rules: docs/engine.md, "The journal". This module is
# what a game in play needs; reading a save back is resume.py's, the slots are
# saves.py's (CIRCUITPY's are fixed.py's).
import os
from trackside import logfmt, need, unload

_CHUNK = 512
# The most bytes a tail file holds, its "after N" included: littlefs keeps a
# file inline in its folder's metadata up to about 512 bytes (measured on
# MicroPython's littlefs with the Pico's 4 KB blocks; tools/bench_ui.py
# counts the erases). 0: every record goes straight to the log.
TAIL = 448
# The longest record kept in RAM. Steam's longest legal lines are ~440
# bytes (a setup or a delivery with six 12-letter names of 4-byte UTF-8
# letters); anything longer is damage, skipped without holding it whole.
MAX_RECORD = 2048
_DIR = 0x4000             # os.stat()[0]: a folder

# What errno values mean, for a player (MicroPython has no errno names on
# every port, so the numbers themselves).
_WORDS = {
    28: 'the memory is full',                               # ENOSPC
    5: 'the memory could not be read or written (a flash error)',   # EIO
    21: 'a folder is where a save file should be',          # EISDIR
    20: 'a file is where a folder should be',               # ENOTDIR
    2: 'a file is missing',                                 # ENOENT
    30: 'the memory is read-only (is the device connected to a computer?)',   # EROFS
    39: 'a folder is in the way',                           # ENOTEMPTY
    17: 'a file is in the way',                             # EEXIST
}


class SaveError(Exception):
    # A save that cannot be used as it is; the message says why, for a player.
    pass


def explain(exc):
    # What went wrong, in a few words for a player ("the memory is full").
    if isinstance(exc, MemoryError):
        return 'the device ran out of working memory'
    if isinstance(exc, OSError):
        code = _errno(exc)
        if code in _WORDS:
            return _WORDS[code]
        return 'the memory reported error %s' % code
    if isinstance(exc, SaveError):
        return str(exc)
    return 'an unexpected error (%s)' % type(exc).__name__


def not_saved(exc, lost=False, last=None):
    # The message for a change that could not be saved (and so was not
    # made); lost: the session was opened again from flash (Session.lost),
    # whose last entry is last: the change may be on flash after all (the
    # player checks it there before entering it again).
    if lost:
        return 'Could not save: %s. The game is shown as it was saved; its last entry: %s.' % (
            explain(exc), last or 'none')
    return 'Could not save: %s. Nothing was changed.' % explain(exc)


def _unreadable(e):
    # The SaveError for what went wrong reading a save.
    if isinstance(e, SaveError):
        return e
    if isinstance(e, MemoryError):
        return SaveError('There is not enough working memory to open this save. '
                         'Switch off and on again to try once more.')
    return SaveError('This save cannot be read: %s. Switch off and on again to try '
                     'once more.' % explain(e))


def _errno(e):
    code = getattr(e, 'errno', None)
    if code is None and e.args and isinstance(e.args[0], int):
        code = e.args[0]
    return code


def _mode(path):
    # os.stat()[0], or None if there is nothing at path. Any other error (a
    # flash that cannot be read, no memory) is raised: never taken for "no".
    try:
        return os.stat(path)[0]
    except OSError as e:
        if _errno(e) == 2:
            return None
        raise


def exists(path):
    return _mode(path) is not None


def is_dir(path):
    return bool((_mode(path) or 0) & _DIR)


def _size(path):
    return os.stat(path)[6]


def discard(path, depth=0):
    # Remove the file, or the folder with what is in it, at path (a folder
    # where one of our files belongs; a few levels at most). Raises OSError.
    try:
        os.remove(path)
        return
    except OSError:
        if depth > 3 or not is_dir(path):
            raise
    sep = b'/' if isinstance(path, bytes) else '/'
    for name in _names(path):
        discard(path + sep + (name if isinstance(path, bytes) else name.decode()), depth + 1)
    os.rmdir(path)


def _forget(path):
    # discard(), for clearing up after a failure: a file left behind is
    # harmless (its name is never read as a game), so errors are ignored.
    # (Never for a game's own file.)
    try:
        if exists(path):
            discard(path)
    except Exception:
        pass


def _names(folder):
    # The names in a folder, as bytes: a name that is not UTF-8 must not
    # stop the others being read (listdir with str raises UnicodeError).
    b = folder.encode() if isinstance(folder, str) else folder
    try:
        names = os.listdir(b)
    except (TypeError, UnicodeError):
        # a port whose listdir gives str names (CircuitPython): if one is
        # not UTF-8 it cannot list any, so ask for the saves one by one
        try:
            names = os.listdir(folder)
        except UnicodeError:
            names = [n for n in ['game%d.log' % k for k in range(1, 100)]
                     if exists(folder + '/' + n)]
    return [n if isinstance(n, bytes) else n.encode() for n in names]


def replace(path, tmp):
    # Make tmp the new path. Where rename cannot replace a file (FAT), the
    # old one is removed first; resume.load() then finds only tmp and promotes it.
    try:
        os.rename(tmp, path)
        return
    except OSError:
        if not exists(path):
            raise           # nothing in the way: the rename itself failed
    discard(path)
    os.rename(tmp, path)


def _write(path, mode, chunks):
    # Write chunks (a list of bytes) to path and close it (close = flushed
    # to flash; littlefs syncs here). Whatever fails, the file is closed
    # before the error goes on, and where close() itself fails, once more
    # (FAT keeps such a file open): a file left open is written when the
    # garbage collector closes it, at a moment nobody chose (after the error
    # was reported, after a repair). The first error stands: littlefs lets
    # a second close pass without writing anything.
    f = open(path, mode)
    try:
        for b in chunks:
            f.write(b)
        f.close()
    except Exception as e:
        try:
            f.close()
        except Exception:
            pass
        raise e


def read_at(path, at, n):
    # n bytes of path from offset at (fewer where it ends first); the file
    # is closed whatever fails.
    f = open(path, 'rb')
    try:
        if at:
            f.seek(at)
        return f.read(n)
    finally:
        f.close()


def tail_of(path):
    return path[:-4] + '.tail'


def _room(path):
    # The most bytes a tail may hold on the file system path is on: TAIL,
    # and less than an eighth of its blocks, the most littlefs keeps inline
    # (512 bytes in the Pico's 4 KB blocks). 0: none worth having there (a
    # tail in a block of its own would cost an erase of its own).
    try:
        block = os.statvfs(path[:path.rfind('/')] or '/')[0]
    except Exception:
        return 0
    n = min(TAIL, block // 8 - 64)
    return n if n >= 128 else 0


class Journal:
    # Appends records to a save, all or nothing. size is the length of the
    # file up to its last whole record; anything past it on flash is a
    # failed write, cut off before the next record is written (else the
    # next record would join it and damage the middle of the save). The
    # tail (see above) is a Journal of its own.
    def __init__(self, path, size=None, torn=False, glue=False):
        # (every attribute made here: on MicroPython a new one grows the
        # instance's table, an allocation, and after a write nothing may fail)
        self.path = path
        self.size = size        # None: the file as it is now
        self.torn = torn        # bytes past size may be on flash
        self.glue = glue        # the last record lacks its newline: write one first
        self.session = None     # marked lost if flash may hold more than memory
        self.chain = None       # the CRC of every record's text so far, one after another
        self.tail = None        # the tail's Journal, while it holds records
        self.head = 0           # (a tail's) the length of its "after N"
        self.tried = False      # (a tail's) folded when idle, or tried, since its last record
        self.room = None        # the most a tail may hold here (_room)

    def append(self, text):
        # Everything that allocates comes before the write: once the record
        # is on flash, nothing may fail (the caller would undo in memory
        # what flash has).
        data = logfmt.seal(text)
        chain = None if self.chain is None else logfmt.crc(memoryview(data)[:len(data) - 11], self.chain)
        if self.glue:
            data = b'\n' + data
        if self.size is None:
            self.size = _size(self.path)
        if self.room is None:
            self.room = _room(self.path)
        t = self.tail
        if t is not None and t.size + len(data) > self.room:
            self.fold(False)    # raises if it cannot: nothing is written
            t = None
        if t is not None:
            t.put(data)
        else:
            head = logfmt.seal('after %d' % self.size)
            if len(head) + len(data) > self.room:
                # no tails here, or a record too long for one: into the log,
                # with no tail left beside it (one cut short could not follow
                # the log's new end: follows() would call it damaged)
                if self.room:
                    tail = tail_of(self.path)
                    if exists(tail):
                        discard(tail)   # raises if it cannot: nothing is written
                self.put(data)
            else:
                if self.torn:
                    self._cut()     # the tail follows the log as it is on flash
                t = Journal(tail_of(self.path), 0)
                t.session = self.session
                t.head = len(head)
                t.put(head + data, 'wb')
                self.tail = t
        self.glue = False
        self.chain = chain

    def put(self, data, mode='ab'):
        # Write data after the good part, all or nothing.
        n = len(data)
        if self.torn:
            self._cut()         # raises if it cannot: nothing is written
        try:
            _write(self.path, mode, [data])
        except Exception as e:
            if not self._landed(data, n):
                self.torn = True
                try:
                    self._cut()
                except Exception:
                    self._lost()
                raise e
            # the error came after the record was on flash: it is saved
        self.size += n
        self.tried = False

    def fold(self, remove=True):
        # The tail's records into the log (one block erased), then the tail
        # removed. Raises if they cannot be written, with the tail as it
        # was. A tail left behind (its removal failed, or remove is False:
        # the next record's tail is written over it at once, one change of
        # littlefs's metadata fewer) is one already in the log, which a
        # resume never reads again.
        t = self.tail
        if t is None:
            return
        n = t.size - t.head
        data = read_at(t.path, t.head, n)   # (read back: the RAM is the game's meanwhile)
        if len(data) != n:
            raise OSError(5)
        self.put(data)
        self.tail = None
        if remove:
            _forget(t.path)

    def idle(self):
        # No key pressed for a while: the fold, tried once after each new
        # record (one that fails, flash full, is not tried at every poll:
        # the next idle moment after the next record tries again, and a
        # record that finds the tail full must fold, or is refused).
        t = self.tail
        if t is not None and not t.tried:
            t.tried = True
            try:
                self.fold()
            except Exception:
                pass

    def snapshot(self, session):
        # The state after the last record, beside the save (snapshot.py),
        # so the next resume need not replay the records before it: its
        # offset is where that record will be once the tail is in the log.
        t = self.tail
        if self.chain is not None:
            end = self.size + (t.size - t.head if t is not None else 0)
            need('trackside.snapshot').write(self.path, end, self.chain, session)
            unload('trackside.snapshot')    # (until the next one, CHECKPOINT records on)

    def _landed(self, data, n):
        # Is exactly data on flash after the good part? (A close that fails
        # after its data was committed.)
        try:
            return (_size(self.path) == self.size + n and
                    read_at(self.path, self.size, n + 1) == data)
        except Exception:
            return False

    def _cut(self):
        # Cut the file back to size: rewritten to NAME.tmp and renamed (no
        # truncate() on MicroPython's file systems).
        if not self.size and not exists(self.path):
            self.torn = False   # (a new tail that was never made)
            return
        n = _size(self.path)
        if n < self.size:
            self._lost()        # the flash lost records memory has
            raise OSError(5)
        if n > self.size:
            tmp = self.path + '.tmp'
            try:
                copy_prefix(self.path, self.size, tmp)
            except Exception:
                _forget(tmp)
                raise
            replace(self.path, tmp)
        self.torn = False

    def _lost(self):
        # What is on flash past size is not known: memory may not match it,
        # and the device must open the save again (Session.lost).
        if self.session is not None:
            self.session.lost = True


def copy_prefix(path, nbytes, dest):
    # Write the first nbytes of path to dest (then renamed into place).
    # (As _write: dest is closed whatever fails.)
    src = open(path, 'rb')
    try:
        out = open(dest, 'wb')
        try:
            while nbytes > 0:
                b = src.read(min(_CHUNK, nbytes))
                if not b:
                    break
                out.write(b)
                nbytes -= len(b)
            out.close()
        except Exception as e:
            try:
                out.close()
            except Exception:
                pass
            raise e
    finally:
        src.close()
