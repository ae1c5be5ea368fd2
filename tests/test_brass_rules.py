# Brass (digest ../shared/rules/brass.md): every test vector and worked
# example of the digest, and its edge cases (§16), each test naming its
# section. Expected numbers are the digest's, written out here, never the
# program's own tables.
import pytest

from trackside.rules import RuleError
from trackside.session import new_session
from trackside.games import brass
from trackside.games.brass import data
from game_play import play, refused

NAMES = ['Ann', 'Bob', 'Cid', 'Dee']
MILL, PORT, MINE, WORKS, SHIP = 0, 1, 2, 3, 4


# --- helpers (the other Brass tests import these) ----------------------------------

def game(n=4, variant='w07', extra=''):
    return new_session('brass %s players=%s %s' % (variant, ','.join(NAMES[:n]), extra))


def put(s, owner, t, lv, cubes=0, flipped=0):
    # A tile on the board, as if built earlier (its number: the next one).
    st = s.state
    st['built'] += 1
    st['tiles'].append([st['built'], owner, t, lv, cubes, flipped])
    s._prompt = None
    return st['built']


def at(s, name, **values):
    # Put a player in a situation (money, pos, vp, spent) for a rule test.
    p = s.setup['players'].index(name)
    for k, v in values.items():
        s.state[k][p] = v
    s._prompt = None
    return p


def tile(s, num):
    for t in s.state['tiles']:
        if t[0] == num:
            return t
    return None


def to_round(s, era, rnd, left=2):
    # Jump to a round's first player (a rule test of a later round).
    st = s.state
    st['era'], st['round'], st['at'], st['left'], st['phase'] = era, rnd, 0, left, 'act'
    s._prompt = None


def everyone_passes(s):
    while s.state['phase'] == 'act':
        p = s.prompt()['player']
        s.do_text('%s pass' % s.setup['players'][p])
    return s


def row(s, name):
    for r in s.standings()['players']:
        if r['name'] == name:
            return r


def options(s):
    return [o[0] for o in s.prompt()['options']]


def option(s, verb):
    return [o for o in s.prompt()['options'] if o[0] == verb][0]


# --- §6 the income track ----------------------------------------------------------

# §6.2, the digest's table of every space, row by row
SECTION_6_2 = (
    (-10, -9, -8, -7, -6, -5, -4, -3, -2, -1),
    (0, 1, 1, 2, 2, 3, 3, 4, 4, 5),
    (5, 6, 6, 7, 7, 8, 8, 9, 9, 10),
    (10, 11, 11, 11, 12, 12, 12, 13, 13, 13),
    (14, 14, 14, 15, 15, 15, 16, 16, 16, 17),
    (17, 17, 18, 18, 18, 19, 19, 19, 20, 20),
    (20, 21, 21, 21, 21, 22, 22, 22, 22, 23),
    (23, 23, 23, 24, 24, 24, 24, 25, 25, 25),
    (25, 26, 26, 26, 26, 27, 27, 27, 27, 28),
    (28, 28, 28, 29, 29, 29, 29, 30, 30, 30),
)

# §6.1: each level's highest space (where a loan lands)
SECTION_6_1_TOP = {-10: 0, -9: 1, -8: 2, -7: 3, -6: 4, -5: 5, -4: 6, -3: 7, -2: 8, -1: 9, 0: 10,
                   1: 12, 2: 14, 3: 16, 4: 18, 5: 20, 6: 22, 7: 24, 8: 26, 9: 28, 10: 30,
                   11: 33, 12: 36, 13: 39, 14: 42, 15: 45, 16: 48, 17: 51, 18: 54, 19: 57,
                   20: 60, 21: 64, 22: 68, 23: 72, 24: 76, 25: 80, 26: 84, 27: 88, 28: 92,
                   29: 96, 30: 99}


def test_income_level_of_every_space_section_6_2():
    for tens in range(10):
        for units in range(10):
            assert data.level(10 * tens + units) == SECTION_6_2[tens][units], 10 * tens + units


def test_each_level_lands_a_loan_on_its_highest_space_section_6_1():
    for lv, space in SECTION_6_1_TOP.items():
        assert data.top_of(lv) == space
        assert data.level(space) == lv and (space == 99 or data.level(space + 1) == lv + 1)


def test_java_track_test_vectors_section_6():
    # BrassTrackTest: 10->0, 50->17, 5->-5, 80->25, 25->8, loan(14, £10)->12
    assert [data.level(x) for x in (10, 50, 5, 80, 25)] == [0, 17, -5, 25, 8]
    assert data.after_loan(14, 10) == 12


def test_setup_section_3():
    s = game()
    st = s.state
    assert st['money'] == [30] * 4 and st['pos'] == [10] * 4 and st['vp'] == [0] * 4
    assert (st['coal'], st['iron'], st['cotton']) == (8, 8, 0)
    assert st['order'] == [0, 1, 2, 3] and st['left'] == 1
    assert row(s, 'Ann')['income'] == 0 and row(s, 'Ann')['track'] == 10


@pytest.mark.parametrize('space,amount,lands', [
    (14, 10, 12), (33, 30, 26), (99, 10, 96), (3, 10, 2), (3, 30, 0), (11, 10, 10), (12, 10, 10)])
def test_loan_worked_examples_section_6_3(space, amount, lands):
    s = game()
    at(s, 'Ann', pos=space)
    play(s, 'Ann loan %d' % amount)
    assert s.state['pos'][0] == lands
    assert s.state['money'][0] == 30 + amount
    assert s.state['spent'][0] == 0             # a loan is not money spent (§12)


def test_loan_below_minus_10_is_refused_and_not_offered_section_6_3():
    s = game()
    at(s, 'Ann', pos=2)                         # level -8: £10 or £20 only
    assert [w for w, label in option(s, 'loan')[2]] == ['10', '20']
    refused(s, 'Ann loan 30', 'below -10 (§6.3)')
    at(s, 'Ann', pos=0)                         # level -10: no loan at all
    assert 'loan' not in options(s)
    refused(s, 'Ann loan 10', 'below -10')
    refused(s, 'Ann loan 15', '£10, £20 or £30')


def test_flips_advance_by_spaces_and_stop_at_99_section_6_3():
    s = game()
    port = put(s, 1, PORT, 1)
    mill = put(s, 0, MILL, 1)
    at(s, 'Ann', pos=14)                        # level 2; the mill adds 5 spaces
    at(s, 'Bob', pos=97)                        # the port's 3 spaces stop at 99
    play(s, 'Ann sell %d %d' % (mill, port))
    assert s.state['pos'][:2] == [19, 99]
    assert data.level(19) == 5                  # +5 spaces is +3 levels here, not +5


# --- §8 the coal and iron markets ----------------------------------------------------

def test_market_prices_section_8():
    # next cube bought with c cubes: c=8:£1 7:£1 6:£2 5:£2 4:£3 3:£3 2:£4 1:£4 0:£5
    assert [data.buy_price(c) for c in range(8, -1, -1)] == [1, 1, 2, 2, 3, 3, 4, 4, 5]
    # money for the next cube sold in: c=0:£4 1:£4 2:£3 3:£3 4:£2 5:£2 6:£1 7:£1
    assert [data.sell_price(c) for c in range(8)] == [4, 4, 3, 3, 2, 2, 1, 1]


def test_hungarian_market_example_section_8():
    # coal costs £2 (5 cubes left), iron £3; a port-connected coal mine of
    # level 2 puts 3 cubes in the empty £2, £1, £1 spaces: £4 (§8, §15.1)
    s = game()
    s.state['coal'] = 5
    s.state['iron'] = 3
    assert data.buy_price(5) == 2 and data.buy_price(3) == 3
    s.state['taken'][0][MINE] = 1               # Ann's L1 mine is gone: L2 on top
    play(s, 'Ann build mine connected')
    st = s.state
    assert st['coal'] == 8 and st['money'][0] == 30 - 7 + 4
    assert st['spent'][0] == 7                  # the sale is not spent, nor netted (§16.6)
    assert tile(s, 1)[4] == 0 and tile(s, 1)[5] == 1    # all 3 went: it flips (§16.5)
    assert st['pos'][0] == 10 + 7


def test_level_1_mine_sells_two_cubes_for_3_section_15_1():
    s = game()
    s.state['coal'] = 5
    play(s, 'Ann build mine connected')
    assert s.state['money'][0] == 30 - 5 + 3 and s.state['coal'] == 7
    assert tile(s, 1)[5] == 1 and s.state['pos'][0] == 14     # empty: flips, +4 spaces


def test_unconnected_mine_keeps_its_cubes_section_16_4():
    s = game()
    s.state['coal'] = 5
    play(s, 'Ann build mine')
    assert s.state['coal'] == 5 and tile(s, 1)[4] == 2 and tile(s, 1)[5] == 0


def test_iron_works_always_sells_partial_fill_section_16_4():
    # an L1 works has 4 cubes; the iron market has room for 2 (£1 + £1)
    s = game()
    s.state['iron'] = 6
    mine = put(s, 1, MINE, 2, cubes=3)
    play(s, 'Ann build works coal %d' % mine)
    st = s.state
    assert st['iron'] == 8 and tile(s, 2)[4] == 2 and tile(s, 2)[5] == 0
    assert st['money'][0] == 30 - 5 + 2 and st['spent'][0] == 5
    assert tile(s, mine)[4] == 2                # the coal was free (§7)


def test_buying_several_cubes_prices_each_and_falls_back_to_5_section_16_3():
    # a rail double link with the coal market holding 1 cube: £4 then £5
    s = game()
    to_round(s, 1, 1)
    s.state['coal'] = 1
    play(s, 'Ann link coal market market')
    assert s.state['money'][0] == 30 - 15 - 4 - 5 and s.state['spent'][0] == 24
    assert s.state['coal'] == 0 and s.state['links'][0] == 2


def test_market_money_cannot_pay_for_the_build_section_16_2():
    # Ann has £6: an L1 works costs £5 + a coal from the market £1 = £6;
    # with £5 she cannot build it even though its iron would sell for £4+
    s = game()
    s.state['iron'] = 0
    at(s, 'Ann', money=5)
    refused(s, 'Ann build works coal market', 'costs £6 in all')
    at(s, 'Ann', money=6)
    play(s, 'Ann build works coal market')
    # 4 cubes into the empty iron market: £4 + £4 + £3 + £3 = £14, all gone: flips
    assert s.state['money'][0] == 14 and s.state['iron'] == 4
    assert s.state['pos'][0] == 13


def test_iron_comes_from_the_board_while_there_is_any_section_7():
    s = game()
    to_round(s, 0, 2)
    works = put(s, 1, WORKS, 2, cubes=1)
    at(s, 'Ann', money=40)
    s.state['taken'][0][MILL] = 6               # Ann's next mill is L3: coal and iron
    refused(s, 'Ann build mill coal market iron market', 'iron works while any has a cube')
    play(s, 'Ann build mill coal market iron %d' % works)
    assert tile(s, works)[5] == 1 and s.state['pos'][1] == 13   # Bob's works flipped (§16.10)
    assert s.state['money'][0] == 40 - 16 - 1


# --- §10 the tiles, §7 building ----------------------------------------------------

def test_tile_table_section_10():
    # (cost, coal, iron, cubes, income spaces, VP) per level, and the counts
    def rows(t, levels):
        return [tuple(data.tile_row(t, lv)[:6]) for lv in levels]
    assert rows(MILL, (1, 2, 3, 4)) == [
        (12, 0, 0, 0, 5, 3), (14, 1, 0, 0, 4, 5), (16, 1, 1, 0, 3, 9), (18, 1, 1, 0, 2, 12)]
    assert rows(PORT, (1, 2, 3, 4)) == [
        (6, 0, 0, 0, 3, 2), (7, 0, 0, 0, 3, 4), (8, 0, 0, 0, 4, 6), (9, 0, 0, 0, 4, 9)]
    assert rows(MINE, (1, 2, 3, 4)) == [
        (5, 0, 0, 2, 4, 1), (7, 0, 0, 3, 7, 2), (8, 0, 1, 4, 6, 3), (10, 0, 1, 5, 5, 4)]
    assert rows(WORKS, (1, 2, 3, 4)) == [
        (5, 1, 0, 4, 3, 3), (7, 1, 0, 4, 3, 5), (9, 1, 0, 5, 2, 7), (12, 1, 0, 6, 1, 9)]
    assert rows(SHIP, (1, 2)) == [(16, 1, 1, 0, 2, 10), (25, 1, 1, 0, 1, 18)]
    # eras: level 1 Canal only, shipyard 0 never, shipyard 2 Rail only, the rest any
    assert [data.val(t, 1, data.ERA) for t in range(5)] == [data.CANAL] * 5
    assert data.val(SHIP, 0, data.ERA) == data.NEVER and data.val(SHIP, 2, data.ERA) == data.RAIL
    assert [data.val(t, 4, data.ERA) for t in range(4)] == [data.ANY] * 4
    assert [len(x) for x in data.STACKS] == [12, 8, 7, 4, 6]            # 37 (§2)
    assert [list(data.STACKS[t]).count(1) for t in range(5)] == [3, 2, 1, 1, 2]


def test_salvage_values_section_5_2():
    assert [data.salvage(MILL, lv) for lv in (1, 2, 3, 4)] == [6, 7, 8, 9]
    assert [data.salvage(PORT, lv) for lv in (1, 2, 3, 4)] == [3, 3, 4, 4]
    assert [data.salvage(MINE, lv) for lv in (1, 2, 3, 4)] == [2, 3, 4, 5]
    assert [data.salvage(WORKS, lv) for lv in (1, 2, 3, 4)] == [2, 3, 4, 6]
    assert [data.salvage(SHIP, lv) for lv in (1, 2)] == [8, 12]


def test_a_build_takes_the_lowest_tile_and_charges_its_cost_section_10():
    s = game(extra='rounds=3')
    play(s, 'Ann build mill', 'Bob build mill', 'Cid build port', 'Dee pass', 'endround')
    # round 2: Ann's next mill is L1 again (3 of them), then L2 after 3
    st = s.state
    assert tile(s, 1)[3] == 1 and st['taken'][0][MILL] == 1
    assert st['spent'] == [0] * 4 and st['money'][:3] == [18, 18, 24]


def test_level_1_is_not_built_in_the_rail_era_section_7():
    s = game()
    to_round(s, 1, 1)
    refused(s, 'Ann build port', 'No level-1 tiles in the Rail era')
    assert 'port' not in [w for w, label in brass.build_choices(s.state, 0, NAMES)]


def test_shipyards_level_0_never_l1_canal_l2_rail_section_16_25():
    s = game()
    at(s, 'Ann', money=60)
    refused(s, 'Ann build ship coal market iron market', 'Level-0 shipyards are never built')
    s.state['taken'][0][SHIP] = 2               # both L0 developed away
    to_round(s, 1, 2)
    refused(s, 'Ann build ship coal market iron market', 'No level-1 tiles in the Rail era')
    s.state['taken'][0][SHIP] = 4               # and both L1
    to_round(s, 0, 2)
    refused(s, 'Ann build ship coal market iron market', 'Rail era only')
    to_round(s, 1, 2)
    play(s, 'Ann build ship coal market iron market')
    # £25 + coal £1 + iron £1; a shipyard flips at once: +1 space (§11)
    assert s.state['money'][0] == 60 - 27 and s.state['pos'][0] == 11
    assert tile(s, 1)[5] == 1


def test_develop_removes_tiles_with_one_iron_each_section_7():
    s = game()
    play(s, 'Ann develop ship ship iron market market')
    st = s.state
    assert st['taken'][0][SHIP] == 2 and st['money'][0] == 28 and st['spent'][0] == 2
    assert st['iron'] == 6
    assert st['tiles'] == []                    # developed tiles leave the game
    # one source for each tile (docs/log-format.md, Brass "Actions"): a
    # source short or one too many is told so, and nothing changes
    for line, n in (('Ann develop port mill iron market', 2), ('Ann develop port iron market market', 1)):
        refused(s, line, 'develop: each tile removed takes one iron: %d tile' % n)
    assert st['taken'][0][SHIP] == 2 and st['iron'] == 6


def test_develop_needs_a_tile_left_section_7():
    s = game()
    s.state['taken'][0][WORKS] = 3
    refused(s, 'Ann develop works works iron market market', 'No Works tile is left')


def test_overbuild_own_tile_any_type_income_stays_section_7():
    s = game()
    to_round(s, 0, 2)
    old = put(s, 0, PORT, 1, flipped=1)
    at(s, 'Ann', pos=13)
    s.state['taken'][0][PORT] = 2               # the next port is L2
    play(s, 'Ann build port over %d' % old)
    assert tile(s, old) is None and tile(s, 2)[3] == 2
    assert s.state['pos'][0] == 13              # overbuilt tiles never lower income (§16.12)


def test_overbuild_needs_a_higher_level_of_the_same_industry_section_7():
    s = game()
    old = put(s, 0, PORT, 1)
    refused(s, 'Ann build port over %d' % old, 'lower level of the same industry')
    mine = put(s, 0, MINE, 1, cubes=1)
    refused(s, 'Ann build port over %d' % mine, 'lower level of the same industry')
    refused(s, 'Ann build port over 9', 'lower level of the same industry')


def test_opponents_mine_only_when_no_coal_anywhere_section_15_1():
    s = game()
    theirs = put(s, 1, MINE, 1, cubes=0, flipped=1)
    s.state['taken'][0][MINE] = 1               # Ann's next mine is L2
    refused(s, 'Ann build mine over %d' % theirs, 'coal is left on the board or in the market')
    s.state['coal'] = 0
    other = put(s, 2, MINE, 2, cubes=1)
    refused(s, 'Ann build mine over %d' % theirs, 'coal is left')
    tile(s, other)[4] = 0
    play(s, 'Ann build mine over %d' % theirs)
    assert tile(s, theirs) is None
    # an opponent's mill may never be built over
    mill = put(s, 1, MILL, 1)
    to_round(s, 0, 2)
    s.state['taken'][0][MILL] = 3
    refused(s, 'Ann build mill over %d coal market' % mill, "Only an opponent's coal mine")


def test_opponents_iron_works_only_when_no_iron_anywhere_section_7_15_1():
    # §7 Overbuilding (§15.1 restores the HU sidebar's dropped "not"): an
    # opponent's iron works only when no iron is on the board or in the market
    s = game()
    theirs = put(s, 1, WORKS, 1, cubes=0, flipped=1)
    refused(s, 'Ann build works over %d coal market' % theirs,
            'lower level of the same industry')         # Ann's next works is L1 too
    s.state['taken'][0][WORKS] = 1              # Ann's next works is L2
    refused(s, 'Ann build works over %d coal market' % theirs,
            'Not while any iron is left on the board or in the market (§7, §15.1)')
    s.state['iron'] = 0
    tile(s, theirs)[4] = 1                      # the works itself still holds a cube
    refused(s, 'Ann build works over %d coal market' % theirs, 'iron is left')
    tile(s, theirs)[4] = 0
    other = put(s, 2, WORKS, 1, cubes=1)        # a cube on Cid's works
    refused(s, 'Ann build works over %d coal market' % theirs, 'iron is left')
    tile(s, other)[4], tile(s, other)[5] = 0, 1
    s.state['iron'] = 1                         # a single cube in the market
    refused(s, 'Ann build works over %d coal market' % theirs, 'iron is left')
    s.state['iron'] = 0
    play(s, 'Ann build works over %d coal market' % theirs)
    st = s.state
    assert tile(s, theirs) is None and tile(s, other)
    assert st['pos'][1] == 10                   # Bob loses nothing already gained (§7, §16.12)
    # £7 + a coal £1 paid; then the 4 iron fill the empty market: £4 + £4 + £3 + £3,
    # all gone, so the new works flips at once: +3 spaces (§8, §16.2, §16.5)
    assert st['spent'][0] == 8 and st['money'][0] == 30 - 8 + 14
    assert st['iron'] == 4 and tile(s, 3)[4] == 0 and tile(s, 3)[5] == 1 and st['pos'][0] == 13


def test_own_iron_works_may_be_built_over_while_iron_is_left_section_7():
    # §7 Overbuilding: one's own tile at any time; the old one leaves with its cubes
    s = game()
    own = put(s, 0, WORKS, 1, cubes=2)
    s.state['taken'][0][WORKS] = 1              # Ann's next works is L2
    play(s, 'Ann build works over %d coal market' % own)
    assert tile(s, own) is None and s.state['iron'] == 8    # the market was full: no sale
    assert [t[4] for t in s.state['tiles']] == [4]          # only the new works' cubes
    assert s.state['money'][0] == 30 - 7 - 1


def test_double_action_build_not_in_first_canal_round_section_16_19():
    s = game()
    refused(s, 'Ann build port double', 'double-action build')
    to_round(s, 0, 2)
    play(s, 'Ann build port double')
    assert s.prompt()['player'] == 1            # both of Ann's actions are used


def test_money_cannot_go_negative_on_a_build_section_16_1():
    s = game()
    at(s, 'Ann', money=11)
    refused(s, 'Ann build mill', 'costs £12')
    assert 'mill' not in [w for w, label in brass.build_choices(s.state, 0, NAMES)]


def test_connected_is_only_for_a_coal_mine_section_8_16_4():
    # §16.4, §8: only a coal mine sells to the market if connected (the
    # operator's flag); an iron works always sells, the others have no cubes
    s = game()
    refused(s, 'Ann build port connected', '"connected" is for a coal mine (§8)')
    refused(s, 'Ann build mill connected', '"connected" is for a coal mine')
    refused(s, 'Ann build works coal market connected', '"connected" is for a coal mine')
    s.state['coal'] = 6
    play(s, 'Ann build mine connected')         # 2 cubes into the two empty £1 spaces
    assert s.state['coal'] == 8 and s.state['money'][0] == 30 - 5 + 2 and tile(s, 1)[5] == 1


def test_a_build_names_exactly_the_coal_and_iron_its_level_needs_section_10():
    # §10's Coal and Iron columns: a source for each cube the level needs, no other
    s = game()
    refused(s, 'Ann build works', 'Works L1 needs coal 1, iron 0 (§10)')
    refused(s, 'Ann build works coal market iron market', 'Works L1 needs coal 1, iron 0')
    refused(s, 'Ann build port coal market', 'Port L1 needs coal 0, iron 0')
    refused(s, 'Ann build mine iron market', 'Mine L1 needs coal 0, iron 0')
    s.state['taken'][0][MILL] = 6               # Ann's next mill is L3: coal and iron
    refused(s, 'Ann build mill', 'Mill L3 needs coal 1, iron 1')
    refused(s, 'Ann build mill coal market', 'Mill L3 needs coal 1, iron 1')
    refused(s, 'Ann build mill iron market', 'Mill L3 needs coal 1, iron 1')
    s.state['taken'][0][MINE] = 3               # Ann's next mine is L3: one iron
    refused(s, 'Ann build mine', 'Mine L3 needs coal 0, iron 1')
    refused(s, 'Ann build mine coal market', 'Mine L3 needs coal 0, iron 1')


def test_no_cube_anywhere_still_comes_from_the_supply_at_5_section_8_16_1():
    # §8: an empty market sells from the supply at £5 a cube; the build is
    # refused only if the player cannot pay for it all (§16.1)
    s = game()
    s.state['coal'] = 0
    at(s, 'Ann', money=9)                       # works L1 £5 + coal £5
    refused(s, 'Ann build works coal market', 'Works L1 costs £10 in all; £9 in hand (§16.1)')
    at(s, 'Ann', money=10)
    play(s, 'Ann build works coal market')
    assert s.state['money'][0] == 0 and s.state['spent'][0] == 10 and s.state['coal'] == 0
    s = game()
    s.state['coal'] = s.state['iron'] = 0
    s.state['taken'][0][MILL] = 6               # mill L3: £16 + coal £5 + iron £5
    at(s, 'Ann', money=25)
    refused(s, 'Ann build mill coal market iron market', 'Mill L3 costs £26 in all')
    at(s, 'Ann', money=26)
    play(s, 'Ann build mill coal market iron market')
    assert s.state['money'][0] == 0 and (s.state['coal'], s.state['iron']) == (0, 0)


def test_a_named_source_without_a_cube_is_refused_section_8():
    # §8 (log: "a source without a cube"): a coal source is a mine with coal
    # on it, an iron source a works with iron on it
    s = game()
    to_round(s, 0, 2)
    s.state['taken'][0][MILL] = 3               # Ann's next mill is L2: one coal
    empty = put(s, 1, MINE, 1, cubes=0, flipped=1)
    works = put(s, 2, WORKS, 1, cubes=2)
    mine = put(s, 1, MINE, 2, cubes=1)
    dry = put(s, 3, WORKS, 2, cubes=0, flipped=1)
    refused(s, 'Ann build mill coal %d' % empty, 'Tile %d has no coal (§8)' % empty)
    refused(s, 'Ann build mill coal %d' % works, 'Tile %d has no coal' % works)
    refused(s, 'Ann build mill coal 9', 'No tile 9 is on the board')   # no tile 9
    refused(s, 'Ann sell 9 %d' % works, 'No tile 9 is on the board')
    refused(s, 'Ann develop port iron %d' % mine, 'Tile %d has no iron (§8)' % mine)
    refused(s, 'Ann develop port iron %d' % dry, 'Tile %d has no iron' % dry)
    refused(s, 'Ann develop port port iron %d %d' % (works, dry), 'Tile %d has no iron' % dry)
    to_round(s, 1, 2)
    refused(s, 'Ann link coal %d %d' % (mine, mine), 'Tile %d has no coal' % mine)   # 1 cube, twice
    play(s, 'Ann link coal %d market' % mine)   # £15 + the market's £1; the mine flips for Bob
    assert s.state['money'][0] == 14 and tile(s, mine)[5] == 1 and s.state['pos'][1] == 17


# --- §11 flips on other players' turns ------------------------------------------------

def test_coal_from_another_players_mine_flips_it_for_its_owner_section_16_10():
    s = game()
    to_round(s, 0, 2)
    mine = put(s, 1, MINE, 1, cubes=1)
    s.state['taken'][0][MILL] = 3               # Ann's next mill is L2: one coal
    play(s, 'Ann build mill coal %d' % mine)
    assert tile(s, mine)[5] == 1 and s.state['pos'][1] == 14    # Bob +4 spaces
    assert s.state['money'][0] == 30 - 14 and s.state['money'][1] == 30   # nobody paid (§7)


def test_a_port_sale_credits_two_players_section_16_11():
    s = game()
    port = put(s, 1, PORT, 2)
    mill = put(s, 0, MILL, 2)
    play(s, 'Ann sell %d %d' % (mill, port))
    assert s.state['pos'][:2] == [14, 13]       # mill L2 +4, port L2 +3


def test_one_sell_sells_several_mills_section_9():
    s = game()
    p1 = put(s, 1, PORT, 1)
    p2 = put(s, 2, PORT, 1)
    m1 = put(s, 0, MILL, 1)
    m2 = put(s, 0, MILL, 2)
    refused(s, 'Ann sell %d %d %d %d' % (m1, p1, m2, p1), 'not an unflipped port')
    play(s, 'Ann sell %d %d %d %d' % (m1, p1, m2, p2))
    assert s.state['pos'][:3] == [10 + 5 + 4, 13, 13]


def test_sell_only_the_players_own_unflipped_mills_section_9():
    # §9 step 5: a Sell sells "the player's unflipped mills"
    s = game()
    to_round(s, 0, 2)
    p1, p2 = put(s, 2, PORT, 1), put(s, 3, PORT, 1)
    bobs = put(s, 1, MILL, 1)
    sold = put(s, 0, MILL, 1, flipped=1)
    mine = put(s, 0, MINE, 1, cubes=2)
    ann = put(s, 0, MILL, 2)
    why = "Tile %d is not an unflipped mill of the player's (§9)"
    refused(s, 'Ann sell %d %d' % (bobs, p1), why % bobs)              # another player's
    refused(s, 'Ann sell %d distant 1' % bobs, why % bobs)
    refused(s, 'Ann sell %d %d' % (sold, p1), why % sold)              # already flipped
    refused(s, 'Ann sell %d %d' % (mine, p1), why % mine)              # not a mill
    refused(s, 'Ann sell %d %d %d %d' % (ann, p1, bobs, p2), why % bobs)   # later in the line
    refused(s, 'Ann sell %d %d %d %d' % (ann, p1, ann, p2), why % ann)     # the same mill twice
    play(s, 'Ann sell %d %d' % (ann, p1))
    assert s.state['pos'][:3] == [14, 10, 13] and tile(s, ann)[5] == 1
    refused(s, 'Ann sell %d %d' % (ann, p2), why % ann)                # flipped by that sale
    refused(s, 'Ann sell %d distant 1' % ann, why % ann)


# --- §9 the distant cotton market --------------------------------------------------

def test_distant_bonus_table_section_9():
    assert data.BONUS == (3, 3, 2, 2, 1, 1, 0, 0) and data.DISTANT_X == 8
    assert data.PILE_W07 == (2, 2, 4, 3, 1) and sum(v * c for v, c in enumerate(data.PILE_W07)) == 23


def test_distant_sale_bonus_spaces_then_the_mill_flips_section_9():
    s = game()
    mill = put(s, 0, MILL, 1)
    play(s, 'Ann sell %d distant 2' % mill)     # marker 0 -> 2: +2 spaces, mill +5
    assert s.state['cotton'] == 2 and s.state['pos'][0] == 17 and tile(s, mill)[5] == 1
    assert s.state['pile'] == [2, 2, 3, 3, 1]


def test_distant_bonus_as_cash_setting_section_15_1():
    s = game(extra='bonus=cash')
    mill = put(s, 0, MILL, 1)
    play(s, 'Ann sell %d distant 1' % mill)     # index 1: £3, not spent
    assert s.state['money'][0] == 33 and s.state['pos'][0] == 15 and s.state['spent'][0] == 0


def test_x_fails_ends_the_sell_and_closes_the_market_for_the_era_section_16_24():
    s = game()
    to_round(s, 0, 2)
    s.state['cotton'] = 6
    m1, m2 = put(s, 0, MILL, 1), put(s, 0, MILL, 1)
    port = put(s, 1, PORT, 1)
    refused(s, 'Ann sell %d distant 2 %d %d' % (m1, m2, port), 'the Sell ends there')
    play(s, 'Ann sell %d distant 2' % m1)
    assert s.state['cotton'] == 8 and tile(s, m1)[5] == 0 and s.state['pos'][0] == 10
    route = [w for w, label in brass.step(s.setup, s.state, 0, 'sell', [str(m2)])[1][2]]
    assert route == [str(port)]                 # no "distant" any more
    refused(s, 'Ann sell %d distant 0' % m2, 'closed for the rest of the era')


def test_distant_tiles_must_be_left_in_the_pile_section_9():
    s = game()
    mill = put(s, 0, MILL, 1)
    s.state['pile'] = [2, 2, 4, 3, 0]           # the -4 is used
    refused(s, 'Ann sell %d distant 4' % mill, 'No distant tile -4 is left')
    refused(s, 'Ann sell %d distant 5' % mill, 'a distant market tile is 0 to -4'.capitalize())
    refused(s, 'Ann sell %d distant' % mill, 'needs the value of the tile turned over')
    s.state['pile'] = [0, 2, 4, 3, 1]           # the 0s are used: "0", not "-0"
    refused(s, 'Ann sell %d distant 0' % mill, 'No distant tile 0 is left')


def test_device_draw_offers_one_tile_setting_distant_draw_section_9():
    s = game(extra='distant=draw')
    mill = put(s, 0, MILL, 1)
    q = brass.step(s.setup, s.state, 0, 'sell', [str(mill), 'distant'])[1]
    assert q[1] == 'pick' and len(q[2]) == 1     # the device turns it: nothing to ask
    v = int(q[2][0][0])
    play(s, 'Ann sell %d distant %d' % (mill, v))
    assert s.state['pile'][v] == data.PILE_W07[v] - 1


def test_rx18_tile_set_by_player_count_setting_section_17():
    assert game(3, 'rx18').state['pile'] == [2, 2, 4, 3, 1]
    assert game(3, 'rx18', 'tiles=bycount').state['pile'] == [1, 1, 3, 3, 1]


# --- §12 turn order ------------------------------------------------------------------

def test_turn_order_by_money_spent_ties_keep_order_section_12():
    s = game()
    play(s, 'Ann build port',                   # £6
         'Bob loan 30',                         # a loan is not spent
         'Cid build mill',                      # £12
         'Dee build port',                      # £6: ties with Ann, who was first
         'endround')
    assert s.state['order'] == [1, 0, 3, 2] and s.state['spent'] == [0] * 4


def test_spent_includes_market_cubes_not_income_nor_sales_section_12():
    s = game()
    to_round(s, 0, 2, left=1)
    s.state['taken'][0][MILL] = 3
    play(s, 'Ann build mill coal market')       # £14 + £1
    assert s.state['spent'][0] == 15


# --- §4 rounds; §5 income and its timing ---------------------------------------------

def test_rounds_per_era_by_edition_and_players_section_4_1():
    assert [game(n).state['rounds'] for n in (3, 4)] == [10, 8]
    assert [game(n, 'rx18').state['rounds'] for n in (2, 3, 4)] == [10, 9, 8]
    with pytest.raises(RuleError):
        game(2, 'w07')


def test_first_canal_round_one_action_then_two_section_16_19():
    s = game(extra='rounds=3')
    assert s.prompt()['text'] == 'Ann: action'
    everyone_passes(s)
    play(s, 'endround')
    assert s.state['left'] == 2 and s.prompt()['text'] == 'Ann: action 1 of 2'


def test_w07_income_at_the_start_of_each_round_section_5():
    s = game(extra='rounds=3')
    at(s, 'Ann', pos=16)                        # income 3
    at(s, 'Bob', pos=7)                         # income -3
    everyone_passes(s)
    play(s, 'endround')
    assert s.state['money'][:2] == [33, 27]


def test_rx18_income_at_the_end_of_each_round_not_the_last_section_5():
    s = game(3, 'rx18', 'rounds=2')
    at(s, 'Ann', pos=16)
    for _ in range(3):
        everyone_passes(s)
        play(s, 'endround')                     # canal 1, canal 2 (income before scoring)
        if s.state['phase'] == 'links':
            play(s, 'Ann links 0', 'Bob links 0', 'Cid links 0')
    assert s.state['money'][0] == 30 + 3 * 3    # after C1, C2, R1; not after R2
    everyone_passes(s)
    play(s, 'endround', 'Ann links 0', 'Bob links 0', 'Cid links 0')
    assert s.state['phase'] == 'over'
    assert s.state['money'][0] == 39 and row(s, 'Ann')['money_vp'] == 3


def test_shortfall_pays_all_cash_then_salvage_keeps_change_section_5_2():
    s = game(extra='rounds=3')
    at(s, 'Ann', pos=4, money=2)                # income -6: £2 paid, £4 owed
    m = put(s, 0, MILL, 2)                      # salvage £7
    p = put(s, 0, PORT, 1)                      # salvage £3
    q = put(s, 0, PORT, 1)                      # salvage £3
    everyone_passes(s)
    play(s, 'endround')
    assert s.state['phase'] == 'short' and s.prompt()['player'] == 0
    assert s.state['money'][0] == 0 and s.state['owe'][0] == 4
    refused(s, 'Ann salvage %d' % p, 'sell more')
    refused(s, 'Ann salvage 99', 'No tile 99 is on the board')
    # £3 + £3 covers £4 already: the mill would be one tile too many
    refused(s, 'Ann salvage %d %d %d' % (m, p, q), 'one tile fewer does')
    play(s, 'Ann salvage %d' % m)
    assert s.state['money'][0] == 3 and tile(s, m) is None and tile(s, p)
    assert s.state['pos'][0] == 4               # removing a tile never lowers income
    assert s.state['phase'] == 'act'


def test_shortfall_order_any_order_stop_when_covered_section_16_13():
    # £5 owed; tiles £3 and £3: both are needed; £3 + £7 : the 7 alone covers
    s = game(extra='rounds=3')
    at(s, 'Ann', pos=5, money=0)                # income -5
    a, b = put(s, 0, PORT, 1), put(s, 0, PORT, 1)
    everyone_passes(s)
    play(s, 'endround')
    opt = s.prompt()['options'][0]
    assert opt[:2] == ('salvage', 'subset') and (opt[3], opt[4]) == (2, 2)
    play(s, 'Ann salvage %d %d' % (a, b))
    assert s.state['money'][0] == 1


def test_shortfall_with_no_tiles_loses_vp_not_below_0_section_16_14():
    s = game(extra='rounds=3')
    at(s, 'Ann', pos=2, money=3, vp=4)          # income -8: £3 paid, £5 owed, 4 VP
    everyone_passes(s)
    play(s, 'endround')
    assert s.state['money'][0] == 0 and s.state['vp'][0] == 0 and s.state['vlost'][0] == 4
    assert s.state['phase'] == 'act'


def test_shortfall_no_tiles_forgiven_setting_section_15_1():
    s = game(extra='rounds=3 notiles=none')
    at(s, 'Ann', pos=2, money=3, vp=4)
    everyone_passes(s)
    play(s, 'endround')
    assert s.state['money'][0] == 0 and s.state['vp'][0] == 4


def test_all_tiles_short_of_the_debt_are_all_sold_then_vp_section_5_2():
    s = game(extra='rounds=3')
    at(s, 'Ann', pos=0, money=0, vp=9)          # income -10
    a = put(s, 0, PORT, 1)                      # £3
    everyone_passes(s)
    play(s, 'endround')
    assert s.state['phase'] == 'act' or s.prompt()['options'][0][3:5] == (1, 1)
    play(s, 'Ann salvage %d' % a)
    assert s.state['vp'][0] == 2 and s.state['money'][0] == 0


def test_shortfall_timing_w07_after_canal_scoring_rx18_before_section_16_15():
    # W07: Rail round 1's income comes after the Canal's level-1 tiles are
    # gone; RX18: the last Canal round's income comes before
    for variant, short in (('w07', False), ('rx18', True)):
        s = game(4, variant, 'rounds=1')
        at(s, 'Ann', pos=7, money=0)            # income -3
        put(s, 0, PORT, 1)                      # an L1 port: £3
        everyone_passes(s)
        play(s, 'endround')
        assert (s.state['phase'] == 'short') == short, variant
        if short:
            play(s, 'Ann salvage 1')
        play(s, 'Ann links 0', 'Bob links 0', 'Cid links 0', 'Dee links 0')
        assert s.state['tiles'] == [] and s.state['era'] == 1
        if not short:
            # W07: no tile left to sell: Ann loses VP she does not have
            assert s.state['phase'] == 'act' and s.state['vlost'][0] == 0


# --- §13 the ends of the eras -------------------------------------------------------

def test_era_end_links_then_flipped_tiles_level_1_removed_section_13():
    s = game(extra='rounds=1')
    put(s, 0, MILL, 1, flipped=1)               # 3 VP, removed after scoring
    put(s, 0, PORT, 2, flipped=1)               # 4 VP, stays and scores again
    put(s, 1, MINE, 2, cubes=1)                 # unflipped: nothing
    s.state['links'][0] = 2
    s.state['cotton'] = 5
    s.state['coal'] = 3
    everyone_passes(s)
    play(s, 'endround')
    refused(s, 'Ann links 41', '2 links score at most 40 VP')
    s.state['links'][0] = 1
    refused(s, 'Ann links 21', '1 link scores at most 20 VP')
    s.state['links'][0] = 2
    play(s, 'Ann links 7', 'Bob links 0', 'Cid links 0', 'Dee links 0')
    st = s.state
    assert st['vp'][0] == 7 + 3 + 4 and st['vlinks'][0] == 7 and st['vtiles'][0] == 7
    assert [t[3] for t in st['tiles']] == [2, 2]
    assert st['links'] == [0] * 4 and st['cotton'] == 0 and st['pile'] == [2, 2, 4, 3, 1]
    assert st['coal'] == 3                      # markets persist (§13.2)
    assert st['era'] == 1 and st['round'] == 1 and st['left'] == 2


def test_flipped_level_2_scores_in_both_eras_and_cash_vp_section_16_21_23():
    s = game(extra='rounds=1')
    put(s, 0, PORT, 2, flipped=1)
    at(s, 'Ann', money=39)
    everyone_passes(s)
    play(s, 'endround', 'Ann links 0', 'Bob links 0', 'Cid links 0', 'Dee links 0')
    everyone_passes(s)
    play(s, 'endround', 'Ann links 0', 'Bob links 0', 'Cid links 0', 'Dee links 0')
    assert s.state['phase'] == 'over'
    r = row(s, 'Ann')
    assert (r['tiles_vp'], r['money_vp'], r['vp']) == (8, 3, 11)    # £39 -> 3 VP
    assert s.standings()['winner'] == 'Ann'


def test_final_tie_breaks_w07_income_money_then_order_section_13_3():
    s = game(3, 'w07', 'rounds=1')
    everyone_passes(s)
    play(s, 'endround', 'Ann links 0', 'Bob links 0', 'Cid links 0')
    everyone_passes(s)
    at(s, 'Cid', pos=12)                        # income 1: Cid wins the tie on income
    play(s, 'endround', 'Ann links 0', 'Bob links 0', 'Cid links 0')
    assert s.state['rank'] == [2, 3, 1]
    s = game(3, 'w07', 'rounds=1')
    everyone_passes(s)
    play(s, 'endround', 'Ann links 0', 'Bob links 0', 'Cid links 0')
    at(s, 'Ann', spent=5)                       # the last re-sort puts Ann last
    everyone_passes(s)
    play(s, 'endround', 'Bob links 0', 'Cid links 0', 'Ann links 0')
    assert s.state['rank'] == [3, 1, 2]         # all equal: order after the re-sort


def test_tiebreak_setting_last_round_order_section_17():
    s = game(3, 'w07', 'rounds=1 tiebreak=last')
    everyone_passes(s)
    play(s, 'endround', 'Ann links 0', 'Bob links 0', 'Cid links 0')
    at(s, 'Ann', spent=5)
    everyone_passes(s)
    play(s, 'endround', 'Bob links 0', 'Cid links 0', 'Ann links 0')
    assert s.state['rank'] == [1, 2, 3]         # the order the last round was played in


def test_rx18_tie_is_a_shared_win_section_13_3():
    s = game(2, 'rx18', 'rounds=1')
    everyone_passes(s)
    play(s, 'endround', 'Ann links 0', 'Bob links 0')
    everyone_passes(s)
    play(s, 'endround', 'Ann links 0', 'Bob links 0')
    assert s.state['rank'] == [1, 1] and s.standings()['winner'] == 'Ann and Bob'


def test_rail_era_loan_lock_last_4_rounds_section_16_9():
    s = game()
    to_round(s, 0, 8)
    assert 'loan' in options(s)                 # the Canal era is never locked
    to_round(s, 1, 4)
    assert 'loan' in options(s)
    to_round(s, 1, 5)
    assert 'loan' not in options(s)
    refused(s, 'Ann loan 10', 'once the draw deck is empty (noloan=4): from round 5 of 8')
    # a short game with the default lock: the message names round 1, not
    # "round -2" (a blind log's rounds=1)
    s = game(extra='rounds=1')
    to_round(s, 1, 1)
    refused(s, 'Ann loan 10', 'from round 1 of 1')


def test_link_costs_canal_3_rail_5_or_15_section_7():
    s = game()
    play(s, 'Ann link')
    assert s.state['money'][0] == 27 and s.state['links'][0] == 1
    refused(s, 'Bob link coal market', 'A canal takes no coal')
    to_round(s, 1, 1)
    play(s, 'Ann link coal market')             # £5 + £1
    assert s.state['money'][0] == 21 and s.state['spent'][0] == 9
    s.state['links'][0] = 13
    refused(s, 'Ann link coal market market', 'link tiles')


def test_canal_end_keeps_the_markers_removed_tiles_keep_income_section_16_12_20():
    s = game(extra='rounds=1')
    put(s, 0, MILL, 1, flipped=1)
    at(s, 'Ann', pos=23, vp=2)
    everyone_passes(s)
    play(s, 'endround', 'Ann links 0', 'Bob links 0', 'Cid links 0', 'Dee links 0')
    # the level-1 mill is gone; Ann's income marker stays where it was (§13.2)
    assert s.state['tiles'] == [] and s.state['pos'][0] == 23
    assert s.state['vp'][0] == 2 + 3


def test_a_salvaged_flipped_tile_scores_nothing_section_16_13():
    s = game(extra='rounds=2')
    m = put(s, 0, MILL, 2, flipped=1)           # 5 VP if it stays
    p = put(s, 0, PORT, 2, flipped=1)           # 4 VP
    at(s, 'Ann', pos=9, money=0)                # income -1: £1 owed
    everyone_passes(s)
    play(s, 'endround')                         # W07: round 2's income: £1 short
    play(s, 'Ann salvage %d' % m)               # the mill (£7): £6 change
    assert s.state['money'][0] == 6 and tile(s, p)
    everyone_passes(s)
    play(s, 'endround', 'Ann links 0', 'Bob links 0', 'Cid links 0', 'Dee links 0')
    assert s.state['vtiles'][0] == 4            # only the port scores (§13.1)


def test_shortfalls_are_asked_in_turn_order_section_16_16():
    s = game(extra='rounds=2')
    for name in ('Ann', 'Cid'):
        p = at(s, name, pos=5, money=0)         # income -5 each, no money
        put(s, p, PORT, 2)                      # £3 each
    play(s, 'Ann pass', 'Bob build port', 'Cid pass', 'Dee build port', 'endround')
    # spent: Ann 0, Bob 6, Cid 0, Dee 6 -> order Ann Cid Bob Dee: Ann asked first
    assert s.state['order'] == [0, 2, 1, 3]
    assert s.prompt()['player'] == 0
    play(s, 'Ann salvage 1')
    assert s.prompt()['player'] == 2 and s.state['phase'] == 'short'
    play(s, 'Cid salvage 2')
    assert s.state['phase'] == 'act'
    # £3 of £5: every tile sold, the £2 left costs VP Ann does not have (§16.14)
    assert s.state['vp'][0] == 0 and s.state['money'][0] == 0


def test_vp_beyond_100_are_kept_section_16_22():
    s = game(extra='rounds=1')
    at(s, 'Ann', vp=98)
    put(s, 0, PORT, 4, flipped=1)               # 9 VP
    everyone_passes(s)
    play(s, 'endround', 'Ann links 0', 'Bob links 0', 'Cid links 0', 'Dee links 0')
    assert s.state['vp'][0] == 107


def test_shortfall_tiles_in_any_order_the_last_one_needed_section_5_2():
    # §5.2 (RX18 "choose any of your tiles; stop as soon as covered"): owing
    # £6, a £3 port then a £7 mill is a sale that stopped when covered
    s = game(extra='rounds=2')
    at(s, 'Ann', pos=4, money=0)                # income -6
    p = put(s, 0, PORT, 1)                      # £3
    m = put(s, 0, MILL, 2)                      # £7
    everyone_passes(s)
    play(s, 'endround', 'Ann salvage %d %d' % (p, m))
    assert s.state['money'][0] == 3 + 7 - 6 and s.state['tiles'] == []


def test_a_line_out_of_turn_is_refused_with_whose_turn_it_is_section_12():
    # The turn order (§12): a blind log's "B pass" in A's turn once made the
    # session's refusal itself fail (a game's own names must not be taken
    # for the session's); it says whose turn it is and changes nothing.
    s = game(n=3)
    first = s.setup['players'][0]
    later = s.setup['players'][1]
    why = refused(s, '%s pass' % later, "It is %s's turn" % first)
    assert 'action' in why
    refused(s, 'endround', "It is %s's turn" % first)


def test_a_build_line_says_which_word_is_wrong():
    # docs/log-format.md, Brass "Actions": the build's words; a source
    # left out, or a word that is none of them (a level written), is named.
    s = game()
    refused(s, 'Ann build mill coal', 'build: "coal" needs its source, a tile number or "market", after it')
    refused(s, 'Ann build mill over', 'build: "over" needs a tile number after it')
    refused(s, 'Ann build mill 1', 'build: "1" is not a word of a build')
    refused(s, 'Ann build mill coal 3 coal 4', 'write "build INDUSTRY')      # (a word twice)


# --- what a log writer trips over (issue 33, part 3) ---------------------------------

def test_rx18_full_tie_below_first_shares_the_place_section_13_3():
    # Dee wins on VP; Ann and Bob are equal in VP, income and money: they
    # share 2nd, as a shared 1st would be shared; Cid, with less money, is 4th.
    s = game(4, 'rx18', 'rounds=1')
    everyone_passes(s)
    play(s, 'endround', 'Ann links 0', 'Bob links 0', 'Cid links 0', 'Dee links 0')
    everyone_passes(s)
    at(s, 'Dee', vp=5)
    at(s, 'Cid', money=20)                      # Cid: less money than Ann and Bob (£30)
    play(s, 'endround', 'Ann links 0', 'Bob links 0', 'Cid links 0', 'Dee links 0')
    assert s.state['rank'] == [2, 2, 4, 1]


def test_a_shared_win_is_named_in_the_final_turn_order_section_13_3():
    # Ann spends in the last round: the re-sort puts her after Bob, and the
    # shared winners are named in that order, not in the order of players=.
    s = game(2, 'rx18', 'rounds=1')
    everyone_passes(s)
    play(s, 'endround', 'Ann links 0', 'Bob links 0')
    play(s, 'Ann link coal market', 'Ann pass', 'Bob pass', 'Bob pass')
    at(s, 'Ann', money=s.state['money'][1])     # level with Bob again
    play(s, 'endround', 'Bob links 0', 'Ann links 0')
    assert s.state['rank'] == [1, 1] and s.standings()['winner'] == 'Bob and Ann'


def test_last_spent_is_the_round_just_ended_spent_goes_to_0_section_12():
    s = game(3, 'w07', 'rounds=1')
    play(s, 'Ann build mill', 'Bob link', 'Cid pass', 'endround')
    rows = s.standings()['players']
    assert [r['spent'] for r in rows] == [0, 0, 0]
    assert [r['last_spent'] for r in rows] == [12, 3, 0]


def test_the_link_cap_is_per_link_entered_0_links_score_0_section_13_1():
    s = game(3, 'w07', 'rounds=1')
    play(s, 'Ann link', 'Bob pass', 'Cid pass', 'endround')
    refused(s, 'Bob links 1', '0 links score at most 0 VP')     # Bob first: least spent
    play(s, 'Bob links 0', 'Cid links 0')
    refused(s, 'Ann links 21', '1 link scores at most 20 VP')
    play(s, 'Ann links 20')


def test_introductory_game_canal_only_money_income_tiles_again_section_13_4():
    s = game(2, 'rx18', 'rounds=1 intro=yes')
    a = put(s, 0, PORT, 2, flipped=1)           # 4 VP, twice
    put(s, 0, MILL, 2)                          # unflipped: nothing, not even again
    put(s, 1, MILL, 1, flipped=1)               # 3 VP, once (level 1)
    at(s, 'Ann', money=100, pos=3)              # income -7
    at(s, 'Bob', money=59, pos=14)              # income 2
    everyone_passes(s)
    play(s, 'endround')                         # the game's last round: no income (§4.2)
    assert s.state['money'] == [100, 59] and s.state['phase'] == 'links'
    play(s, 'Ann links 0', 'Bob links 0')
    assert s.state['phase'] == 'over' and s.state['era'] == 0
    # Ann 4 + 15 (£100: 25, at most 15) - 7 + 4 = 16; Bob 3 + 14 (£59) + 2 = 19
    assert s.state['vp'] == [16, 19] and s.state['rank'] == [2, 1]
    assert (s.state['vcash'], s.state['vinc'], s.state['vagain']) == ([15, 14], [-7, 2], [4, 0])
    assert tile(s, a) is not None               # nothing is removed: no Rail era
    with pytest.raises(RuleError) as e:
        new_session('brass w07 players=Ann,Bob,Cid intro=yes')
    assert 'rx18' in str(e.value)


def test_introductory_game_vp_may_go_below_0_section_13_4():
    s = game(2, 'rx18', 'rounds=1 intro=yes')
    at(s, 'Ann', money=3, pos=0)                # income -10, £3: 0 VP
    everyone_passes(s)
    play(s, 'endround', 'Ann links 0', 'Bob links 0')
    assert s.state['vp'][0] == -10 and s.state['rank'] == [2, 1]


# --- W07's limited cubes (§1: 30 coal, 25 iron; setting cubes) ------------------------

def test_w07_supply_is_30_coal_25_iron_less_market_and_tiles_section_1():
    from trackside.games.brass.act import supply
    s = game(3, 'w07')
    assert (supply(s.state, MINE), supply(s.state, WORKS)) == (22, 17)     # 8 in each market (§3)
    play(s, 'Ann build mine')                   # Mine L1: 2 coal from the supply
    assert supply(s.state, MINE) == 20 and s.standings()['coal_supply'] == 20
    s = game(2, 'rx18')
    assert 'coal_supply' not in s.standings()   # RX18: limitless (§1)


def test_a_new_works_gets_what_the_supply_has_none_flips_it_section_1():
    s = game(3, 'w07')
    st = s.state
    put(s, 2, WORKS, 4, cubes=14)               # 14 iron on the board, 8 in the market: 3 left
    play(s, 'Ann build works coal market')      # Works L1 says 4 iron; it gets the 3
    t = tile(s, st['built'])
    assert t[4] == 3 and not t[5]
    put(s, 2, PORT, 1)
    at(s, 'Bob', money=30)
    play(s, 'Bob build works coal market')      # none left: empty, it flips at once: +3 spaces
    t = tile(s, st['built'])
    assert t[4] == 0 and t[5] == 1 and st['pos'][1] == 13


def test_the_same_build_with_endless_cubes_or_a_rules_1_save_gets_them_all_section_1():
    for extra in ('cubes=endless', 'rules=1'):
        s = game(3, 'w07', extra)
        put(s, 2, WORKS, 4, cubes=14)
        play(s, 'Ann build works coal market')
        assert tile(s, s.state['built'])[4] == 4
        assert 'cubes=endless' in s.setup_line()


def test_no_coal_at_5_when_the_supply_has_none_section_1_8():
    s = game(3, 'w07', 'rounds=1')
    st = s.state
    st['coal'] = 0
    put(s, 2, MINE, 4, cubes=30)                # every coal cube is on Cid's mine
    refused(s, 'Ann build works coal market', 'No coal is left in the supply to buy at £5')
    o = [x for x in brass.build_choices(st, 0, NAMES) if x[0] == 'works']
    assert o                                    # the works is offered: coal from tile 1 is free
    q = brass.step({'players': NAMES}, st, 0, 'build', ['works'])[1]
    assert [i[0] for i in q[2]] == ['%d' % st['built']]     # and the market is not
    play(s, 'Ann build works coal %d' % (st['built']))
    assert st['money'][0] == 25                 # the coal from the mine is free (§7)


def test_cubes_of_tiles_leaving_the_board_go_back_to_the_supply_section_1_13_2():
    from trackside.games.brass.act import supply
    s = game(3, 'w07', 'rounds=1')
    st = s.state
    play(s, 'Ann build mine', 'Bob pass', 'Cid pass', 'endround')
    assert supply(st, MINE) == 20
    play(s, 'Bob links 0', 'Cid links 0', 'Ann links 0')   # level 1 leaves with its 2 coal
    assert supply(st, MINE) == 22 and not st['tiles']
