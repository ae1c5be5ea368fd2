# A line chart as inline SVG, for the game report (host_sim/report.py): one
# line per player, a value axis with round numbers, a turn axis, a zero
# line. Our own few lines rather than a charting library: the page must open
# with no network and no files beside it, and a library would be a script
# or a dependency for what is a handful of polylines (docs/report.md).
# The values each line plots are kept on it as data-* attributes, so a test
# (tests/test_report.py) can read them back from the browser's DOM.
from html import escape

W, H = 480, 260                 # the viewBox: scaled to the page's width
LEFT, RIGHT, TOP, BOTTOM = 48, 18, 12, 44
FONT = 15                       # (report_html.CSS: svg text)


def ticks(lo, hi, most=6):
    # Round values from below lo to above hi, about `most` of them at most:
    # 1, 2 or 5 times a power of ten apart.
    step = 1
    while (hi - lo) / step > most - 1:
        step = next_step(step)
    first = (lo // step) * step
    last = -(-hi // step) * step
    return list(range(first, last + 1, step))


def next_step(step):
    # 1, 2, 5, 10, 20, 50, ...
    s = str(step)
    if s[0] == '1':
        return step * 2
    if s[0] == '2':
        return step * 5 // 2
    return step * 2


def chart(title, names, colours, labels, points, marks, tips, caption):
    # title: the series ("VP"); names, colours (#rrggbb): the players';
    # labels: each point's label on the turn axis; points: per point, each
    # player's value; marks: per point, the entries it comes after; tips:
    # per point, its words for a tooltip ("after turn 2"); caption: the
    # turn axis's title.
    n = len(points)
    values = [v for p in points for v in p]
    lo, hi = min(values + [0]), max(values + [1])
    ys = ticks(lo, hi)
    lo, hi = min(lo, ys[0]), max(hi, ys[-1])
    pw, ph = W - LEFT - RIGHT, H - TOP - BOTTOM

    def x(i):
        return LEFT + (i * pw / (n - 1) if n > 1 else pw / 2)

    def y(v):
        return TOP + ph - (v - lo) * ph / (hi - lo)

    out = ['<svg class="chart" viewBox="0 0 %d %d" role="img" aria-label="%s by turn" '
           'data-series="%s" data-entries="%s">' % (W, H, escape(title), escape(title),
                                                    ' '.join('%d' % m for m in marks)),
           '<title>%s by turn</title>' % escape(title)]
    for v in ys:                # the value axis: a grid line and a label each
        out.append('<line class="%s" x1="%d" x2="%d" y1="%.1f" y2="%.1f"/>' % (
            'zero' if v == 0 else 'grid', LEFT, W - RIGHT, y(v), y(v)))
        out.append('<text class="ylab" x="%d" y="%.1f">%d</text>' % (LEFT - 6, y(v) + FONT / 3, v))
    every = max(1, -(-n // 12))           # at most about 12 labels on the turn axis
    for i in range(n):
        if i % every == 0 or i == n - 1:
            out.append('<text class="xlab" x="%.1f" y="%d">%s</text>' % (
                x(i), TOP + ph + FONT + 6, escape(labels[i])))
    out.append('<text class="xcap" x="%.1f" y="%d">%s</text>' % (
        LEFT + pw / 2, H - 4, escape(caption)))
    out.append('<line class="axis" x1="%d" x2="%d" y1="%d" y2="%d"/>' % (
        LEFT, LEFT, TOP, TOP + ph))
    for q in range(len(names)):
        line = [points[i][q] for i in range(n)]
        xy = ' '.join('%.1f,%.1f' % (x(i), y(line[i])) for i in range(n))
        out.append('<g class="player" data-player="%s" data-values="%s">' % (
            escape(names[q]), ' '.join('%d' % v for v in line)))
        out.append('<polyline class="case" points="%s"/>' % xy)
        out.append('<polyline class="line" points="%s" stroke="%s"/>' % (xy, colours[q]))
        for i in range(n):
            out.append('<circle cx="%.1f" cy="%.1f" r="3" fill="%s" data-value="%d">'
                       '<title>%s, %s: %d</title></circle>' % (
                           x(i), y(line[i]), colours[q], line[i], escape(names[q]),
                           escape(tips[i]), line[i]))
        out.append('</g>')
    out.append('</svg>')
    return '\n'.join(out)
