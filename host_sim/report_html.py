# The game report's page (host_sim/report.py gathers what it shows): one
# HTML file with its CSS and its charts (inline SVG, svgchart.py) inside,
# nothing fetched: it opens from a USB stick on a laptop with no network.
# Readable at a phone's width (the tables turn into a card per player, the
# charts scale with their viewBox) and printable (@media print).
from html import escape

from host_sim import svgchart
from host_sim.report_games import ordinal

CSS = """
*{box-sizing:border-box}
body{margin:0;color:#1d1d1f;background:#fff;
 font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
header{background:#1e3c8c;color:#fff;padding:14px 16px}
header div{max-width:928px;margin:0 auto}
header h1{margin:0;font-size:1.5em;line-height:1.2}
header p{margin:4px 0 0;opacity:.9}
main{max-width:960px;margin:0 auto;padding:8px 16px 32px}
h2{font-size:1.25em;margin:1.4em 0 .5em;border-bottom:2px solid #1e3c8c}
h3{font-size:1.05em;margin:1.1em 0 .3em}
.note{border-left:5px solid #c82828;background:#fbeeee;padding:8px 12px;margin:12px 0}
.winner{font-size:1.15em;font-weight:600}
.sw{display:inline-block;width:.85em;height:.85em;border:1px solid #333;border-radius:2px;
 vertical-align:-.08em;margin-right:.4em}
.scroll{max-width:100%;overflow-x:auto}
table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
th,td{padding:4px 8px;border-bottom:1px solid #ddd;text-align:right;vertical-align:top}
th{font-weight:600;font-size:.9em;color:#444}
th:first-child,td.name{text-align:left;white-space:nowrap}
td.name{font-weight:600}
.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,400px),1fr));gap:8px 24px}
figure{margin:0;break-inside:avoid}
figcaption{font-weight:600;margin:.6em 0 .2em}
svg.chart{display:block;width:100%;max-width:100%;height:auto}
svg .grid{stroke:#e4e4e4}
svg .zero,svg .axis{stroke:#888}
svg text{font-size:15px;fill:#444}
svg .ylab{text-anchor:end}
svg .xlab,svg .xcap{text-anchor:middle}
svg .case{fill:none;stroke:#222;stroke-width:4.5;stroke-linejoin:round;stroke-linecap:round}
svg .line{fill:none;stroke-width:2.6;stroke-linejoin:round;stroke-linecap:round}
svg circle{stroke:#222;stroke-width:1}
.legend{list-style:none;padding:0;margin:4px 0 0;display:flex;flex-wrap:wrap;gap:2px 16px}
ol.entries{margin:.2em 0;padding-left:2.6em}
ol.entries li{margin:.15em 0}
code{font-family:ui-monospace,"SF Mono",Menlo,Consolas,"DejaVu Sans Mono",monospace;font-size:.92em}
.moved{color:#555}
.phase{color:#1e3c8c;font-size:.92em}
.turnsum{color:#555;margin:.1em 0 .3em}
.settings td,.settings th{text-align:left}
footer{color:#666;font-size:.85em;margin-top:2em;overflow-wrap:anywhere}
li,p,td{overflow-wrap:anywhere}
@media (max-width:600px){
 body{font-size:15px}
 main{padding:4px 10px 24px}
 table.cards thead{display:none}
 table.cards,table.cards tbody,table.cards tr,table.cards td{display:block;width:100%}
 table.cards tr{display:grid;grid-template-columns:1fr 1fr;column-gap:14px;
  border:1px solid #ccc;border-radius:4px;margin:0 0 8px;padding:2px 8px}
 table.cards td{display:flex;justify-content:space-between;gap:.5em;border:none;padding:1px 0}
 table.cards td::before{content:attr(data-label);color:#555;text-align:left}
 table.cards td.name{display:block;grid-column:1/-1;font-size:1.05em;border-bottom:1px solid #eee}
 table.cards td.name::before{content:none}
 ol.entries{padding-left:2.2em}
}
@media print{
 *{-webkit-print-color-adjust:exact;print-color-adjust:exact}
 body{font-size:11pt}
 header{background:none;color:#000;border-bottom:2px solid #000;padding:0 0 6px}
 header div{max-width:none}
 main{max-width:none;padding:0}
 h2{break-after:avoid}
 .charts{display:block}
 figure{margin-bottom:8px}
 svg.chart{max-width:16cm}
 section.turn{break-inside:avoid-page}
}
"""


def page(d):
    names, colours = d['players'], d['colours']
    # (the variant's title may name the game itself: "Brass (Warfrog 2007)")
    v = d['variant']
    title = v if v.startswith(d['title']) else '%s%s' % (d['title'], ', ' + v if v else '')
    st = d['standings']
    if d['over']:
        state = 'over: %s' % winner_words(st)
    else:
        state = 'not over: %s' % d['clock']
    parts = ['<!DOCTYPE html>', '<html lang="en">', '<head>', '<meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             '<title>%s</title>' % escape('%s: %s' % (title, ', '.join(names))),
             '<style>%s</style>' % CSS, '</head>', '<body>',
             '<header><div><h1>%s</h1><p>%s &middot; %s &middot; %d entries</p></div></header>' % (
                 escape(title), escape(', '.join(names)), escape(state), st['actions']),
             '<main>']
    if d['note']:
        parts.append('<p class="note" id="%s">%s</p>' % (
            'damaged' if 'stops there' in d['note'] else 'dropped', escape(d['note'])))
    if not d['over']:
        parts.append('<p class="note" id="in-play"><strong>This game is not over.</strong> '
                     'It is reported as far as it goes: %s%s.</p>' % (
                         escape(d['clock']), ', waiting for: ' + escape(d['next']) if d['next'] else ''))
    parts += standings(d)
    parts += charts(d)
    parts += history(d)
    parts += settings(d)
    parts.append('<footer>From %s. The setup line: <code>%s</code>. Made by '
                 '<code>python -m host_sim report</code> from the same rules the device '
                 'plays by.</footer>' % (escape(d['source']), escape(d['setup_line'])))
    parts.append('<script type="application/json" id="standings-json">%s</script>' %
                 d['json'].replace('</', '<\\/'))
    parts += ['</main>', '</body>', '</html>', '']
    return '\n'.join(parts)


def winner_words(st):
    w = st.get('winner')
    if not w:
        return 'nobody wins'
    return '%s %s' % (w, 'win' if ' and ' in w or ', ' in w else 'wins')


def swatch(colour):
    return '<span class="sw" style="background:%s"></span>' % colour


def name_cell(d, q):
    return '<td class="name" data-label="">%s%s</td>' % (swatch(d['colours'][q]), escape(d['players'][q]))


def table(d, heads, rows, lead=None):
    # rows: (player, lead cell or None, [cells]); lead: the heading of the lead cell
    cols = ([lead] if lead else []) + heads
    out = ['<div class="scroll"><table class="cards standings">', '<thead><tr><th>Player</th>' +
           ''.join('<th>%s</th>' % escape(h) for h in cols) + '</tr></thead>', '<tbody>']
    for q, first, cells in rows:
        row = ([first] if lead else []) + list(cells)
        out.append('<tr data-player="%s">%s%s</tr>' % (
            escape(d['players'][q]), name_cell(d, q),
            ''.join('<td data-label="%s">%s</td>' % (escape(h), '' if v is None else escape('%s' % v))
                    for h, v in zip(cols, row))))
    out += ['</tbody></table></div>']
    return out


def standings(d):
    out = []
    if d['final']:
        heads, rows = d['final']
        out.append('<h2 id="standings">Final standings</h2>')
        out.append('<p class="winner">%s</p>' % escape(winner_words(d['standings'])[:1].upper() +
                                                       winner_words(d['standings'])[1:] + '.'))
        places = [(q, place(rank, rows), cells) for q, rank, cells in rows]
        out += table(d, heads, places, 'Place')
        if d['ties']:
            out.append('<h3>Ties</h3>')
            out += ['<p class="ties">%s</p>' % escape(t) for t in d['ties']]
    heads, rows = d['now']
    if d['final'] and len(heads) < 2:
        return out          # (the final table has it: Russian Railroads' VP, the pad's total)
    out.append('<h2 id="numbers">%s</h2>' % ('The numbers at the end' if d['over'] else 'Standings so far'))
    out += table(d, heads, [(q, None, rows[q]) for q in range(len(rows))])
    return out


def place(rank, rows):
    if rank is None:
        return '-'
    shared = len([r for q, r, c in rows if r == rank]) > 1
    return ordinal(rank) + ('=' if shared else '')


def legend(d):
    return '<ul class="legend">%s</ul>' % ''.join(
        '<li>%s%s</li>' % (swatch(c), escape(n)) for n, c in zip(d['players'], d['colours']))


def charts(d):
    out = ['<h2 id="charts">Turn by turn</h2>', legend(d), '<div class="charts">']
    for c in d['charts']:
        out.append('<figure><figcaption>%s</figcaption>' % escape(c['title']))
        out.append(svgchart.chart(c['title'], d['players'], d['colours'], c['labels'],
                                  c['points'], c['marks'], c['tips'], c['caption']))
        out.append('</figure>')
    out.append('</div>')
    return out


def history(d):
    out = ['<h2 id="history">History</h2>',
           '<p class="moved">Every entry, in the words the device shows, with what it changed '
           '(as the line under the game says after each entry).</p>']
    for t in d['turns']:
        name = t['name'][:1].upper() + t['name'][1:]
        out.append('<section class="turn"><h3>%s <span class="moved">(%d %s)</span></h3>' % (
            escape(name), len(t['entries']), 'entry' if len(t['entries']) == 1 else 'entries'))
        out.append('<p class="turnsum">%s</p>' % escape(
            'The %s changed: %s' % (t['name'], t['moved']) if t['moved'] else 'No numbers changed.'))
        out.append('<ol class="entries">')
        for e in t['entries']:
            out.append('<li value="%d"><code>%s</code>%s%s</li>' % (
                e['n'], escape(e['line']),
                '<span class="moved">: %s</span>' % escape(e['moved']) if e['moved'] else '',
                '<div class="phase">%s</div>' % escape(e['phase']) if e['phase'] else ''))
        out.append('</ol></section>')
    if not d['turns']:
        out.append('<p>No entries yet.</p>')
    return out


def settings(d):
    out = ['<h2 id="settings">Settings</h2>', '<div class="scroll"><table class="settings">']
    for label, value, helptext in d['settings']:
        out.append('<tr><th>%s</th><td>%s</td><td class="moved">%s</td></tr>' % (
            escape(label), escape(value), escape(helptext)))
    out.append('</table></div>')
    return out
