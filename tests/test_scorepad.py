# The score pad (games/scorepad/__init__.py, games/scorepad/ui.py): the second game on
# the shared interface, through every shared path: its rules, the log and
# replay, new game with typed names, play by keys on every board, history,
# chart, undo, save and resume, and the same results on MicroPython.
import os
import subprocess
import sys

import pytest

from conftest import ROOT, ui_on_both
from host_sim import keyscript, keyplan
from trackside.session import new_session
from trackside.ui.screens import MessageScreen
from game_play import refused, play
from ui_play import device

KEYS = os.path.join(ROOT, 'tests', 'keys', 'scorepad-4p.keys')
# What tests/keys/scorepad-4p.keys enters on a new device: a score pad for
# Ann, Bob, Red and Dee (names typed, one a colour), three rounds, fewest
# points win; a correction of Red's first round from the menu.
LOG = ['scorepad players=Ann,Bob,Red,Dee rounds=3 low=yes',
       'round Ann 10 Bob 8 Red 12 Dee 5',
       'round Ann 7 Bob 9 Red 3 Dee 11',
       'Red fix 1 14',
       'round Ann 3 Bob 3 Red 2 Dee 4']


def pad(extra=''):
    return new_session('scorepad players=Ann,Bob,Cid %s' % extra)


def totals(s):
    return [r['total'] for r in s.standings()['players']]


def test_the_setup_line_writes_every_setting_and_no_variant():
    assert pad().setup_line() == ('scorepad players=Ann,Bob,Cid rounds=0 low=no min_points=0 '
                                  'max_points=100 format=1 rules=1')
    with pytest.raises(Exception) as e:
        new_session('scorepad players=Ann')
    assert '2 to 8 players' in str(e.value)


def test_a_round_is_every_players_points_by_name_or_in_seating_order():
    s = play(pad(), 'round Ann 4 Bob 5 Cid 6', 'round 1 2 3', 'round Cid 0 Ann 10 Bob 1')
    assert totals(s) == [15, 8, 9]
    assert s.history()[1] == 'round Ann 1 Bob 2 Cid 3'       # the device writes names
    refused(s, 'round 1 2', 'each of the 3 players points (2 numbers written)')
    # (docs/log-format.md, Score pad "Actions": each player once; the
    # message says who has none, or how many numbers there were)
    refused(s, 'round Ann 1 Bob 2', '(none for Cid)')
    refused(s, 'round 1 2 3 4', '(4 numbers written)')
    refused(s, 'round Ann 1 Bob 2 Cid 3 4', 'every player named, but not each with one number')
    refused(s, 'round', '(0 numbers written)')
    refused(s, 'round Ann 1 Ann 2 Cid 3', 'Ann is given twice')
    refused(s, 'round 1 2 101', 'Points in a round are 0 to 100')
    refused(s, 'round 1 2 -1', 'Points in a round are 0 to 100')
    refused(s, 'Ann round 1 2 3', '"round" stands alone')


def test_negative_points_and_fewest_wins_are_settings():
    s = play(pad('low=yes min_points=-10 rounds=2'), 'round -5 3 0', 'round 2 -1 -4')
    assert totals(s) == [-3, 2, -4]
    st = s.standings()
    assert st['over'] and st['winner'] == 'Cid'
    assert [r['rank'] for r in st['players']] == [2, 3, 1]


def test_ties_share_a_place_and_the_next_place_is_skipped():
    s = play(pad(), 'round 5 5 3', 'end')
    assert [r['rank'] for r in s.standings()['players']] == [1, 1, 3]
    assert s.standings()['winner'] == 'Ann, Bob'


def test_corrections_any_time_even_after_the_end():
    s = play(pad('rounds=2'), 'round 5 5 3')
    refused(s, 'Bob fix 2 1', 'rounds 1 to 1 can be corrected')
    refused(s, 'Bob fix 0 1', 'Round 0 is not entered: rounds 1 to 1 can be corrected')
    play(s, 'Cid fix 1 9')                      # not Cid's move: a correction is anyone's
    assert totals(s) == [5, 5, 9]
    play(s, 'round 0 0 0')
    assert s.standings()['winner'] == 'Cid'
    refused(s, 'round 1 1 1', 'The game is over')
    play(s, 'Ann fix 2 10')
    assert s.standings()['winner'] == 'Ann' and totals(s) == [15, 5, 9]
    s.undo()
    assert s.standings()['winner'] == 'Cid'


def test_end_needs_a_round_and_rounds_set_end_by_themselves():
    s = pad()
    refused(s, 'end', 'Enter a round before ending the game')
    assert [o[0] for o in s.prompt()['options']] == ['round']
    play(s, 'round 1 2 3')
    assert [o[0] for o in s.prompt()['options']] == ['round', 'end']
    s3 = play(pad('rounds=1'), 'round 1 2 3')
    assert s3.over()
    assert s3.game.clock(s3.state, True) == '1 round'       # (not "1 rounds")
    assert s.game.clock(s.state, True) == 'round 2'


def test_replay_prints_the_table_and_the_winner(tmp_path):
    log = tmp_path / 'pad.log'
    log.write_text('\n'.join(LOG) + '\n')
    r = subprocess.run([sys.executable, '-m', 'host_sim', 'replay', str(log)], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    # fewest win: Dee 5+11+4 = 20, Bob 8+9+3 = 20, Ann 10+7+3 = 20, Red 14+3+2 = 19
    assert r.stdout.splitlines() == [
        'Score pad, 3 rounds, over',
        'name  total      rounds  rank',
        'Ann      20  [10, 7, 3]     2',
        'Bob      20   [8, 9, 3]     2',
        'Red      19  [14, 3, 2]     1',
        'Dee      20  [5, 11, 4]     2',
        'Winner: Red']


def test_a_whole_game_through_the_buttons_then_history_chart_undo_and_resume(tmp_path):
    # tests/keys/scorepad-4p.keys, planned by host_sim/keyplan.py from LOG
    # and kept: new game (Score pad, 4 players, names typed letter by
    # letter), three rounds, a correction from the menu.
    app, names = device('pico_display', tmp_path)
    with open(KEYS) as f:
        keyscript.play(app, names, f.read(), keyscript.Clock())
    s = app.session
    assert [s.setup_line().split(' format=')[0]] + s.history() == [
        'scorepad players=Ann,Bob,Red,Dee rounds=3 low=yes min_points=0 max_points=100'] + LOG[1:]
    assert s.standings()['winner'] == 'Red'
    clock = keyscript.Clock()
    # the menu: history (the last entry first), then the chart of the totals
    keyscript.play(app, names, 'B', clock)
    labels = [item[0] for item in app.stack[-1].items]
    assert labels[:7] == ['Undo: ' + LOG[-1], 'Redo', 'Redo all', 'Undo to turn start (2)',
                          'Other entry', 'History', 'Chart']
    keyscript.play(app, names, 'Y*5 A', clock)
    items = [item[0] for item in app.stack[-1].items]
    assert app.stack[-1].title == 'History (4)'
    assert items == ['-- turn 3 --', LOG[4], LOG[3], '-- turn 2 --', LOG[2], '-- turn 1 --', LOG[1]]
    # an entry: what it changed, and undo to here
    keyscript.play(app, names, 'Y A', clock)
    assert app.stack[-1].lines[:2] == ['3. ' + LOG[3], 'Red total 15→17']
    keyscript.play(app, names, 'B B Y A', clock)    # back to the history, the menu, its chart
    chart = app.stack[-1]
    # the totals as they stood at the start of each round (the correction
    # of round 1 was made in round 3), and now
    assert chart.title == 'Total by turn' and chart.values[0] == [[0, 0, 0, 0], [10, 8, 12, 5],
                                                                 [17, 17, 15, 16], [20, 20, 19, 20]]
    # undo the last round by holding B, then a restart: the save resumes there
    keyscript.play(app, names, 'B B B-', clock)
    assert app.session.history() == LOG[1:-1] and not app.session.over()
    again, names = device('pico_display', tmp_path)
    assert again.session.history() == LOG[1:-1]
    assert again.session.state == app.session.state


@pytest.mark.parametrize('board', ['pico_display', 'oled_ssd1306', 'tdisplay'])
def test_every_board_plays_the_score_pad(board, tmp_path):
    # 4, 3 and 2 buttons: the presses planned for each board enter the same game
    words, counts, planner = keyplan.plan(LOG, str(tmp_path), board=board)
    s = planner.app.session
    assert s.history() == LOG[1:] and s.standings()['winner'] == 'Red'
    assert not any(isinstance(x, MessageScreen) for x in planner.app.stack)


def test_the_same_presses_on_micropython_draw_the_same_screens(mpy_dir, tmp_path):
    mp, cp = ui_on_both(mpy_dir, tmp_path, KEYS)
    assert mp['crcs'] == cp['crcs'] and mp['sent'] == cp['sent']
    assert mp['standings'] == cp['standings'] and mp['standings']['winner'] == 'Red'
