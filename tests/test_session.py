# The session: actions derive the state; refused actions change nothing;
# undo, redo and "undo to the start of this turn".
import pytest

from trackside import timeline
from trackside.rules import RuleError, clone
from trackside.session import new_session
from trackside.replay import replay
from steam_play import game, random_game
from game_play import play


class ListJournal(list):
    # A journal in RAM: what the session would write to flash.
    def append(self, text):
        list.append(self, text)


def fresh_state(s):
    # The state derived from scratch from the actions in effect.
    return replay([s.setup_line()] + s.history())[0].state


def test_state_is_derived_from_the_actions():
    lines, s = random_game(seed=1, n=4)
    assert s.state == fresh_state(s)


def test_refused_action_changes_nothing_and_says_whose_turn():
    s = game(3)
    before, n = clone(s.state), s.lines.n
    with pytest.raises(RuleError) as e:
        s.do_text('Bob tile engineer')
    assert "It is Ann's turn" in str(e.value)
    with pytest.raises(RuleError) as e:
        s.do_text('Ann bid 3')
    assert 'choose tile' in str(e.value)
    with pytest.raises(RuleError) as e:
        s.do_text('Ann tile 9')
    assert 'No action tile' in str(e.value)
    assert s.state == before and s.lines.n == n


def test_undo_redo_and_new_action_clears_redo():
    s = game(3)
    s.journal = ListJournal()
    play(s, 'Ann tile engineer', 'Bob tile firstbuild')
    after_two = clone(s.state)
    assert s.undo() == 1
    assert s.history() == ['Ann tile engineer']
    assert s.redo() == 1 and s.state == after_two
    s.undo()
    play(s, 'Bob tile turnorder')
    assert not s.can_redo()
    assert s.history() == ['Ann tile engineer', 'Bob tile turnorder']
    assert s.journal == ['Ann tile engineer', 'Bob tile firstbuild', 'undo', 'redo', 'undo',
                         'Bob tile turnorder']
    # the journal replays to the same place
    assert replay([s.setup_line()] + s.journal)[0].state == s.state


def test_unlimited_undo_back_to_setup_and_redo_all():
    lines, s = random_game(seed=7, n=5)
    end = clone(s.state)
    total = s.cursor
    assert total > 3 * timeline.CHECKPOINT      # crosses several checkpoints
    while s.can_undo():
        s.undo()
        if s.cursor % 13 == 0:
            assert s.state == fresh_state(s)
    assert s.state == new_session(lines[0]).state
    assert s.redo(total) == total and s.state == end


def test_undo_to_start_of_turn_is_one_step():
    s = game(3)
    play(s, 'Ann tile engineer', 'Bob tile firstbuild', 'Cid tile turnorder')
    start = s.turn_start()
    assert start == 0
    for _ in range(4):
        s.do_text(s.setup['players'][s.prompt()['player']] + ' pass')
    s.journal = ListJournal()
    assert s.undo_turn() == 7 and s.cursor == 0
    assert s.journal == ['undo 7']
    s.redo(7)
    while s.state['phase'] != 'income':
        s.do_text(s.setup['players'][s.prompt()['player']] + ' pass')
    play(s, 'income')
    turn2 = s.cursor
    assert s.state['turn'] == 2 and s.turn_start() == 0   # nothing done in turn 2 yet
    play(s, 'Cid tile engineer')
    assert s.turn_start() == turn2
    s.undo_turn()
    assert s.cursor == turn2 and s.state['turn'] == 2
    s.undo_turn()                                         # at a turn's start: the one before
    assert s.cursor == 0


def test_undo_then_redo_is_identical_everywhere():
    lines, s = random_game(seed=3, n=3)
    states = []
    replayed = new_session(lines[0])
    for line in lines[1:]:
        replayed.do_text(line)
        states.append(clone(replayed.state))
    for k in range(len(states), 0, -1):
        assert s.state == states[k - 1]
        s.undo()
    for k in range(len(states)):
        s.redo()
        assert s.state == states[k]


def test_session_verbs_in_a_log():
    s, err = replay(['steam base players=Ann,Bob,Cid start=firstgame', 'Ann tile engineer',
                     'Bob tile firstbuild', 'undo 2', 'redo', 'Bob tile turnorder'])
    assert err is None and s.history() == ['Ann tile engineer', 'Bob tile turnorder']
    s, err = replay(['steam base players=Ann,Bob,Cid start=firstgame', 'Ann tile engineer',
                     'undo 2'])
    assert err == (3, 'undo 2', 'Only 1 action can be undone')
    # with none to undo or redo, the refusal says so in words
    s, err = replay(['steam base players=Ann,Bob,Cid start=firstgame', 'undo'])
    assert err == (2, 'undo', 'Nothing to undo')
    s, err = replay(['steam base players=Ann,Bob,Cid start=firstgame', 'Ann tile engineer',
                     'redo'])
    assert err == (3, 'redo', 'Nothing to redo')


def test_replay_reports_first_refused_line():
    s, err = replay(['# a game', 'steam base players=Ann,Bob,Cid start=firstgame', '',
                     'Ann tile engineer', 'Bob tile engineer', 'Bob tile turnorder'])
    assert err[0] == 5 and 'already taken' in err[2]
    assert s.history() == ['Ann tile engineer']


class FailingJournal(list):
    # A journal whose next write fails, as flash does when it is full.
    fail = False

    def append(self, text):
        if self.fail:
            self.fail = False
            raise OSError(28, 'ENOSPC')
        list.append(self, text)


@pytest.mark.parametrize('step', ['undo', 'redo', 'undo_turn', 'action'])
def test_a_failed_write_changes_nothing(step):
    # Issue 13, item 1: the undo/redo line is journalled before the session
    # moves, so a write that fails leaves the game as it was, in memory and
    # in the save; the next action then replays from the save.
    s = game(3)
    s.journal = FailingJournal()
    play(s, 'Ann tile engineer', 'Bob tile firstbuild')
    if step == 'redo':
        s.undo()
    before = (clone(s.state), s.cursor, s.all_lines(), list(s.journal))
    s.journal.fail = True
    with pytest.raises(OSError):
        if step == 'undo':
            s.undo()
        elif step == 'redo':
            s.redo()
        elif step == 'undo_turn':
            s.undo_turn()
        else:
            s.do_text('Cid tile turnorder')
    assert (s.state, s.cursor, s.all_lines(), list(s.journal)) == before
    assert not s.lost
    play(s, s.setup['players'][s.prompt()['player']] + ' tile citygrowth')
    again, err = replay([s.setup_line()] + list(s.journal))
    assert err is None and again.state == s.state and again.history() == s.history()


def test_memory_running_out_during_undo_changes_nothing(monkeypatch):
    # A MemoryError while the undone state is worked out (replaying from a
    # checkpoint) leaves the game, and the journal, as they were.
    s = game(3)
    s.journal = ListJournal()
    play(s, 'Ann tile engineer', 'Bob tile firstbuild')
    before = (clone(s.state), s.cursor, list(s.journal))
    real = s.game.apply

    def apply(state, action):
        raise MemoryError('memory allocation failed')
    monkeypatch.setattr(s.game, 'apply', apply)
    with pytest.raises(MemoryError):
        s.undo()
    monkeypatch.setattr(s.game, 'apply', real)
    assert (s.state, s.cursor, list(s.journal)) == before and not s.lost


def test_only_a_few_checkpoints_are_held_and_undo_reaches_past_them(monkeypatch):
    # timeline.py, KEPT: the first checkpoint, the two newest and the one at
    # the cursor stay in RAM; an undo or the history further back works the
    # state out from an older one, and gets it right. (A checkpoint every 8
    # actions: a dozen of them in one game.)
    monkeypatch.setattr(timeline, 'CHECKPOINT', 8)
    lines, _ = random_game(12, n=4)
    s, err = replay(lines)
    n = s.cursor
    assert err is None and n > 80
    held = [i for i, c in enumerate(s._checkpoints) if c is not None]
    assert held == [0, len(s._checkpoints) - 2, len(s._checkpoints) - 1]
    for k in (0, 5, 20, 41, n - 20, n - 1):
        assert s.state_at(k) == replay(lines[:k + 1])[0].state, k
    s.undo(n - 45)                  # back past every checkpoint but the first
    assert s.state == replay(lines[:46])[0].state
    assert s._checkpoints[45 // 8] is not None          # the cursor's, for the next undo
    s.undo(3)
    assert s.state == replay(lines[:43])[0].state
    s.redo(n - 42)
    assert s.state == replay(lines)[0].state


def counted_applies(monkeypatch, s):
    n = [0]
    real = s.game.apply

    def apply(state, action):
        n[0] += 1
        return real(state, action)
    monkeypatch.setattr(s.game, 'apply', apply)
    return n


def test_a_look_far_back_is_worked_out_once(monkeypatch):
    # The checkpoints let go in play are worked out again by the first undo
    # or history entry that needs them, and kept: walking the history back
    # entry by entry (state_at(k) then state_at(k + 1), as menu.py does), or
    # undoing one at a time after a deep undo, never replays from the start
    # again.
    monkeypatch.setattr(timeline, 'CHECKPOINT', 8)
    lines, _ = random_game(12, n=4)
    s, err = replay(lines)
    n = counted_applies(monkeypatch, s)
    costs = []
    for k in range(s.cursor - 1, 10, -1):
        n[0] = 0
        s.state_at(k)
        s.state_at(k + 1)
        costs.append(n[0])
    # (one entry, the first before the checkpoints kept, replays from the start)
    assert len([c for c in costs if c > 2 * 8]) == 1, costs
    s2, err = replay(lines)
    s2.undo(s2.cursor - 45)
    n = counted_applies(monkeypatch, s2)
    costs = []
    while s2.cursor > 10:
        n[0] = 0
        s2.undo()
        costs.append(n[0])
    assert max(costs) <= 8, costs


@pytest.mark.parametrize('seed', range(5))
def test_the_packed_action_lines_read_back_as_appended_and_cut(seed, monkeypatch):
    # session.Lines keeps the log lines joined in a few bytes objects (a
    # small heap): every read, cut and append must give what a plain list
    # of the lines would, across and at the chunks' edges.
    import random
    monkeypatch.setattr(timeline, 'CHECKPOINT', 4)
    rng = random.Random(seed)
    lines, model = timeline.Lines(), []
    for step in range(300):
        if model and rng.random() < 0.15:
            n = rng.randrange(len(model) + 1)
            lines.cut(n)
            del model[n:]
        else:
            line = ('%d bid %s' % (step, 'x' * rng.randrange(3))).encode()
            lines.append(line)
            model.append(line)
        assert lines.n == len(model)
        assert [lines[i] for i in range(lines.n)] == model
        for k in range(len(model) // 4 + 1):
            assert lines.chunk(k) == model[k * 4:k * 4 + 4]
