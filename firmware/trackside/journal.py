# Saved games on flash: each game a log, saves/gameN.log (docs/log-format.md),
# one CRC-sealed record per action, appended all or nothing (a power cut loses
# at most the record being written); the newest records first in a small tail
# file (gameN.tail) that littlefs keeps inline, folded into the log when idle.
# The why and the file-by-file rules: docs/engine.md, "The journal". This module is
# what a game in play needs; reading a save back is resume.py's and reader.py's, the
# slots are saves.py's (CIRCUITPY's are fixed.py's).
import os
from trackside import logfmt, need, unload
from trackside.files import (SaveError, explain, not_saved, _unreadable, _errno, _mode,  # noqa: F401
                             exists, is_dir, _size, discard, _forget, _names, replace, _write,
                             read_at, _CHUNK, MAX_RECORD, tail_of)

# The most bytes a tail file holds, its "after N" included: littlefs keeps a
# file inline in its folder's metadata up to about 512 bytes (measured on
# MicroPython's littlefs with the Pico's 4 KB blocks; tools/bench_ui.py
# counts the erases). 0: every record goes straight to the log.
TAIL = 448


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
