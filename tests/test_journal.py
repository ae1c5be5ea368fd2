# Saves that survive power loss, on the host's file system (CPython). The
# same checks on MicroPython's littlefs, cut at every block operation, are
# in test_micropython.py.
import os

import pytest

from trackside import logfmt
from trackside.journal import Saves, SaveError, load
from trackside.session import new_session, replay
from steam_play import random_game


def played(tmp_path, seed=11, n=4, count=40):
    # A saved game with `count` journal records (actions, undos, redos);
    # returns the saves, the slot, and the file's bytes after each record.
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


def test_a_cut_at_every_byte_keeps_every_acknowledged_action(tmp_path):
    saves, slot, live, sizes = played(tmp_path)
    path = saves.path(slot)
    data = open(path, 'rb').read()
    texts = [logfmt.unseal(r).decode() for r in data.split(b'\n')[:-1]]
    cut_dir = tmp_path / 'cut'
    cut_dir.mkdir()
    target = str(cut_dir / 'game1.log')
    checked = 0
    for cut in range(sizes[0], len(data) + 1):
        with open(target, 'wb') as f:
            f.write(data[:cut])
        # records acknowledged before this cut: those whose bytes all landed
        acked = max(k for k, size in enumerate(sizes) if size <= cut)
        s, note = load(target)
        # a record whose checksum landed but not its newline is kept too
        tail = data[:cut].split(b'\n')[-1]
        sealed = tail[-10:-8] == b' ~' and logfmt.unseal(tail) is not None
        kept = acked + (1 if sealed and cut not in sizes else 0)
        want = expected_after(texts[:kept + 1])
        assert (s.cursor, s.all_lines()) == (want.cursor, want.all_lines()), cut
        assert s.state == want.state
        assert kept in (acked, acked + 1)
        # the repaired save accepts new records and keeps them
        if s.over():
            continue
        s.undo()
        s2, note2 = load(target)
        assert note2 is None and s2.cursor == s.cursor and s2.all_lines() == s.all_lines()
        checked += 1
    assert checked > 300


def test_the_live_game_resumes_exactly(tmp_path):
    saves, slot, live, sizes = played(tmp_path, count=60)
    live.undo(3)
    s, note = saves.open(slot)
    assert note is None
    assert (s.cursor, s.all_lines(), s.state) == (live.cursor, live.all_lines(), live.state)
    assert s.redo(3) == 3 and live.redo(3) == 3 and s.state == live.state


def test_damaged_middle_record_is_reported_and_other_saves_are_untouched(tmp_path):
    saves, slot, live, sizes = played(tmp_path)
    other = saves.new(new_session('steam players=Ann,Bob,Cid start=firstgame'))
    path = saves.path(slot)
    data = bytearray(open(path, 'rb').read())
    data[sizes[5] + 2] ^= 0x20                 # one flipped bit in record 6
    open(path, 'wb').write(bytes(data))
    with pytest.raises(SaveError) as e:
        saves.open(slot)
    assert 'damaged at record 7' in str(e.value) and 'recover' in str(e.value)
    assert open(path, 'rb').read() == bytes(data)          # the save is left as it was
    assert saves.open(other)[0].setup['players'] == ['Ann', 'Bob', 'Cid']
    assert saves.describe(slot).startswith('%d: steam %s' % (slot, live.setup['variant']))
    s, note = saves.recover(slot)
    assert s.lines.n + 1 <= 6 and s.history() == live.history()[:s.cursor]
    assert os.path.exists(str(tmp_path / 'saves' / ('game%d.bad' % slot)))


@pytest.mark.parametrize('first, words', [
    ('steam base players=Ann,Bob,Cid format=9', 'format 9'),
    ('steam base players=Ann,Bob,Cid rules=9', 'newer steam rules (v9'),
    ('brass players=Ann,Bob,Cid', 'Unknown game "brass"'),
])
def test_unknown_versions_and_games_give_a_clear_message(tmp_path, first, words):
    saves = Saves(str(tmp_path / 'saves'))
    path = saves.path(1)
    data = logfmt.seal(first) + logfmt.seal('Ann tile engineer')
    open(path, 'wb').write(data)
    with pytest.raises(SaveError) as e:
        saves.open(1)
    assert words in str(e.value)
    assert open(path, 'rb').read() == data
    assert saves.slots() == [1]


def test_garbage_files_never_crash(tmp_path):
    saves = Saves(str(tmp_path / 'saves'))
    blobs = [b'', b'\n\n', b'\xff\xfe\x00garbage', logfmt.seal('steam players=A,B,C')[:-5],
             logfmt.seal('steam base players=Ann,Bob,Cid start=firstgame') + b'\x00' * 40,
             logfmt.seal('steam base players=Ann,Bob,Cid start=firstgame') + logfmt.seal('Zed pass')]
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
    rec = logfmt.seal('steam base players=Ann,Bob,Cid start=firstgame')
    open(saves.path(1) + '.tmp', 'wb').write(rec[:20])
    assert saves.slots() == []
    with pytest.raises(SaveError):
        saves.open(1)


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
