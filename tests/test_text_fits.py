# Issue 12: no text is ever cut off with no way to read it. Every screen of
# whole games (Steam base and standard, the score pad, Brass in both
# editions, Russian Railroads), of the new-game and
# settings screens, the menu, the history and its entries, the chart, the
# saved games and messages, on every board: nothing is drawn past the
# screen's edge (the Painter records it), and what does not fit its box
# scrolls through it (the Painter's scrolling boxes) or, in a list, is
# shortened until chosen and then scrolls.
import os

import pytest

from conftest import ROOT
from host_sim import keyplan
from host_sim.headless import BOARDS
from game_play import scenario_logs

SCENARIOS = os.path.join(ROOT, 'tests', 'scenarios')
LONG = ('Income cannot pass 10 (setting income_max; §1): take VP, or set over_max=clamp '
        'before the game to stop at the top instead; this message is long on purpose')


class Watched(keyplan.Planner):
    # The planner's presses, each followed by a look at what was cut.
    def __init__(self, saves, board):
        keyplan.Planner.__init__(self, saves, board)
        self.app.p.cut = []
        self.seen = set()

    def press(self, what):
        keyplan.Planner.press(self, what)
        top = self.top()
        self.seen.add(type(top).__name__)
        assert self.app.p.cut == [], 'cut on %s (%s): %r' % (
            type(top).__name__, getattr(top, 'title', ''), self.app.p.cut)


def log(name):
    from trackside import logfmt
    with open(os.path.join(SCENARIOS, name)) as f:
        return [line for line in f.read().splitlines() if logfmt.words_of(line)]


@pytest.mark.slow
@pytest.mark.parametrize('board', sorted(BOARDS))
@pytest.mark.parametrize('game', scenario_logs())
def test_no_text_is_cut_in_a_whole_game(board, game, tmp_path):
    lines = log(game)
    w = Watched(str(tmp_path), board)
    w.new_game(lines[0])
    for line in lines[1:]:
        w.act(line)
    # the menu and what it opens: history, an entry, the chart, saved games
    for path in (['history'], ['chart'], ['saves']):
        w.press('back')
        w.pick(path[0])
        if path[0] == 'history':
            w.press('down')
            w.press('select')
            w.press('back')
        w.press('back')
        while type(w.top()).__name__ != 'Dashboard':
            w.press('back')
    w.app.tell('Not allowed', LONG)
    w.press('down')
    assert {'Dashboard', 'ListScreen', 'SettingsScreen'} <= w.seen


@pytest.mark.parametrize('board', ['pico_display', 'oled_ssd1306'])
def test_the_painter_records_text_drawn_past_the_screens_edge(board):
    # What the whole-game test above relies on: p.cut gets every text drawn
    # past the right edge or the foot (in a band or on a whole canvas), and
    # nothing that fits; a box's text is cut to the box (it scrolls).
    from host_sim.headless import Display
    from trackside.ui.paint import Painter
    width, height, mono = BOARDS[board][:3]
    p = Painter(Display(width, height, mono))
    p.cut = []
    p.text(0, 0, 'fits', p.small)
    p.text(2, p.h - p.small.height, 'fits at the foot', p.small)
    assert p.cut == []
    p.text(p.w - 2 * p.small.width, 0, 'past the right edge', p.small)
    p.text(0, p.h - p.small.height + 1, 'past the foot', p.small)
    assert p.cut == ['past the right edge', 'past the foot']
    p.cut = []
    p.put('box', 0, 0, 5 * p.small.width, p.small.height, 'longer than its box', p.small)
    p.put('box', 0, 0, 5 * p.small.width, p.small.height, 'longer than its box, still', p.small)
    assert p.cut == []


def test_a_text_too_long_for_its_box_scrolls_through_all_of_it():
    # The Painter's scrolling box: every character of the text is shown,
    # a box's width at a time, and it starts again at the start.
    from host_sim.headless import Display
    from trackside.ui.paint import Painter, PAUSE_MS, STEP_MS
    p = Painter(Display(128, 64, True))
    text = 'Yellow: bid or free pass, high $3 Blue'
    p.put('title', 0, 52, 60, 12, text, p.small)
    room = (60 - 2) // p.small.width
    shown = []
    now = 0
    for _ in range(200):
        p.animate(now)
        sc = p.scrolls['title']
        shown.append(text[sc[7]:sc[7] + room])
        now += STEP_MS // 2
    assert len(text) > room and shown[0] == text[:room]
    assert text[-room:] in shown and shown.count(text[:room]) > 1     # to the end, and again
    seen = set()
    for part in shown:
        k = text.find(part)
        seen.update(range(k, k + len(part)))
    assert seen == set(range(len(text)))
    # text that fits again stops scrolling
    p.put('title', 0, 52, 60, 12, 'Red: pass', p.small)
    assert 'title' not in p.scrolls


def test_a_box_draws_only_inside_itself_and_shows_all_it_draws():
    # Painter.put paints a box and marks it changed once: a box too narrow
    # for a single glyph draws no text (none past its edge, none scrolling),
    # and a font taller than its box is shown where it was drawn past it.
    from host_sim.headless import Display
    from trackside.ui.paint import Painter
    p = Painter(Display(240, 135))
    before = bytes(p.display.buffer)
    p.dirty = []
    p.put('thin', 100, 40, 1, 20, 'Narrow', p.small)
    assert 'thin' not in p.scrolls
    assert p.dirty == [(100, 40, 1, 20)]
    p.flush()                           # (onto the screen: the canvas is a band of it)
    # (only the box's own column can have changed)
    stride = 120
    changed = [i for i in range(len(before)) if p.display.buffer[i] != before[i]]
    assert all(i % stride == 50 and 40 <= i // stride < 60 for i in changed)
    p.dirty = []
    p.put('short', 0, 60, 100, 10, 'Tall', p.medium)      # 24 px type in a 10 px box
    marked = list(p.dirty)
    p.flush()
    covered = lambda x, y: any(rx <= x < rx + rw and ry <= y < ry + rh for rx, ry, rw, rh in marked)
    for i in range(len(before)):
        if p.display.buffer[i] != before[i] and not (40 <= i // stride < 60):
            assert covered(2 * (i % stride), i // stride), (i % stride, i // stride)


@pytest.mark.parametrize('board', sorted(BOARDS))
def test_every_screens_foot_fits_its_line_without_scrolling(board):
    # The line under a screen says what the keys do (screens.HINTS, by
    # the board's number of buttons). It is read at a glance, so it must
    # fit whole: a foot that scrolls hides half of itself ("hold 2: bac").
    from host_sim.headless import Display
    from trackside.ui.paint import Painter
    from trackside.ui.screens import HINTS
    width, height, mono, names, keymap = BOARDS[board]
    p = Painter(Display(width, height, mono))
    room = (width - 2) // p.small.width
    for kind in ('list', 'amount', 'confirm', 'message', 'message more', 'confirm more'):
        foot = HINTS[kind][len(names)]
        assert len(foot) <= room, (board, kind, foot)
    # and the game screen's keys, in the note beside the answer (ui/table.py,
    # lines: nine small characters) where its questions are asked inline
    if height >= 120:
        for kind in ('act', 'over'):
            note = HINTS[kind][len(names)]
            assert len(note) <= 9, (board, kind, note)


def test_a_note_keeps_a_gap_from_the_answer_beside_it():
    # The foot of the game screen: the answer (a long one scrolls) and a
    # note beside it (a list's "7/7", the keys) with a character's width of
    # background between, so they do not read as one ("in7/7"); the boxes
    # keep their places whether there is a note or not.
    from host_sim.headless import Display
    from trackside.ui.paint import Painter
    from trackside.ui import theme
    from trackside.ui.table import lines
    p = Painter(Display(240, 135))
    nw = 9 * p.small.width + 2
    ay = p.h - p.medium.height - 1
    stride = p.w // 2

    def blank(x0, x1):
        rows = p.display.buffer[ay * stride:(ay + p.medium.height) * stride]
        return all(rows[y * stride + x // 2] == theme.BACKGROUND * 17
                   for y in range(p.medium.height) for x in range(x0, x1, 2))

    for answer, note in (('Loan: £30: income -3', '7/7'), ('W' * 40, 'A/X/Y: go'), ('W' * 40, '')):
        p.clear()
        lines(p, 'Yellow: action', answer, note=note)
        p.flush()                   # (on the screen)
        gap = p.small.width
        assert p.slots['answer'][3] == p.w - nw - gap      # the same box, note or none
        assert blank(p.w - nw - gap, p.w - nw + 2)          # up to the note's first glyph
        assert not blank(p.w - nw - gap - 12, p.w - nw - gap)   # the answer runs up to the gap
        # (13 characters of the medium type, as before the gap: "Unowned links" does not scroll)
        assert (p.slots['answer'][3] - 2) // p.medium.width == 13
