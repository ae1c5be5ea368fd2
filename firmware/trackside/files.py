# The save files' plain operations and what their errors mean for a player: what
# every way of keeping saves shares (journal.py and saves.py on littlefs, fixed.py on
# CIRCUITPY, reader.py and resume.py reading them back), kept apart so that
# CIRCUITPY's saves load none of the littlefs journal's code.
import os

_DIR = 0x4000             # os.stat()[0]: a folder
_CHUNK = 512
# The longest record kept in RAM. Steam's longest legal lines are ~440
# bytes (a setup or a delivery with six 12-letter names of 4-byte UTF-8
# letters); anything longer is damage, skipped without holding it whole.
MAX_RECORD = 2048

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
    # A save's tail (journal.py): the newest records, beside its log
    return path[:-4] + '.tail'
