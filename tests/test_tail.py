# The save's tail (firmware/trackside/journal.py): the newest records wait
# in GAME.tail, a file small enough for littlefs to keep inline (no sector
# erased for each record), and are folded into GAME.log when the device is
# idle, when the tail is full and before "Recover what is readable". What
# these tests hold it to: the records on flash, log and tail read together,
# are byte for byte what the log alone would hold; a power cut anywhere in
# the tail, or between a fold and the tail's removal, loses no acknowledged
# record and doubles none. On MicroPython's littlefs with the Pico's 4 KB
# blocks, cut at every block operation: test_micropython.py ('pico').
import os
import random
import shutil

import pytest

from conftest import saved_bytes
from host_sim.headless import Display, BOARDS
from host_sim import keyscript
from host_sim.replay import saved_lines
from trackside import files, journal, logfmt, resume, timeline
from trackside.journal import tail_of
from trackside.saves import Saves
from trackside.session import new_session
from trackside.replay import replay
from trackside.ui import app as app_mod
from steam_play import random_game, legal_line
from test_snapshot import counting


def view(s):
    return (s.cursor, s.all_lines(), logfmt.crc(repr(sorted(s.state.items())).encode()))


def play(folder, lines, undo_every=0):
    # The game saved as the device saves it; returns (saves, slot, session,
    # the records on flash after each acknowledged step).
    saves = Saves(str(folder))
    s = new_session(lines[0])
    slot = saves.new(s)
    path = saves.path(slot)
    steps = [saved_bytes(path)]
    for i, line in enumerate(lines[1:]):
        s.do_text(line)
        steps.append(saved_bytes(path))
        if undo_every and i % undo_every == undo_every - 1:
            s.undo(2)
            steps.append(saved_bytes(path))
            s.redo(2)
            steps.append(saved_bytes(path))
    return saves, slot, s, steps


def test_log_and_tail_hold_what_the_log_alone_would(tmp_path, monkeypatch):
    lines, _ = random_game(4, n=4)
    lines = lines[:90]
    saves, slot, live, steps = play(tmp_path / 'tail', lines, undo_every=7)
    path = saves.path(slot)
    # the tail never grows past its bound, and the log grew only by folds
    assert os.path.getsize(tail_of(path)) <= journal.TAIL
    monkeypatch.setattr(journal, 'TAIL', 0)
    _, slot2, _, alone = play(tmp_path / 'log', lines, undo_every=7)
    assert steps == alone
    assert os.path.getsize(path) < len(steps[-1])      # records are waiting in the tail
    s, note = saves.open(slot)
    assert note is None and view(s) == view(live)
    # host_sim replay reads the tail beside the log
    ref, err = replay(saved_lines(path)[0])
    assert err is None and view(ref) == view(live)


def test_records_too_long_for_a_tail_go_to_the_log(tmp_path, monkeypatch):
    # (a tail of 60 bytes here: "after N" and one short record)
    monkeypatch.setattr(journal, '_room', lambda path: 60)
    name = '\U0001F600' * 12
    setup = 'steam base players=%s,Bob,Cid start=firstgame' % name
    lines = [setup, '%s tile engineer' % name, 'Bob tile firstbuild', 'Cid tile turnorder']
    saves, slot, live, steps = play(tmp_path, lines)
    path = saves.path(slot)
    assert saves.open(slot)[0].history() == lines[1:]
    # Ann's record straight into the log; Bob's in a tail, folded in when
    # Cid's would not fit beside it; Cid's in a tail of its own
    assert open(path, 'rb').read() == steps[2]
    assert open(tail_of(path), 'rb').read() == (logfmt.seal('after %d' % len(steps[2])) +
                                                logfmt.seal(lines[3]))


def acknowledged(steps, data):
    # The number of steps whose records are all in data (the bytes after a
    # cut), and whether the next one lacks only its newline (it is read).
    k = max(i for i, b in enumerate(steps) if data.startswith(b) or b == data)
    return k, k + 1 < len(steps) and data == steps[k + 1][:-1]


@pytest.mark.slow
def test_a_cut_at_every_byte_of_the_tail_keeps_every_acknowledged_record(tmp_path):
    lines, _ = random_game(9, n=3)
    saves, slot, live, steps = play(tmp_path / 'live', lines[:40])
    path = saves.path(slot)
    log = open(path, 'rb').read()
    tail = open(tail_of(path), 'rb').read()
    head = tail.index(b'\n') + 1
    assert len(tail) > head + 100
    cut_dir = tmp_path / 'cut'
    checked = 0
    for cut in range(len(tail) + 1):
        if cut_dir.exists():
            shutil.rmtree(str(cut_dir))
        cut_dir.mkdir()
        target = str(cut_dir / 'game1.log')
        open(target, 'wb').write(log)
        open(tail_of(target), 'wb').write(tail[:cut])
        s, note = resume.load(target)
        k, whole_but_newline = acknowledged(steps, log + tail[head:max(cut, head)])
        want = replay([logfmt.unseal(r).decode() for r in steps[k].split(b'\n')[:-1]])[0]
        if whole_but_newline:
            want.do_text(lines[k + 1])
        assert view(s) == view(want), cut
        # the save goes on: a new record, then opened again
        s.do_text(legal_line(s, random.Random(cut)))
        assert view(resume.load(target)[0]) == view(s), cut
        checked += 1
    assert checked == len(tail) + 1


def test_a_fold_cut_before_the_tail_is_removed_doubles_nothing(tmp_path, monkeypatch):
    lines, _ = random_game(2, n=3)
    saves, slot, live, steps = play(tmp_path, lines[:12])
    path = saves.path(slot)
    assert os.path.exists(tail_of(path))
    stale = open(tail_of(path), 'rb').read()
    live.idle()                                  # folded: the log whole, the tail gone
    assert not os.path.exists(tail_of(path)) and open(path, 'rb').read() == steps[-1]
    open(tail_of(path), 'wb').write(stale)       # as if the power went before its removal
    s, note = saves.open(slot)
    assert note is None and view(s) == view(live)
    # the next record starts a tail of its own over the stale one
    line = legal_line(s, random.Random(5))
    s.do_text(line)
    live.do_text(line)
    assert view(saves.open(slot)[0]) == view(live)
    assert saved_bytes(path) == steps[-1] + logfmt.seal(line)


@pytest.mark.parametrize('head', ['after the end', 'unsealed', 'another record', 'flipped'])
def test_a_tail_that_fits_nowhere_is_damage_and_recover_sets_it_aside(tmp_path, head):
    lines, _ = random_game(2, n=3)
    saves, slot, live, steps = play(tmp_path, lines[:6])
    path = saves.path(slot)
    live.idle()
    first = {'after the end': logfmt.seal('after %d' % (len(steps[-1]) + 5)),
             'unsealed': b'after %d\n' % len(steps[-1]),
             'another record': logfmt.seal('nonsense'),
             'flipped': logfmt.seal('after %d' % len(steps[-1])).replace(b'after', b'aftes')}[head]
    open(tail_of(path), 'wb').write(first + logfmt.seal(lines[6]))
    with pytest.raises(journal.SaveError) as e:
        saves.open(slot)
    assert str(e.value) == ('The newest entries of this save (in game1.tail) are damaged. '
                            'Choose "Recover what is readable" to keep the entries before them.')
    s, note = saves.recover(slot)
    assert view(s) == view(live) and note == ('Kept what was readable; the newest entries, '
                                              'damaged, are in game1.tail.bad.')
    assert sorted(os.listdir(str(tmp_path))) == ['game1.log', 'game1.snap', 'game1.tail.bad',
                                                 'last'] or \
        sorted(os.listdir(str(tmp_path))) == ['game1.log', 'game1.tail.bad', 'last']
    saves.delete(slot)
    assert os.listdir(str(tmp_path)) == ['last']


def test_a_tail_whose_first_write_was_cut_holds_nothing_saved(tmp_path):
    lines, _ = random_game(2, n=3)
    saves, slot, live, steps = play(tmp_path, lines[:6])
    path = saves.path(slot)
    live.idle()
    whole = logfmt.seal('after %d' % len(steps[-1])) + logfmt.seal(lines[6])
    for cut in range(len(whole) - 1):     # (not its last record's newline alone)
        open(tail_of(path), 'wb').write(whole[:cut])
        s, note = saves.open(slot)
        assert view(s) == view(live), cut


@pytest.mark.slow
def test_a_fold_cut_part_way_is_read_as_the_tail_it_was(tmp_path):
    # the log got a part of the tail's records, the tail is still there:
    # the records are read once, from the tail, and the part is cut off
    lines, _ = random_game(5, n=3)
    saves, slot, live, steps = play(tmp_path, lines[:12])
    path = saves.path(slot)
    log = open(path, 'rb').read()
    tail = open(tail_of(path), 'rb').read()
    records = tail[tail.index(b'\n') + 1:]
    for part in range(len(records) + 1):
        open(path, 'wb').write(log + records[:part])
        open(tail_of(path), 'wb').write(tail)
        s, note = saves.open(slot)
        assert view(s) == view(live), part
        if part < len(records):
            assert open(path, 'rb').read() == log         # the part cut off at once
        line = legal_line(s, random.Random(part))
        s.do_text(line)
        assert saved_bytes(path) == steps[-1] + logfmt.seal(line), part


def test_a_snapshot_taken_with_records_in_the_tail_is_used(tmp_path, monkeypatch):
    monkeypatch.setattr(timeline, 'CHECKPOINT', 8)
    lines, _ = random_game(6, n=4)
    saves, slot, live, steps = play(tmp_path, lines[:60])
    path = saves.path(slot)
    from trackside import snapshot
    end = snapshot.read(path)[0]
    assert end > os.path.getsize(path)           # it was taken inside the tail
    count = counting(monkeypatch)
    s, note = saves.open(slot)
    assert note is None and view(s) == view(live)
    assert count[0] < 8                          # only the records after it


def test_an_idle_fold_that_fails_is_tried_once_a_record(tmp_path, monkeypatch):
    lines, _ = random_game(3, n=3)
    saves, slot, live, steps = play(tmp_path, lines[:5])
    path = saves.path(slot)
    writes = []
    real = journal._write

    def full(p, mode, chunks):
        writes.append(p)
        if p == path:
            raise OSError(28, 'full')
        return real(p, mode, chunks)
    monkeypatch.setattr(journal, '_write', full)
    for _ in range(50):
        live.idle()
    assert writes == [path]                      # one try, not one at every poll
    assert saved_bytes(path) == steps[-1] and not live.lost
    live.do_text(lines[5])                       # a new record: the next idle tries again
    live.idle()
    assert writes.count(path) == 2
    # the tail fills: then the record is refused, with nothing changed
    with pytest.raises(OSError):
        for line in lines[6:40]:
            live.do_text(line)
    before = saved_bytes(path)
    monkeypatch.setattr(journal, '_write', real)
    assert view(saves.open(slot)[0]) == view(live)
    assert saved_bytes(path) == before


def test_the_device_folds_the_tail_when_no_key_is_pressed(tmp_path):
    width, height, mono, names, keymap = BOARDS['pico_display']
    saves = Saves(str(tmp_path))
    s = new_session('steam base players=Ann,Bob,Cid start=firstgame')
    slot = saves.new(s)
    s.do_text('Ann tile engineer')
    s.idle()
    app = app_mod.App(Display(width, height, mono), keymap, str(tmp_path))
    path = saves.path(slot)
    clock = keyscript.Clock()
    keyscript.play(app, names, 'A A', clock)        # Bob's tile: the first one offered
    assert app.session.cursor == 2
    assert os.path.exists(tail_of(path)) and saved_bytes(path) != open(path, 'rb').read()
    for _ in range(app_mod.IDLE_MS // keyscript.TICK + 2):
        app.tick(0, clock.now)
        clock.now += keyscript.TICK
    assert not os.path.exists(tail_of(path))
    with open(path, encoding='utf-8') as f:
        ref, err = replay(f.readlines())
    assert err is None and ref.history() == app.session.history()


def test_putting_a_game_aside_folds_its_tail(tmp_path):
    width, height, mono, names, keymap = BOARDS['pico_display']
    saves = Saves(str(tmp_path))
    s = new_session('steam base players=Ann,Bob,Cid start=firstgame')
    first = saves.new(s)
    other = saves.new(new_session('steam base players=Dee,Eve,Fay start=firstgame'))
    app = app_mod.App(Display(width, height, mono), keymap, str(tmp_path))
    app.open(first)
    app.session.do_text('Ann tile engineer')
    assert os.path.exists(tail_of(saves.path(first)))
    app.open(other)
    assert not os.path.exists(tail_of(saves.path(first)))
    assert 'Ann tile engineer' in open(saves.path(first)).read()


def test_delete_takes_the_tail_and_its_number_is_not_reused(tmp_path):
    saves = Saves(str(tmp_path))
    s = new_session('steam base players=Ann,Bob,Cid start=firstgame')
    slot = saves.new(s)
    s.do_text('Ann tile engineer')
    assert os.path.exists(tail_of(saves.path(slot)))
    saves.delete(slot)
    assert os.listdir(str(tmp_path)) == ['last']
    # a tail left on its own (its removal failed) keeps its number from a new game
    open(str(tmp_path / 'game4.tail'), 'wb').write(logfmt.seal('after 60'))
    assert saves.slots() == [] and saves.new(new_session(s.setup_line())) == 5


def test_recover_folds_the_tail_first(tmp_path):
    lines, _ = random_game(8, n=3)
    saves, slot, live, steps = play(tmp_path, lines[:9])
    path = saves.path(slot)
    tail = bytearray(open(tail_of(path), 'rb').read())
    recs = tail.split(b'\n')
    assert len(recs) >= 5
    at = len(b'\n'.join(recs[:3])) + 3           # a byte of the tail's third record
    tail[at] ^= 0x20
    open(tail_of(path), 'wb').write(bytes(tail))
    with pytest.raises(journal.SaveError):
        saves.open(slot)
    s, note = saves.recover(slot)
    assert 'game%d.bad' % slot in note and not os.path.exists(tail_of(path))
    kept = len(open(path, 'rb').read().split(b'\n')) - 2
    assert s.cursor == kept and s.history() == live.history()[:kept]


def test_replay_names_the_tail_for_a_line_in_it(tmp_path):
    import subprocess
    import sys
    from conftest import ROOT
    lines, _ = random_game(2, n=3)
    saves, slot, live, steps = play(tmp_path, lines[:6])
    path = saves.path(slot)
    with open(tail_of(path), 'ab') as f:
        f.write(logfmt.seal('Zed pass'))
    r = subprocess.run([sys.executable, '-m', 'host_sim', 'replay', path], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 1
    n = open(tail_of(path), 'rb').read().count(b'\n')
    assert r.stderr.startswith('%s:%d: ' % (tail_of(path), n)), r.stderr


def test_the_simulator_stops_with_the_log_whole(tmp_path):
    import subprocess
    import sys
    from conftest import ROOT
    log = tmp_path / 'start.log'
    log.write_text('steam base players=Ann,Bob,Cid start=firstgame\nAnn tile engineer\n')
    saves = tmp_path / 'saves'
    r = subprocess.run([sys.executable, '-m', 'host_sim', 'sim', '--board', 'pico_display',
                        '--saves', str(saves), '--log', str(log), '--keys', 'A A'], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert sorted(os.listdir(str(saves))) == ['game1.log', 'last']
    with open(str(saves / 'game1.log'), encoding='utf-8') as f:
        s, err = replay(f.readlines())
    assert err is None and s.history()[0] == 'Ann tile engineer' and s.cursor == 2


def failing_writes(monkeypatch, lands):
    # Every record's write lands `lands` bytes, then fails (ENOSPC), and no
    # cut can be made (no room for its copy).
    from test_journal import FailingOpen
    fail = FailingOpen(28, lands)
    for where in (journal, files):     # (the journal's writes are files.py's)
        monkeypatch.setattr(where, 'open', fail, raising=False)

    def no_room(*args):
        raise OSError(28, 'full')
    monkeypatch.setattr(journal, 'copy_prefix', no_room)


def test_a_fold_torn_and_not_cut_back_loses_nothing(tmp_path, monkeypatch):
    lines, _ = random_game(7, n=3)
    saves, slot, live, steps = play(tmp_path, lines[:6])
    failing_writes(monkeypatch, 7)
    live.idle()                             # the fold lands 7 bytes; the cut has no room
    assert live.lost                        # (the device opens the save again)
    monkeypatch.undo()
    s, note = saves.open(slot)
    assert note is None and view(s) == view(live)
    assert open(saves.path(slot), 'rb').read() == steps[0]     # the 7 bytes cut off
    s.do_text(lines[6])
    assert saves.open(slot)[0].history() == lines[1:7]


def test_an_idle_fold_that_leaves_memory_unsure_opens_the_save_again(tmp_path, monkeypatch):
    width, height, mono, names, keymap = BOARDS['pico_display']
    lines, _ = random_game(7, n=3)
    saves, slot, live, steps = play(tmp_path, lines[:6])
    live = None
    app = app_mod.App(Display(width, height, mono), keymap, str(tmp_path))
    assert app.session.cursor == 5
    failing_writes(monkeypatch, 7)
    clock = keyscript.Clock()
    for _ in range(app_mod.IDLE_MS // keyscript.TICK + 2):
        app.tick(0, clock.now)
        clock.now += keyscript.TICK
    monkeypatch.undo()
    assert app.stack[-1].title == 'Not saved' and not app.session.lost
    assert app.session.cursor == 5 and 'the game is shown as it was saved' in \
        app.stack[-1].text.lower()
    app.session.do_text(lines[6])
    assert saves.open(slot)[0].history() == lines[1:7]


def test_a_resumed_tail_marks_the_game_lost_when_a_torn_record_stays(tmp_path, monkeypatch):
    lines, _ = random_game(7, n=3)
    saves, slot, live, steps = play(tmp_path, lines[:6])
    s, note = saves.open(slot)
    assert s.journal.tail is not None and s.journal.tail.session is s
    failing_writes(monkeypatch, len(logfmt.seal(lines[6])) - 1)
    with pytest.raises(OSError):
        s.do_text(lines[6])                 # all but its newline lands, and stays
    assert s.lost


def test_replay_reads_a_save_whose_tail_was_cut_back_to_nothing(tmp_path):
    import subprocess
    import sys
    from conftest import ROOT
    lines, _ = random_game(2, n=3)
    saves, slot, live, steps = play(tmp_path, lines[:6])
    path = saves.path(slot)
    live.idle()
    open(tail_of(path), 'wb').close()
    r = subprocess.run([sys.executable, '-m', 'host_sim', 'replay', path, '--json'], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


EMOJI = '\U0001F600' * 12


@pytest.mark.parametrize('how', ['power cut', 'failed write'])
def test_a_cut_short_first_tail_then_a_record_too_long_for_one(tmp_path, monkeypatch, how):
    # the first write of a new tail lands its "after N" and a part of its
    # record; the next record, too long for a tail, goes into the log: the
    # part left in the tail must not make the save look damaged
    room = 60
    monkeypatch.setattr(journal, '_room', lambda path: room)
    saves = Saves(str(tmp_path))
    s = new_session('steam base players=Ann,%s,Cid start=firstgame' % EMOJI)
    slot = saves.new(s)
    path = saves.path(slot)
    s.do_text('Ann tile engineer')
    s.idle()
    n = os.path.getsize(path)
    if how == 'power cut':
        open(tail_of(path), 'wb').write(logfmt.seal('after %d' % n) + logfmt.seal('undo')[:5])
    else:
        failing_writes(monkeypatch, len(logfmt.seal('after %d' % n)) + 5)
        with pytest.raises(OSError):
            s.undo()
        assert s.lost
        monkeypatch.undo()
        monkeypatch.setattr(journal, '_room', lambda path: room)
    s, note = saves.open(slot)
    assert s.history() == ['Ann tile engineer']
    s.do_text('%s tile firstbuild' % EMOJI)
    assert not os.path.exists(tail_of(path))
    assert saves.open(slot)[0].history() == s.history()


class PowerCut(BaseException):
    pass


@pytest.mark.parametrize('then', ['fails', 'power cut'])
def test_a_tail_cut_back_whose_rename_stops_half_way_is_kept(tmp_path, monkeypatch, then):
    # A record's write to the tail fails part-way and is cut back: the cut
    # copy (gameN.tail.tmp) replaces the tail. Where the rename cannot
    # replace it, the tail is removed first, then renamed again; stopped
    # there, the copy is all there is, and it is the tail.
    lines, _ = random_game(4, n=3)
    saves, slot, live, steps = play(tmp_path, lines[:6])
    assert live.journal.tail is not None
    acknowledged = view(live)
    real_rename = os.rename
    calls = []

    def rename(src, dst):
        if str(src).endswith('.tail.tmp'):
            calls.append(src)
            if len(calls) == 1:
                raise OSError(28, 'full')
            if then == 'power cut':
                raise PowerCut()
            raise OSError(5, 'flash error')
        return real_rename(src, dst)
    monkeypatch.setattr(os, 'rename', rename)
    from test_journal import FailingOpen
    fail = FailingOpen(28, 5)
    for where in (journal, files):     # (the journal's writes are files.py's)
        monkeypatch.setattr(where, 'open', fail, raising=False)
    with pytest.raises((OSError, PowerCut)):
        live.do_text(lines[6])
    monkeypatch.undo()
    assert len(calls) == 2 and not os.path.exists(tail_of(saves.path(slot)))
    s, note = saves.open(slot)
    assert view(s) == acknowledged
