# A colour board's canvas is a band of the screen (issue 11: 4.3 KB where the whole
# 240x135 screen is 16.2 KB of the heap): the Painter writes down what is drawn and
# draws it a band at a time when it is pushed (ui/paint.py). Whatever is drawn, in
# whatever order, the screen must end up as a canvas of the whole screen shows it.
# Here random drawing, the same on two headless boards, one with a band and one
# without; the pictures are compared after every push.
import random

import pytest

from host_sim.headless import Display
from trackside.ui import paint, theme
from trackside.ui.paint import Painter

SIZES = [(240, 135), (320, 240)]
WORDS = ['Red', 'Green 12', 'W' * 40, 'Loan: $30: income -3', '', 'x', 'Build 3 tiles $2 $10 $2']


def painters(w, h):
    band, whole = Painter(Display(w, h)), Painter(Display(w, h, band=False))
    assert band.band and band.rows < h and not whole.band
    return band, whole


@pytest.mark.slow
@pytest.mark.parametrize('w,h', SIZES)
@pytest.mark.parametrize('seed', range(6))
def test_random_drawing_a_band_at_a_time_is_the_whole_canvas(w, h, seed):
    p, q = painters(w, h)
    for step in range(120):
        state = random.Random(seed * 1000 + step)
        for n in range(state.randint(1, 6)):
            a = random.Random(state.random())
            b = random.Random()
            b.setstate(a.getstate())
            # the same call on both: each painter draws from the same random state
            random_call(a, p, a.randrange(8), w, h)
            random_call(b, q, b.randrange(8), w, h)
        p.flush()
        q.flush()
        assert not p.dirty and not p.blank
        assert p.display.buffer == q.display.buffer, 'seed %d step %d' % (seed, step)


def random_call(rnd, painter, kind, w, h):
    f = painter.small if rnd.random() < 0.5 else painter.medium
    colour = rnd.randrange(16)
    x, y = rnd.randrange(-8, w), rnd.randrange(-8, h)
    word = rnd.choice(WORDS)
    if kind == 0:
        painter.fill(x, y, rnd.randint(1, w), rnd.randint(1, 60), colour)
    elif kind == 1:
        painter.text(x & ~1, y, word, f, colour, theme.BACKGROUND)
    elif kind == 2:
        painter.text(x, y, word, f, theme.TEXT, colour)       # odd x, past the edges
    elif kind == 3:
        painter.swatch(x, y, rnd.randint(1, 30), rnd.randint(1, 30), colour)
    elif kind == 4:
        painter.clear()
    elif kind == 6:
        # whole rows of background (a list's body wiped): kept as a clear keeps them
        painter.fill(rnd.choice([0, -3]), y, w + 5, rnd.randint(1, 90), theme.BACKGROUND)
    else:
        # a named box, put again with another text: only the changed glyphs are drawn
        k = x % 5
        painter.put('box%d' % k, k * 20, k * 23, w - k * 20, f.height + 4, word, f, colour % 3,
                    theme.BACKGROUND, rnd.choice([None, 9]))


@pytest.mark.parametrize('w,h', SIZES)
def test_lines_are_drawn_a_band_at_a_time_over_what_is_under_them(w, h):
    # each_band: a screen with lines (the chart) is drawn whole into each band in turn
    p, q = painters(w, h)

    def draw(painter):
        painter.clear()
        painter.put('title', 0, 0, w, painter.small.height, 'VP by turn (1/2)', painter.small)
        rnd = random.Random(w)
        for _ in range(60):
            x1, y1, x2, y2 = (rnd.randrange(w), rnd.randrange(h), rnd.randrange(w),
                              rnd.randrange(h))
            painter.line(x1, y1, x2, y2, rnd.randrange(16))
            painter.text(x1 & ~1, y1, '%d' % x2, painter.small, theme.DIM)

    p.put('title', 0, 0, w, p.small.height, 'VP by turn (1/2)', p.small)   # shown before
    p.flush()
    p.each_band(lambda: draw(p))
    q.each_band(lambda: draw(q))
    q.flush()
    assert p.display.buffer == q.display.buffer
    assert not p.dirty and not p.pinned and p.slots['title'][0] == 'VP by turn (1/2)'
    # and a box put after it is drawn from the band's ops as before
    for painter in (p, q):
        painter.put('title', 0, 0, w, painter.small.height, 'Income by turn (2/2)', painter.small)
        painter.flush()
    assert p.display.buffer == q.display.buffer


def test_a_push_sends_only_the_changed_rows_a_band_at_a_time():
    # Bytes on the bus: a box sends its own rectangle, once; a clear and the boxes drawn
    # on it in the same push send each pixel of the screen once (a row the clear left is
    # sent whole when something is drawn in it, else at the push).
    p, q = painters(240, 135)
    p.flush()
    sent = p.display.sent
    p.put('row', 0, 30, 240, 20, 'Green 12', p.small)       # rows 30-49: a band from 30
    p.flush()
    assert p.display.sent - sent == 11 + 240 * 20 * 2
    sent, shows = p.display.sent, p.display.shows
    p.clear()
    for k in range(5):
        p.put('row%d' % k, 0, 20 * k, 240, 20, 'Row %d' % k, p.small)
    p.flush()
    windows = p.display.shows - shows
    assert p.display.sent - sent - 11 * windows == 240 * 135 * 2     # each pixel once
    assert windows <= 8


def test_a_long_text_scrolls_the_same_with_a_band(monkeypatch):
    monkeypatch.setattr(paint, 'PAUSE_MS', 0)
    p, q = painters(240, 135)
    for painter in (p, q):
        painter.put('long', 0, 100, 120, 20, 'A text far longer than its box is wide', painter.small)
        painter.flush()
    for now in range(0, 5000, 100):
        for painter in (p, q):
            painter.animate(now)
            painter.flush()
        assert p.display.buffer == q.display.buffer, now
