# Saved games on flash. Each game is one file, saves/gameN.log, in the log
# format (docs/log-format.md): the setup line, then one record per action,
# undo or redo, each sealed with a CRC-32 and written with its own
# open-append-close, so a power cut can lose at most the record being
# written. Files are only ever replaced whole: written to NAME.tmp, then
# renamed over NAME (atomic on littlefs and on POSIX).
import os
from trackside import logfmt
from trackside.rules import RuleError
from trackside.session import Session

_CHUNK = 512


class SaveError(Exception):
    # A save that cannot be used as it is; the message says why, for a player.
    pass


def exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def replace(path, tmp):
    # Make tmp the new path. Where rename cannot replace a file (FAT), the
    # old one is removed first; load() then finds only tmp and promotes it.
    try:
        os.rename(tmp, path)
    except OSError:
        os.remove(path)
        os.rename(tmp, path)


class Journal:
    def __init__(self, path):
        self.path = path

    def append(self, text):
        f = open(self.path, 'ab')
        try:
            f.write(logfmt.seal(text))
        finally:
            f.close()       # close = flushed to flash (littlefs syncs here)


def records(path):
    # Yield (record_number, text, end_offset, whole) for each record: text
    # (bytes) is None where the checksum fails (damaged, or torn by a power cut);
    # whole is False for a last record without its newline. Reads in blocks
    # (MicroPython's readline reads a byte at a time) and never holds more
    # than a block and a record in RAM.
    f = open(path, 'rb')
    try:
        n = end = 0
        rest = b''
        while True:
            block = f.read(_CHUNK)
            if not block:
                break
            if rest:
                block = rest + block
            start = 0
            while True:
                i = block.find(b'\n', start)
                if i < 0:
                    break
                n += 1
                end += i + 1 - start
                yield n, _text(block[start:i]), end, True
                start = i + 1
            rest = block[start:]
        if rest:
            n += 1
            yield n, _text(rest), end + len(rest), False
    finally:
        f.close()


def _text(raw):
    # A record's text, b'' for a blank line, None if it is damaged. The
    # device always writes a checksum: a record without one is damaged.
    n = len(raw)
    if n >= 10 and raw[n - 10] == 32 and raw[n - 9] == 126:    # " ~"
        return logfmt.checked(raw, n)
    return b'' if not raw.strip() else None


def valid_start(path):
    # Does the file exist and begin with a whole, good setup record? (A new
    # game's file is written as NAME.tmp first; cut short, it is not a game.)
    try:
        for n, text, end, whole in records(path):
            return bool(text) and whole
    except OSError:
        pass
    return False


def copy_prefix(path, nbytes, dest):
    # Write the first nbytes of path to dest (then renamed into place).
    src = open(path, 'rb')
    out = open(dest, 'wb')
    try:
        while nbytes > 0:
            b = src.read(min(_CHUNK, nbytes))
            if not b:
                break
            out.write(b)
            nbytes -= len(b)
    finally:
        out.close()
        src.close()


def load(path):
    # Resume the game saved at path. Returns (session, note): note is None,
    # or says what was repaired. Raises SaveError, never anything else for
    # a bad file, and never changes a file it cannot read.
    tmp = path + '.tmp'
    if not exists(path):
        if not valid_start(tmp):
            raise SaveError('No saved game here')
        os.rename(tmp, path)      # replace() cut between its remove and rename
    elif exists(tmp):
        os.remove(tmp)            # a replace() cut before the rename
    session = None
    good_end = 0                  # bytes up to the last good record
    whole = True                  # did that record end with its newline?
    bad = 0                       # first damaged record number
    try:
        for n, text, end, whole_ in records(path):
            if text is None:
                if not bad:
                    bad = n
                continue
            if bad:
                if text:
                    raise SaveError('Save is damaged at record %d; "recover" keeps the %d '
                                    'records before it' % (bad, bad - 1))
                continue
            if session is None:
                session = _start(text)
            else:
                try:
                    session.do_text(text, trusted=True)
                except Exception as e:      # a save must never crash the device
                    raise SaveError('Record %d cannot be replayed: %s%s' % (
                        n, e, _version_hint(session)))
            good_end = end
            whole = whole_
    except OSError as e:
        raise SaveError('Save cannot be read (%s)' % e)
    if session is None:
        raise SaveError('Save holds no game (its first line is damaged)')
    note = None
    if bad:
        # Only the last record is damaged: a write cut by power loss. Drop it
        # before appending again, or the next record would join the torn one.
        copy_prefix(path, good_end, tmp)
        replace(path, tmp)
        note = 'The last entry was cut off (power loss) and dropped'
    elif not whole:
        # power was cut between a record and its newline: finish the line
        f = open(path, 'ab')
        try:
            f.write(b'\n')
        finally:
            f.close()
    session.journal = Journal(path)
    return session, note


def _start(text):
    try:
        return Session(logfmt.parse_setup(text.decode()))
    except (RuleError, UnicodeError) as e:
        raise SaveError('Save cannot be opened: %s' % e)


def _version_hint(session):
    if session.setup['rules'] != session.game.RULES_VERSION:
        return ' (saved with rules v%d, this Trackside has v%d)' % (
            session.setup['rules'], session.game.RULES_VERSION)
    return ''


def create(path, session):
    # A new save for a fresh session: the setup line is written whole
    # (tmp, then rename), so a game file always starts with a good setup.
    tmp = path + '.tmp'
    f = open(tmp, 'wb')
    try:
        f.write(logfmt.seal(session.setup_line()))
        for text in session.history():
            f.write(logfmt.seal(text))
    finally:
        f.close()
    replace(path, tmp)
    session.journal = Journal(path)


class Saves:
    # The save slots: root/game1.log, game2.log, ... and root/last, which
    # names the slot to resume at power-on (a hint; if it is lost, the
    # highest slot is resumed).
    def __init__(self, root='saves'):
        self.root = root
        if not exists(root):
            os.mkdir(root)

    def path(self, slot):
        return '%s/game%d.log' % (self.root, slot)

    def slots(self):
        found = []
        for name in os.listdir(self.root):
            if name.startswith('game') and name.endswith('.log') and name[4:-4].isdigit():
                found.append(int(name[4:-4]))
            elif name.startswith('game') and name.endswith('.log.tmp') and name[4:-8].isdigit():
                p = self.root + '/' + name
                if not exists(p[:-4]) and valid_start(p):
                    found.append(int(name[4:-8]))   # load() will promote it
        found.sort()
        return found

    def describe(self, slot):
        # One line for the list of saves, from the setup line only.
        try:
            p = self.path(slot)
            for n, text, end, whole in records(p if exists(p) else p + '.tmp'):
                if text is None:
                    break
                s = logfmt.parse_setup(text.decode())
                return '%d: %s %s, %s' % (slot, s['game'], s['variant'] or '', ' '.join(s['players']))
        except (OSError, RuleError, UnicodeError):
            pass
        return '%d: damaged save' % slot

    def new(self, session):
        used = self.slots()
        slot = used[-1] + 1 if used else 1
        create(self.path(slot), session)
        self.set_last(slot)
        return slot

    def open(self, slot):
        session, note = load(self.path(slot))
        self.set_last(slot)
        return session, note

    def delete(self, slot):
        for p in (self.path(slot), self.path(slot) + '.tmp'):
            if exists(p):
                os.remove(p)

    def recover(self, slot):
        # Keep the records before the first damaged one; the damaged file
        # is kept beside it as gameN.bad.
        path = self.path(slot)
        good_end = 0
        for n, text, end, whole in records(path):
            if text is None:
                break
            good_end = end
        if not good_end:
            raise SaveError('Nothing in this save can be recovered')
        bad = '%s/game%d.bad' % (self.root, slot)
        if exists(bad):
            os.remove(bad)
        copy_prefix(path, good_end, path + '.tmp')
        os.rename(path, bad)
        os.rename(path + '.tmp', path)
        return load(path)

    def last(self):
        try:
            f = open(self.root + '/last')
            try:
                slot = int(f.read().strip())
            finally:
                f.close()
            if slot in self.slots():
                return slot
        except (OSError, ValueError):
            pass
        used = self.slots()
        return used[-1] if used else None

    def set_last(self, slot):
        path = self.root + '/last'
        f = open(path + '.tmp', 'w')
        try:
            f.write('%d\n' % slot)
        finally:
            f.close()
        replace(path, path + '.tmp')
