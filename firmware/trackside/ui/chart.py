# The chart screen: each player's value of the series the game names (its
# UI module's CHART: VP, income, ...) at the start of every turn, a line per
# player in their colour, with a turn axis and a legend. On a mono screen
# the lines are told apart by the player's initial at each line's end.
# Up/down go to the next series; any other key goes back.
import json

from trackside.ui.screens import Screen, HINTS
from trackside.ui import theme

HINTS['chart'] = {4: 'X/Y: next chart  B: back', 3: 'up/dn: next sel: back',
                  2: '1: next chart  2: back'}


class ChartScreen(Screen):
    kind = 'chart'

    def __init__(self, session, gui):
        self.names = session.setup['players']
        self.colours = theme.player_colours(self.names)
        self.series = gui.CHART
        self.values = turn_history(session, [f for title, f in self.series])
        self.show = 0

    def draw(self, p, app):
        # (lines: on a board whose canvas is a band, drawn a band at a time)
        p.each_band(lambda: self.draw_all(p, app))

    def draw_all(self, p, app):
        title = self.series[self.show][0] + ' by turn'
        if len(self.series) > 1:
            title += ' (%d/%d)' % (self.show + 1, len(self.series))
        self.title = title
        self.draw_frame(p, app)
        y0, h = self.body(p)
        # the legend (on a small mono screen the initials at the lines' ends
        # say whose line is whose), and the turn numbers
        legend = not (p.mono and p.h < 100)
        h -= (p.small.height + 2 if legend else 0) + p.small.height
        series = self.values[self.show]
        n = len(series)
        values = [v for point in series for v in point]
        lo, hi = min(values + [0]), max(values + [1])
        left = max(p.small.measure('%d' % hi), p.small.measure('%d' % lo)) + 4
        w = p.w - left - 6

        def at(turn, v):
            x = left + (turn * w // (n - 1) if n > 1 else 0)
            y = y0 + h - 2 - (v - lo) * (h - 4) // (hi - lo)
            return x, y

        # the axes, in grey: the values on the left, the turns below
        p.text(0, y0, '%d' % hi, p.small, theme.DIM)
        p.text(0, y0 + h - p.small.height, '%d' % lo, p.small, theme.DIM)
        p.line(left - 2, y0, left - 2, y0 + h, theme.DIM)
        zero = at(0, 0)[1]
        p.line(left - 2, zero, p.w - 4, zero, theme.DIM)
        self.turn_axis(p, at, n, y0 + h + 1, left)
        for q in range(len(self.names)):
            colour = self.colours[q]
            for t in range(1, n):
                x1, y1 = at(t - 1, series[t - 1][q])
                x2, y2 = at(t, series[t][q])
                # two pixels thick: a line stays visible where it runs
                # along an axis
                p.line(x1, y1, x2, y2, colour)
                p.line(x1, y1 - 1, x2, y2 - 1, colour)
            if p.mono:
                x, y = at(n - 1, series[n - 1][q])
                p.text(min(x + 2, p.w - p.small.width), max(y0, y - p.small.height // 2),
                       theme.short(self.names[q])[:1], p.small)
        if legend:
            self.legend(p, y0 + h + 1 + p.small.height)

    def turn_axis(self, p, at, n, y, left):
        # "1" under the first turn, the last turn's number under its point,
        # and a few between where there is room.
        room = p.small.measure('00') + 4
        last_x = -room
        for t in range(n):
            x = at(t, 0)[0]
            label = '%d' % (t + 1)
            if (x - last_x >= room and at(n - 1, 0)[0] - x >= room) or t == n - 1 or t == 0:
                p.text(min(max(0, x - p.small.measure(label) // 2), p.w - p.small.measure(label)),
                       y, label, p.small, theme.DIM)
                last_x = x

    def legend(self, p, y):
        # Each player: their colour and name, as many as fit on one line.
        x = 2
        size = p.small.height - 4
        for q in range(len(self.names)):
            name = theme.short(self.names[q])
            need = size + 2 + p.small.measure(name) + 6
            if x + need > p.w:
                break
            p.swatch(x, y + 2, size, size, self.colours[q])
            p.text(x + size + 2, y, name, p.small)
            x += need

    def key(self, app, key, n):
        if key in ('up', 'down', 'advance'):
            step = -1 if key == 'up' else 1
            self.show = (self.show + step) % len(self.series)
            self.draw(app.p, app)
        else:
            app.pop()


def turn_history(session, series):
    # Each series' per-player values at the start of each turn so far, and now. A
    # series is a state key (a per-player list) or a function of the state giving one
    # (a derived value: Brass's income level from the track position). One replay from
    # the start (here, not in the session: only the chart and the report need it).
    marks = [0] + [k for k in session.turn_starts() if 0 < k < session.cursor] + [session.cursor]
    out = [[] for k in series]
    state = json.loads(session._checkpoints[0])
    done = 0
    for mark in marks:
        while done < mark:
            session.game.apply(state, session.parse(session.lines[done]))
            done += 1
        for i in range(len(series)):
            f = series[i]
            out[i].append(state[f][:] if isinstance(f, str) else f(state))
    return out
