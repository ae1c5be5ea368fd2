# Steam base game rules, checked against the digest ../shared/rules/steam.md.
# Each test names the digest section (and test vector) it checks.
import pytest

from trackside.games.steam import turn as steam_turn
from trackside.rules import RuleError
from trackside.session import new_session
from steam_play import game, auction, take_tiles, everyone, at, row
from game_play import play, refused


def tiles_then_pass(session, *lines):
    # These tile lines, then everyone passes in Phase 2 and both Move Goods
    # rounds: the game waits for Phase 4.
    play(session, *lines)
    for _ in range(3):
        everyone(session, 'pass')
    assert session.state['phase'] == 'income'
    return session


def to_build(session):
    # Everyone takes a free tile (Turn Order, First Move, Engineer, First Build...).
    take_tiles(session, *['turnorder', 'firstmove', 'engineer', 'firstbuild', 'citygrowth pass',
                          'urbanization pass'][:len(session.state['order'])])
    assert session.state['phase'] == 'build'
    return session


def to_move(session):
    to_build(session)
    everyone(session, 'pass')
    assert session.state['phase'] == 'move'
    return session


def to_income(session):
    to_move(session)
    everyone(session, 'pass')
    everyone(session, 'pass')
    assert session.state['phase'] == 'income'
    return session


# --- §2 game length, §4.1 first-game start ---------------------------------------

@pytest.mark.parametrize('n, turns', [(3, 10), (4, 8), (5, 7), (6, 7)])
def test_game_length_by_player_count_section_2(n, turns):
    assert game(n).state['last'] == turns


def test_game_length_is_a_setting_section_2():
    assert game(3, 'turns=6').state['last'] == 6


@pytest.mark.parametrize('n', [3, 4, 5, 6])
def test_first_game_cash_section_4_1(n):
    # "first-game cash": position k in turn order starts with $(k-1)
    s = game(n)
    assert [s.state['cash'][p] for p in s.state['order']] == list(range(n))
    assert s.state['order'] == list(range(n))
    assert s.state['income'] == [0] * n and s.state['vp'] == [0] * n and s.state['loco'] == [1] * n


@pytest.mark.parametrize('n', [2, 7])
def test_player_count_3_to_6_section_2(n):
    with pytest.raises(RuleError):
        game(n)


# --- §3 raising money: M1-M6 -------------------------------------------------------

def test_M1_track_paid_by_raising_money_section_3():
    # Richard/Gábor must pay $8 for track with $0: income -2, $2 change
    s = to_build(game(3))
    first = s.prompt()['player']
    name = s.setup['players'][first]
    at(s, name, cash=0)
    play(s, '%s build 2 3 3' % name)
    assert (row(s, name)['income'], row(s, name)['cash']) == (-2, 2)


def test_M2_A1_auction_win_paid_by_income_section_3_and_4_2():
    # Bill/Béla wins position 1 for $7 in a 5-player game: income -2, +$3;
    # the player to his left opens the auction for position 2
    s = auction(5)
    play(s, 'Ann bid 3', 'Bob bid 7', 'Cid pass', 'Dee pass', 'Eve pass', 'Ann pass')
    assert (row(s, 'Bob')['income'], row(s, 'Bob')['cash'], row(s, 'Bob')['order']) == (-2, 3, 1)
    assert s.prompt()['player'] == 2 and 'position 2' in s.prompt()['text']


def test_M3_P2_income_bill_raises_money_section_3_and_5_4():
    # Elaine/Tamás: income -1, cash $0 in Phase 4: raises $5, income -2, keeps $4
    s = to_income(game(3))
    at(s, 'Cid', income=-1, cash=0)
    play(s, 'income')
    assert (row(s, 'Cid')['income'], row(s, 'Cid')['cash']) == (-2, 4)


def test_M4_at_minus_10_two_vp_per_5_dollars_section_3():
    s = to_build(game(3))
    name = s.setup['players'][s.prompt()['player']]
    at(s, name, income=-10, vp=7, cash=0)
    play(s, '%s build 4 4' % name)
    assert (row(s, name)['vp'], row(s, name)['cash'], row(s, name)['income']) == (3, 2, -10)


def test_M5_income_steps_first_then_vp_section_3():
    s = to_build(game(3))
    name = s.setup['players'][s.prompt()['player']]
    at(s, name, income=-9, vp=4, cash=0)
    play(s, '%s build 5 5' % name)
    assert (row(s, name)['income'], row(s, name)['vp'], row(s, name)['cash']) == (-10, 2, 0)


def test_M6_no_raising_at_minus_10_with_1_vp_section_3():
    s = to_build(game(3))
    name = s.setup['players'][s.prompt()['player']]
    at(s, name, income=-10, vp=1, cash=0)
    msg = refused(s, '%s build 3' % name, 'can pay at most $0')
    assert '§3' in msg


def test_M6_phase_4_debt_that_cannot_be_raised_is_bankruptcy_section_5_4():
    s = to_income(game(3))
    at(s, 'Bob', income=-10, vp=1, cash=3)
    play(s, 'income')
    assert row(s, 'Bob')['bankrupt'] is True and row(s, 'Bob')['order'] is None
    assert 1 not in s.state['order']


def test_a_bankrupt_player_first_raises_all_they_can_section_5_4():
    # §5.4: bankrupt "at -10 income with too few VP": a player owing more
    # than they can raise goes down to -10 and spends their VP in pairs
    # (§3), and their cash goes to the bank; the row shows that, not the
    # income they had before the bill (it showed -9 here)
    s = to_income(game(3))
    at(s, 'Bob', income=-9, vp=1, cash=2)
    play(s, 'income')
    b = row(s, 'Bob')
    assert b['bankrupt'] is True
    assert (b['cash'], b['income'], b['vp']) == (0, -10, 1)
    # one who can just pay is not bankrupt: $9 from $2 cash, a step to
    # -10 ($5) and 2 VP ($5): $3 change (M5)
    s = to_income(game(3))
    at(s, 'Bob', income=-9, vp=2, cash=2)
    play(s, 'income')
    b = row(s, 'Bob')
    assert b['bankrupt'] is False and (b['cash'], b['income'], b['vp']) == (3, -10, 0)


def test_raise_only_the_minimum_change_at_most_4_section_3():
    for cost in range(1, 40):
        for cash in range(0, 6):
            st = {'cash': [cash], 'income': [0], 'vp': [0]}
            steam_turn.pay(st, 0, cost, "x")
            if cash >= cost:
                assert st['income'] == [0] and st['cash'] == [cash - cost]
            else:
                units = -st['income'][0]
                assert 0 <= st['cash'][0] <= 4
                assert cash + 5 * units - cost == st['cash'][0]
                assert cash + 5 * (units - 1) < cost      # one unit fewer would not do


# --- §4.2 the initial auction --------------------------------------------------------

def test_auction_winners_cannot_bid_again_and_last_position_is_free_section_4_2():
    s = auction(4)
    play(s, 'Ann bid 5', 'Bob pass', 'Cid pass', 'Dee pass')     # Ann 1st
    assert s.state['order'] == [0]
    # the next auction opens left of Ann: Bob; Ann is not asked again
    assert s.prompt()['player'] == 1
    refused(s, 'Ann bid 6', "It is Bob's turn")
    play(s, 'Bob pass', 'Cid bid 2', 'Dee pass')                   # Cid 2nd
    # left of Cid is Dee; Bob and Dee bid for 3rd
    assert s.prompt()['player'] == 3
    play(s, 'Dee bid 0', 'Bob pass')                                # Dee 3rd for $0
    assert s.state['order'] == [0, 2, 3, 1]                         # Bob last, free
    assert s.state['phase'] == 'tiles'
    assert [row(s, n)['income'] for n in ('Ann', 'Bob', 'Cid', 'Dee')] == [-1, 0, -1, 0]
    assert [row(s, n)['cash'] for n in ('Ann', 'Bob', 'Cid', 'Dee')] == [0, 0, 3, 0]


def test_auction_next_opener_skips_earlier_winners_section_4_2():
    s = auction(4)
    play(s, 'Ann pass', 'Bob bid 1', 'Cid pass', 'Dee pass')       # Bob 1st
    play(s, 'Cid pass', 'Dee pass')                                 # Ann 2nd for $0 (never bid)
    # left of Ann is Bob, who has won: Cid opens
    assert s.state['order'] == [1, 0]
    assert s.prompt()['player'] == 2
    assert row(s, 'Ann')['income'] == 0


def test_auction_bid_must_rise_and_is_capped_by_what_can_be_raised_section_4_2():
    s = auction(3)
    play(s, 'Ann bid 4')
    refused(s, 'Bob bid 4', 'above $4')
    refused(s, 'Bob bid 51', 'at most $50')
    # the cap itself: $0 cash, income 0 -> 10 steps to -10 = $50 (§3)
    assert s.prompt()['options'][0][3] == 50
    play(s, 'Bob bid 50')
    pr = s.prompt()
    assert [o[0] for o in pr['options']] == ['pass']   # Cid cannot outbid $50


@pytest.mark.parametrize('setting, lowest', [('zero_bid=yes', 0), ('zero_bid=no', 1)])
def test_auction_opening_bid_zero_is_a_setting_section_4_2_U5(setting, lowest):
    s = auction(3, setting)
    assert s.prompt()['options'][0] == ('bid', 'amount', lowest, 50, lowest, '', '$')
    if lowest:
        refused(s, 'Ann bid 0', 'at least $1')


def test_auction_everyone_passes_opener_pays_nothing_section_9_11():
    s = auction(3)
    play(s, 'Ann bid 0', 'Bob pass', 'Cid pass')
    assert s.state['order'][0] == 0 and row(s, 'Ann')['income'] == 0


# --- §5.1 action tiles --------------------------------------------------------------

def test_L1_locomotive_tile_costs_4_plus_new_level_section_5_1():
    # Larry/Gábor at level 4 takes Locomotive: pays $9, level 5
    s = game(3)
    at(s, 'Ann', loco=4, cash=20)
    play(s, 'Ann tile locomotive')
    assert (row(s, 'Ann')['cash'], row(s, 'Ann')['loco']) == (11, 5)


def test_locomotive_tile_not_at_level_6_section_5_1():
    s = game(3)
    at(s, 'Ann', loco=6, cash=20)
    refused(s, 'Ann tile locomotive', 'level 6')
    picks = [a for a, label in s.prompt()['options'][0][2]]
    assert 'locomotive' not in picks


def test_tile_costs_and_pass_option_section_5_1():
    s = game(4)
    at(s, 'Ann', cash=10)
    at(s, 'Bob', cash=10)
    at(s, 'Cid', cash=10)
    play(s, 'Ann tile citygrowth', 'Bob tile urbanization', 'Cid tile engineer')
    assert [row(s, n)['cash'] for n in ('Ann', 'Bob', 'Cid')] == [8, 4, 10]
    s = game(4)
    at(s, 'Ann', cash=10)
    play(s, 'Ann tile citygrowth pass', 'Bob tile urbanization pass')
    assert [row(s, n)['cash'] for n in ('Ann', 'Bob')] == [10, 1]
    refused(s, 'Cid tile engineer pass', 'Only City Growth and Urbanization')


def test_the_tile_pick_offers_each_tile_and_its_pass_as_the_log_writes_them_section_5_1():
    # The prompt's pick: every tile by its log word and title, the two that
    # may be passed on again with "pass", each with what it costs; every
    # word is one the log takes back.
    s = game(4)
    pr = s.prompt()
    picks = dict(pr['options'][0][2])
    for t in range(1, 8):
        word, title = steam_turn.TILES[t - 1], steam_turn.TILE_TITLES[t - 1]
        cost = steam_turn.tile_cost(s.state, 0, t, 0)
        assert picks[word] == ('%s $%d' % (title, cost) if cost else title)
        if t in steam_turn.MAY_DECLINE:
            assert picks[word + ' pass'] == title + ' (pass)'
    assert len(picks) == 9
    who = s.setup['players'][pr['player']]
    for word in picks:
        s.parse('%s tile %s' % (who, word))


def test_each_tile_once_per_turn_section_5_1():
    s = game(3)
    play(s, 'Ann tile firstbuild')
    refused(s, 'Bob tile 4', 'already taken')


def test_urbanization_needs_a_new_city_tile_section_5_1():
    # "Cannot be chosen if ... no New City tiles remain" (§5.1, §9.14)
    s = game(3)
    s.state["cities"] = steam_turn.NEW_CITIES
    at(s, 'Ann', cash=20)
    refused(s, 'Ann tile urbanization', 'cannot be taken')
    refused(s, 'Ann tile urbanization pass', 'cannot be taken')
    assert not any(a.startswith('urbanization') for a, label in s.prompt()['options'][0][2])


def test_urbanization_as_the_only_tile_left_is_taken_and_passed_section_5_1():
    # Not in the rules: 6 players, tiles 1-5 gone, locomotive at 6. A player
    # must take a tile, so the device lets them take Urbanization and pass.
    s = game(6)
    s.state["cities"] = steam_turn.NEW_CITIES
    at(s, 'Fay', loco=6)
    play(s, 'Ann tile 1', 'Bob tile 2', 'Cid tile 3', 'Dee tile 4', 'Eve tile 5')
    refused(s, 'Fay tile urbanization', 'take Urbanization with "pass"')
    assert [a for a, label in s.prompt()['options'][0][2]] == ['urbanization pass']
    play(s, 'Fay tile urbanization pass')


def test_O1_turn_order_from_tile_numbers_section_5_5():
    # Peti 6, Misi 4, Tom 7, Éva 2 -> Éva, Misi, Peti, Tom; passed tiles count
    s = new_session('steam base players=Peti,Misi,Tom,Éva start=firstgame turns=2')
    for n in ('Peti', 'Misi', 'Tom', 'Éva'):
        at(s, n, cash=20)
    tiles_then_pass(s, 'Peti tile locomotive', 'Misi tile firstbuild', 'Tom tile urbanization pass',
                    'Éva tile firstmove')
    play(s, 'income')
    assert [s.setup['players'][p] for p in s.state['order']] == ['Éva', 'Misi', 'Peti', 'Tom']


# --- §5.2 build track ---------------------------------------------------------------

def test_T2_engineer_builds_four_tiles_others_three_section_5_2():
    s = game(4)
    for n in ('Ann', 'Bob', 'Cid', 'Dee'):
        at(s, n, cash=30)
    play(s, 'Ann tile engineer', 'Bob tile firstbuild', 'Cid tile turnorder', 'Dee tile firstmove')
    # First Build goes first, then turn order without the holder
    assert s.state['queue'] == [1, 0, 2, 3]
    refused(s, 'Bob build 2 2 2 2', 'At most 3 track tiles')
    play(s, 'Bob build 2 2 2', 'Ann build 4 2 2 2')
    assert (row(s, 'Ann')['cash'], row(s, 'Bob')['cash']) == (20, 24)


def test_T3_urbanization_turn_costs_14_section_5_2():
    s = game(3)
    at(s, 'Ann', cash=14)
    play(s, 'Ann tile urbanization', 'Bob tile turnorder', 'Cid tile firstmove',
         'Ann build 2 4 2')
    assert row(s, 'Ann')['cash'] == 0


def test_track_tile_cost_range_section_5_2():
    s = to_build(game(3))
    name = s.setup['players'][s.prompt()['player']]
    at(s, name, cash=30)
    refused(s, '%s build 11' % name, '$1..$10')
    refused(s, '%s build 0' % name, '$1..$10')


# --- §5.3 move goods -----------------------------------------------------------------

def test_D1_delivery_points_to_each_owner_section_5_3():
    # green (loco 5) moves a cube over 3 green + 2 black links:
    # green takes +3 income, black +2 VP
    s = to_move(game(3))
    mover = s.setup['players'][s.prompt()['player']]
    other = [n for n in s.setup['players'] if n != mover][0]
    at(s, mover, loco=5)
    play(s, '%s deliver %s 3 income %s 2 vp' % (mover, mover, other))
    assert (row(s, mover)['income'], row(s, mover)['vp']) == (3, 0)
    assert (row(s, other)['income'], row(s, other)['vp']) == (0, 2)


def test_delivery_link_rules_section_5_3():
    s = to_move(game(3))
    m = s.setup['players'][s.prompt()['player']]
    b, c = [n for n in s.setup['players'] if n != m]
    at(s, m, loco=6)
    refused(s, '%s deliver %s 2 vp %s 3 vp' % (m, m, b), 'at least as many own links')
    refused(s, '%s deliver %s 4 vp unowned 3' % (m, m), 'locomotive level 6')
    refused(s, '%s deliver %s 2 vp' % (m, b), "mover's own links")
    refused(s, '%s deliver %s 0 vp' % (m, m), 'at least 1 link')
    # 2 own + 2 of B + 1 of C is legal (the digest's example)
    play(s, '%s deliver %s 2 vp %s 2 income %s 1 vp unowned 1' % (m, m, b, c))
    assert (row(s, m)['vp'], row(s, b)['income'], row(s, c)['vp']) == (2, 2, 1)


def test_free_locomotive_upgrade_once_per_turn_up_to_6_section_5_3():
    # Larry/Zsolt took the Locomotive tile (5) and still upgrades to 6 in Move Goods
    s = game(3)
    at(s, 'Ann', loco=4, cash=20)
    play(s, 'Ann tile locomotive', 'Bob tile turnorder', 'Cid tile engineer')
    everyone(s, 'pass')
    play(s, 'Ann loco')
    assert row(s, 'Ann')['loco'] == 6
    everyone(s, 'pass')
    assert s.prompt()['player'] == 0
    assert 'loco' not in [o[0] for o in s.prompt()['options']]
    refused(s, 'Ann loco', 'once per turn')
    s2 = to_move(game(3))
    p = s2.setup['players'][s2.prompt()['player']]
    at(s2, p, loco=6)
    refused(s2, '%s loco' % p, 'level 6')


def test_first_move_goes_first_in_both_rounds_section_5_3():
    s = game(3)
    play(s, 'Ann tile turnorder', 'Bob tile engineer', 'Cid tile firstmove')
    everyone(s, 'pass')
    assert s.state['queue'] == [2, 0, 1]
    everyone(s, 'pass')
    assert s.state['round'] == 2 and s.state['queue'] == [2, 0, 1]


@pytest.mark.parametrize('setting', ['over_max=refuse', 'over_max=clamp'])
def test_income_track_top_is_a_setting_section_1_U1(setting):
    s = to_move(game(3, 'income_max=10 ' + setting))
    m = s.setup['players'][s.prompt()['player']]
    at(s, m, income=9, loco=3)
    if setting.endswith('refuse'):
        refused(s, '%s deliver %s 3 income' % (m, m), 'Income 9 + 3 links would pass the top, 10')
        play(s, '%s deliver %s 3 vp' % (m, m))
        assert row(s, m)['vp'] == 3
    else:
        play(s, '%s deliver %s 3 income' % (m, m))
        assert row(s, m)['income'] == 10


def test_income_exactly_at_the_top_is_allowed_and_offered_section_1_U1():
    # The boundary: income 9 + 1 link reaches the top (10) exactly. The
    # delivery's questions offer income for it, and the rules take it; one
    # more link would pass the top and only VP is offered.
    s = to_move(game(3, 'income_max=10'))
    m = s.setup['players'][s.prompt()['player']]
    p = at(s, m, income=9, loco=2)
    q = s.game.step(s.setup, s.state, p, 'deliver', [1])[1]
    assert [w for w, label in q[2]] == ['income', 'vp']
    q = s.game.step(s.setup, s.state, p, 'deliver', [2])[1]
    assert [w for w, label in q[2]] == ['vp']
    play(s, '%s deliver %s 1 income' % (m, m))
    assert row(s, m)['income'] == 10


# --- §5.4 income and expenses -----------------------------------------------------------

def test_P1_positive_income_is_paid_section_5_4():
    s = to_income(game(3))
    at(s, 'Ann', income=2, cash=5)
    play(s, 'income')
    assert row(s, 'Ann')['cash'] == 7


def test_bankrupt_player_is_out_and_their_links_unowned_section_5_4():
    s = to_income(game(4))
    at(s, 'Bob', income=-10, vp=0, cash=0)
    play(s, 'income')
    assert s.state['out'][1] == 1
    assert 1 not in s.state['order'] and 1 not in s.state['queue']
    # deliveries over Bob's links score nothing: he cannot be named as an owner
    to_move(s)
    m = s.setup['players'][s.prompt()['player']]
    at(s, m, loco=3)
    refused(s, '%s deliver %s 1 vp Bob 1 vp' % (m, m), 'bankrupt')
    # a line of Bob's says he is out, not whose turn it is
    refused(s, 'Bob pass', 'Bob is out of the game: bankrupt (§5.4)')
    play(s, '%s deliver %s 1 vp unowned 1' % (m, m))


def test_game_ends_when_everyone_is_bankrupt_even_when_playing_on_U11():
    s = to_income(game(3, 'one_left=play'))
    for n in ('Ann', 'Bob', 'Cid'):
        at(s, n, income=-10, cash=0, vp=0)
    play(s, 'income')
    assert s.over() and s.standings()['winner'] is None and s.prompt()['options'] == []


def test_game_ends_when_one_player_is_left_setting_U11():
    s = to_income(game(3))
    at(s, 'Bob', income=-10, cash=0)
    at(s, 'Cid', income=-10, cash=0)
    play(s, 'income')
    assert s.state['phase'] == 'links'
    play(s, 'Ann links 0')
    assert s.standings()['winner'] == 'Ann'
    s = to_income(game(3, 'one_left=play'))
    at(s, 'Bob', income=-10, cash=0)
    at(s, 'Cid', income=-10, cash=0)
    play(s, 'income')
    assert s.state['phase'] == 'tiles' and s.state['turn'] == 2


# --- §5.6 final turn, §6 end scoring -------------------------------------------------

def test_final_turn_skips_phases_5_and_6_section_5_6():
    s = game(3, 'turns=1')
    tiles_then_pass(s, 'Ann tile urbanization pass', 'Bob tile firstmove', 'Cid tile turnorder')
    play(s, 'income')
    assert s.state['order'] == [0, 1, 2]       # not re-sorted by tiles
    assert s.state['turn'] == 1 and s.state['phase'] == 'links'


def test_final_links_start_at_the_count_entered_before_section_6():
    # §6: each player's completed links. The device's amount starts at the
    # count entered just before (issue 12: fewer presses than from 0).
    s = game(3, 'turns=1')
    tiles_then_pass(s, 'Ann tile urbanization pass', 'Bob tile firstmove', 'Cid tile turnorder')
    play(s, 'income')

    def start():
        q = s.prompt()['options'][0]
        assert q[0] == 'links' and q[2:4] == (0, 24)
        return q[4]
    assert start() == 0                         # the first: nothing entered yet
    play(s, 'Ann links 9')
    assert start() == 9
    play(s, 'Bob links 12')
    assert start() == 12


def test_S1_S5_income_to_vp_section_6():
    assert steam_turn.income_vp(-1) == -2          # S1: Nick/Misi's -1 income is -2 VP
    assert 37 + steam_turn.income_vp(-1) + 10 == 45
    assert steam_turn.income_vp(5) == 2            # S2
    assert steam_turn.income_vp(-2) == -4          # S3
    assert steam_turn.income_vp(1) == 0           # S4
    assert steam_turn.income_vp(0) == 0           # S5


def final(s, links):
    play(s, *['%s links %d' % (s.setup['players'][p], links[s.setup['players'][p]])
              for p in s.state['queue'][:]])


def test_S1_final_score_through_the_game_section_6():
    s = to_income(game(3, 'turns=1'))
    at(s, 'Ann', vp=37, income=-1, cash=1)
    play(s, 'income')
    final(s, {'Ann': 10, 'Bob': 0, 'Cid': 0})
    assert row(s, 'Ann')['score'] == 45 and row(s, 'Ann')['income'] == -1


def test_tie_breaks_income_then_lowest_final_tile_section_6():
    s = game(3, 'turns=1')
    tiles_then_pass(s, 'Ann tile engineer', 'Bob tile firstbuild', 'Cid tile firstmove')
    at(s, 'Ann', vp=10, income=4, cash=10)     # 10 + 2 = 12
    at(s, 'Bob', vp=10, income=5, cash=10)     # 10 + 2 = 12, higher income
    at(s, 'Cid', vp=11, income=2, cash=10)     # 11 + 1 = 12
    play(s, 'income')
    final(s, {'Ann': 0, 'Bob': 0, 'Cid': 0})
    assert s.standings()['winner'] == 'Bob'
    assert [row(s, n)['rank'] for n in ('Ann', 'Bob', 'Cid')] == [2, 1, 3]
    # equal score and income: the lower tile number taken in the final turn wins
    s = game(3, 'turns=1')
    tiles_then_pass(s, 'Ann tile firstbuild', 'Bob tile engineer', 'Cid tile firstmove')
    for n in ('Ann', 'Bob', 'Cid'):
        at(s, n, vp=5, income=3, cash=10)
    play(s, 'income')
    final(s, {'Ann': 1, 'Bob': 1, 'Cid': 1})
    assert [row(s, n)['rank'] for n in ('Ann', 'Bob', 'Cid')] == [3, 2, 1]
    assert s.standings()['winner'] == 'Cid'


def test_negative_final_vp_allowed_section_8_U10():
    s = to_income(game(3, 'turns=1'))
    at(s, 'Ann', income=-5, vp=0, cash=10)
    play(s, 'income')
    final(s, {'Ann': 0, 'Bob': 0, 'Cid': 0})
    assert row(s, 'Ann')['score'] == -10
