# The saves on CIRCUITPY (firmware/trackside/fixed.py) on the host's files: what the
# player meets. The power cut at every flash operation of a real CIRCUITPY is
# tests/cp/powercut_fat.py's (tests/test_circuitpython.py).
import os
import sys

import pytest

from trackside import fixed, fixed_log, fixed_make, need, reader
from trackside.journal import SaveError
from trackside.logfmt import seal
from trackside.session import new_session

SETUP = 'steam base players=Ann,Bob,Cid start=firstgame'
LINES = ['Ann tile engineer', 'Bob tile firstbuild', 'Cid tile citygrowth']


@pytest.fixture(autouse=True)
def _fresh():
    yield
    fixed_log.close_all()
    for r in (reader, sys.modules.get('trackside.reader')):     # (the one fixed.py set, too)
        if r is not None:
            r.FIXED = None      # (the other saves' tests read whole files)


def game(saves, lines=LINES):
    s = new_session(SETUP)
    slot = saves.new(s)
    for line in lines:
        s.do_text(line)
    return slot, s


def test_the_space_is_made_once_with_every_copy_at_full_size(tmp_path):
    saves = fixed.Saves(str(tmp_path))
    assert saves.problem is None and saves.count == fixed_make.SLOTS
    for slot in range(1, saves.count + 1):
        for c in 'ab':
            assert os.path.getsize(saves.copy(slot, c)) == fixed_log.SIZE
    before = sorted(os.listdir(tmp_path))
    slot, s = game(saves)
    saves.delete(slot)
    assert sorted(os.listdir(tmp_path)) == before           # no file made, none removed
    for slot in range(1, saves.count + 1):
        assert os.path.getsize(saves.copy(slot, 'a')) == fixed_log.SIZE


def test_a_space_cut_short_while_made_is_finished_at_the_next_power_on(tmp_path):
    saves = fixed.Saves(str(tmp_path))
    os.remove(os.path.join(str(tmp_path), 'ready'))
    os.truncate(saves.copy(3, 'b'), 1000)
    again = fixed.Saves(str(tmp_path))
    assert again.problem is None and again.count == fixed_make.SLOTS
    assert os.path.getsize(again.copy(3, 'b')) == fixed_log.SIZE


def test_a_game_opens_as_it_was_played_from_either_copy(tmp_path):
    saves = fixed.Saves(str(tmp_path))
    slot, s = game(saves)
    want = (s.cursor, s.all_lines())
    for spoil in ('a', 'b'):
        with open(saves.copy(slot, spoil), 'r+b') as f:  # the last entry torn in one copy
            f.seek(s.journal.size - 5)
            f.write(b'\xff' * 5)
        fixed_log.close_all()
        got, note = fixed.Saves(str(tmp_path)).open(slot)
        assert (got.cursor, got.all_lines()) == want and note is None
        fixed_log.close_all()


def test_a_copy_whose_folder_a_cut_spoiled_is_moved_to_a_free_slot(tmp_path):
    saves = fixed.Saves(str(tmp_path))
    slot, s = game(saves)
    fixed_log.close_all()
    os.remove(saves.copy(slot, 'b'))         # (as a folder entry erased by a cut reads)
    again = fixed.Saves(str(tmp_path))
    got, note = again.open(slot)
    assert got.all_lines() == s.all_lines()
    assert note == ('A power cut spoiled one of the two copies of save 1: the game was moved '
                    'to slot 2.')
    assert again.slots() == [2] and again.slot_of(got) == 2
    got.do_text('undo')
    fixed_log.close_all()
    assert fixed.Saves(str(tmp_path)).open(2)[0].all_lines() == got.all_lines()


def test_every_slot_in_use_refuses_a_new_game_and_changes_nothing(tmp_path):
    saves = fixed.Saves(str(tmp_path))
    for _ in range(saves.count):
        game(saves, [])
    with pytest.raises(SaveError) as e:
        game(saves, [])
    assert str(e.value) == ('Could not start the game: all 4 save slots are in use. Delete a '
                            'saved game first. Nothing was changed.')
    assert saves.slots() == [1, 2, 3, 4]


def test_a_full_save_refuses_the_entry_and_keeps_the_game(tmp_path, monkeypatch):
    setup = seal(new_session(SETUP).setup_line())
    size = fixed_log.HEAD + 5 + len(setup) + len(seal(LINES[0])) + len(seal(LINES[1]))
    monkeypatch.setattr(fixed_log, 'SIZE', size)                        # what the journal takes
    monkeypatch.setattr(need('trackside.fixed_make'), 'SIZE', size)     # the copies made so
    saves = fixed.Saves(str(tmp_path))
    slot, s = game(saves, LINES[:2])
    with pytest.raises(SaveError) as e:
        s.do_text(LINES[2])
    assert 'this save is full' in str(e.value)
    fixed_log.close_all()
    assert fixed.Saves(str(tmp_path)).open(slot)[0].all_lines() == s.all_lines()


def test_delete_then_a_new_game_in_the_slot_and_the_last_one_resumed(tmp_path):
    saves = fixed.Saves(str(tmp_path))
    one, _ = game(saves)
    two, s2 = game(saves, LINES[:1])
    assert saves.last() == two
    saves.delete(one)
    assert saves.slots() == [two] and saves.last() == two
    three, s3 = game(saves, [])
    assert three == one and saves.last() == one
    assert saves.open(two)[0].all_lines() == s2.all_lines()
    assert saves.describe(one) == '1: steam base, Ann Bob Cid'


def test_recover_keeps_what_is_readable(tmp_path):
    saves = fixed.Saves(str(tmp_path))
    slot, s = game(saves)
    fixed_log.close_all()
    end = s.journal.size
    second = fixed_log.HEAD + len(seal(s.setup_line())) + 3
    for c in 'ab':                           # the first entry damaged, in both copies
        with open(saves.copy(slot, c), 'r+b') as f:
            f.seek(second)
            f.write(b'#')
    again = fixed.Saves(str(tmp_path))
    with pytest.raises(SaveError):
        again.open(slot)
    got, note = again.recover(slot)
    assert note == 'Kept what was readable; the rest was dropped.'
    assert got.all_lines() == [] and end > second


def test_a_drive_too_full_says_so(tmp_path, monkeypatch):
    real = os.statvfs

    class Full:
        def __getitem__(self, i):
            return (1024, 1024, 1000, 50, 50)[i] if i < 5 else 0
    monkeypatch.setattr(os, 'statvfs', lambda p: Full())
    saves = fixed.Saves(str(tmp_path))
    assert saves.problem.startswith('CIRCUITPY is too full to keep saves: 50 KB free')
    monkeypatch.setattr(os, 'statvfs', real)
    with pytest.raises(SaveError):
        game(saves, [])


def test_the_saves_load_none_of_littlefs_s_modules_and_let_go_of_their_rare_parts(tmp_path, monkeypatch):
    # From source every module loaded is compiled in RAM: CIRCUITPY's saves read
    # a save back with reader.py alone (no tail, no snapshot: resume.py is
    # littlefs's), and the space's making and the repairs are let go after use.
    for name in ('trackside.resume', 'trackside.journal', 'trackside.snapshot'):
        monkeypatch.delitem(sys.modules, name, raising=False)
    saves = fixed.Saves(str(tmp_path))
    slot, s = game(saves)
    fixed_log.close_all()
    os.remove(saves.copy(slot, 'b'))            # a copy spoiled: the game is moved
    again = fixed.Saves(str(tmp_path))
    moved = again.open(slot)[0]
    assert again.slots() == [2] and again.describe(2) == '2: steam base, Ann Bob Cid'
    assert again.recover(2)[0].all_lines() == moved.all_lines() == s.all_lines()
    again.delete(2)
    for name in ('trackside.resume', 'trackside.journal', 'trackside.snapshot',
                 'trackside.fixed_make', 'trackside.fixed_recover'):
        assert name not in sys.modules, name
