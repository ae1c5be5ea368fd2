# Russian Railroads' rules against the digest (../shared/rules/russian_railroads.md):
# its test vectors R1-R7 and D1-D7 (§14), the edge cases of §15, the colour
# order of §4.2, the claims of §9, and the log lines. Each test names its section.
import pytest

from trackside.rules import RuleError
from trackside.games.russianrailroads import board as B
from trackside.games.russianrailroads import questions as A
from test_russianrailroads_play import game, board, score, everyone_passes
from game_play import play, refused


# --- §14.1: the rulebook's vectors -----------------------------------------------------

def r1_board(s):
    # R1 (the red player, [HU] p.16 + p.18-19), entered as changes on the
    # device: TS black 9, grey 7, brown 3; #6 + #2; 1 doubler. StP black
    # only, no locomotive. Kiev black 2, #2. The marker on factory gap 1.
    play(s, 'Ann track ts black 9', 'Ann track ts grey 7', 'Ann track ts brown 3',
         'Ann loco ts 6', 'Ann loco ts 2', 'Ann doubler 1', 'Ann track kv black 2',
         'Ann loco kv 2', 'Ann ind 4', 'Ann factory', 'Ann ind 1')
    return s


def test_r1_the_red_players_round_score_section_14_1():
    s = r1_board(game())
    st = s.state
    assert st['lo'][0][:2] == [2, 6] and B.reach(st, 0, B.TS) == 8
    assert st['im'][0][0] in B.IND_GAPS
    # TS 12 (brown 4+2+2, grey 4, space 8 black 0), StP 0, Kiev 3, industry 5
    assert score(s, 0) == (12, 0, 3, 5)
    assert B.spaces(st, 0, B.TS) == [[1, 0], [4, 4], [3, 8], [0, 0], [0, 0]]
    vp = st['vp'][0]
    everyone_passes(s)
    s.do_text('score')
    assert s.state['vp'][0] == vp + 0 + 20          # Ann passed 1st (0 VP), then 20


def test_r2_kiev_stars_are_cumulative_section_14_1():
    s = game()
    board(s, 0, kv=(3,), locos=(1, 0, 0, 3))
    assert score(s, 0)[2] == 1 + 2 + 3


def test_r3_two_ts_locomotives_add_section_14_1():
    s = game()
    play(s, 'Ann loco ts 4')
    assert s.state['lo'][0][:2] == [1, 4] and B.reach(s.state, 0, B.TS) == 5


def test_r4_engineer_majority_section_14_1():
    # Red 3, Blue 2, Yellow 2 (the higher-numbered tile), Green 0.
    s = game(names=['Red', 'Blue', 'Yellow', 'Green'], extra='rounds=1')
    play(s, 'Red engineer 1', 'Red engineer 2', 'Red engineer 3', 'Blue engineer 4',
         'Blue engineer 5', 'Yellow engineer 6', 'Yellow engineer 11')
    everyone_passes(s)
    play(s, 'score', 'Red cards', 'Blue cards', 'Yellow cards', 'Green cards')
    assert [f[3] for f in s.state['fin']] == [40, 0, 20, 0]


def test_r5_claims_give_the_new_turn_order_section_14_1():
    s = game(names=['Yellow', 'Blue', 'Green', 'Red'])
    play(s, 'Green claim 1', 'Red claim 2')
    everyone_passes(s)
    assert [s.setup['players'][q] for q in s.state['order']] == ['Green', 'Red', 'Yellow', 'Blue']


def test_r6_first_player_claims_space_2_order_unchanged_section_14_1():
    s = game(names=['Yellow', 'Blue', 'Green', 'Red'])
    play(s, 'Yellow claim 2')
    everyone_passes(s)
    assert s.state['order'] == [0, 1, 2, 3]


def test_r7_a_marker_on_a_factory_scores_the_value_before_it_section_14_1():
    s = game()
    for i, v in ((5, 5), (7, 10), (9, 15), (10, 15), (11, 15), (13, 20)):
        board(s, 0, im=(i, -1), fa=5)
        assert score(s, 0)[3] == v, i


# --- §14.2: derived vectors -----------------------------------------------------------

def test_d1_r1s_ts_with_the_revaluation_tile_section_14_2():
    s = r1_board(game())
    s.state['rv'][0] = 1
    assert score(s, 0)[0] == (6 + 3 + 3) + 4


def test_d2_st_petersburg_doubled_section_14_2():
    s = game()
    board(s, 0, ts=(10,), sp=(9, 7, 4, 2), locos=(1, 0, 7, 0))
    assert score(s, 0)[1] == 30
    s.state['rv'][0] = 1
    assert score(s, 0)[1] == 42


def test_d3_no_doubling_before_grey_reaches_7_section_14_2():
    s = game()
    board(s, 0, ts=(10,), sp=(9, 6, 4, 2), locos=(1, 0, 9, 0))
    assert score(s, 0)[1] == 14


def test_d4_kiev_with_stars_and_medal_section_14_2():
    s = game()
    board(s, 0, kv=(6, 5), ts=(2,), locos=(1, 0, 0, 5), md=1)
    assert score(s, 0)[2] == 5 + 10 + 20


def test_d5_the_whole_trans_siberian_section_14_2():
    s = game()
    board(s, 0, ts=(15, 14, 12, 10, 6), locos=(9, 6, 0, 0), db=8)
    assert score(s, 0)[0] == 114
    s.state['rv'][0] = 1
    assert score(s, 0)[0] == 164


def test_d6_reach_capped_and_nothing_ahead_of_black_section_14_2():
    s = game()
    board(s, 0, ts=(4, 2), locos=(9, 9, 0, 0), db=8)
    assert B.reach(s.state, 0, B.TS) == 15
    assert score(s, 0)[0] == 4


def test_d7_a_new_game_scores_nothing_section_14_2():
    s = game(start=False)
    for p in range(4):
        assert score(s, p) == (0, 0, 0, 0)


# --- §15: edge cases ------------------------------------------------------------------

def test_no_locomotive_no_points_stars_medal_or_doubling_section_15_2():
    s = game()
    board(s, 0, ts=(10,), sp=(9, 8), kv=(6, 5), md=1, locos=(1, 0, 0, 0))
    assert score(s, 0)[1:3] == (0, 0)


def test_doublers_beyond_reach_or_over_black_add_nothing_section_15_4():
    s = game()
    board(s, 0, ts=(5, 2), locos=(3, 0, 0, 0), db=8)
    # spaces 1-2 grey doubled (2+2), space 3 black doubled 0; 4-8 out of reach
    assert score(s, 0)[0] == 4


def test_revaluation_on_every_line_before_doubling_section_15_5():
    s = game()
    board(s, 0, ts=(10, 8, 6), sp=(9, 7, 5), kv=(9, 8, 6), locos=(9, 1, 9, 9), db=2)
    before = score(s, 0)
    s.state['rv'][0] = 1
    after = score(s, 0)
    # TS: brown 6 spaces 2->3 (two doubled: +2 more), StP x2 of brown 5 spaces, Kiev brown 6
    assert after[0] - before[0] == 6 + 2
    assert after[1] - before[1] == 2 * 5
    assert after[2] - before[2] == 6


def test_st_petersburg_doubling_needs_grey_and_reach_at_7_section_15_6():
    s = game()
    board(s, 0, ts=(2,), sp=(9, 7), locos=(1, 0, 6, 0))
    assert score(s, 0)[1] == 6                  # reach 6: not doubled
    s.state['lo'][0][2] = 7
    assert score(s, 0)[1] == 14
    board(s, 0, sp=(9, 6), locos=(1, 0, 9, 0))
    assert score(s, 0)[1] == 6                  # black past 7, grey not: not doubled


def test_kiev_star_8_is_refused_until_its_value_is_set_section_15_7():
    s = game(n=2)
    board(s, 0, kv=(8,), locos=(1, 0, 0, 8))
    everyone_passes(s)
    why = refused(s, 'score', 'Kiev space-8 star has no value yet')
    assert 'Ann' in why and 'kiev8' in why
    pr = s.prompt()
    assert ('score', why) in pr['blocked'] and pr['options'][0][0] == 'kiev8'
    vp = s.state['vp'][0]
    play(s, 'kiev8 6', 'score')
    assert s.state['vp'][0] == vp + 1 + 2 + 3 + 4 + 6


def test_kiev_star_8_setting_and_no_question_when_nobody_reaches_it_section_15_7():
    s = game(n=2, extra='kiev8=5')
    board(s, 0, kv=(8,), locos=(1, 0, 0, 9))
    assert score(s, 0)[2] == 15
    s2 = game(n=2)
    board(s2, 0, kv=(8,), locos=(1, 0, 0, 7))      # reach 7: star 8 not reached
    everyone_passes(s2)
    s2.do_text('score')
    assert s2.state['turn'] == 2


def test_kiev_medal_needs_its_token_grey_and_reach_at_5_section_15_8():
    s = game()
    board(s, 0, ts=(2,), kv=(6, 5), locos=(1, 0, 0, 5))
    assert score(s, 0)[2] == 15
    s.state['md'][0] = 1
    assert score(s, 0)[2] == 35
    s.state['lo'][0][3] = 4
    assert score(s, 0)[2] == 4 + 10            # reach 4: no medal, stars 1-4


def test_end_station_once_and_recurring_scores_every_round_section_15_9():
    s = game(n=2, extra='rounds=3')
    play(s, 'Ann track sp black 9')
    assert s.state['vp'][0] == 10 and 'StP end station +10' in s.state['ev']
    play(s, 'Ann loco kv 3', 'Ann track kv black 3')
    vp = []
    for r in range(3):
        everyone_passes(s)
        s.do_text('score')
        vp.append(s.state['vp'][0])
    # stars 1+2+3 every round; passes: Ann 1st round 1 (0), then by order
    assert vp[0] == 10 + 0 + 6


def test_two_markers_both_score_and_never_share_section_15_10():
    s = game()
    board(s, 0, im=(4, -1), ts=(13,), locos=(9, 4, 0, 0))
    play(s, 'Ann token marker')
    assert s.state['im'][0] == [4, 0]
    play(s, 'Ann ind 0 3')
    assert score(s, 0)[3] == 5 + 3
    refused(s, 'Ann ind 0 1', 'may not share')
    play(s, 'Ann factory', 'Ann ind 1 1')
    assert score(s, 0)[3] == 5 + 5              # 5 (factory 1) and 5 (space 4)


def test_factory_gaps_hold_the_marker_back_section_15_11():
    s = game()
    play(s, 'Ann ind 4')
    refused(s, 'Ann ind 1', 'Build a factory first')
    play(s, 'Ann factory', 'Ann ind 2')
    refused(s, 'Ann ind 1', 'factory gap 2')
    board(s, 0, im=(14, -1), fa=4)
    refused(s, 'Ann ind 1', 'factory gap 5')
    s.state['fa'][0] = 5
    play(s, 'Ann ind 1')
    assert score(s, 0)[3] == 30
    refused(s, 'Ann ind 1', 'ends')


def test_industry_last_space_setting_section_16():
    s = game(extra='ind_last=50')
    board(s, 0, im=(15, -1), fa=5)
    assert score(s, 0)[3] == 50


def test_claimants_act_after_everyone_passed_before_scoring_section_15_12():
    s = game()
    play(s, 'Cid claim 1', 'Dee claim 2')
    everyone_passes(s)
    st = s.state
    assert st['phase'] == 'scoring' and st['order'] == [2, 3, 0, 1]
    assert A.editors(st) == [3, 2]         # space 2's claimant first
    refused(s, 'Ann doubler 1', 'only the turn-order claimants act now')
    play(s, 'Dee doubler 1', 'Cid track ts black 3')
    assert st['db'][3] == 1
    refused(s, 'Cid pass', 'Everyone has passed')


def test_passing_vp_by_position_this_round_section_15_13():
    s = game(extra='back1=1 back2=2 back3=5 back4=7 rounds=2')
    play(s, 'Dee claim 1')
    vp0 = list(s.state['vp'])
    everyone_passes(s)
    assert [s.state['vp'][q] - vp0[q] for q in range(4)] == [1, 2, 5, 7]
    s.do_text('score')
    vp1 = list(s.state['vp'])
    everyone_passes(s)                          # now Dee 1st, then Ann, Bob, Cid
    assert [s.state['vp'][q] - vp1[q] for q in range(4)] == [2, 5, 7, 1]


def test_last_round_has_no_claims_section_15_14():
    s = game(n=3, extra='rounds=1')
    st = s.state
    assert 'claim 1' not in [w for w, l in A.change_items(st, 1)]
    refused(s, 'Bob claim 1', 'No turn-order claims in the last round')
    everyone_passes(s)
    assert st['order'] == [0, 1, 2] and st['phase'] == 'scoring'
    s.do_text('score')
    assert st['phase'] == 'final'


def test_each_engineer_is_one_of_a_kind_section_11_2():
    # The engineer tiles are all different (§11.2, 15 of them, §1): a number
    # a player holds is refused for everyone, so the majority cannot be
    # doubled (a blind log gave Ann and Bob 40 each with "engineer 4" twice).
    s = game(n=2, extra='rounds=1')
    play(s, 'Ann engineer 4')
    assert 'Ann has engineer #4 already' in refused(s, 'Bob engineer 4', 'one of a kind')
    refused(s, 'Ann engineer 4', 'Ann has engineer #4 already')
    play(s, 'Bob engineer 5')
    everyone_passes(s)
    play(s, 'score', 'Ann cards engineers', 'Bob cards')
    assert [f[3] for f in s.state['fin']] == [20, 40]       # 1 each: #5 beats #4
    assert s.state['fin'][0][2] == 6                         # Engineers card: 6 x 1


def test_a_save_of_rules_1_replays_as_it_was_made_section_12_3():
    # Rules 2 holds each engineer number once, up to engineer_max: a game
    # saved by rules 1 (any number 1-99, twice) must still open as it was.
    s = game(n=2, extra='rounds=1 rules=1')
    assert s.setup['settings']['engineer_max'] == 99
    play(s, 'Ann engineer 4', 'Bob engineer 4', 'Bob engineer 40')
    assert s.state['en'] == [[4], [4, 40]]
    s = game(n=2, extra='rounds=1')
    assert s.setup['rules'] == 2 and s.setup['settings']['engineer_max'] == 15


def test_engineer_numbers_go_to_the_setting_engineer_max_section_12_3():
    # §12.3: the 15 tiles' numbers are ❓ (1-15 the digest's reading): a
    # setting, 15 by default, and the device's question stops there too.
    s = game(n=2, extra='rounds=1')
    play(s, 'Ann engineer 15')
    refused(s, 'Bob engineer 16', 'is 1 to 15 (setting engineer_max')
    q = A.step(s.setup, s.state, None, 'edit', ['Bob', 'engineer'])[1]
    assert q[1] == 'amount' and q[2:5] == (1, 15, 1)
    s = game(n=2, extra='rounds=1 engineer_max=20')
    play(s, 'Bob engineer 16')
    assert s.state['en'][1] == [16]


def test_a_refusal_in_the_action_phase_names_the_lines_not_the_menu_section_3():
    # The device's "Board change" option is called edit inside; a refused
    # line must say what to write instead (a blind log was told to write
    # "edit", which no log may contain).
    s = game(n=2, extra='rounds=2')      # (claims: not in the last round)
    why = refused(s, 'Ann start ind', 'NAME track')
    assert 'edit' not in why and 'NAME claim, NAME pass' in why
    why = refused(s, 'score', 'still to pass: Ann, Bob')     # (the phase's own reason)
    assert 'edit' not in why
    # when everyone has passed and a claimant may still act: the lines, or score
    play(s, 'Ann claim 1', 'Ann pass', 'Bob pass')
    why = refused(s, 'Ann start ind', 'NAME track')
    assert why.endswith('or "score"') and 'edit' not in why


def test_a_count_may_be_written_with_a_dollar_sign_log_format_general_rules():
    # log-format.md: "Money and counts are whole numbers ...; a leading $ is allowed"
    s = game(n=2, extra='rounds=1')
    play(s, 'Ann doubler $2', 'Ann ind $1')
    assert s.state['db'][0] == 2
    refused(s, 'Ann doubler two', 'must be a whole number')


def test_engineer_majority_edge_cases_section_15_15():
    # 2 players: the second still gets 20 with one engineer
    s = game(n=2, extra='rounds=1')
    play(s, 'Ann engineer 3', 'Bob engineer 2', 'Bob engineer 9')
    everyone_passes(s)
    play(s, 'score', 'Ann cards', 'Bob cards')
    assert [f[3] for f in s.state['fin']] == [20, 40]
    # tie on count: the higher number; the extra-engineer card counts one, no number
    s = game(n=3, extra='rounds=1')
    play(s, 'Ann engineer 5', 'Bob engineer 4', 'Bob engineer 1')
    everyone_passes(s)
    play(s, 'score', 'Ann cards extra', 'Bob cards', 'Cid cards')
    assert [f[3] for f in s.state['fin']] == [40, 20, 0]    # 2 (5, card) beats 2 (4, 1)
    # the card alone: qualifies by default, not with extra_alone=no
    for extra, want in (('', [40, 0]), ('extra_alone=no', [0, 0])):
        s = game(n=2, extra='rounds=1 ' + extra)
        everyone_passes(s)
        play(s, 'score', 'Ann cards extra', 'Bob cards')
        assert [f[3] for f in s.state['fin']] == want, extra


def test_bonus_cards_and_their_caps_section_15_16():
    s = game(n=2, extra='rounds=1 kiev8=5')
    board(s, 0, ts=(15, 4, 3), sp=(9,), kv=(9,), locos=(9, 9, 9, 9), db=8, fa=5,
          im=(0, -1))
    st = s.state
    st['tk'][0] = [1, 2, 4, 5]
    st['bw'][0] = 1
    st['en'][0] = [3, 4]
    everyone_passes(s)
    play(s, 'score',
         'Ann cards flat lines factories locos workers black tokens doublers extra engineers',
         'Bob cards')
    want = 15 + 30 + 20 + 36 + 30 + 33 + 28 + 30 + 0 + 12
    # workers: TS 3 (brown and reach), Kiev 7 (black) and the black worker: 3
    assert st['fin'][0][2] == want
    refused_game = game(n=2, extra='rounds=1')
    everyone_passes(refused_game)
    play(refused_game, 'score', 'Ann cards flat')
    refused(refused_game, 'Bob cards flat', 'each is in the deck once')


def test_vp_track_position_and_token_section_15_17():
    from trackside.games.russianrailroads import pawn
    assert pawn(0) == (100, 0) and pawn(57) == (57, 0) and pawn(100) == (100, 100)
    assert pawn(157) == (57, 100) and pawn(300) == (100, 300) and pawn(512) == (12, 500)


def test_rounds_by_player_count_section_15_18():
    for n, r in ((2, 6), (3, 6), (4, 7)):
        assert game(n=n).state['last'] == r


def test_impossible_boards_are_refused_with_the_reason_section_15_19():
    s = game()
    refused(s, 'Ann track ts grey 1', 'No grey tracks yet')
    play(s, 'Ann track ts black 7', 'Ann track ts brown 2')
    refused(s, 'Ann track ts grey 1', 'cannot enter behind the brown')
    refused(s, 'Ann track kv natural 1', 'takes no natural')
    refused(s, 'Ann track ts brown 7', 'can go up to space 6')
    refused(s, 'Ann track ts brown 1', 'only move forward')
    refused(s, 'Ann track ts black 16', 'spaces 1 to 15')
    refused(s, 'Ann loco ts 4 3 2', 'takes a line and the number')
    refused(s, 'Ann loco sp 4 3', 'Only the TS holds two')
    play(s, 'Ann loco sp 4')
    refused(s, 'Ann loco sp 3', 'only replaced by a higher one')
    refused(s, 'Ann loco kv 10', '#1 to #9')
    play(s, 'Ann doubler 2')
    refused(s, 'Ann doubler 7', '8 doubler spaces')
    for k in range(5):
        play(s, 'Ann factory')
    refused(s, 'Ann factory', 'All 5 factory spaces')
    refused(s, 'Ann token reval', 'No token space reached')


def test_a_refusal_names_what_is_wrong_first_sections_3_4_2_7():
    # §4.2: a track moved back is refused as a move back, even where it could not
    # move forward either (right behind the black); §7: a doubler line adds 1 or
    # more; a count below 0 is said to be below 0; §3: the round is scored once
    # everyone has passed, and the refusal says who has not.
    s = game()
    play(s, 'Ann track ts black 4', 'Ann track ts grey 3')
    refused(s, 'Ann track ts grey 2', 'Tracks only move forward: TS grey is on 3')
    refused(s, 'Ann track ts grey 3', 'Tracks only move forward')
    refused(s, 'Ann track ts grey 4', 'right behind the black')
    refused(s, 'Ann doubler 0', 'adds 1 or more doublers, not 0')
    refused(s, 'Ann vp -3', 'cannot be below 0, not "-3"')
    play(s, 'Ann pass')
    refused(s, 'score', 'once everyone has passed; still to pass: Bob, Cid, Dee (§3)')


def test_shared_victory_section_15_20():
    s = game(n=2, extra='rounds=1 back1=0 back2=0')
    everyone_passes(s)
    play(s, 'score', 'Ann cards', 'Bob cards')
    assert s.state['rank'] == [1, 1] and s.standings()['winner'] == 'Ann and Bob'


# --- §4 and §5: the board's own rules ----------------------------------------------------

def test_colours_enter_in_order_and_may_be_skipped_by_default_section_4_2():
    s = game()
    play(s, 'Ann track ts black 10', 'Ann track sp black 4', 'Ann track sp brown 1')
    assert s.state['tr'][0][5:10] == [4, 0, 1, 0, 0]
    refused(s, 'Ann track sp grey 1', 'cannot enter behind the brown')
    s2 = game(extra='skip=no')
    play(s2, 'Ann track ts black 10', 'Ann track sp black 4')
    refused(s2, 'Ann track sp brown 1', 'may not be skipped')


def test_new_colours_and_the_white_steps_at_ts_15_section_4_3():
    s = game()
    play(s, 'Ann track ts black 2')
    assert 'grey tracks gained' in s.state['ev']
    play(s, 'Ann track ts black 14')
    assert 'brown tracks gained' in s.state['ev'] and 'natural tracks gained' in s.state['ev']
    play(s, 'Ann track ts black 15')
    st = s.state
    assert st['tr'][0][:5] == [15, 0, 0, 0, 2] and st['vp'][0] == 10
    assert 'white on 2' in st['ev'] and 'TS end station +10' in st['ev']
    # the steps are lost where they cannot be made: a track on space 1 (§4.3)
    s = game()
    play(s, 'Ann track ts black 14', 'Ann track ts grey 1', 'Ann track ts black 15')
    assert s.state['tr'][0][4] == 0
    # natural on 2: white enters on 1 only
    s = game()
    play(s, 'Ann track ts black 14', 'Ann track ts natural 2', 'Ann track ts black 15')
    assert s.state['tr'][0][3:5] == [2, 1]
    s = game(extra='white_steps=0')
    play(s, 'Ann track ts black 15')
    assert s.state['tr'][0][4] == 0


def test_special_spaces_award_at_once_section_5():
    s = game()
    play(s, 'Ann track ts black 13', 'Ann loco ts 9', 'Ann loco ts 4')
    assert 'a token to take (TS 13)' in s.state['ev'] and B.tokens_due(s.state, 0) == 1
    play(s, 'Ann token reval')
    assert s.state['rv'][0] == 1 and B.tokens_due(s.state, 0) == 0
    refused(s, 'Ann token medal', 'No token space is waiting: each one reached has its token')
    play(s, 'Ann track ts brown 3', 'Ann track kv black 7')
    assert B.workers(s.state, 0) == 2
    play(s, 'Ann loco sp 6', 'Ann track sp black 6')
    assert B.tokens_due(s.state, 0) == 2          # StP 4 and 6
    play(s, 'Ann token doublers', 'Ann token medal')
    assert s.state['db'][0] == 3 and s.state['md'][0] == 1
    refused(s, 'Ann token medal', 'on the board already')


def test_industrialization_token_space_gives_one_token_section_8_and_5_1():
    # §8 layout: lane index 10 is the token space (no number: it scores the
    # 15 printed before it); §5.1 / §12.2: a marker reaching it takes 1 token.
    s = game()
    board(s, 0, im=(9, -1), fa=3)               # on factory gap 3; 3 factories open index 10
    assert B.tokens_due(s.state, 0) == 0
    refused(s, 'Ann token reval', 'No token space reached')
    play(s, 'Ann ind 1')
    st = s.state
    assert st['im'][0] == [10, -1]
    assert 'a token to take (industry)' in st['ev']
    assert B.tokens_due(st, 0) == 1
    assert score(s, 0)[3] == 15                 # the token space carries 15 forward (§8)
    play(s, 'Ann token reval')
    assert st['tk'][0] == [5] and st['rv'][0] == 1 and B.tokens_due(st, 0) == 0
    refused(s, 'Ann token medal', 'No token space is waiting: each one reached has its token')    # one token, not one per entry


def test_industrialization_token_space_passed_counts_section_5():
    # §5 general rule: a space is met when reached or passed; a marker that
    # jumps over index 10 still has the token to take.
    s = game()
    board(s, 0, im=(9, -1), fa=4)
    play(s, 'Ann ind 2')
    assert s.state['im'][0][0] == 11
    assert B.tokens_due(s.state, 0) == 1
    assert score(s, 0)[3] == 15                 # factory gap 4 scores the 15 before it (§8)


def test_industrialization_token_space_not_used_twice_section_8():
    # §8 / §5.1: the second marker reaching the token space gives no second token.
    s = game()
    board(s, 0, im=(9, -1), fa=3, ts=(13,), locos=(9, 4, 0, 0))     # TS 13 reached: a token
    play(s, 'Ann token marker', 'Ann ind 1')        # marker 2 on 0; marker 1 on the token space
    st = s.state
    assert B.tokens_due(st, 0) == 1
    play(s, 'Ann token reval')
    assert B.tokens_due(st, 0) == 0
    play(s, 'Ann factory', 'Ann ind 2', 'Ann ind 0 10')   # marker 1 on 12, marker 2 on 10
    assert st['im'][0] == [12, 10]
    assert B.tokens_due(st, 0) == 0
    refused(s, 'Ann token medal', 'No token space is waiting: each one reached has its token')
    assert score(s, 0)[3] == 20 + 15                # both markers score (§8)


def test_question_card_engineer_and_black_worker_need_token_7_section_12_1():
    # §12.1 ? cards 2 (the engineer and rouble) and 4 (the black worker) are
    # reached only with token 7 (§12.2); without it both are refused and
    # nothing changes. A hired engineer needs no token (§12.3).
    s = game()
    refused(s, 'Ann engineer 5 card', 'token 7')
    refused(s, 'Ann worker', 'token 7')
    play(s, 'Ann engineer 5')
    assert s.state['en'][0] == [5] and s.state['qe'][0] == 0
    # with token 7 (on the TS 13 circle) the ? card's engineer may be taken
    board(s, 0, ts=(13,), locos=(9, 4, 0, 0))
    board(s, 1, ts=(13,), locos=(9, 4, 0, 0))
    play(s, 'Ann token qcard', 'Ann engineer 6 card')
    assert s.state['en'][0] == [5, 6] and s.state['qe'][0] == 6
    # §12.2 token 7: the ? card used leaves the game: nobody takes its engineer again
    play(s, 'Bob token qcard')
    refused(s, 'Bob engineer 7 card', 'taken already')
    play(s, 'Bob worker')                       # ? card 4 is still there for Bob
    assert s.state['bw'] == [0, 1, 0, 0]
    board(s, 2, ts=(13,), locos=(9, 4, 0, 0))
    play(s, 'Cid token qcard')
    refused(s, 'Cid worker', 'taken already')
    refused(s, 'Cid engineer 8 card', 'taken already')


def test_one_token_7_uses_one_question_card_section_12_2():
    # §12.2 token 7: "Choose one face-up ? card and use it"; each player has
    # one token 7 (each token is used once), so one ? card a game.
    s = game()
    board(s, 0, ts=(13,), locos=(9, 4, 0, 0))
    play(s, 'Ann token qcard', 'Ann engineer 6 card')
    refused(s, 'Ann worker', 'one ? card')
    s = game()          # (board() sets the state: an undo would replay without it)
    board(s, 0, ts=(13,), locos=(9, 4, 0, 0))
    play(s, 'Ann token qcard', 'Ann worker')
    refused(s, 'Ann engineer 6 card', 'one ? card')


def test_at_most_8_doublers_the_9th_refused_section_7():
    # §7: 8 doubler spaces above TS 1-8, one doubler each; §13: doublers 0-8.
    s = game()
    for k in range(8):
        play(s, 'Ann doubler 1')
    st = s.state
    assert st['db'][0] == 8
    refused(s, 'Ann doubler 1', '8 doubler spaces, 8 filled')
    assert 'doubler 1' not in [w for w, l in A.change_items(st, 0)]
    # the starting card's doubler counts toward the 8 (Cid took it, §2)
    assert st['db'][2] == 1
    play(s, 'Cid doubler 7')
    refused(s, 'Cid doubler 1', '8 doubler spaces')


def test_token_doublers_stop_at_the_8th_space_section_7():
    # §12.2 token 4 gives 3 doublers, but §7 has only 8 spaces: with 6 placed, 8.
    s = game()
    board(s, 0, ts=(13,), locos=(9, 4, 0, 0), db=6)
    play(s, 'Ann token doublers')
    assert s.state['db'][0] == 8
    refused(s, 'Ann doubler 1', '8 doubler spaces')


def test_a_ts_locomotive_replaces_the_lower_one_section_6():
    # §6 / §4.1: the TS has 2 locomotive slots, their numbers add; a third
    # locomotive displaces one (the new number replaces the old, never adds).
    s = game(n=2, extra='rounds=1')
    play(s, 'Ann loco ts 4')
    st = s.state
    assert B.reach(st, 0, B.TS) == 1 + 4                    # R3
    play(s, 'Ann loco ts 6')                                # replaces #1
    assert sorted(st['lo'][0][:2]) == [4, 6]
    assert B.reach(st, 0, B.TS) == 4 + 6                    # not 1 + 4 + 6
    board(s, 0, ts=(12, 11))                                # grey on 1-11, black on 12
    assert score(s, 0)[0] == 10                             # reach 10: spaces 1-10, 1 VP each
    refused(s, 'Ann loco ts 3', 'only replaced by a higher one')    # would replace #4
    play(s, 'Ann loco ts 9 4')                              # #6 replaced by #9 (the higher)
    assert sorted(st['lo'][0][:2]) == [4, 9] and B.reach(st, 0, B.TS) == 4 + 9
    assert score(s, 0)[0] == 11                             # reach 13, black on 12: grey 1-11
    # StP holds one: the new replaces it
    play(s, 'Ann loco sp 3', 'Ann loco sp 5')
    assert st['lo'][0][2] == 5 and B.reach(st, 0, B.SP) == 5
    # §11.1 card 4 counts the locomotives on the lines: 9 + 4 + 5, the replaced ones gone
    everyone_passes(s)
    play(s, 'score', 'Ann cards locos', 'Bob cards')
    assert st['fin'][0][2] == 9 + 4 + 5


# --- §2, §9: setup, turn order ------------------------------------------------------------

def test_starting_cards_4th_3rd_2nd_choose_section_2():
    s = game(start=False)
    assert [s.prompt()['player']] == [3]
    play(s, 'Dee start black ts', 'Cid start doubler')
    refused(s, 'Bob start doubler', 'taken')
    play(s, 'Bob start ind')
    st = s.state
    assert st['tr'][3][0] == 2 and 'grey' in ' '.join(B.marks(st, 3)) and st['db'][2] == 1
    assert st['im'][1][0] == 1 and st['phase'] == 'actions' and st['vp'] == [0, 0, 0, 0]


def test_starting_cards_3_players_3rd_then_2nd_choose_section_2():
    # §2: 4th, 3rd, 2nd choose, the 1st gets none; with 3 players the digest
    # presumes the 3rd, then the 2nd choose.
    s = game(n=3, start=False)
    st = s.state
    assert s.prompt()['player'] == 2
    refused(s, 'Ann start doubler', "Cid's turn")
    refused(s, 'Bob start doubler', "Cid's turn")
    play(s, 'Cid start doubler')
    assert s.prompt()['player'] == 1
    refused(s, 'Ann start ind', "Bob's turn")
    play(s, 'Bob start ind')
    assert st['phase'] == 'actions'             # Ann, 1st, chooses none
    assert st['db'] == [0, 0, 1] and [m[0] for m in st['im']] == [0, 1, 0]
    assert st['tr'][0] == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0]
    refused(s, 'Ann start rouble', 'Now:')


def test_starting_cards_2_players_only_the_2nd_chooses_section_2():
    # §2: with 2 players the digest presumes only the 2nd chooses.
    s = game(n=2, start=False)
    st = s.state
    assert s.prompt()['player'] == 1
    refused(s, 'Ann start doubler', "Bob's turn")
    play(s, 'Bob start black kv')
    assert st['phase'] == 'actions'
    assert st['tr'][1][10] == 2 and st['tr'][0][10] == 1
    assert st['db'] == [0, 0] and st['im'] == [[0, -1], [0, -1]]
    refused(s, 'Ann start doubler', 'Now:')


def test_claim_refusals_section_9():
    s = game()
    refused(s, 'Ann claim 1', 'under your own position')
    play(s, 'Bob claim 1')
    refused(s, 'Cid claim 1', 'taken this round')
    refused(s, 'Bob claim 2', 'both turn-order spaces')
    s2 = game(n=2)
    play(s2, 'Ann claim 1')                     # allowed with 2 players
    refused(s2, 'Ann claim 3', 'spaces are 1 and 2')


def test_a_passed_player_makes_no_more_changes_section_3():
    s = game()
    play(s, 'Ann pass')
    refused(s, 'Ann track ts black 2', 'Ann has passed')
    refused(s, 'Ann pass', 'Ann has passed')
    assert A.editors(s.state)[0] == 1


def test_the_whole_round_scores_into_the_vp_track_section_13():
    s = r1_board(game())
    play(s, 'Bob track kv black 2', 'Bob loco kv 2')
    everyone_passes(s)
    vp = list(s.state['vp'])
    s.do_text('score')
    st = s.state
    assert [st['vp'][q] - vp[q] for q in range(4)] == [20, 4, 0, 0]      # Bob: stars 1+2, industry 1
    assert st['sc'][:2] == [20, 4] and st['rnd'][:2] == [20, 4] and st['turn'] == 2


# --- the log lines --------------------------------------------------------------------

def test_every_line_reads_back_as_written():
    s = game()
    for line in ['Ann track ts black 3', 'Ann loco ts 5', 'Ann loco ts 6 1', 'Ann loco sp 2',
                 'Ann doubler 1', 'Ann ind 2', 'Ann ind 1 2', 'Ann factory', 'Ann token reval',
                 'Ann engineer 7', 'Ann engineer 7 card', 'Ann worker', 'Ann vp 13',
                 'Ann claim 2', 'Ann pass', 'Ann start black kv', 'Ann start rouble',
                 'Ann cards', 'Ann cards flat tokens', 'score', 'kiev8 5']:
        assert s.text(s.parse(line)) == line
    assert s.text(s.parse('ann TRACK stp GRAY 3')) == 'Ann track sp grey 3'
    assert s.text(s.parse('Ann cards tokens flat')) == 'Ann cards flat tokens'
    assert s.text(s.parse('Ann doubler')) == 'Ann doubler 1'
    for line, words in (('Ann track ts pink 3', 'No colour "pink"'), ('Ann frob', 'Unknown action'),
                        ('track ts black 3', 'needs a player name'),
                        ('Ann score', 'stands alone'), ('Ann cards flat flat', 'once')):
        with pytest.raises(RuleError) as e:
            s.parse(line)
        assert words in str(e.value)


def test_the_ts_3_worker_is_brown_or_black_by_setting_section_5():
    # §5 / §16: the 2013 rules' TS 3 worker is the brown track and a
    # locomotive at space 3; the Ultimate edition's is black (setting ts3_worker).
    s = game()
    play(s, 'Ann loco ts 4', 'Ann track ts black 10', 'Ann track ts grey 5')
    assert B.workers(s.state, 0) == 0                  # black at 3 counts for nothing
    play(s, 'Ann track ts brown 3')
    assert B.workers(s.state, 0) == 1 and 'worker (TS 3)' in s.state['ev']
    s = game(extra='ts3_worker=black')
    play(s, 'Ann loco ts 4')
    assert B.workers(s.state, 0) == 0
    play(s, 'Ann track ts black 3')
    assert B.workers(s.state, 0) == 1 and 'worker (TS 3)' in s.state['ev']


def test_token_4_places_the_settings_doublers_section_12_2():
    # §12.2: token 4's "3 doublers" is an OCR read (setting token_doublers).
    for extra, want in (('', 3), ('token_doublers=2', 2)):
        s = game(extra=extra)
        board(s, 0, ts=(13,), locos=(9, 4, 0, 0))
        offered = [label for word, label in A.standard_items(s.state, 0)]
        assert 'Token: %d doublers' % want in offered
        play(s, 'Ann token doublers')
        assert s.state['db'][0] == want


def test_a_line_of_another_part_of_the_game_says_when_it_comes_section_2_11_13():
    # docs/log-format.md, Russian Railroads "Lines" (the When column): a
    # start card in the action phase, bonus cards during a round, a score
    # before everyone has passed are refused with when they come.
    s = game()
    refused(s, 'Ann cards flat', '"cards" lines come after the last round\'s score (§11). Now: ')
    refused(s, 'Bob start ind', '"start" lines come before round 1, one a player (§2). Now: ')
    # (a score too early has the phase's own reason: who is still to pass)
    refused(s, 'score', 'still to pass: Ann, Bob, Cid, Dee (§3)')
    everyone_passes(s)
    play(s, 'score')
    assert s.state['turn'] == 2
