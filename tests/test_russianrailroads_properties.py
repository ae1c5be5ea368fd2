# Property tests for Russian Railroads: over random valid boards, the scoring of §13
# behaves as the rules make it (a line never scores below 0, and never less after a
# track moves forward, a doubler, a locomotive or the revaluation tile); over random
# play through the prompt, a line the device offers is never refused, a refused line
# changes nothing, undo and redo round-trip, and the journal replays to the same game.
import pytest
from hypothesis import given, settings, strategies as st, HealthCheck

from trackside.games.russianrailroads import board as B
from trackside.games.russianrailroads import questions as A
from test_russianrailroads_play import game, check_board
from game_properties import play

HEALTH = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture]


# --- random valid boards ----------------------------------------------------------------

@st.composite
def boards(draw):
    # A board as the rules allow it (§4.1-§4.3, §6-§8), drawn freely.
    ts_black = draw(st.integers(1, 15))
    tr = [0] * 15
    for L in range(3):
        top = B.LEN[L]
        for c in range(B.NCOL[L]):
            if c == 0:
                pos = ts_black if L == 0 else draw(st.integers(1, 9))
            elif ts_black >= B.UNLOCK[c] and top > 1 and draw(st.booleans()):
                pos = draw(st.integers(1, top - 1))
            else:
                continue
            tr[5 * L + c] = pos
            top = pos
    im0 = draw(st.integers(0, 15))
    fa = draw(st.integers(B.IND_NEED[im0], 5))
    im1 = draw(st.sampled_from([-1] + [i for i in range(0, B.ind_top({'fa': [fa]}, 0) + 1)
                                       if i != im0 or i == 0]))
    return {'tr': tr, 'lo': [draw(st.integers(1, 9)), draw(st.integers(0, 9)),
                             draw(st.integers(0, 9)), draw(st.integers(0, 9))],
            'db': draw(st.integers(0, 8)), 'im': [im0, im1], 'fa': fa,
            'rv': draw(st.integers(0, 1)), 'md': draw(st.integers(0, 1)),
            'k8': draw(st.integers(-1, 20)), 'il': draw(st.sampled_from([30, 50]))}


def state_of(b):
    s = dict((k, [v]) for k, v in b.items() if k not in ('k8', 'il'))
    s.update({'tk': [[]], 'en': [[]], 'qe': [0], 'bw': [0], 'k8': b['k8'], 'il': b['il']})
    check_board(s, 0)
    return s


def lines(s):
    return B.round_score(s, 0, s['il'], s['k8'])


def never_lower(before, s, what):
    after = lines(s)
    for L in range(4):
        assert after[L] >= before[L], (what, L, before, after)


@settings(max_examples=400, deadline=None, suppress_health_check=HEALTH)
@given(boards())
def test_a_line_never_scores_below_zero_section_13(b):
    s = state_of(b)
    assert min(lines(s)) >= 0
    for L in range(3):
        for n, pts in B.spaces(s, 0, L):
            assert n >= 0 and pts >= 0


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=HEALTH)
@given(boards(), st.data())
def test_a_line_never_scores_less_after_a_track_moves_forward_section_4_4(b, data):
    s = state_of(b)
    before = lines(s)
    moves = []
    for L in range(3):
        for c in range(B.NCOL[L]):
            span = B.track_span(s, 0, L, c, True)
            if not isinstance(span, str):
                moves.append((L, c, span))
    if not moves:
        return
    L, c, (lo, hi) = data.draw(st.sampled_from(moves))
    s['tr'][0][5 * L + c] = data.draw(st.integers(lo, hi))
    check_board(s, 0)
    never_lower(before, s, 'track')


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=HEALTH)
@given(boards(), st.data())
def test_doublers_locomotives_markers_and_revaluation_never_lower_a_score_section_7(b, data):
    s = state_of(b)
    before = lines(s)
    if s['db'][0] < 8:
        s['db'][0] += 1
        never_lower(before, s, 'doubler')
        before = lines(s)
    i = data.draw(st.integers(0, 3))
    if s['lo'][0][i] < 9:
        s['lo'][0][i] = data.draw(st.integers(s['lo'][0][i] + 1, 9))
        never_lower(before, s, 'locomotive')
        before = lines(s)
    steps = B.ind_steps(s, 0, 0)
    if steps:
        s['im'][0][0] += data.draw(st.sampled_from(steps))
        never_lower(before, s, 'industry')
        before = lines(s)
    s['rv'][0] = 1
    never_lower(before, s, 'revaluation')


@settings(max_examples=200, deadline=None, suppress_health_check=HEALTH)
@given(boards())
def test_the_score_is_the_digests_pseudocode_section_13(b):
    # §13 written out once more, space by space, straight from the digest.
    s = state_of(b)
    tr, lo = s['tr'][0], s['lo'][0]
    vals = (0, 1, 3, 6, 10) if s['rv'][0] else (0, 1, 2, 4, 7)

    def reach(L):
        return min(B.LEN[L], lo[0] + lo[1] if L == 0 else lo[L + 1])

    def colour_at(L, sp):
        best = None
        for c in range(5):
            if tr[5 * L + c] >= sp:
                best = c
        return best

    want = []
    for L in range(3):
        total = 0
        for sp in range(1, reach(L) + 1):
            c = colour_at(L, sp)
            pts = 0 if c is None else vals[c]
            if L == 0 and sp <= s['db'][0]:
                pts *= 2
            total += pts
        if L == 1 and tr[6] >= 7 and reach(1) >= 7:
            total *= 2
        want.append(total)
    bonus = 0
    for sp, v in ((1, 1), (2, 2), (3, 3), (4, 4), (8, max(0, s['k8']))):
        if tr[10] >= sp and reach(2) >= sp:
            bonus += v
    if s['md'][0] and tr[11] >= 5 and reach(2) >= 5:
        bonus += 20
    want[2] += bonus
    lane = (0, 1, 2, 3, 5, 5, 10, 10, 15, 15, 15, 15, 20, 20, 25, s['il'])
    want.append(sum(lane[i] for i in s['im'][0] if i >= 0))
    assert list(lines(s)) == want


# --- random play through the prompt ---------------------------------------------------------

def check_invariants(s):
    st_ = s.state
    n = len(s.setup['players'])
    assert sorted(st_['order']) == list(range(n))
    for p in range(n):
        check_board(st_, p)
        assert 0 <= st_['db'][p] <= 8 and 0 <= st_['fa'][p] <= 5
        assert st_['vp'][p] == st_['rnd'][p] + st_['inr'][p] + (
            st_['fin'][p][2] + st_['fin'][p][3] if st_['fin'] else 0)
        assert 0 <= B.tokens_due(st_, p) and len(st_['tk'][p]) <= 4
        im = st_['im'][p]
        assert IND_OK(st_, p)
        assert im[1] < 0 or im[0] != im[1] or im[0] == 0
    cl = [q for q in st_['cl'] if q >= 0]
    assert len(set(cl)) == len(cl)
    if st_['phase'] == 'actions':
        assert not min(st_['ps'])
    pr = s.prompt()
    if pr['options'] and pr['options'][0][0] == 'edit':
        assert A.editors(st_)


def IND_OK(st_, p):
    return all(B.IND_NEED[i] <= st_['fa'][p] for i in st_['im'][p] if i >= 0)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=HEALTH)
@given(st.data())
def test_random_play_never_breaks_russian_railroads(data):
    # tests/game_properties.py's properties, with this game's invariants.
    n = data.draw(st.integers(2, 4), label='players')
    extra = data.draw(st.sampled_from(['', 'rounds=2', 'rounds=1 skip=no', 'kiev8=4 white_steps=1',
                                       'rounds=3 extra_alone=no qengineer=no ind_last=50']))
    play(data, game(n=n, extra=extra, start=False), check_invariants, most=250,
         refusal_allowed=engineer_held)


def engineer_held(s, line):
    # The engineer's number is an amount that passes over the numbers held
    # (§11.2: one of a kind); only when every number is held is a held one
    # left to offer, and refused.
    w = line.split()
    held = [n for es in s.state['en'] for n in es]
    return len(w) >= 3 and w[1] == 'engineer' and \
        all(n in held for n in range(1, s.state['em'] + 1))


def test_whole_random_games_end_with_a_winner():
    from host_sim.randplay import random_game
    for seed in range(8):
        lines_, s = random_game(seed, n=2 + seed % 3, game='russianrailroads')
        st_ = s.state
        assert st_['phase'] == 'over' and 1 in st_['rank'], seed
        # the final table adds up (§11)
        for p in range(len(st_['vp'])):
            f = st_['fin'][p]
            assert f[0] + f[1] + f[2] + f[3] == f[4] == st_['vp'][p]
