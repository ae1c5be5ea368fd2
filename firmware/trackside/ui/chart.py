# The chart screen: each player's VP (or income) at the start of every turn,
# a line in the player's colour. Up/down switch between VP and income.
from trackside.ui.screens import Screen
from trackside.ui import theme


class ChartScreen(Screen):
    kind = 'message'

    def __init__(self, session, gui):
        self.names = session.setup['players']
        self.out = session.state['out']
        self.vp, self.income = session.turn_history(['vp', 'income'])
        self.show = 'vp'

    def draw(self, p, app):
        series = self.vp if self.show == 'vp' else self.income
        self.title = ('VP' if self.show == 'vp' else 'Income') + ' by turn (up/down: switch)'
        self.draw_frame(p, app)
        y0, h = self.body(p)
        n = len(series)
        values = [v for point in series for v in point]
        lo, hi = min(values + [0]), max(values + [1])
        left = p.small.measure('%d' % hi) + 4
        w = p.w - left - 4

        def at(turn, v):
            x = left + (turn * w // (n - 1) if n > 1 else 0)
            y = y0 + h - 2 - (v - lo) * (h - 4) // (hi - lo)
            return x, y

        p.text(0, y0, '%d' % hi, p.small, theme.DIM)
        p.text(0, y0 + h - p.small.height, '%d' % lo, p.small, theme.DIM)
        zero = at(0, 0)[1]
        p.line(left, zero, p.w - 4, zero, theme.DIM)
        for q in range(len(self.names)):
            colour = theme.colour_index(self.names[q])
            for t in range(1, n):
                x1, y1 = at(t - 1, series[t - 1][q])
                x2, y2 = at(t, series[t][q])
                p.line(x1, y1, x2, y2, colour)

    def key(self, app, key, n):
        if key in ('up', 'down', 'advance'):
            self.show = 'income' if self.show == 'vp' else 'vp'
            self.draw(app.p, app)
        else:
            app.pop()
