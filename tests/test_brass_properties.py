# Property tests: random legal and illegal input through Brass never breaks
# the game (digest ../shared/rules/brass.md). Hypothesis draws every choice,
# so a failure shrinks to a short game. Besides the shared properties (a
# refused line changes nothing, a line the prompt offered is accepted, undo
# and redo round-trip, the journal replays to the same state), Brass's own
# invariants, each from the digest and checked with numbers worked out here:
# money never negative (§16.1), the income marker on 0-99 (§6), the markets
# within their 8 spaces (§8), money spent adds up (§12), income only falls by
# a loan (§6.3), VP only fall by a shortfall (§5.2).
import pytest
import random

from hypothesis import given, settings, strategies as st, HealthCheck

from host_sim.randplay import random_setup
from game_properties import play
STACK_SIZES = (12, 8, 7, 4, 6)     # §10
CUBE_TYPES = (2, 3)                # coal mine, iron works


def sale_gain(before, after):
    # §8: cubes sold into a market holding c pay ceil((8-c)/2) each.
    return sum((8 - c + 1) // 2 for c in range(before, after))


def cover_ok(values, owe, total):
    # §5.2: the tiles sold cover the debt and selling stopped as soon as it
    # was covered (or, if all the tiles do not cover it, all were sold).
    if total < owe:
        return None
    return sum(values) >= owe and sum(values) - max(values) < owe


def check_invariants(s):
    st_ = s.state
    n = len(s.setup['players'])
    for p in range(n):
        assert st_['money'][p] >= 0
        assert 0 <= st_['pos'][p] <= 99
        assert st_['vp'][p] >= 0 and st_['spent'][p] >= 0
        for t in range(5):
            assert 0 <= st_['taken'][p][t] <= STACK_SIZES[t]
        assert 0 <= st_['links'][p] <= 14
    assert 0 <= st_['coal'] <= 8 and 0 <= st_['iron'] <= 8 and 0 <= st_['cotton'] <= 8
    assert sorted(st_['order']) == list(range(n))
    nums = [t[0] for t in st_['tiles']]
    assert len(set(nums)) == len(nums) and all(1 <= x <= st_['built'] for x in nums)
    for num, owner, typ, lv, cubes, flipped in st_['tiles']:
        assert cubes >= 0
        if typ in CUBE_TYPES and cubes == 0:
            assert flipped                     # the last cube taken flips it (§11)
        if typ not in CUBE_TYPES:
            assert cubes == 0
        if st_['era'] == 1:
            assert lv != 1                     # gone at the Canal's end, never built in Rail (§13.2, §7)
    if st_['phase'] == 'act':
        assert st_['at'] < n and 1 <= st_['left'] <= 2


def check_step(before, after, line, s):
    # What one action did to the money, the track and the VP.
    parsed = s.parse(line)
    verb = parsed[1]
    n = len(before['money'])
    if verb in ('build', 'link', 'develop'):
        p = parsed[0]
        paid = after['spent'][p] - before['spent'][p]
        gain = 0
        for key in ('coal', 'iron'):
            if after[key] > before[key]:
                gain += sale_gain(before[key], after[key])
        assert before['money'][p] - after['money'][p] == paid - gain, line
        assert paid > 0 or verb == 'develop'
    elif verb != 'endround':
        for p in range(n):
            assert after['spent'][p] == before['spent'][p], line   # loans, sales: not spent
    if verb == 'endround':
        assert after['spent'] == [0] * n
    for p in range(n):
        if not (verb == 'loan' and parsed[0] == p):
            assert after['pos'][p] >= before['pos'][p], line          # §6.3: flips only raise
        if verb not in ('endround', 'salvage'):
            assert after['vp'][p] >= before['vp'][p], line
    if verb == 'loan':
        p = parsed[0]
        assert after['money'][p] == before['money'][p] + parsed[2][0]


def shortfall_refusal_is_the_cover_rule(s, line):
    # The one shape that cannot say all of a rule: a SUBSET's lo..hi counts
    # cannot say "stop as soon as the debt is covered" (§5.2), so the rules
    # refuse some ticks the counts allow; they must be exactly those.
    from trackside.games.brass.data import salvage
    p, verb, nums = s.parse(line)
    if verb != 'salvage':
        return False
    mine = [t for t in s.state['tiles'] if t[1] == p]
    values = [salvage(t[2], t[3]) for t in mine if t[0] in nums]
    ok = cover_ok(values, s.state['owe'][p], sum(salvage(t[2], t[3]) for t in mine))
    return ok is False


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_input_never_breaks_brass(data):
    # tests/game_properties.py's properties, with Brass's invariants and
    # the checks of each step; an offered line may be refused only for
    # §5.2's cover rule (the tick screen cannot say it).
    seed = data.draw(st.integers(0, 2 ** 32), label='setup')
    rounds = data.draw(st.integers(1, 3), label='rounds')
    extra = data.draw(st.sampled_from(['', 'bonus=cash', 'distant=draw', 'noloan=0',
                                       'noloan=2 distant=draw bonus=cash']))
    setup = random_setup(random.Random(seed), game='brass', extra='rounds=%d %s' % (rounds, extra))
    play(data, setup, check_invariants,
         lambda before, s: check_step(before, s.state, s.history()[-1], s),
         most=250, refusal_allowed=shortfall_refusal_is_the_cover_rule)


def test_whole_random_games_end_with_a_winner():
    # Games of legal lines only, of the edition's full length, to the end:
    # the last prompt is "Game over" and a winner is named (§13.3).
    from host_sim.randplay import random_game
    for seed in range(6):
        lines, s = random_game(seed, n=4 if seed % 2 else None, game='brass')
        st_ = s.standings()
        assert st_['over'] and st_['winner'], seed
        ranks = [r['rank'] for r in st_['players']]
        assert min(ranks) == 1
        check_invariants(s)
