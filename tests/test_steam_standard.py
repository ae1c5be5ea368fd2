# Steam, the standard game, checked against the digest ../shared/rules/steam.md
# §7 (and §8 U6, U7). Each test names the section it checks.
import pytest

from trackside.games.steam import standard as steam_standard
from trackside.session import new_session
from steam_play import everyone, at, row
from game_play import play, refused

B1 = 'steam standard players=Dani,Tomi,Eva,Jani turns=2'


def std(n=4, extra=''):
    names = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay'][:n]
    return new_session('steam standard players=%s %s' % (','.join(names), extra))


def names(s, players):
    return [s.setup['players'][p] for p in players]


def capital_all(s, units=0):
    while s.state['phase'] == 'capital':
        s.do_text('%s capital %d' % (s.setup['players'][s.prompt()['player']], units))


def everyone_passes_auction(s):
    while s.state['phase'] == 'bidding':
        s.do_text('%s pass' % s.setup['players'][s.prompt()['player']])


def to_tiles(s, units=0):
    capital_all(s, units)
    everyone_passes_auction(s)
    assert s.state['phase'] == 'tiles'
    return s


def to_income(s, tiles=('turnorder', 'firstmove', 'engineer', 'firstbuild', 'citygrowth', 'locomotive')):
    to_tiles(s)
    for t in tiles[:len(s.state['order'])]:
        s.do_text('%s tile %s' % (s.setup['players'][s.prompt()['player']], t))
    for _ in range(3):
        everyone(s, 'pass')
    assert s.state['phase'] == 'income'
    return s


# --- §7.1 setup ------------------------------------------------------------------

def test_setup_order_as_dealt_no_money_capital_first_section_7_1():
    s = std(4)
    assert s.state['order'] == [0, 1, 2, 3] and s.state['cash'] == [0] * 4
    assert s.state['phase'] == 'capital' and s.prompt()['player'] == 0
    assert s.state['last'] == 8          # same length as the base game (§7.0)
    assert 'start=' not in s.setup_line() and 'capital_vp=yes' in s.setup_line()


# --- §7.3 Phase 1, Buy Capital --------------------------------------------------------

def test_buy_capital_5_dollars_per_income_step_section_7_3():
    s = std(3)
    pr = s.prompt()
    assert pr['options'] == [('capital', 'amount', 0, 10, 2, 'x $5, upkeep $1, $10+ advised')]
    play(s, 'Ann capital 3', 'Bob capital 0')
    assert (row(s, 'Ann')['cash'], row(s, 'Ann')['income']) == (15, -3)
    refused(s, 'Cid capital 11', 'At most 10')


@pytest.mark.parametrize('setting, most', [('capital_vp=yes', 3), ('capital_vp=no', 0)])
def test_capital_for_vp_at_minus_10_is_a_setting_section_7_3_U6(setting, most):
    s = std(3, setting)
    at(s, 'Ann', income=-10, vp=7)
    assert s.prompt()['options'][0][:4] == ('capital', 'amount', 0, most)
    if most:
        play(s, 'Ann capital 3')
        assert (row(s, 'Ann')['cash'], row(s, 'Ann')['vp'], row(s, 'Ann')['income']) == (15, 1, -10)


def test_no_advice_after_turn_1_section_7_3():
    s = to_income(std(3))
    play(s, 'income')
    assert s.state['turn'] == 2 and 'advised' not in s.prompt()['options'][0][5]
    assert s.prompt()['options'][0][4] == 0            # and no $10 proposed


# --- §7.4 Phase 2, the auction -------------------------------------------------------

def b1_at_turn_2():
    # turn 1 leaves order Dani, Tomi, Eva, Jani and Jani with Turn Order
    s = new_session(B1)
    play(s, 'Dani capital 2', 'Tomi capital 2', 'Eva capital 2', 'Jani capital 2',
         'Dani bid 0', 'Tomi bid 1', 'Eva bid 2', 'Jani pass', 'Dani bid 3', 'Tomi bid 4',
         'Eva pass', 'Dani bid 5', 'Tomi pass',
         'Dani tile engineer', 'Tomi tile firstbuild', 'Eva tile firstmove', 'Jani tile turnorder')
    for _ in range(3):
        everyone(s, 'pass')
    play(s, 'income', 'Dani capital 1', 'Tomi capital 1', 'Eva capital 0', 'Jani capital 0')
    return s


def test_B1_auction_positions_and_payments_section_7_4():
    s = b1_at_turn_2()
    assert names(s, s.state['order']) == ['Dani', 'Tomi', 'Eva', 'Jani']
    assert s.state['free'] == 3                       # Jani
    before = {n: row(s, n)['cash'] for n in ('Dani', 'Tomi', 'Eva', 'Jani')}
    play(s, 'Dani bid 0', 'Tomi bid 2', 'Eva pass')
    assert names(s, [p for p in s.state['slots'] if p >= 0]) == ['Eva']      # 4th
    play(s, 'Jani pass')                              # the free pass: still in
    assert 'Jani' in names(s, s.state['bidders']) and s.prompt()['player'] == 0
    refused(s, 'Dani bid 2', 'at least $3')
    play(s, 'Dani bid 3', 'Tomi pass', 'Jani pass')
    assert names(s, s.state['order']) == ['Dani', 'Jani', 'Tomi', 'Eva']
    paid = {n: before[n] - row(s, n)['cash'] for n in before}
    assert paid == {'Dani': 3, 'Jani': 0, 'Tomi': 1, 'Eva': 0}
    assert s.state['phase'] == 'tiles' and s.prompt()['player'] == 0


@pytest.mark.parametrize('n, table', [
    (3, [10, 10, 0]),
    (4, [10, 10, 5, 0]),
    (5, [9, 9, 5, 5, 0]),
    (6, [7, 7, 4, 4, 4, 0]),
    (2, [3, 0]),
])
def test_payment_by_position_section_7_4(n, table):
    bid = table[0]
    assert [steam_standard.payment(i, bid, n) for i in range(1, n + 1)] == table


def test_bids_must_rise_and_stay_within_cash_section_7_4():
    s = std(3)
    play(s, 'Ann capital 1', 'Bob capital 1', 'Cid capital 2')
    play(s, 'Ann bid 0')                       # the first player may bid $0
    refused(s, 'Bob bid 0', 'at least $1')
    refused(s, 'Bob bid 6', 'more than the $5 in hand')
    play(s, 'Bob bid 5')
    # Cid can still outbid; Ann (cash 5) cannot reach $6 and has no free
    # pass: she is passed automatically when her turn comes, and the screen says so
    play(s, 'Cid bid 6')
    assert names(s, s.state['order']) == ['Cid', 'Bob', 'Ann']
    assert s.state['phase'] == 'tiles'


def test_forced_pass_is_explained_section_9_24():
    s = std(3)
    play(s, 'Ann capital 0', 'Bob capital 2', 'Cid capital 2', 'Ann bid 0', 'Bob bid 1')
    # Cid could bid; Ann ($0) cannot beat $1 and is passed when her turn comes
    play(s, 'Cid bid 2')
    assert s.state['slots'][2] == 0 and s.prompt()['player'] == 1
    assert s.prompt()['text'].startswith('Ann cannot bid: passed. ')


def test_high_bidder_is_not_asked_to_outbid_themself_section_9_22():
    s = std(3)
    play(s, 'Ann capital 1', 'Bob capital 1', 'Cid capital 1', 'Ann bid 2', 'Bob pass')
    assert s.prompt()['player'] == 2
    play(s, 'Cid bid 3')
    assert s.prompt()['player'] == 0          # Ann, not Cid again
    play(s, 'Ann pass')
    assert names(s, s.state['order']) == ['Cid', 'Ann', 'Bob']


def test_free_pass_holder_who_cannot_afford_is_asked_then_passed_section_7_4():
    s = to_income(std(3), tiles=('engineer', 'turnorder', 'firstbuild'))
    assert names(s, s.state['order']) == ['Cid', 'Bob', 'Ann'] and s.state['tile'][1] == 1
    play(s, 'income')                        # Bob took Turn Order: his free pass
    assert s.state['free'] == 1
    play(s, 'Cid capital 2', 'Bob capital 0', 'Ann capital 2', 'Cid bid 5')
    assert row(s, 'Bob')['cash'] < 6
    assert s.prompt()['player'] == 1 and [o[0] for o in s.prompt()['options']] == ['pass']
    assert s.prompt()['text'].endswith(' or free pass')
    play(s, 'Bob pass')                       # free: still in
    assert 1 in s.state['bidders']
    play(s, 'Ann pass')                       # Ann out (3rd); Bob can't beat $5: passed (2nd)
    assert names(s, s.state['order']) == ['Cid', 'Bob', 'Ann']
    assert s.state['auto'] == [1]


# --- §7.5 Phases 3-5 -------------------------------------------------------------

def test_tiles_are_free_and_pass_is_decided_when_building_section_7_5():
    s = to_tiles(std(4))
    first = s.setup['players'][s.prompt()['player']]
    at(s, first, loco=4)
    cash = row(s, first)['cash']
    refused(s, '%s tile urbanization pass' % first, '"decline"')
    play(s, '%s tile locomotive' % first)
    assert (row(s, first)['cash'], row(s, first)['loco']) == (cash, 5)
    labels = [label for a, label in s.prompt()['options'][0][2]]
    assert 'Urbanization' in labels and not any('$' in l for l in labels)


def test_locomotive_tile_not_at_level_6_section_7_5():
    s = to_tiles(std(3))
    first = s.setup['players'][s.prompt()['player']]
    at(s, first, loco=6)
    refused(s, '%s tile locomotive' % first, 'level 6')


def test_decline_urbanization_at_build_time_section_7_5():
    s = to_tiles(std(3))
    order = names(s, s.state['order'])
    play(s, '%s tile urbanization' % order[0], '%s tile citygrowth' % order[1],
         '%s tile firstmove' % order[2])
    assert s.state['cities'] == 1
    p = order[0]
    assert 'decline' in [o[0] for o in s.prompt()['options']]
    play(s, '%s decline' % p)
    assert s.state['cities'] == 0 and s.prompt()['player'] == s.setup['players'].index(p)
    assert 'decline' not in [o[0] for o in s.prompt()['options']]
    refused(s, '%s decline' % p, 'once')
    play(s, '%s pass' % p, '%s pass' % order[1])
    refused(s, '%s decline' % order[2], 'City Growth or Urbanization holder')


def test_track_is_paid_from_cash_only_section_7_5():
    s = to_tiles(std(3))
    order = names(s, s.state['order'])
    play(s, *['%s tile %s' % (n, t) for n, t in zip(order, ('turnorder', 'engineer', 'firstmove'))])
    p = order[0]
    at(s, p, cash=5)
    refused(s, '%s build 3 3' % p, 'more than the $5 in hand')
    # the build's questions offer no more than the cash: $5, then $2 after $3
    pi = s.setup['players'].index(p)
    assert s.game.step(s.setup, s.state, pi, 'build', [])[1][3] == 5
    assert s.game.step(s.setup, s.state, pi, 'build', [3])[1][3] == 2
    play(s, '%s build 3 2' % p)
    assert row(s, p)['cash'] == 0 and row(s, p)['income'] == 0


def test_relaxed_house_rule_raises_money_for_track_section_7_3():
    s = to_tiles(std(3, 'relaxed=track'))
    order = names(s, s.state['order'])
    play(s, *['%s tile %s' % (n, t) for n, t in zip(order, ('turnorder', 'engineer', 'firstmove'))])
    p = order[0]
    at(s, p, cash=5)
    play(s, '%s build 3 3' % p)                      # $6: one income step, $4 change
    assert (row(s, p)['cash'], row(s, p)['income']) == (4, -1)


# --- §7.6 Phase 6, income and expenses ----------------------------------------------

@pytest.mark.parametrize('vector, income, loco, cash, vp, want', [
    ('E1', 5, 3, 4, 0, {'cash': 6}),
    ('E2', 3, 3, 4, 0, {'cash': 4}),
    ('E3', -2, 6, 8, 5, {'cash': 0, 'vp': 5, 'income': -2}),
    ('E4', -2, 6, 3, 10, {'cash': 1, 'vp': 7, 'income': -2}),
    ('E5', -2, 6, 3, 1, {'cash': 1, 'vp': 0, 'income': -4}),
])
def test_E1_E5_maintenance_section_7_6(vector, income, loco, cash, vp, want):
    s = to_income(std(3))
    at(s, 'Ann', income=income, loco=loco, cash=cash, vp=vp)
    play(s, 'income')
    got = row(s, 'Ann')
    assert {k: got[k] for k in want} == want, vector
    assert not got['bankrupt']


def test_E6_bankrupt_with_no_cash_no_vp_income_minus_10_section_7_6():
    s = to_income(std(4))
    at(s, 'Bob', income=-10, loco=2, cash=0, vp=0)
    play(s, 'income')
    assert row(s, 'Bob')['bankrupt'] and 1 not in s.state['order']


def test_relaxed_all_raises_money_for_maintenance_first_section_7_3():
    s = to_income(std(3, 'relaxed=all'))
    at(s, 'Ann', income=-2, loco=6, cash=3, vp=10)   # E4's player: owes $8
    play(s, 'income')
    assert (row(s, 'Ann')['cash'], row(s, 'Ann')['income'], row(s, 'Ann')['vp']) == (0, -3, 10)


# --- end of the game: §7.2 phase 7 skipped, §6 scoring, §8 U7 tie-break -------------

@pytest.mark.parametrize('setting', ['tiebreak=tile', 'tiebreak=order'])
def test_final_turn_and_second_tie_break_section_8_U7(setting):
    s = std(3, 'turns=1 ' + setting)
    to_tiles(s)
    order = names(s, s.state['order'])
    # the last in turn order takes First Move (tile 2), the first Engineer (3)
    play(s, *['%s tile %s' % (n, t) for n, t in zip(order, ('engineer', 'firstbuild', 'firstmove'))])
    for _ in range(3):
        everyone(s, 'pass')
    for n in order:
        at(s, n, vp=5, income=3, loco=1, cash=5)      # all score 5 + 1, income 3
    play(s, 'income')
    assert s.state['phase'] == 'links' and s.state['turn'] == 1   # no phase 7
    for n in order:
        play(s, '%s links 0' % n)
    expected = order[2] if setting == 'tiebreak=tile' else order[0]
    assert s.standings()['winner'] == expected


def test_when_every_player_goes_bankrupt_nobody_wins_section_7_6_and_8_U11():
    # Three players who never deliver pay $1 upkeep a turn (§7.6) from $10 each, then VP,
    # then income, until all three are bankrupt at the same income phase: the game is
    # over (one_left=end: none left) with no winner, and the replay says so in words.
    from host_sim.replay import table
    s = new_session('steam standard players=Ann,Bob,Cid')
    for _ in range(400):
        pr = s.prompt()
        if not pr['options']:
            break
        verbs = {o[0]: o for o in pr['options']}
        who = s.setup['players'][pr['player']] + ' ' if pr['player'] >= 0 else ''
        if 'capital' in verbs:
            line = who + 'capital 0'
        elif 'bid' in verbs and s.state['cash'][pr['player']] < 1:
            line = who + 'pass'
        elif 'bid' in verbs:
            line = who + 'bid %d' % verbs['bid'][2]
        elif 'tile' in verbs:
            line = who + 'tile ' + verbs['tile'][2][0][0]
        elif pr['player'] >= 0:
            line = who + 'pass'
        else:
            line = pr['options'][0][0]
        s.do_text(line)
    st = s.standings()
    assert s.state['out'] == [1, 1, 1] and st['over']
    assert st['winner'] is None and [r['rank'] for r in st['players']] == [None] * 3
    assert table(st, s).endswith("Winner: nobody")
