# Saves that survive power loss and failed writes, on the host's file
# system (CPython). The same on MicroPython's littlefs and FAT, cut or
# failing at every block operation: test_micropython.py, test_saves_faults.py.
import errno
import json
import os

import pytest

from trackside import files, journal, logfmt, need, reader
from trackside.journal import SaveError
from trackside.resume import load
from trackside.saves import Saves
from trackside.rules import RuleError
from trackside.session import new_session
from trackside.replay import replay
from steam_play import random_game
from conftest import saved_bytes

SETUP = 'steam base players=Ann,Bob,Cid start=firstgame'
PLAY = ['Ann tile engineer', 'Bob tile firstbuild', 'Cid tile turnorder', 'Bob build 3 4']
NEXT = 'Ann build 2 2 2 2'      # what may follow PLAY


def played(tmp_path, seed=11, n=4, count=40):
    # A saved game with `count` journal records (actions, undos, redos);
    # returns the saves, the slot, and the file's size after each record:
    # the bytes the device had written when it acknowledged each one.
    lines, ref = random_game(seed, n=n)
    saves = Saves(str(tmp_path / 'saves'))
    s = new_session(lines[0])
    slot = saves.new(s)
    path = saves.path(slot)
    sizes = [os.path.getsize(path)]
    for i, line in enumerate(lines[1:count]):
        s.do_text(line)
        sizes.append(os.path.getsize(path))
        if i % 9 == 4:
            s.undo(2)
            sizes.append(os.path.getsize(path))
            s.redo(1)
            sizes.append(os.path.getsize(path))
            s.redo(1)
            sizes.append(os.path.getsize(path))
    return saves, slot, s, sizes


def expected_after(records_text):
    # The session a journal's first k records describe (setup first).
    s, err = replay(records_text)
    assert err is None
    return s


def view(s):
    # (a copy of the state: the session changes it in place)
    return (s.cursor, s.all_lines(), json.loads(json.dumps(s.state)))


@pytest.mark.slow
def test_a_cut_at_every_byte_keeps_every_acknowledged_action(tmp_path, log_only):
    saves, slot, live, sizes = played(tmp_path)
    path = saves.path(slot)
    data = open(path, 'rb').read()
    texts = [r[:-10].decode() for r in data.split(b'\n')[:-1]]     # "text ~xxxxxxxx"
    cut_dir = tmp_path / 'cut'
    cut_dir.mkdir()
    target = str(cut_dir / 'game1.log')
    checked = kept_unacked = 0
    for cut in range(sizes[0], len(data) + 1):
        with open(target, 'wb') as f:
            f.write(data[:cut])
        s, note = load(target)
        # From the record boundaries alone: a record is readable once its
        # text and checksum have landed (its end, sizes[k], or the byte
        # before it, the newline); the records acknowledged are those whose
        # bytes had all been written.
        acked = max(k for k, size in enumerate(sizes) if size <= cut)
        whole_but_newline = acked + 1 < len(sizes) and cut == sizes[acked + 1] - 1
        kept = acked + (1 if whole_but_newline else 0)
        kept_unacked += whole_but_newline
        want = expected_after(texts[:kept + 1])
        assert view(s) == view(want), cut
        # the repaired save accepts new records and keeps them
        if s.over():
            continue
        s.undo()
        s2, note2 = load(target)
        assert note2 is None and view(s2) == view(s)
        checked += 1
    assert checked > 300 and kept_unacked == len(sizes) - 1


def test_the_live_game_resumes_exactly(tmp_path):
    saves, slot, live, sizes = played(tmp_path, count=60)
    live.undo(3)
    s, note = saves.open(slot)
    assert note is None
    assert view(s) == view(live)
    assert s.redo(3) == 3 and live.redo(3) == 3 and s.state == live.state


def test_damaged_middle_record_is_reported_and_other_saves_are_untouched(tmp_path, log_only):
    saves, slot, live, sizes = played(tmp_path)
    other = saves.new(new_session('steam players=Ann,Bob,Cid start=firstgame'))
    other_bytes = open(saves.path(other), 'rb').read()
    path = saves.path(slot)
    data = bytearray(open(path, 'rb').read())
    data[sizes[5] + 2] ^= 0x20                 # one flipped bit in the 7th line
    open(path, 'wb').write(bytes(data))
    with pytest.raises(SaveError) as e:
        saves.open(slot)
    # the 7th line is the 6th entry after the setup; 5 entries come before it
    assert str(e.value) == ('This save is damaged at entry 6. Choose "Recover what is readable" '
                            'to keep the 5 entries before it.')
    assert open(path, 'rb').read() == bytes(data)          # the save is left as it was
    assert saves.open(other)[0].setup['players'] == ['Ann', 'Bob', 'Cid']
    assert saves.describe(slot).startswith('%d: steam %s' % (slot, live.setup['variant']))
    s, note = saves.recover(slot)
    want = expected_after([r[:-10].decode() for r in bytes(data).split(b'\n')[:6]])
    assert view(s) == view(want) and 'game%d.bad' % slot in note
    assert open(str(tmp_path / 'saves' / ('game%d.bad' % slot)), 'rb').read() == bytes(data)
    assert open(saves.path(other), 'rb').read() == other_bytes


@pytest.mark.parametrize('first, words', [
    ('steam base players=Ann,Bob,Cid format=9', 'format 9'),
    ('steam base players=Ann,Bob,Cid rules=9', 'newer steam rules (v9'),
    ('chess players=Ann,Bob,Cid', 'Unknown game "chess"'),
])
def test_unknown_versions_and_games_give_a_clear_message(tmp_path, first, words):
    saves = Saves(str(tmp_path / 'saves'))
    path = saves.path(1)
    data = logfmt.seal(first) + logfmt.seal('Ann tile engineer')
    open(path, 'wb').write(data)
    with pytest.raises(SaveError) as e:
        saves.open(1)
    assert words in str(e.value) and str(e.value).startswith('This save cannot be opened: ')
    assert open(path, 'rb').read() == data
    assert saves.slots() == [1] and saves.describe(1).startswith('1: ')


def test_a_line_the_rules_refuse_names_its_entry_and_recover_keeps_those_before(tmp_path):
    saves = Saves(str(tmp_path / 'saves'))
    path = saves.path(1)
    lines = [SETUP, 'Ann tile engineer', 'Bob tile firstbuild', 'Ann tile turnorder', 'Cid pass']
    data = b''.join(logfmt.seal(t) for t in lines)
    open(path, 'wb').write(data)
    with pytest.raises(SaveError) as e:
        saves.open(1)
    assert str(e.value).startswith("Entry 3 of this save cannot be replayed (It is Cid's turn")
    assert str(e.value).endswith('Choose "Recover what is readable" to keep the 2 entries before it.')
    s, note = saves.recover(1)
    assert s.history() == lines[1:3]
    assert Saves(str(tmp_path / 'saves')).open(1)[0].history() == lines[1:3]


def test_garbage_files_never_crash(tmp_path):
    saves = Saves(str(tmp_path / 'saves'))
    blobs = [b'', b'\n\n', b'\xff\xfe\x00garbage', logfmt.seal('steam players=A,B,C')[:-5],
             logfmt.seal(SETUP) + b'\x00' * 40,
             logfmt.seal(SETUP) + logfmt.seal('Zed pass'),
             logfmt.seal(SETUP) + logfmt.seal('Ann bid ' + '9' * 5000),
             logfmt.seal('steam players=Ann,Bob,Cid turns=' + '9' * 5000)]
    for i, blob in enumerate(blobs, 1):
        open(saves.path(i), 'wb').write(blob)
        try:
            saves.open(i)
        except SaveError as e:
            assert str(e)
        saves.describe(i)


def test_cut_during_a_file_replace_keeps_the_old_file(tmp_path):
    saves, slot, live, sizes = played(tmp_path)
    path = saves.path(slot)
    data = open(path, 'rb').read()
    open(path + '.tmp', 'wb').write(data[:50])      # replace() cut before its rename
    s, note = saves.open(slot)
    assert s.all_lines() == live.all_lines() and not os.path.exists(path + '.tmp')
    os.rename(path, path + '.tmp')                  # cut between remove and rename
    s, note = saves.open(slot)
    assert s.all_lines() == live.all_lines() and os.path.exists(path)


def test_new_game_file_cut_short_is_not_a_game(tmp_path):
    saves = Saves(str(tmp_path / 'saves'))
    rec = logfmt.seal(SETUP)
    open(saves.path(1) + '.tmp', 'wb').write(rec[:20])
    open(str(tmp_path / 'saves' / 'game2.new'), 'wb').write(rec)    # never renamed
    assert saves.slots() == []
    with pytest.raises(SaveError):
        saves.open(1)
    assert saves.new(new_session(SETUP)) == 3       # past every number in use


def test_slots_list_resume_delete(tmp_path):
    saves = Saves(str(tmp_path / 'saves'))
    assert saves.slots() == [] and saves.last() is None
    a = saves.new(new_session('steam players=Ann,Bob,Cid start=firstgame'))
    b = saves.new(new_session('steam players=Dee,Eve,Fay,Gus'))
    assert saves.slots() == [a, b] and saves.last() == b
    assert saves.describe(b) == '%d: steam base, Dee Eve Fay Gus' % b
    saves.open(a)
    assert saves.last() == a
    saves.delete(a)
    assert saves.slots() == [b] and saves.last() == b
    os.remove(str(tmp_path / 'saves' / 'last'))
    assert saves.last() == b


# --- reading: line ends, byte-order marks, long lines, checksums -------------------

def device_file(tmp_path, lines=PLAY):
    saves = Saves(str(tmp_path / 'saves'))
    s = new_session(SETUP)
    saves.new(s)
    for line in lines:
        s.do_text(line)
    s.idle()                # (its tail folded in, as when the device is left a moment)
    assert not os.path.exists(journal.tail_of(saves.path(1)))
    return saves, s, open(saves.path(1), 'rb').read()


@pytest.mark.parametrize('change', ['crlf', 'bom', 'both'])
def test_crlf_and_a_byte_order_mark_are_read_as_replay_reads_them(tmp_path, change):
    saves, live, data = device_file(tmp_path)
    if change in ('crlf', 'both'):
        data = data.replace(b'\n', b'\r\n')
    if change in ('bom', 'both'):
        data = b'\xef\xbb\xbf' + data
    path = saves.path(1)
    open(path, 'wb').write(data)
    # host_sim replay's reading: text mode, UTF-8
    with open(path, encoding='utf-8') as f:
        want, err = replay(f.readlines())
    assert err is None and view(want) == view(live)
    s, note = saves.open(1)
    assert note is None and view(s) == view(live)
    s.undo()                                    # and it goes on, read back the same
    assert view(saves.open(1)[0]) == view(s)


@pytest.mark.parametrize('size', [8 * 1024, 100 * 1024])
def test_a_huge_line_is_damage_and_is_never_held_whole(tmp_path, monkeypatch, size):
    saves, live, data = device_file(tmp_path)
    path = saves.path(1)
    # at the end, without a newline: a torn last record, dropped
    open(path, 'wb').write(data + b'x' * size)
    longest = []
    # (the module the saves will use: the device lets it go between uses, so
    # another test may have left a newer one in sys.modules than this file's)
    reading = need('trackside.reader')
    real = reading._text

    def text(raw, n):
        longest.append(len(raw))
        return real(raw, n)
    monkeypatch.setattr(reading, '_text', text)
    s, note = saves.open(1)
    assert view(s) == view(live) and 'cut off' in note
    assert open(path, 'rb').read() == data
    # in the middle: damage, reported as such
    rec = logfmt.seal('Ann bid ' + '1' * size)
    open(path, 'wb').write(data + rec + logfmt.seal('Cid pass'))
    with pytest.raises(SaveError) as e:
        saves.open(1)
    assert 'damaged at entry %d' % (len(PLAY) + 1) in str(e.value)
    assert max(longest) <= journal.MAX_RECORD
    assert saves.describe(1).startswith('1: steam base')


def test_the_longest_record_kept_is_twice_any_game_s_longest_line():
    # Every game, its most players, each named with 12 four-byte letters
    # (logfmt.NAME_MAX): the setup line and random games' lines.
    from host_sim.randplay import random_game as any_game
    from trackside.games import GAMES, load as game_module
    from trackside import settings
    longest = 0
    for name, title in GAMES:
        g = game_module(name)
        for variant in g.VARIANTS:
            lo, hi, d = settings.players(g, variant[0])
            names = [chr(0x1F600 + i) * logfmt.NAME_MAX for i in range(hi)]
            lines, s = any_game(1, n=hi, names=names, game=name, variant=variant[0])
            for line in lines + [s.setup_line()]:
                longest = max(longest, len(logfmt.seal(line)))
    assert 400 < longest and 2 * longest <= journal.MAX_RECORD


def test_every_digit_of_a_checksum_is_checked():
    rec = logfmt.seal('Ann bid 7')[:-1]
    assert reader._text(rec, 2) == b'Ann bid 7' and logfmt.unseal(rec) == b'Ann bid 7'
    n = len(rec)
    changed = 0
    for i in range(n - 8, n):
        for c in b'0123456789abcdefABCDEF+_ ':
            if c == rec[i]:
                continue
            bad = rec[:i] + bytes([c]) + rec[i + 1:]
            assert logfmt.checked(bad, n) is None, (i, chr(c))
            assert logfmt.unseal(bad) is None and reader._text(bad, 2) is None
            changed += 1
    assert changed == 8 * 24


@pytest.mark.parametrize('word', ['9' * 7, '9' * 5000, '$' + '9' * 5000])
def test_huge_numbers_are_refused_by_the_rules(word):
    with pytest.raises(RuleError):
        logfmt.amount(word.encode(), 'Bid')
    with pytest.raises(RuleError):
        logfmt.number(word.lstrip('$'))
    assert logfmt.amount(b'999999', 'Bid') == 999999 and logfmt.number('123456') == 123456


def test_replay_refuses_a_huge_number_instead_of_crashing():
    s, err = replay([SETUP, 'Ann tile engineer', 'undo ' + '9' * 5000])
    assert err[0] == 3 and 'too big' in err[2]
    s, err = replay(['steam base players=Ann,Bob,Cid turns=' + '9' * 5000])
    assert s is None and 'too big' in err[2]


# --- writing: all or nothing ----------------------------------------------------------

class FailingOpen:
    # open() for journal.py: a record's write (an append to the log or to
    # its tail, or a new tail) writes `lands` bytes of what it is given,
    # then raises OSError(code); the other files are left alone.
    def __init__(self, code, lands, times=1):
        self.code, self.lands, self.times = code, lands, times

    def __call__(self, path, mode='r', *args):
        f = open(path, mode, *args)
        record = mode == 'ab' or (mode == 'wb' and path.endswith('.tail'))
        if not record or self.times <= 0:
            return f
        self.times -= 1
        fault = self

        class Torn:
            def write(self, data):
                f.write(data[:fault.lands])
                raise OSError(fault.code, os.strerror(fault.code))

            def close(self):
                f.close()
        return Torn()


@pytest.mark.parametrize('code', [errno.ENOSPC, errno.EIO])
@pytest.mark.parametrize('lands', [0, 1, 5, 12])
@pytest.mark.parametrize('into', ['log', 'new tail', 'tail'])
def test_a_write_that_fails_part_way_is_cut_off_before_the_next(tmp_path, monkeypatch, code, lands,
                                                                into):
    if into == 'log':
        monkeypatch.setattr(journal, 'TAIL', 0)
    saves, live, data = device_file(tmp_path)
    if into == 'tail':
        live.undo()             # (two records in a new tail: the next is appended to it)
        live.redo()
        data = saved_bytes(saves.path(1))
        assert os.path.exists(journal.tail_of(saves.path(1)))
    before = view(live)
    fail = FailingOpen(code, lands)
    for where in (journal, files):     # (the journal's writes are files.py's)
        monkeypatch.setattr(where, 'open', fail, raising=False)
    with pytest.raises(OSError) as e:
        live.undo()
    assert view(live) == before and not live.lost
    assert saved_bytes(saves.path(1)) == data             # cut back already
    assert journal.not_saved(e.value) == 'Could not save: %s. Nothing was changed.' % (
        'the memory is full' if code == errno.ENOSPC else
        'the memory could not be read or written (a flash error)')
    live.do_text(NEXT)                    # the next record lands whole
    s, note = saves.open(1)
    assert note is None and view(s) == view(live)


def test_a_torn_write_that_cannot_be_cut_off_waits_and_the_next_boot_drops_it(tmp_path, monkeypatch,
                                                                              log_only):
    saves, live, data = device_file(tmp_path)
    before = view(live)
    fail = FailingOpen(errno.ENOSPC, 7)
    for where in (journal, files):     # (the journal's writes are files.py's)
        monkeypatch.setattr(where, 'open', fail, raising=False)
    real_copy = journal.copy_prefix

    def no_room(*args):
        raise OSError(errno.ENOSPC, 'full')
    monkeypatch.setattr(journal, 'copy_prefix', no_room)
    with pytest.raises(OSError):
        live.do_text(NEXT)
    # flash holds more than memory, as far as the journal knows: the App
    # opens the save again (Session.lost)
    assert view(live) == before and live.journal.torn and live.lost
    # so, or at the next power-on: the torn record is dropped on opening, the
    # file left torn (no room to cut it), and the journal cuts it off first
    s, note = saves.open(1)
    assert view(s) == before and 'cut off' in note and s.journal.torn
    monkeypatch.setattr(journal, 'copy_prefix', real_copy)
    s.do_text(NEXT)
    assert not s.journal.torn
    assert open(saves.path(1), 'rb').read() == data + logfmt.seal(NEXT)


def test_a_record_that_landed_before_its_error_counts(tmp_path, monkeypatch):
    # the write went through and close() failed after it: it is on flash
    saves, live, data = device_file(tmp_path)

    class LateError(FailingOpen):
        def __call__(self, path, mode='r', *args):
            f = open(path, mode, *args)
            if mode != 'ab':
                return f

            class Late:
                def write(self, d):
                    f.write(d)

                def close(self):
                    f.close()
                    raise OSError(errno.EIO, 'late')
            return Late()
    fail = LateError(0, 0)
    for where in (journal, files):     # (the journal's writes are files.py's)
        monkeypatch.setattr(where, 'open', fail, raising=False)
    live.do_text(NEXT)
    monkeypatch.undo()
    assert view(saves.open(1)[0]) == view(live)


def test_a_new_game_that_cannot_be_written_leaves_nothing(tmp_path, monkeypatch):
    saves, live, data = device_file(tmp_path)
    last = open(str(tmp_path / 'saves' / 'last'), 'rb').read()
    real = os.rename

    def fails(a, b):
        raise OSError(errno.ENOSPC, 'full')
    monkeypatch.setattr(journal.os, 'rename', fails)
    s2 = new_session('steam base players=Dee,Eve,Fay start=firstgame')
    with pytest.raises(SaveError) as e:
        saves.new(s2)
    assert str(e.value) == 'Could not start the game: the memory is full. Nothing was changed.'
    monkeypatch.setattr(journal.os, 'rename', real)
    assert sorted(os.listdir(str(tmp_path / 'saves'))) == ['game1.log', 'last']
    assert open(str(tmp_path / 'saves' / 'last'), 'rb').read() == last
    assert s2.journal is None and saves.slots() == [1]


def test_explain_says_what_happened_in_words():
    words = {errno.ENOSPC: 'the memory is full',
             errno.EIO: 'the memory could not be read or written (a flash error)',
             errno.EISDIR: 'a folder is where a save file should be',
             errno.ENOTDIR: 'a file is where a folder should be',
             errno.ENOENT: 'a file is missing'}
    for code, text in words.items():
        assert journal.explain(OSError(code, os.strerror(code))) == text
        assert journal.explain(OSError(code)) == text          # MicroPython's form
    assert journal.explain(MemoryError()) == 'the device ran out of working memory'
    assert journal.not_saved(MemoryError(), lost=True, last='Ann bid 3') == (
        'Could not save: the device ran out of working memory. The game is shown as it was '
        'saved; its last entry: Ann bid 3.')
    assert 'error 99' in journal.explain(OSError(99))


def test_a_listdir_that_cannot_give_a_name_still_finds_the_saves(tmp_path, monkeypatch):
    # CircuitPython makes str names: one that is not UTF-8 stops the whole
    # listing (UnicodeError); the saves are then asked for one by one
    saves, live, data = device_file(tmp_path)
    saves.new(new_session(SETUP))
    open(os.path.join(str(tmp_path / 'saves').encode(), b'\xff.log'), 'wb').close()

    def listdir(path):
        raise UnicodeError('not UTF-8')
    monkeypatch.setattr(journal.os, 'listdir', listdir)
    assert saves.slots() == [1, 2] and saves.problem is None
    monkeypatch.undo()
    assert saves.slots() == [1, 2]      # (listdir of bytes gives every name)
