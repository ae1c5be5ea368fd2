# The snapshot beside a save (firmware/trackside/snapshot.py, issue 11 item
# 4): a resume reads it instead of replaying the whole log, and is exactly
# the resume from the whole log, whatever was undone and redone; the log
# stays the truth: a snapshot that is damaged, from another game or
# another rules version, or of a log that was cut back since, is not used.
# A snapshot that cannot be written never costs the game. The same on
# MicroPython's littlefs, cut at every block: test_micropython.py.
import json
import os
import random
import shutil
import sys

import pytest

from trackside import journal, logfmt, resume, snapshot, timeline
from trackside.resume import load
from trackside.saves import Saves
from trackside.session import new_session
from steam_play import random_game, legal_line


def view(s):
    return (s.cursor, s.all_lines(), json.loads(json.dumps(s.state)), list(s.turn_starts()))


def saved_game(folder, seed=3, records=120, n=4):
    # A random Steam game saved as the device saves it, with undo and redo
    # among the actions; returns (path, the session).
    lines, _ = random_game(seed, n=n)
    saves = Saves(str(folder))
    s = new_session(lines[0])
    path = saves.path(saves.new(s))
    rnd = random.Random(seed)
    for line in lines[1:records]:
        s.do_text(line)
        if rnd.random() < 0.15 and s.cursor > 2:
            k = rnd.randint(1, 3)
            s.undo(k)
            if rnd.random() < 0.5:
                s.redo(rnd.randint(1, k))
            while s.can_redo():         # the log's next line follows what is in effect
                s.redo()
    s.idle()                # (the log whole: its tail folded in, as the device does when idle)
    return path, s


def whole(path):
    # The resume from the log alone, writing nothing (the tests compare it
    # with a resume that does: one session at a time saves, as on the device).
    keep = path + '.keep'
    os.rename(snapshot.path_of(path), keep)
    try:
        s = load(path)[0]
        s.journal = None
        return s
    finally:
        os.rename(keep, snapshot.path_of(path))


def counting(monkeypatch):
    # Count the actions the rules apply.
    from trackside.games import steam
    count = [0]
    apply = steam.apply

    def counted(state, action):
        count[0] += 1
        return apply(state, action)
    monkeypatch.setattr(steam, 'apply', counted)
    return count


@pytest.fixture
def kept(monkeypatch):
    # The device lets the snapshot module go after each use (it is loaded
    # again the next time); kept loaded, a test can change it.
    import trackside
    monkeypatch.setattr(journal, 'unload', lambda name: None)
    monkeypatch.setattr(resume, 'unload', lambda name: None)
    monkeypatch.setitem(sys.modules, 'trackside.resume', resume)    # (the one patched)
    monkeypatch.setitem(sys.modules, 'trackside.snapshot', snapshot)
    monkeypatch.setattr(trackside, 'snapshot', snapshot, raising=False)


@pytest.fixture
def small_checkpoints(monkeypatch):
    # A snapshot every 4 actions: many of them in a short game.
    monkeypatch.setattr(timeline, 'CHECKPOINT', 4)


@pytest.mark.slow              # (every game, a resume at every record: make test runs it)
def test_a_resume_from_the_snapshot_is_the_resume_from_the_whole_log(tmp_path, small_checkpoints):
    # After every record of a game with undo and redo, the save and its
    # snapshot as they were then: resumed, they are the game the whole log
    # gives, and stay so through undo to the start and redo to the end.
    lines, _ = random_game(8, n=3)
    saves = Saves(str(tmp_path / 'live'))
    live = new_session(lines[0])
    saves.new(live)
    rnd = random.Random(8)
    copies = []
    for i, line in enumerate(lines[1:90]):
        live.do_text(line)
        if i % 7 == 5:
            live.undo(rnd.randint(1, 5))
            copies.append(str(tmp_path / ('c%d' % len(copies))))
            shutil.copytree(str(tmp_path / 'live'), copies[-1])
            live.redo(live.lines.n - live.cursor)
        copies.append(str(tmp_path / ('c%d' % len(copies))))
        shutil.copytree(str(tmp_path / 'live'), copies[-1])
    used = 0
    for folder in copies:
        p = os.path.join(folder, 'game1.log')
        if not os.path.exists(snapshot.path_of(p)):
            continue
        used += 1
        fast, ref = load(p)[0], whole(p)
        assert view(fast) == view(ref), folder
        assert fast.history() == ref.history()
        for k in range(fast.cursor):
            assert fast.state_at(k) == ref.state_at(k)
        while fast.can_undo():
            fast.undo()
            ref.undo()
            assert view(fast) == view(ref)
        fast.redo(fast.lines.n)
        ref.redo(ref.lines.n)
        assert view(fast) == view(ref)
    assert used > 60


def test_a_resume_replays_only_the_records_after_the_snapshot(tmp_path, monkeypatch):
    path, live = saved_game(tmp_path, records=150)
    count = counting(monkeypatch)
    s = load(path)[0]
    fast = count[0]
    count[0] = 0
    whole(path)
    # each record after the snapshot costs one action, an undo at most a
    # checkpoint's worth
    end = snapshot.read(path)[0]
    after = open(path, 'rb').read()[end:].count(b'\n')
    assert 0 < after < timeline.CHECKPOINT and fast <= after * timeline.CHECKPOINT, (after, fast)
    assert count[0] > 150 and fast < count[0] // 3, (fast, count[0])
    assert view(s) == view(live)


def test_a_finished_game_resumes_from_its_snapshot(tmp_path, monkeypatch):
    # Final scoring adds the ranking to Steam's state: the snapshot of a
    # game that is over was once taken for another rules' (its state's
    # names differ from a game just started), and the whole log replayed.
    lines, _ = random_game(3, n=4)
    path, live = saved_game(tmp_path, records=len(lines))
    assert live.over() and 'ranking' in live.state
    live.journal.snapshot(live)             # (taken now, at the end)
    count = counting(monkeypatch)
    s = load(path)[0]
    assert view(s) == view(live)
    assert count[0] < timeline.CHECKPOINT, count[0]


def test_a_stale_snapshot_is_used_and_the_records_after_it_replayed(tmp_path, monkeypatch, kept):
    # The snapshot cannot be written (the flash full): the one before
    # stands, and the resume replays from it.
    path, live = saved_game(tmp_path, records=70)
    before = open(snapshot.path_of(path), 'rb').read()
    monkeypatch.setattr(snapshot, '_write', failing)
    for line in random_game(3, n=4)[0][70:110]:
        live.do_text(line)
    assert open(snapshot.path_of(path), 'rb').read() == before
    assert not os.path.exists(snapshot.path_of(path) + '.tmp')
    assert view(load(path)[0]) == view(live)


def failing(path, mode, chunks):
    raise OSError(28)


@pytest.mark.parametrize('error', [OSError(28), OSError(5), MemoryError()])
def test_a_snapshot_that_cannot_be_written_never_costs_the_game(tmp_path, monkeypatch, error, kept):
    def fail(*args):
        raise error
    monkeypatch.setattr(snapshot, '_write', fail)
    path, live = saved_game(tmp_path, records=100)
    assert not os.path.exists(snapshot.path_of(path))
    assert not os.path.exists(snapshot.path_of(path) + '.tmp')
    assert not live.lost
    assert view(load(path)[0]) == view(live)


def reseal(path, head=None, state=None):
    # Rewrite a snapshot, its records sealed again (a snapshot whose
    # checksums are right but which does not fit the save).
    h, st = [logfmt.unseal(r) for r in open(path, 'rb').read().split(b'\n')[:2]]
    h = json.loads(h)
    if head:
        head(h)
    with open(path, 'wb') as f:
        f.write(logfmt.seal(json.dumps(h)) + logfmt.seal((state or st).decode()))


def damage(kind, path, snap, other):
    if kind == 'a flipped byte':
        data = bytearray(open(snap, 'rb').read())
        data[len(data) // 2] ^= 0x20
        open(snap, 'wb').write(bytes(data))
    elif kind == 'cut short':
        data = open(snap, 'rb').read()
        open(snap, 'wb').write(data[:len(data) - 20])
    elif kind == 'empty':
        open(snap, 'wb').close()
    elif kind == 'huge':
        open(snap, 'wb').write(b'x' * (snapshot.MOST + 5))
    elif kind == 'another game':
        shutil.copy(snapshot.path_of(other), snap)
    elif kind == 'another rules version':
        reseal(snap, lambda h: h.__setitem__(5, '%d%s' % (int(h[5].split()[0]) + 1, h[5][1:])))
    elif kind == 'a state of other fields':
        # (a firmware whose state has other fields, the rules version the same)
        reseal(snap, lambda h: h.__setitem__(5, h[5].split()[0] + ' 00000000'))
    elif kind == 'another format':
        reseal(snap, lambda h: h.__setitem__(0, 99))
    elif kind == 'another cursor':
        reseal(snap, lambda h: h.__setitem__(4, h[4] - 1))
    elif kind == 'another checksum':
        reseal(snap, lambda h: h.__setitem__(2, '00000000'))
    elif kind == 'not a record end':
        reseal(snap, lambda h: h.__setitem__(1, h[1] - 3))
    elif kind == 'past the end of the save':
        # the save cut back (as "Recover what is readable" does) to before it
        data = open(path, 'rb').read()
        end = json.loads(logfmt.unseal(open(snap, 'rb').read().split(b'\n')[0]))[1]
        open(path, 'wb').write(data[:data.rindex(b'\n', 0, end - 1) + 1])
    elif kind == 'a folder':
        os.remove(snap)
        os.mkdir(snap)
    elif kind == 'not JSON':
        reseal(snap, state=b'{"cash": [1, 2')


KINDS = ['a flipped byte', 'cut short', 'empty', 'huge', 'another game', 'another rules version',
         'a state of other fields',
         'another format', 'another cursor', 'another checksum', 'not a record end',
         'past the end of the save', 'a folder']


@pytest.mark.slow
@pytest.mark.parametrize('kind', KINDS)
def test_a_snapshot_that_does_not_fit_the_save_is_not_used(tmp_path, monkeypatch, kind):
    path, live = saved_game(tmp_path / 'a', records=100)
    other, _ = saved_game(tmp_path / 'b', seed=5, records=100)
    snap = snapshot.path_of(path)
    damage(kind, path, snap, other)
    ref = new_session(live.setup_line())
    for line in open(path, 'rb').read().split(b'\n')[1:]:
        if line:
            ref.do_text(logfmt.unseal(line))
    count = counting(monkeypatch)
    s, note = load(path)
    assert view(s) == view(ref)
    assert count[0] >= ref.cursor           # replayed whole
    # the records replayed are due a snapshot: the next change writes it
    if not s.over():
        s.do_text(legal_line(s, random.Random(1)))
        count[0] = 0
        assert view(load(path)[0]) == view(s) and count[0] == 0


def test_a_snapshot_whose_state_is_not_json_is_not_used(tmp_path):
    # (checksums right, the head fits: json.loads of the state fails)
    path, live = saved_game(tmp_path, records=100)
    damage('not JSON', path, snapshot.path_of(path), None)
    assert view(load(path)[0]) == view(live)
    assert not os.path.exists(snapshot.path_of(path))


def test_the_saves_list_ignores_snapshots_and_delete_removes_them(tmp_path):
    path, live = saved_game(tmp_path, records=40)
    saves = Saves(str(tmp_path))
    assert saves.slots() == [1]
    saves.delete(1)
    assert sorted(os.listdir(str(tmp_path))) == ['last']
    # a snapshot left without its save (a delete cut short): its number is not reused
    shutil.copy(__file__, str(tmp_path / 'game4.snap'))
    assert saves.new(new_session(live.setup_line())) == 5


def test_recover_keeps_a_snapshot_only_where_it_fits(tmp_path):
    path, live = saved_game(tmp_path, records=100)
    data = open(path, 'rb').read()
    open(path, 'wb').write(data[:len(data) - 300] + b'garbage\n' + data[len(data) - 300:])
    saves = Saves(str(tmp_path))
    s, note = saves.recover(1)
    ref = new_session(live.setup_line())
    for line in open(path, 'rb').read().split(b'\n')[1:]:
        if line:
            ref.do_text(logfmt.unseal(line))
    assert view(s) == view(ref) and s.cursor < live.cursor


def test_the_snapshot_module_is_let_go_after_a_resume_and_after_a_snapshot(tmp_path):
    path, live = saved_game(tmp_path, records=60)
    assert 'trackside.snapshot' not in sys.modules
    s = load(path)[0]
    assert 'trackside.snapshot' not in sys.modules
    while s.since:
        s.do_text(legal_line(s, random.Random(2)))
    assert os.path.exists(snapshot.path_of(path)) and 'trackside.snapshot' not in sys.modules


def test_a_deferred_snapshot_waits_for_cache(tmp_path):
    # The device sets defer: the snapshot is written when no key is pressed
    # (Session.cache from ui/app.py), not in the press that made it due.
    lines, _ = random_game(3, n=4)
    saves = Saves(str(tmp_path))
    s = new_session(lines[0])
    path = saves.path(saves.new(s))
    s.defer = True
    for line in lines[1:timeline.CHECKPOINT + 5]:
        s.do_text(line)
    assert not os.path.exists(snapshot.path_of(path)) and s.since > timeline.CHECKPOINT
    s.cache()
    assert os.path.exists(snapshot.path_of(path)) and s.since == 0
    assert snapshot.read(path)[3] == s.cursor
    assert view(load(path)[0]) == view(s)


def test_the_device_writes_a_due_snapshot_when_no_key_is_pressed(tmp_path, small_checkpoints):
    from ui_play import device, press, saved_game as saved_by_device
    lines = random_game(3, n=3)[0][:11]     # saved as they come: snapshots at records 4 and 8
    saved_by_device(tmp_path, lines)
    app, names = device('pico_display', tmp_path)
    s = app.session
    path = s.journal.path
    before = open(snapshot.path_of(path), 'rb').read()
    assert s.defer and s.since == 2
    clock = press(app, names, 'B- B-')      # two undos: the next snapshot is due
    assert s.cursor == 8 and s.since == 4
    assert open(snapshot.path_of(path), 'rb').read() == before      # not in the presses
    for _ in range(200):                    # two seconds with no button down
        app.tick(0, clock.now)
        clock.now += 10
    assert s.since == 0 and open(snapshot.path_of(path), 'rb').read() != before
    assert snapshot.read(path)[3] == 8 and view(load(path)[0]) == view(s)
