# Property tests: random legal and illegal input through each game never
# breaks it (tests/game_properties.py has the properties every game must
# have); here Steam's and the score pad's own invariants. Hypothesis draws
# every choice, so a failure shrinks to a short sequence of lines.
import pytest
from hypothesis import given, settings, strategies as st, HealthCheck

from game_properties import play
from steam_play import NAMES


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


def digest_payment(position, bid, n):
    # §7.4's table, as the digest gives it: 1st and 2nd pay their bid in
    # full, the last nothing, all others half, rounded up.
    if position == n:
        return 0
    if position in (1, 2):
        return bid
    return bid // 2 + bid % 2


def check_auction_payments(before, s):
    # The step that ends a standard auction: each player paid what §7.4's
    # table says for their position and own highest bid, and no more than
    # they had.
    after = s.state
    if before['phase'] != 'bidding' or after['phase'] == 'bidding':
        return
    n = len(after['order'])
    assert sorted(after['order']) == sorted(before['order'])
    for i, p in enumerate(after['order']):
        paid = before['cash'][p] - after['cash'][p]
        assert paid == digest_payment(i + 1, after['bids'][p], n)
        assert after['cash'][p] >= 0


@pytest.mark.slow
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
    play(data, 'steam %s players=%s %s' % (variant, ','.join(NAMES[:n]), extra),
         check_invariants, check_auction_payments)


def check_scorepad(s):
    # The totals are the sums of the rounds; at the end, a place for each
    # player: 1 + how many have a better total (ties share it).
    st_ = s.state
    n = len(s.setup['players'])
    assert st_['total'] == [sum(r[p] for r in st_['rounds']) for p in range(n)]
    if st_['phase'] == 'over':
        sign = 1 if st_['low'] else -1
        for p in range(n):
            assert st_['rank'][p] == 1 + sum(1 for q in range(n)
                                             if sign * st_['total'][q] < sign * st_['total'][p])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_input_never_breaks_the_score_pad(data):
    n = data.draw(st.integers(2, 8), label='players')
    extra = data.draw(st.sampled_from(['', 'rounds=3', 'low=yes min_points=-20 max_points=20',
                                       'rounds=1 low=yes']))
    play(data, 'scorepad players=%s %s' % (','.join(NAMES[:n]), extra), check_scorepad, most=120)
