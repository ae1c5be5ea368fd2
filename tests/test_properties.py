# Property tests: random legal and illegal input through Steam never breaks
# the game. Hypothesis draws every choice, so a failure shrinks to a short
# sequence of lines.
import random

from hypothesis import given, settings, strategies as st, HealthCheck

from trackside.rules import RuleError, clone
from trackside.session import new_session, replay
from steam_play import NAMES, legal_line, junk_line

STEPS = ('legal',) * 8 + ('junk', 'junk', 'undo', 'redo', 'undo_turn')


class ListJournal(list):
    def append(self, text):
        list.append(self, text)


def check_invariants(s):
    # The board can never show these (digest §1, §3, §5.4).
    st_ = s.state
    n = len(s.setup['players'])
    active = [p for p in range(n) if not st_['out'][p]]
    for p in active:
        assert -10 <= st_['income'][p] <= st_['income_max']
        assert 1 <= st_['loco'][p] <= 6
        assert st_['cash'][p] >= 0 and st_['vp'][p] >= 0
    if st_['phase'] == 'auction':
        placed = st_['order'] + st_['bidders']
        assert len(set(placed)) == len(placed) and set(placed) <= set(range(n))
    else:
        assert sorted(st_['order']) == active          # a permutation of who is left
    pr = s.prompt()
    if pr['options'] and pr['player'] >= 0:
        assert pr['player'] in active


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_input_never_breaks_steam(data):
    n = data.draw(st.integers(3, 6), label='players')
    start = data.draw(st.sampled_from(['firstgame', 'auction']), label='start')
    extra = data.draw(st.sampled_from(['', 'turns=2', 'turns=1 over_max=clamp', 'zero_bid=no income_max=6']))
    s = new_session('steam base players=%s start=%s %s' % (','.join(NAMES[:n]), start, extra))
    s.journal = ListJournal()
    steps = data.draw(st.integers(1, 300), label='steps')
    for _ in range(steps):
        kind = data.draw(st.sampled_from(STEPS))
        rnd = random.Random(data.draw(st.integers(0, 2 ** 32)))
        before, cursor, actions = clone(s.state), s.cursor, s.all_lines()
        if kind == 'undo':
            s.undo(rnd.randint(1, 4))
        elif kind == 'redo':
            s.redo(rnd.randint(1, 4))
        elif kind == 'undo_turn':
            s.undo_turn()
        elif not s.over():
            line = legal_line(s, rnd) if kind == 'legal' else junk_line(s, rnd)
            try:
                s.do_text(line)
            except RuleError:
                # a refused line changes nothing
                assert (s.state, s.cursor, s.all_lines()) == (before, cursor, actions), line
                continue
            if s.cursor != cursor + 1 or s.history()[:-1] != actions[:cursor]:
                # not a new action: a blank line, or the line was "undo"/"redo"
                check_invariants(s)
                continue
            # undo then redo returns the identical state
            after = clone(s.state)
            s.undo()
            assert s.state == before
            s.redo()
            assert s.state == after
        check_invariants(s)
    # replaying the saved log reproduces the live game exactly
    again, err = replay([s.setup_line()] + list(s.journal))
    assert err is None
    assert (again.state, again.cursor, again.all_lines()) == (s.state, s.cursor, s.all_lines())
    # and the actions in effect alone give the same state
    assert replay([s.setup_line()] + s.history())[0].state == s.state
