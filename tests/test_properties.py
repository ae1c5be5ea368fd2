# Property tests: random legal and illegal input through Steam never breaks
# the game. Hypothesis draws every choice, so a failure shrinks to a short
# sequence of lines.
import random

from hypothesis import given, settings, strategies as st, HealthCheck

from trackside.games import steam_standard
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
    if st_['phase'] == 'bidding':
        # the standard auction (§7.4): the players still bidding and those
        # placed from the back are the players, once each; bids within cash
        placed = [p for p in st_['slots'] if p >= 0]
        assert sorted(placed + st_['bidders']) == active
        assert st_['slots'][:len(st_['bidders'])] == [-1] * len(st_['bidders'])
        for p in active:
            assert 0 <= st_['bids'][p] <= st_['cash'][p]
    pr = s.prompt()
    if pr['options'] and pr['player'] >= 0:
        assert pr['player'] in active


def check_auction_payments(before, after):
    # The step that ends a standard auction: each player paid what the
    # table says for their position and own highest bid (§7.4), and no more
    # than they had.
    if before['phase'] != 'bidding' or after['phase'] == 'bidding':
        return
    n = len(after['order'])
    assert sorted(after['order']) == sorted(before['order'])
    for i, p in enumerate(after['order']):
        paid = before['cash'][p] - after['cash'][p]
        assert paid == steam_standard.payment(i + 1, after['bids'][p], n)
        assert after['cash'][p] >= 0


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_input_never_breaks_steam(data):
    n = data.draw(st.integers(3, 6), label='players')
    variant = data.draw(st.sampled_from(['base', 'standard']), label='variant')
    if variant == 'base':
        extra = data.draw(st.sampled_from(['start=firstgame', 'start=auction turns=2',
                                           'start=firstgame turns=1 over_max=clamp',
                                           'zero_bid=no income_max=6']))
    else:
        extra = data.draw(st.sampled_from(['', 'turns=2', 'relaxed=all turns=3',
                                           'capital_vp=no tiebreak=order turns=1']))
    s = new_session('steam %s players=%s %s' % (variant, ','.join(NAMES[:n]), extra))
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
            check_auction_payments(before, s.state)
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
