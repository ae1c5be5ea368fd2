# Brass on the device, driven by button presses (tests/keys/brass-*.keys,
# planned by host_sim/keyplan.py from tests/scenarios/brass-w07-4p.log): a
# whole four-player game on the 4-button and the 2-button boards, to the
# standings worked out by hand; what the game screen shows; what an entry
# shows before it is made; the same presses on the real MicroPython.
import json
import os

from conftest import ROOT, run_micropython, DEVICE_HEAP, ui_on_both, mp_ui_paths
from host_sim import keyscript
from host_sim.headless import BOARDS
from trackside.saves import Saves
from trackside.logfmt import words_of
from ui_play import KEYS, keys, device, press, saved_game

SCENARIOS = os.path.join(ROOT, 'tests', 'scenarios')


def log_lines(name):
    with open(os.path.join(SCENARIOS, name)) as f:
        return [l for l in f.read().splitlines() if words_of(l)]


def expected(name):
    with open(os.path.join(SCENARIOS, name)) as f:
        return json.load(f)


def index_of(lines, line):
    # Where a line (its words, without the comment) is in a log.
    return [i for i in range(len(lines)) if words_of(lines[i]) == words_of(line)][0]


def rows(app):
    slots = app.p.slots
    return [slots['row%d' % i][0].rstrip() for i in range(len(app.session.setup['players']))]


def shown(app, name):
    return app.p.slots[name][0]


def test_a_whole_four_player_game_through_the_four_buttons(tmp_path):
    # New game (Brass, W07, Red Blue Green Yellow, rounds=3 noloan=1), then
    # every line of brass-w07-4p.log by the buttons: the standings are the
    # hand-worked ones (brass-w07-4p.json: Red 26, Green 19, Blue 19, Yellow 16).
    app, names = device('pico_display', tmp_path)
    press(app, names, keys('brass-w07-4p.keys'))
    st = app.session.standings()
    want = expected('brass-w07-4p.json')
    assert st['players'] == want['players'] and st['winner'] == 'Red'
    assert app.session.history() == [app.session.text(app.session.parse(l))
                                     for l in log_lines('brass-w07-4p.log')[1:]]
    again, note = Saves(str(tmp_path)).open(1)
    assert again.standings() == st


def test_the_same_game_through_the_two_buttons(tmp_path):
    app, names = device('tdisplay', tmp_path)
    press(app, names, keys('brass-w07-4p-2buttons.keys'))
    st = app.session.standings()
    assert st['players'] == expected('brass-w07-4p.json')['players']


def test_the_game_screen_shows_the_money_track_vp_spent_actions_loans_and_markets(tmp_path):
    # After Canal round 1 of the four-player game: money, income level @
    # track space, VP, spent this round, actions left (none: the round is
    # done); the markets line: coal and iron's next price and cubes, the
    # distant market's marker (§8, §9); W07's cubes left in the supply (+N, §1).
    lines = log_lines('brass-w07-4p.log')
    saved_game(tmp_path, lines[:5])
    app, names = device('pico_display', tmp_path)
    assert rows(app) == ['Red £18 0@10 0VP s12', 'Blu £24 0@10 0VP  s6',
                         'Grn £25 0@10 0VP  s5', 'Yel £60 -3@7 0VP  s0']
    assert shown(app, 'info') == 'Coal £1 8/8+20 Iron £1 8/8+17 Cot 0'   # 2 coal on tile 3
    # the round's end (2 presses): the next order, least spent first (§12),
    # and the income each will get (W07: at the start of round 2, §5)
    press(app, names, 'A')
    assert shown(app, 'title') == 'Next: Yel-3 Grn0 Blu0 Red0'
    press(app, names, 'A')
    assert app.session.history()[-1] == 'endround'
    assert rows(app)[0] == 'Yel £57 -3@7 0VP s0 a2'
    assert rows(app)[3] == 'Red £18 0@10 0VP s0 a2'


def test_no_loans_is_shown_in_the_rail_eras_last_rounds(tmp_path):
    # §4.1, §16.9: the loan lock, in the header; the last round's markets
    lines = log_lines('brass-w07-3p.log')
    saved_game(tmp_path, lines[:index_of(lines, 'Bob link coal market') + 1])
    app, names = device('pico_display', tmp_path)
    assert shown(app, 'head') == 'R2/2 Rail, no loans'
    assert shown(app, 'info') == 'Coal £3 3/8+27 Iron £1 8/8+17 Cot 0'


def test_a_build_shows_what_it_costs_and_changes_before_it_is_made(tmp_path):
    # Rail round 2 of the four-player game, Yellow's first action: a Mill L2
    # (£14) with a coal from the market (£2): the header and the last
    # question say so before the last press; as it is her turn's first
    # action, the last question is a real one: one action, or both as a
    # double-action build (§7, §10). Then the game screen says what changed.
    lines = log_lines('brass-w07-4p.log')
    at = index_of(lines, 'Yellow build mill coal market')
    saved_game(tmp_path, lines[:at])
    app, names = device('pico_display', tmp_path)
    press(app, names, 'A A')                    # act, Build (the first verb)
    # the industries she can build (her ports are L1: not in the Rail era;
    # both need a coal), and her works L3 over her own L2 (§7)
    assert [label for label, word in app.stack[-1].items] == ['Mill L2 £14', 'Works L3 £9',
                                                              'Works3 over 12']
    assert shown(app, 'answer') == 'Mill L2 £14'
    press(app, names, 'A')                      # the mill; its coal: only the market, not asked
    assert shown(app, 'head') == 'Mill L2 £14, coal mkt £2'
    assert shown(app, 'title') == '£16: +4 inc when sold'
    assert [label for label, word in app.stack[-1].items] == ['OK', 'OK x2']
    assert app.session.cursor == at - 1
    press(app, names, 'A')
    assert app.session.history()[-1] == 'Yellow build mill coal market'
    assert app.session.state['money'][3] == 30 - 16
    assert 'Yel £30→14' in shown(app, 'answer')            # what the entry changed


def test_a_shortfall_is_answered_by_ticking_tiles(tmp_path):
    # RX18, the end of Rail round 1 of brass-rx18-3p.log: Cid owes £2 (§5.2).
    # With one tile he must sell it: nothing to ask. With a second one
    # (a flipped Port L2, worth £3, as if he had built it), the device asks
    # which, as ticks, and does not take both: one covers the debt already.
    lines = log_lines('brass-rx18-3p.log')
    saved_game(tmp_path, lines[:index_of(lines, 'Cid salvage 12')])
    app, names = device('pico_display', tmp_path)
    assert shown(app, 'title') == 'Cid: £2 short: sell tiles'
    app.session.state['tiles'].append([99, 2, 1, 2, 0, 1])
    app.session._prompt = None
    press(app, names, 'A')
    top = app.stack[-1]
    assert type(top).__name__ == 'SubsetScreen'
    assert [label for word, label in top.choices] == ['#12 Works L2 £3', '#99 Port L2 £3']
    press(app, names, 'A Y A Y A')              # tick both, "Done": not offered (§5.2)
    assert top.items[-1][0] == 'Tick 1' and app.stack[-1] is top
    press(app, names, 'X X A Y Y A')            # untick the first, take the second
    assert app.session.history()[-1] == 'Cid salvage 99'
    assert app.session.state['money'][2] == 1


def test_the_same_presses_on_micropython_draw_the_same_screens(mpy_dir, tmp_path):
    # The firmware as .mpy on the real interpreter, framebuf in C: the canvas
    # after every press is the same as on CPython, in the device's heap.
    script = os.path.join(KEYS, 'brass-w07-4p.keys')
    mp, cp = ui_on_both(mpy_dir, tmp_path, script)
    presses = list(keyscript.presses(keys('brass-w07-4p.keys'), *BOARDS['pico_display'][3:5]))
    assert len(mp['crcs']) == len(presses) + 1
    assert mp['crcs'] == cp['crcs'] and mp['sent'] == cp['sent']
    assert mp['standings'] == cp['standings'] and mp['standings']['winner'] == 'Red'


def test_the_whole_game_fits_the_devices_heap_on_micropython(mpy_dir, fixed_tmp):
    # tools/mp_ui.py plays the same presses in a heap of the Pico's size and
    # says OK, the most heap in use (the figure is the benchmark's) and the
    # game's actions at the end: all of them (a press out of memory would
    # have left the game short)
    out = run_micropython([os.path.join('tools', 'mp_ui.py'),
                           mp_ui_paths(mpy_dir), fixed_tmp,
                           os.path.join(KEYS, 'brass-w07-4p.keys'), 'heap'], heap=DEVICE_HEAP)
    w = out.split()
    assert w[0] == 'OK' and int(w[2]) == expected('brass-w07-4p.json')['actions'], out


def test_the_history_names_brass_rounds_by_era_and_the_stacks_tell_mill_from_mine(tmp_path):
    # Brass plays rounds, in two eras: the history's separators say "canal round 1",
    # and on into the rail era, "rail round 1" (a turn number would not be a round);
    # the next tile of each stack: mill and mine no longer both "Mi".
    from trackside.ui import history
    from trackside.games.brass import pages as brass_pages
    lines = log_lines('brass-w07-4p.log')
    saved_game(tmp_path, lines)
    app, names = device('pico_display', tmp_path)
    history.history(app)
    seps = [label for label, v in app.stack[-1].items if label.startswith('--')]
    rounds = app.session.state['rounds']
    assert seps[-1] == '-- canal round 1 --'
    assert '-- rail round 1 --' in seps and '-- canal round %d --' % rounds in seps
    assert not [x for x in seps if 'turn' in x]
    title, rows_ = brass_pages.stacks(app.session.state, app.session.setup['players'])
    assert all(' Mil' in r and ' Min' in r and ' Mi1' not in r for r in rows_)


def test_the_end_of_a_round_says_the_new_turn_order(tmp_path):
    # The end of a round reorders the players by money spent (§4): the line under the
    # game says it, with the money that moved (it said only "endround").
    lines = [l for l in log_lines('brass-w07-3p.log') if not l.startswith('#')]
    i = [k for k, l in enumerate(lines) if l.startswith('endround')][0]
    saved_game(tmp_path, lines[:i])
    app, names = device('pico_display', tmp_path)
    app.submit('endround')
    what, moved, phase = app.status
    assert what == 'endround' and moved == 'Ann order 1→2; Bob order 2→3; Cid £50→48 order 3→1'
    assert app.session.state['order'] == [2, 0, 1]


def test_a_yes_or_no_question_says_which_key_is_yes(tmp_path):
    # Issue 12 ("nothing cut off", every screen says what to press): a
    # question at the foot of the game screen that only asks to confirm
    # ("Build?") names its yes key beside it, on four and two buttons.
    for board, script, yes in (('pico_display', 'A A A', 'A: yes'), ('tdisplay', 'BTN2 BTN2 BTN2', '2: yes')):
        saved_game(tmp_path / board, ['brass w07 players=Red,Blue,Green,Yellow rounds=3 noloan=1'])
        app, names = device(board, tmp_path / board)
        press(app, names, script)
        assert type(app.stack[-1]).__name__ == 'AskConfirm'
        assert (shown(app, 'answer'), shown(app, 'note')) == ('Build?', yes)


def test_the_oled_turns_the_final_rows_so_every_player_can_be_read(tmp_path):
    # The 128x64 OLED has room for two rows of four: at the game's end
    # up and down turn them, round and round (its one line says so), and
    # holding select opens the menu, whose unavailable items are in
    # brackets (a 1-bit screen has no grey).
    lines = log_lines('brass-w07-4p.log')
    saved_game(tmp_path, lines)
    app, names = device('oled_ssd1306', tmp_path)
    assert app.session.over()
    seen = []
    for script in ('', 'DOWN', 'DOWN', 'DOWN', 'UP'):
        press(app, names, script)
        assert type(app.stack[-1]).__name__ == 'Dashboard'
        assert shown(app, 'title') == 'up/dn more hold=menu'
        seen.append([app.p.slots['row%d' % i][0].split()[0] for i in range(2)])
    assert seen[0] == ['Red', 'Grn'] and seen[3] == seen[0] and seen[4] == seen[2]
    assert sorted(set(n for pair in seen for n in pair)) == ['Blu', 'Grn', 'Red', 'Yel']
    press(app, names, 'SEL-')
    menu = app.stack[-1]
    assert menu.title == 'Menu'
    redo = [i for i in range(len(menu.items)) if menu.items[i][0] == 'Redo'][0]
    press(app, names, 'DOWN*%d' % redo)
    assert shown(app, 'item%d' % (redo - menu.top)) == '(Redo)'


def test_the_rows_keep_their_type_size_through_the_game(tmp_path):
    # The 320x240 board's rows are in the big type when a row fits in it;
    # once a row needed the small type (Yellow's actions left, "a1", made
    # it too long), they stay small, not jumping back at the round's end.
    lines = log_lines('brass-w07-4p.log')
    at = index_of(lines, 'Yellow loan 30')
    saved_game(tmp_path / 'a', lines[:at])
    app, names = device('pico_display2', tmp_path / 'a')
    assert app.p.slots['row0'][5] is app.p.small
    app.submit('Yellow loan 30')
    assert app.session.history()[-1] == 'Yellow loan 30'
    assert app.p.slots['row0'][5] is app.p.small
    # (the same game opened afresh: its rows fit the big type)
    saved_game(tmp_path / 'b', lines[:at + 1])
    fresh, names = device('pico_display2', tmp_path / 'b')
    assert fresh.p.slots['row0'][5] is fresh.p.medium


def test_the_introductory_game_through_four_and_two_buttons(tmp_path):
    # §13.4, setting intro (rx18): the new game set up by the buttons with
    # "Introductory game: Yes", the whole of brass-rx18-2p-intro.log entered,
    # the game over after the Canal scoring with the hand-worked standings;
    # the final rows show the additions: tiles' VP and again (T4+4), money
    # at £4 a VP (capped at 15), the income level (i-3).
    want = expected('brass-rx18-2p-intro.json')
    for board, script in (('pico_display', 'brass-rx18-2p-intro.keys'),
                          ('tdisplay', 'brass-rx18-2p-intro-2buttons.keys')):
        app, names = device(board, tmp_path / board)
        press(app, names, keys(script))
        st = app.session.standings()
        assert app.session.setup['settings']['intro'] == 'yes'
        assert st['players'] == want['players'] and st['winner'] == 'Ann', board
        assert st['era'] == 'canal' and st['over']
        assert app.session.history() == [app.session.text(app.session.parse(l))
                                         for l in log_lines('brass-rx18-2p-intro.log')[1:]]
        shown_rows = rows(app)
        assert 'T4+4 £15 i-3' in shown_rows[0] and '20VP' in shown_rows[0], shown_rows
        assert 'T3+0 £0 i3' in shown_rows[1], shown_rows


def test_the_intro_setting_is_labelled_for_rx18_only(tmp_path):
    from trackside import settings
    from trackside.games import brass
    label, help_, words = settings.texts(brass)['intro']
    assert label == 'Introductory game' and words == ['No', 'Yes'] and 'Canal era only' in help_
    assert 'intro' in settings.order(brass, 'rx18') and 'intro' not in settings.order(brass, 'w07')


def test_no_text_of_the_introductory_game_is_cut_on_any_board(tmp_path):
    # (tests/test_text_fits.py plays the longest log of each edition; this
    # one's settings screen and final rows are its own)
    from test_text_fits import Watched
    lines = log_lines('brass-rx18-2p-intro.log')
    for board in sorted(BOARDS):
        w = Watched(str(tmp_path / board), board)
        w.new_game(lines[0])
        for line in lines[1:]:
            w.act(line)
        assert w.app.session.over() and 'SettingsScreen' in w.seen


def test_w07_limited_cubes_game_through_four_and_two_buttons(tmp_path):
    # §1 (setting cubes=limited): brass-w07-3p-cubes.log by the buttons, to
    # its hand-worked standings; before Cid's build the device says the
    # works gets no iron and flips; the markets line ends with the supply.
    want = expected('brass-w07-3p-cubes.json')
    lines = log_lines('brass-w07-3p-cubes.log')
    for board, script in (('pico_display', 'brass-w07-3p-cubes.keys'),
                          ('tdisplay', 'brass-w07-3p-cubes-2buttons.keys')):
        app, names = device(board, tmp_path / board)
        press(app, names, keys(script))
        st = app.session.standings()
        assert st['players'] == want['players'] and st['winner'] == 'Cid', board
        assert (st['coal_supply'], st['iron_supply']) == (30, 3)
        assert app.session.history() == [app.session.text(app.session.parse(l)) for l in lines[1:]]
        assert shown(app, 'info') == 'Coal £5 0/8+30 Iron £1 8/8+3 Cot 0'
    second = [i for i in range(len(lines)) if lines[i].startswith('Cid build works')][1]
    saved_game(tmp_path / 'cid', lines[:second])       # Canal round 2: no iron in the supply
    app, names = device('pico_display', tmp_path / 'cid')
    s = app.session
    summary, q, line = app.session.game.step(s.setup, s.state, 2, 'build', ['works', 'market'])
    assert q[0] == '£10: no iron left: flips +3 inc', q
