# CIRCUITPY's saves written in place (fixed.py holds the slots): what a game
# in play needs to append its records, a record at a time to copy a, then to
# copy b, in whole 512-byte sectors through files kept open. Apart from the
# slots so that, from source, a game in play holds only this (the slots are
# let go, ui/app.py) and no module compiled at boot is large.
from trackside.logfmt import seal, crc
from trackside.files import SaveError, read_at

SIZE = 28672        # one copy: HEAD, then twice the longest game's log
HEAD = 4096         # not used: the flash block that may hold the folder's entries

_files = {}          # path: the file kept open for writing (see _put)
_check = bytearray(512)


def _put(path, at, data):
    # data over the file's bytes from at, in place (nothing allocated), read
    # back before it counts. Whole 512-byte sectors are written, on a file
    # kept open: FatFs writes whole sectors straight to the drive, and writes
    # a file's folder entry only when it is closed; a folder entry rewritten
    # at every entry would put the folder's flash block at risk every time.
    # (Closed when the program ends: close_all().) Raises OSError.
    f = _files.get(path)
    if f is None:
        f = _files[path] = open(path, 'r+b', 0)     # (0: CPython's, unbuffered)
    first = at - at % 512
    end = at + len(data)
    end += -end % 512
    if at > first or end > at + len(data):
        old = _read(f, first, end - first)
        buf = old[:at - first] + data + old[at - first + len(data):]
    else:
        buf = data
    f.seek(first)
    f.write(buf)
    k = first
    while k < end:          # (the read also sends a cached flash block on its way)
        f.seek(k)
        n = f.readinto(_check)
        if n != 512 or _check != buf[k - first:k - first + 512]:
            raise OSError(5)
        k += 512


def _read(f, at, n):
    f.seek(at)
    b = f.read(n)
    return b + bytes(n - len(b))


def close_all():
    # The open files closed (their folder entries written): when the device
    # stops on purpose, never needed for what is saved.
    while _files:
        _files.popitem()[1].close()


class Journal:
    # A save's records, appended in place to copy a, then copy b (None: the
    # save has one good copy left). size: the bytes of good records.
    def __init__(self, a, b, size):
        self.path = a
        self.b = b
        self.size = size
        self.behind = -1        # b lacks a's bytes from here (its write failed)
        self.chain = None
        self.session = None
        self.tail = None

    def start(self, data):
        # A new game's records into blank copies.
        if HEAD + len(data) + 1 > SIZE:
            raise SaveError('the game is too long for a save')
        self._write(data + b'\0')
        self.size += len(data)

    def append(self, text):
        data = seal(text)
        chain = None if self.chain is None else crc(memoryview(data)[:len(data) - 11], self.chain)
        if self.size + len(data) + 1 > SIZE:
            raise SaveError('this save is full (%d KB a game)' % ((SIZE - HEAD) // 1024))
        if self.behind >= 0:
            # b first made whole again: a write to a while b is behind could
            # spoil the only copy of an acknowledged record
            _put(self.b, self.behind, read_at(self.path, self.behind, self.size - self.behind) + b'\0')
            self.behind = -1
        self._write(data + b'\0')
        self.size += len(data)
        self.chain = chain

    def _write(self, data):
        at = self.size
        try:
            _put(self.path, at, data)
        except Exception as e:
            try:
                landed = read_at(self.path, at, len(data)) == data
            except Exception:
                landed = False
            if not landed:
                raise e         # (a part of it on a: it is past size, and the next write's NUL ends it)
        if self.b is not None:
            try:
                _put(self.b, at, data)
            except Exception:
                self.behind = at    # the record is saved, in a

    def idle(self):
        pass

    def fold(self, remove=True):
        pass

    def snapshot(self, session):
        pass        # (no snapshot files here: each would rewrite the FAT)
