# The device UI, driven by button presses as a player would (docs/device.md):
# a whole game through the screens, refusals, undo, every board's buttons,
# and the same presses on the real MicroPython with the same picture.
import os

import pytest

from conftest import ROOT, ui_on_both
from host_sim import keyscript
from host_sim.headless import BOARDS
from trackside.saves import Saves
from trackside.ui.screens import MessageScreen, ConfirmScreen
from trackside.ui import table_questions
from ui_play import KEYS, keys, device, press, saved_game


def test_a_whole_steam_game_through_the_buttons(tmp_path):
    # tests/keys/steam-base-3p.keys: new game (Steam, base, 3 players: Red,
    # Blue, Green, 1 turn), the auction, tiles, builds, deliveries, income,
    # links. Worked out by hand from the digest: Red bids $2 (income -1, $3
    # change, §3), builds $2, delivers 2 VP; Green delivers 1 to income;
    # income: Red pays $1; final score (§6) Red 2 - 2 + 3 links = 3, Green
    # 0 + 0 + 1 = 1, Blue 0.
    app, names = device('pico_display', tmp_path)
    press(app, names, keys('steam-base-3p.keys'))
    st = app.session.standings()
    rows = {r['name']: r for r in st['players']}
    assert st['over'] and st['winner'] == 'Red'
    assert [(rows[n]['cash'], rows[n]['income'], rows[n]['vp'], rows[n]['loco'], rows[n]['score'])
            for n in ('Red', 'Blue', 'Green')] == [(0, -1, 2, 2, 3), (0, 0, 0, 2, 0), (1, 1, 0, 1, 1)]
    # and it was saved as it went: the save replays to the same standings
    again, note = Saves(str(tmp_path)).open(1)
    assert again.standings() == st


def test_the_same_presses_on_micropython_draw_the_same_screens(mpy_dir, tmp_path):
    # The firmware compiled for a board, on the real interpreter with a
    # Pico-sized heap, framebuf in C: the canvas after every press is the
    # same as on CPython with host_sim/shim/framebuf.py.
    script = os.path.join(KEYS, 'steam-base-3p.keys')
    mp, cp = ui_on_both(mpy_dir, tmp_path, script)
    # MicroPython draws text in machine code (boards/ink4.py), CPython with
    # framebuf's blit: the canvases after each press are compared below
    assert mp['ink4'] and not cp['ink4']
    assert len(mp['crcs']) == len(list(keyscript.presses(keys('steam-base-3p.keys'), BOARDS['pico_display'][3], BOARDS['pico_display'][4]))) + 1
    assert mp['crcs'] == cp['crcs']
    assert mp['sent'] == cp['sent']
    assert mp['standings'] == cp['standings'] and mp['standings']['winner'] == 'Red'


def test_the_device_offers_only_what_the_rules_allow_and_shows_a_refusal(tmp_path):
    # Red's income is 9 (income_max 10, over_max=refuse, §1 / §9.19): of 3
    # links' points only VP may be taken, so the device does not ask (act,
    # Deliver, own links 1 -> 3, and the delivery is made). An entry the
    # rules refuse anyway shows the rule's words and changes nothing.
    saved_game(tmp_path, ['steam base players=Red,Blue,Green start=firstgame',
                         'Red tile turnorder', 'Blue tile firstmove', 'Green tile engineer',
                         'Red pass', 'Blue pass', 'Green pass', 'Blue pass'])
    app, names = device('pico_display', tmp_path)
    app.session.state['income'][0] = 9      # (as in a game where Red's income reached 9)
    app.session.state['loco'][0] = 3
    app.session._prompt = None
    press(app, names, 'A A X X A')
    assert app.session.history()[-1] == 'Red deliver Red 3 vp'
    before = dict((k, list(v) if isinstance(v, list) else v) for k, v in app.session.state.items())
    app.submit('Green deliver Green 1 income Red 1 income')
    assert isinstance(app.stack[-1], (MessageScreen, table_questions.AskMessage))
    assert 'more than locomotive level 1 allows (§5.3)' in app.stack[-1].text
    assert app.session.state == before and app.session.cursor == 8
    press(app, names, 'A')                       # any key: back where we were
    assert type(app.stack[-1]).__name__ == 'Dashboard'


def test_holding_back_undoes_and_says_what(tmp_path):
    saved_game(tmp_path, ['steam base players=Red,Blue,Green start=firstgame', 'Red tile turnorder'])
    app, names = device('pico_display', tmp_path)
    assert app.session.cursor == 1
    press(app, names, 'B-')
    assert app.session.cursor == 0 and app.status[0] == 'undid: Red tile turnorder'
    assert app.session.can_redo()
    # the menu's items stay where they are (issue 12): with nothing to undo,
    # its first item, Undo, is greyed and says why; Redo is the second
    press(app, names, 'B A')
    assert app.session.cursor == 0 and app.stack[-1].text == 'Nothing to undo yet'
    press(app, names, 'A Y A')
    assert app.session.cursor == 1 and app.status[0] == 'redid: Red tile turnorder'


def test_three_and_two_button_boards_play_the_same_game(tmp_path):
    four = keys('steam-base-3p.keys')
    three = ' '.join(w if w.startswith('game:') else
                     {'A': 'SEL', 'B': 'SEL-', 'X': 'UP', 'Y': 'DOWN'}.get(w.split('*')[0], '?')
                     + ('*' + w.split('*')[1] if '*' in w else '') for w in four.split())
    app, names = device('oled_ssd1306', tmp_path / '3')
    press(app, names, three)
    assert app.session.standings()['winner'] == 'Red'
    app2, names2 = device('tdisplay', tmp_path / '2')
    press(app2, names2, keys('steam-base-3p-2buttons.keys'))
    assert app2.session.history() == app.session.history()


def test_redrawing_only_what_changed_gives_the_picture_a_full_redraw_gives(tmp_path):
    # The game screen redraws only the boxes and glyphs that changed (Painter
    # put()). Played side by side with a device that redraws everything after
    # every press, its canvas must be the same, press after press.
    live, names = device('pico_display', tmp_path / 'live')
    fresh, _ = device('pico_display', tmp_path / 'fresh')
    c1, c2 = keyscript.Clock(), keyscript.Clock()
    words = keys('steam-base-3p.keys').split()
    for i, word in enumerate(words):
        keyscript.play(live, names, word, c1)
        keyscript.play(fresh, names, word, c2)
        fresh.p.clear()
        fresh.stack[-1].draw(fresh.p, fresh)
        fresh.p.flush()                 # (onto the screen: a colour board's canvas is a band)
        assert bytes(live.p.display.buffer) == bytes(fresh.p.display.buffer), 'press %d (%s)' % (i, word)


def rows(app):
    # what the game screen shows in its player rows, top to bottom
    slots = app.p.slots
    return [slots['row%d' % i][0].rstrip() for i in range(len(app.session.setup['players']))]


def test_the_rulebook_auction_b1_through_the_buttons(tmp_path):
    # Digest §7.4, test vector B1 (Steam standard, four players): the turn-2
    # auction of tests/scenarios/steam-standard-b1.log, entered with the
    # buttons. The screen says what the rulebook's "Display" column says,
    # and the order and payments are the rulebook's: Dani, Jani, Tomi, Eva;
    # pay $3, $0, $1, $0.
    with open(os.path.join(ROOT, 'tests', 'scenarios', 'steam-standard-b1.log')) as f:
        lines = [l for l in f.read().splitlines() if l and not l.startswith('#')]
    saved_game(tmp_path, lines[:lines.index('Jani capital 0') + 1])
    app, names = device('pico_display', tmp_path)
    s = app.session.state
    cash = list(s['cash'])
    assert app.p.slots['title'][0] == 'Dani: bid'
    press(app, names, 'A A A')                  # Dani: Bid, $0 (the least), go
    press(app, names, 'A A X A')                # Tomi: Bid, $1 up to $2, go
    press(app, names, 'A Y A')                  # Eva: Pass
    assert rows(app)[2] == 'Eva $%d out 4th' % cash[2]
    assert rows(app)[3] == 'Jan $%d free pass' % cash[3]
    assert app.p.slots['title'][0] == 'Jani: bid or free pass'
    press(app, names, 'A Y A')                  # Jani passes without dropping out
    assert 'out' not in rows(app)[3] and s['slots'].count(-1) == 3
    press(app, names, 'A A Y')                  # Dani must bid at least $3: down stays at 3
    assert app.stack[-1].value == 3
    press(app, names, 'A')
    press(app, names, 'A Y A')                  # Tomi passes: 3rd
    assert rows(app)[1] == 'Tom $%d out 3rd' % cash[1]
    press(app, names, 'A Y A')                  # Jani passes again: 2nd, Dani 1st
    assert app.session.history()[-7:] == ['Dani bid 0', 'Tomi bid 2', 'Eva pass', 'Jani pass',
                                           'Dani bid 3', 'Tomi pass', 'Jani pass']
    assert s['order'] == [0, 3, 1, 2]
    assert [cash[q] - s['cash'][q] for q in (0, 3, 1, 2)] == [3, 0, 1, 0]
    # the tiles phase lists the players in their new order
    assert [r[:3] for r in rows(app)] == ['Dan', 'Jan', 'Tom', 'Eva']
    assert app.p.slots['title'][0] == 'Dani: take an action tile'


def test_the_rows_columns_line_up_with_bytes_cells_and_two_byte_characters():
    # rows.columns takes a game's cells as str or as bytes (Steam's are
    # bytes, made without a new str each); the padding counts characters,
    # so Brass's '£' (two bytes in UTF-8) lines up as '$' does.
    from trackside.ui import rows as table_rows

    class Gui:
        CELLS = [['£5', b'i+1'], ['£12', b'i-10'], [b'$7', 'out 4th']]

        def cells(self, app, q):
            return self.CELLS[q]

    class App:
        shorts = ['Red', 'Blu', 'Grn']
        gui = Gui()

    rows, whole = table_rows.columns(App(), [0, 1, 2], 40)
    assert whole
    assert rows == ['Red  £5     i+1', 'Blu £12    i-10', 'Grn  $7 out 4th']


def test_the_end_of_a_phase_says_what_the_whole_phase_changed(tmp_path):
    # Issue 12: after each phase a summary. A four-player Steam game entered
    # as the answer screens hand it over (app.submit): when an entry ends a
    # phase, the status has the phase's changes from its first entry to its
    # last, worked out here from the states at both ends.
    from trackside.ui import dashboard
    with open(os.path.join(ROOT, 'tools', 'games', 'steam-base-4p.log')) as f:
        lines = [l for l in f.read().splitlines() if l.strip()]
    from trackside.session import new_session
    app, names = device('pico_display', tmp_path)
    app.play(new_session(lines[0]))
    s = app.session
    start = (s.state['phase'], dashboard.numbers(app))
    summaries = 0
    for line in lines[1:]:
        before = dashboard.numbers(app)
        app.submit(line)
        after = dashboard.numbers(app)
        what, moved, phase = app.status
        assert what == line and moved == dashboard.changes(app, before, after)
        if s.state['phase'] != start[0]:
            whole = dashboard.changes(app, start[1], after)
            if whole and whole != moved:
                label = app.gui.PHASES.get(start[0]) or start[0]
                assert phase == '%s: %s' % (label, whole), line
                summaries += 1
            else:
                assert phase == ''
            start = (s.state['phase'], after)
        else:
            assert phase == '', line
    assert summaries > 10
    # the summary is on the game screen, after what the entry did
    assert app.p.slots['answer'][0].startswith(what)


def test_after_an_undo_a_phase_seen_only_in_part_has_no_summary(tmp_path):
    from trackside.session import new_session
    app, names = device('pico_display', tmp_path)
    app.play(new_session('steam base players=Ann,Bob,Cid start=firstgame turns=1'))
    for line in ('Ann tile engineer', 'Bob tile firstbuild'):
        app.submit(line)
    app.undo()
    assert app.status[2] == ''
    app.submit('Bob tile firstbuild')
    app.submit('Cid tile citygrowth')            # the tiles phase ends: seen only from the undo
    assert app.session.state['phase'] != 'tiles' and app.status[2] == ''


def test_a_turn_in_the_history_says_what_the_turn_changed(tmp_path):
    from trackside.ui import dashboard, history, menu
    with open(os.path.join(ROOT, 'tools', 'games', 'steam-base-4p.log')) as f:
        lines = [l for l in f.read().splitlines() if l.strip()]
    s = saved_game(tmp_path, lines[:60])
    app, names = device('pico_display', tmp_path)
    assert app.session.cursor == s.cursor
    starts = [k for k in app.session.turn_starts() if 0 < k < s.cursor]
    first, end = starts[0], starts[1]           # turn 2
    history.history(app)
    rows = [v for label, v in app.stack[-1].items]
    assert -2 in rows
    history.entry(app, -2)
    top = app.stack[-1]
    assert isinstance(top, MessageScreen) and top.title == 'Turn 2: %d entries' % (end - first)
    want = dashboard.changes(app, dashboard.numbers(app, s.state_at(first)),
                             dashboard.numbers(app, s.state_at(end)))
    assert top.text == want and want
    assert top.lines == want.split('; ') and not top.alert     # a player a line, not a warning


def test_a_sequence_is_one_screen_and_back_asks_each_question_again_as_answered(tmp_path):
    # A delivery with two owners (tests/scenarios/steam-base-short.log, turn
    # 1: Cid to move). Each question replaces the one before: the stack
    # never holds more than the game screen, the list of moves and the
    # question (a Pico's heap has no room for a screen a question; issue 11).
    # Back asks the question before again with its answer under the cursor,
    # past the ones with one legal answer (Bob's 1 link), and back from the
    # first leaves the entry.
    with open(os.path.join(ROOT, 'tests', 'scenarios', 'steam-base-short.log')) as f:
        lines = [x for x in f.read().splitlines() if x and not x.startswith('#')]
    k = lines.index('Cid deliver Cid 1 income Ann 1 vp')
    saved_game(tmp_path, lines[:k])
    app, names = device('pico_display', tmp_path)

    def now():
        t = app.stack[-1]
        items = getattr(t, 'items', None)
        return (len(app.stack), t.title, items[t.index][1] if items else t.value)

    press(app, names, 'A A')                        # act, Deliver
    assert now() == (3, 'Cid: own links', 1)
    press(app, names, 'X A')                        # 2 links
    assert now()[:2] == (3, 'Cid: 2 points to')
    press(app, names, 'B')
    assert now() == (3, 'Cid: own links', 2)        # as answered
    press(app, names, 'Y A A')                      # 1 link after all, income
    assert now() == (3, 'More links? (1 left)', 'done')
    press(app, names, 'Y A')                        # Bob (his 1 link: not asked)
    assert now() == (3, 'Bob: 1 points to', 'income')
    press(app, names, 'Y')                          # VP, not yet entered
    press(app, names, 'B')
    assert now() == (3, 'More links? (1 left)', 'Bob')
    press(app, names, 'B')
    assert now() == (3, 'Cid: 1 points to', 'income')
    press(app, names, 'B')
    assert now() == (3, 'Cid: own links', 1)
    press(app, names, 'B')                          # out of the entry: the moves
    assert now()[:2] == (2, 'Cid: move goods, round 2')
    assert app.session.cursor == k - 1
    press(app, names, 'A A A Y A Y A')              # Deliver again, to the end: Bob's point to VP
    assert app.session.history()[-1] == 'Cid deliver Cid 1 income Bob 1 vp'
    assert len(app.stack) == 1


def test_the_history_lists_every_entry_last_first_a_line_before_each_turn(tmp_path):
    # Its rows are made as they are drawn (ui/history.py, Entries): the same
    # rows a list made at once would hold, and no others.
    from trackside.ui import history
    with open(os.path.join(ROOT, 'tools', 'games', 'steam-base-4p.log')) as f:
        lines = [l for l in f.read().splitlines() if l.strip()]
    s = saved_game(tmp_path, lines[:90])
    app, names = device('pico_display', tmp_path)
    history.history(app)
    rows = app.stack[-1].items
    want = []
    turn = None
    for k in range(s.cursor - 1, -1, -1):
        if s.turn_of(k) != turn:
            turn = s.turn_of(k)
            want.append(('-- turn %d --' % turn, -turn))
        want.append((s.line(k), k))
    turns = s.turn_of(s.cursor - 1)
    assert turns > 3 and len(rows) == len(want) == s.cursor + turns
    assert [rows[i] for i in range(len(rows))] == want == list(rows)
    for bad in (-1, len(rows)):
        with pytest.raises(IndexError):
            rows[bad]
    # scrolled to the end and chosen: the first entry, undone back to
    press(app, names, 'X X')                        # up past the turn's line: wraps to the last
    assert app.stack[-1].index == len(rows) - 1 and rows[len(rows) - 1][1] == 0
    press(app, names, 'A')
    assert app.stack[-1].title == 'Undo to here? (%d)' % s.cursor


def test_the_history_of_a_whole_game_on_micropython_holds_no_row_it_does_not_show(mpy_dir, tmp_path):
    # The history opened at the end of the UI bench's game (127 entries) on
    # the real interpreter: it costs the heap of a screen, not of its rows
    # (a list of them took 14 KB, 64-bit).
    with open(os.path.join(ROOT, 'tools', 'games', 'steam-base-4p.log')) as f:
        lines = [l for l in f.read().splitlines() if l.strip()]
    saved_game(tmp_path / 'mp', lines)
    saved_game(tmp_path / 'cp', lines)
    path = str(tmp_path / 'history.keys')
    with open(path, 'w') as f:
        f.write('B Y Y Y Y Y A Y Y')                # the menu, History, two rows down
    mp, cp = ui_on_both(mpy_dir, tmp_path, path)
    assert mp['crcs'] == cp['crcs'] and mp['screen'] == 'ListScreen'
    game, shown = mp['heaps'][0], mp['heaps'][7]    # at start, with the history
    assert 0 < shown - game < 8 * 1024, (game, shown)


def canvas_after(board, tmp_path, lines, script):
    saved_game(tmp_path, lines)
    app, names = device(board, tmp_path)
    press(app, names, script)
    return app, bytes(app.p.display.buffer)


@pytest.mark.parametrize('board, arrow, select', [('pico_display', 'Y', 'A'), ('oled_ssd1306', 'DOWN', 'SEL'),
                                                  ('tdisplay', 'BTN1', 'BTN2')])
def test_an_arrow_on_the_game_screen_opens_the_move_with_its_step_taken(board, arrow, select, tmp_path):
    # Issue 12, fewer presses: up or down on the game screen opens what A
    # opens, with the arrow's step already taken in it: the same screen,
    # pixel for pixel, as A and then the arrow (the two-button board's one
    # arrow goes forward). The first player's action tile (§5.1) one down
    # the list is two presses, not three.
    start = ['steam base players=Red,Blue,Green start=firstgame']
    app, by_arrow = canvas_after(board, tmp_path / 'arrow', start, arrow)
    top = app.stack[-1]
    assert top.index == 1 and top.items[1][1] == 'firstmove'
    again, by_select = canvas_after(board, tmp_path / 'select', start, '%s %s' % (select, arrow))
    assert by_arrow == by_select
    press(app, BOARDS[board][3], select)
    assert app.session.history() == ['Red tile firstmove']


def test_an_arrow_steps_an_amount_the_move_opens_with(tmp_path):
    # The build (§5.2) asks the first tile's cost, from $2: up on the game
    # screen opens it at $3, down at $1.
    lines = ['steam base players=Red,Blue,Green start=firstgame', 'Red tile turnorder',
             'Blue tile firstmove', 'Green tile engineer']
    app, up = canvas_after('pico_display', tmp_path / 'up', lines, 'X')
    assert app.stack[-1].value == 3
    again, a_up = canvas_after('pico_display', tmp_path / 'a', lines, 'A X')
    assert up == a_up
    app, names = device('pico_display', tmp_path / 'up')
    press(app, names, 'Y')
    assert app.stack[-1].value == 1
    press(app, names, 'A A')                    # $1, then 0 = done
    assert app.session.history()[-1] == 'Red build 1'


def test_an_arrow_never_enters_a_move_itself(tmp_path, monkeypatch):
    # Where A would enter the move at once (one move, nothing to ask), an
    # arrow does nothing: only A enters. Steam's income phase (§5.4) asks to
    # confirm, so an arrow opens that question and stops there; without the
    # confirm it would be entered at once, and an arrow leaves it alone.
    with open(os.path.join(ROOT, 'tests', 'scenarios', 'steam-base-short.log')) as f:
        lines = [x for x in f.read().splitlines() if x and not x.startswith('#')]
    saved_game(tmp_path, lines[:lines.index('income')])
    app, names = device('pico_display', tmp_path)
    done = app.session.cursor
    press(app, names, 'Y')
    assert isinstance(app.stack[-1], (ConfirmScreen, table_questions.AskConfirm)) and app.session.cursor == done
    press(app, names, 'Y X B')                  # arrows on the question: still nothing entered
    assert type(app.stack[-1]).__name__ == 'Dashboard' and app.session.cursor == done
    monkeypatch.setattr(app.gui, 'confirm', lambda app, verb: None)
    press(app, names, 'Y X')
    assert type(app.stack[-1]).__name__ == 'Dashboard' and app.session.cursor == done
    press(app, names, 'A')
    assert app.session.cursor == done + 1 and app.session.history()[-1] == 'income'


@pytest.mark.slow
@pytest.mark.parametrize('board', ['pico_display', 'oled_ssd1306', 'tdisplay'])
def test_planned_presses_with_arrows_that_open_moves_replay_to_the_same_game(board, tmp_path):
    # host_sim/keyplan.py presses A and then the first step, and writes
    # the arrow alone: the words it writes, played on a fresh device, must
    # enter the same game (the benches count them, the MicroPython runs
    # play them).
    from host_sim import keyplan
    with open(os.path.join(ROOT, 'tools', 'games', 'steam-base-4p.log')) as f:
        lines = [l for l in f.read().splitlines() if l.strip()]
    words, counts, planner = keyplan.plan(lines, str(tmp_path / 'plan'), board=board)
    app, names = device(board, tmp_path / 'replay')
    press(app, names, ' '.join(words))
    assert app.session.history() == planner.app.session.history() == lines[1:]
    assert bytes(app.p.display.buffer) == bytes(planner.app.p.display.buffer)
    if board == 'pico_display':
        # a pass in the move phase (Deliver, Loco +1, Pass: the last) is one
        # step up from the first: two presses, X and A (the build's pass, 0
        # from $2, is two steps down: three)
        assert set(counts['pass']) == {2, 3}


def test_a_pause_after_presses_collects_the_garbage_once(tmp_path, monkeypatch):
    # Issue 11, item 5: a collection costs about a million instructions on
    # MicroPython. The App makes it when no key has been down for a while
    # (once a pause, not at every idle poll), so that a press seldom finds
    # the heap full and pays for it.
    from trackside.ui import app as app_mod
    saved_game(tmp_path, ['steam base players=Red,Blue,Green start=firstgame'])
    app, names = device('pico_display', tmp_path)
    swept = []
    monkeypatch.setattr(app_mod.gc, 'collect', lambda: swept.append(1))
    clock = press(app, names, 'A A')                # Red's tile
    assert app.session.cursor == 1 and not swept

    def pause(ms):
        for _ in range(ms // keyscript.TICK):
            app.tick(0, clock.now)
            clock.now += keyscript.TICK
    pause(app_mod.IDLE_MS // 2)
    assert not swept                                # not yet a pause
    pause(app_mod.IDLE_MS * 3)
    assert len(swept) == 1                          # once, however long the pause
    press(app, names, 'A A', clock)                 # Blue's tile: garbage again
    pause(app_mod.IDLE_MS * 2)
    assert app.session.cursor == 2 and len(swept) == 2
