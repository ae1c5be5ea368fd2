# `python -m host_sim report GAME.log --html FILE` (host_sim/report.py): the
# page of one game, for every game, from the scenario logs and from saves
# the simulator made; opened in headless Chromium (Debian's `chromium`,
# which .ci/run installs) at a phone's width and a laptop's, where the
# charts and tables must be there and inside the page's width; the values
# the charts plot checked against `replay --json` at each point.
# After a deliberate change of the page's look, the reviewed screenshots in
# tests/screens/report/ are made again with
#   UPDATE_SCREENS=1 .venv/bin/python -m pytest tests/test_report.py -k browser
# and looked at before they are committed.
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
from html import escape, unescape
from html.parser import HTMLParser

import pytest

from host_sim import png
from host_sim import replay as replay_cli

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCENARIOS = os.path.join(ROOT, 'tests', 'scenarios')
KEYS = os.path.join(ROOT, 'tests', 'keys')
SCREENS = os.path.join(ROOT, 'tests', 'screens', 'report')
# one log of each game and variant
GAMES = ('steam-base-short', 'steam-standard-b1', 'brass-w07-4p', 'brass-rx18-3p',
         'russianrailroads-4p', 'scorepad-ties')
PHONE, LAPTOP = 390, 1280
SERIES_KEY = {'VP': 'vp', 'Income': 'income', 'Money': 'money', 'Total': 'total'}


def report(log, html):
    r = subprocess.run([sys.executable, '-m', 'host_sim', 'report', str(log), '--html', str(html)],
                       cwd=ROOT, capture_output=True, text=True)
    return r


def make(tmp_path, name):
    html = tmp_path / (name + '.html')
    r = report(os.path.join(SCENARIOS, name + '.log'), html)
    assert r.returncode == 0, r.stderr
    return html


# --- what the page holds, read back from its HTML (or from the browser's DOM) -----------

class Page(HTMLParser):
    # The charts (each series' players' values, the entries each point comes
    # after, each point's circle: value and y), the tables' rows, the notes.
    def __init__(self, text):
        HTMLParser.__init__(self)
        self.charts = []
        self.tables = {}
        self.ids = set()
        self.entries = 0
        self._table = None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if 'id' in a:
            self.ids.add(a['id'])
        if tag == 'svg' and 'chart' in a.get('class', ''):
            self.charts.append({'series': a['data-series'], 'entries': [
                int(x) for x in a['data-entries'].split()], 'players': {}, 'points': []})
        elif tag == 'g' and a.get('class') == 'player':
            self.charts[-1]['players'][a['data-player']] = [int(x) for x in a['data-values'].split()]
        elif tag == 'circle' and 'data-value' in a:
            self.charts[-1]['points'].append((int(a['data-value']), float(a['cy'])))
        elif tag == 'table':
            self._table = a.get('class', '')
            self.tables.setdefault(self._table, 0)
        elif tag == 'tr' and 'data-player' in a:
            self.tables[self._table] += 1
        elif tag == 'li' and 'value' in a:
            self.entries += 1


def standings_after(log, k, tmp_path):
    # `replay --json` of the game's first k entries in effect (its setup line
    # and those entries' lines), as a player would check a point by hand.
    from trackside.replay import replay
    session, error = replay(open(log, encoding='utf-8').readlines())
    assert error is None
    part = tmp_path / ('part%d.log' % k)
    part.write_text('\n'.join([session.setup_line()] + session.history()[:k]) + '\n',
                    encoding='utf-8')
    out, err = io.StringIO(), io.StringIO()
    assert replay_cli.run(str(part), True, out, err) == 0, err.getvalue()
    return json.loads(out.getvalue())


@pytest.mark.parametrize('name', GAMES)
def test_report_charts_plot_what_replay_json_says(name, tmp_path):
    page = Page(make(tmp_path, name).read_text(encoding='utf-8'))
    log = os.path.join(SCENARIOS, name + '.log')
    assert page.charts
    done = {}
    for c in page.charts:
        key = SERIES_KEY[c['series']]
        for i, k in enumerate(c['entries']):
            if k not in done:
                done[k] = {r['name']: r for r in standings_after(log, k, tmp_path)['players']}
            for player, values in c['players'].items():
                assert values[i] == done[k][player][key], (c['series'], player, k)
        # each point's height is its value, on one scale (a straight line
        # through every (value, y) of the chart, higher values higher up)
        pts = sorted(set(c['points']))
        (v0, y0), (v1, y1) = pts[0], pts[-1]
        if v1 != v0:
            for v, y in pts:
                assert abs(y - (y0 + (v - v0) * (y1 - y0) / (v1 - v0))) < 0.2
            assert y1 < y0
    with open(os.path.join(SCENARIOS, name + '.json')) as f:
        final = json.load(f)
    tables = 2 if name.split('-')[0] in ('steam', 'brass') else 1     # the final table (and the numbers)
    assert page.tables['cards standings'] == tables * len(final['players'])
    assert 'in-play' not in page.ids


@pytest.mark.parametrize('name', GAMES)
def test_report_is_one_file_that_fetches_nothing(name, tmp_path):
    text = make(tmp_path, name).read_text(encoding='utf-8')
    for word in ('http:', 'https:', '//', '<link', ' src=', '@import', 'url(', '@font-face'):
        assert word not in text.replace('</', '<'), word
    assert '<script' not in text.replace('<script type="application/json"', '')
    assert 'max-width:100%' in text and '@media print' in text and 'viewBox=' in text


def test_report_says_who_won_and_how_ties_were_ranked(tmp_path):
    page = make(tmp_path, 'brass-w07-4p').read_text(encoding='utf-8')
    assert 'Green and Blue have 19 VP each: Green is placed above Blue on income level (14 against 2).' in page
    page = make(tmp_path, 'scorepad-ties').read_text(encoding='utf-8')
    assert 'Ann and Bob have 20 points each: Ann and Bob share 1st place' in page
    assert 'Cid and Dee have 19 points each: Cid and Dee share 3rd place' in page
    # Brass's eras: canal and rail VP add up to the game's links and tiles VP
    assert '<td data-label="Canal tiles VP">7</td><td data-label="Rail links VP">3</td>' \
           '<td data-label="Rail tiles VP">14</td>' in make(tmp_path, 'brass-w07-4p').read_text()


def test_the_introductory_games_final_table_has_its_additions_and_no_rail_era(tmp_path):
    # digest brass.md §13.4: Canal scoring, then VP for money (1 per £4, at most 15), the
    # income level (Ann's -3 takes 3), the flipped level-2+ tiles' VP again (the scenario's
    # worked figures, brass-rx18-2p-intro.log); no Rail era: no Rail columns
    page = make(tmp_path, 'brass-rx18-2p-intro').read_text(encoding='utf-8')
    assert ('<td data-label="Canal tiles VP">4</td><td data-label="Tiles VP again">4</td>'
            '<td data-label="VP from income level">-3</td><td data-label="VP from money">15</td>'
            in page)
    assert 'Rail links VP' not in page and 'Rail tiles VP' not in page
    whole = make(tmp_path, 'brass-w07-4p').read_text(encoding='utf-8')
    assert 'Tiles VP again' not in whole and 'VP from income level' not in whole


def test_report_history_is_the_devices_words(tmp_path):
    text = make(tmp_path, 'steam-base-short').read_text(encoding='utf-8')
    page = Page(text)
    assert page.entries == 36
    assert '<li value="2"><code>Bob bid 7</code>' in text
    assert '<h3>Turn 2 ' in text
    # what an entry changed, and what the phase it ended changed, as the
    # line under the game says them
    assert '<li value="7"><code>Cid pass</code><span class="moved">: Ann $0→4 income 0→-1</span>' \
           '<div class="phase">Auction: Ann $0→4 income 0→-1; Bob $0→3 income 0→-2</div></li>' in text


# --- saves the simulator made; damaged ones; bad input ---------------------------------

def sim_save(tmp_path, keys):
    saves = tmp_path / 'saves'
    r = subprocess.run([sys.executable, '-m', 'host_sim', 'sim', '--saves', str(saves),
                        '--keys', keys], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return saves / 'game1.log'


def keys_of(name, lines=None):
    with open(os.path.join(KEYS, name)) as f:
        return ' '.join(f.read().splitlines()[:lines])


def test_report_of_a_whole_game_saved_in_the_simulator(tmp_path):
    log = sim_save(tmp_path, keys_of('steam-base-3p.keys'))
    r = report(log, tmp_path / 'game.html')
    assert r.returncode == 0, r.stderr
    text = (tmp_path / 'game.html').read_text(encoding='utf-8')
    page = Page(text)
    assert 'Red wins' in text and 'in-play' not in page.ids and page.entries == 21
    assert page.charts[0]['players']['Red'][-1] == 2        # Red's 2 VP from a delivery


def test_report_of_a_game_in_play_goes_as_far_as_it_goes(tmp_path):
    log = sim_save(tmp_path, keys_of('brass-w07-4p.keys', 40))
    r = report(log, tmp_path / 'game.html')
    assert r.returncode == 0, r.stderr
    assert 'the game so far' in r.stdout
    text = (tmp_path / 'game.html').read_text(encoding='utf-8')
    page = Page(text)
    assert 'in-play' in page.ids and 'This game is not over.' in text
    assert 'Final standings' not in text and 'Standings so far' in text
    assert page.entries == 39
    for c in page.charts:
        assert c['entries'][-1] == 39       # the last point is now


def sha(path):
    with open(str(path), 'rb') as f:
        return hashlib.sha256(f.read()).hexdigest()


def test_report_of_a_damaged_save_stops_where_the_device_does(tmp_path):
    log = sim_save(tmp_path, keys_of('brass-w07-4p.keys', 40))
    lines = log.read_bytes().split(b'\n')
    lines[10] = lines[10][:3] + b'X' + lines[10][4:]        # entry 10 damaged
    log.write_bytes(b'\n'.join(lines))
    before = sha(log)
    r = report(log, tmp_path / 'game.html')
    assert r.returncode == 0, r.stderr
    assert 'This save is damaged at entry 10.' in r.stderr
    text = (tmp_path / 'game.html').read_text(encoding='utf-8')
    page = Page(text)
    assert 'damaged' in page.ids and 'it shows the 9 entries before it' in text
    assert page.entries == 9
    assert sha(log) == before and sorted(os.listdir(str(log.parent))) == ['game1.log', 'game1.snap', 'last']


def test_report_of_a_save_whose_last_entry_was_cut_off(tmp_path):
    log = sim_save(tmp_path, keys_of('brass-w07-4p.keys', 40))
    log.write_bytes(log.read_bytes()[:-7])     # a power cut in the last write
    before = sha(log)
    r = report(log, tmp_path / 'game.html')
    assert r.returncode == 0, r.stderr
    page = Page((tmp_path / 'game.html').read_text(encoding='utf-8'))
    assert 'dropped' in page.ids and page.entries == 38
    assert sha(log) == before


@pytest.mark.parametrize('text, status, said', [
    ('hello world\n', 2, 'The first line must list the players'),
    ('steam base players=Ann,Bob,Cid turns=2 format=9\n', 2, 'this Trackside reads format 1'),
    (b'\x00\xff\xfe', 2, 'not a game log: it is not UTF-8 text'),
    (None, 2, 'cannot read'),
])
def test_report_refuses_what_is_no_game(tmp_path, text, status, said):
    log = tmp_path / 'game.log'
    if isinstance(text, bytes):
        log.write_bytes(text)
    elif text is not None:
        log.write_text(text)
    r = report(log, tmp_path / 'game.html')
    assert r.returncode == status and said in r.stderr
    assert not (tmp_path / 'game.html').exists()


def test_report_refuses_a_line_the_rules_refuse_as_replay_does(tmp_path):
    log = os.path.join(SCENARIOS, 'brass-w07-3p-loanlock.log')
    r = report(log, tmp_path / 'game.html')
    assert r.returncode == 1
    assert re.search(r'brass-w07-3p-loanlock\.log:\d+: Bob loan 10\n  No loans', r.stderr)
    assert not (tmp_path / 'game.html').exists()


# --- in a real browser ---------------------------------------------------------------

# The page is laid out in a frame of the width wanted (headless Chromium's
# window is at least 500 pixels wide when it dumps the DOM; a frame is as
# narrow as it is made, and its media queries see its own width), then its
# boxes are measured and its DOM given back as the browser holds it.
PROBE = '''<!DOCTYPE html><html><body style="margin:0">
<iframe id="f" style="border:0;width:%dpx;height:900px" srcdoc="%s"></iframe>
<script>
document.getElementById('f').onload = function () {
  var f = document.getElementById('f'), w = f.contentWindow, d = f.contentDocument.documentElement;
  var out = {inner: w.innerWidth, client: d.clientWidth, scroll: d.scrollWidth,
             height: d.scrollHeight, boxes: [], dom: d.outerHTML};
  d.querySelectorAll('svg.chart, table, figure, section.turn, h1, h2, p, li, code')
    .forEach(function (e) {
      var r = e.getBoundingClientRect();
      out.boxes.push({what: e.tagName + '.' + (e.getAttribute('class') || ''),
                      left: r.left, right: r.right, width: r.width, height: r.height});
    });
  var pre = document.createElement('pre');
  pre.id = 'measure';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
};
</script></body></html>'''


def chromium():
    for name in ('chromium', 'chromium-browser'):
        found = shutil.which(name)
        if found:
            return found
    if os.environ.get('CI'):
        pytest.fail('chromium is not installed: .ci/run installs it (apt-get install chromium)')
    pytest.skip('chromium is not installed (Debian: apt-get install chromium): '
                'the report is not checked in a browser here')


def browse(html, width, tmp_path, what, height=1000):
    # Chromium's own flags only: a fresh profile per run (the tests run two
    # at a time), no sandbox (CI runs as root), no GPU.
    exe = chromium()
    profile = tmp_path / ('profile-%d-%s' % (width, what))
    argv = [exe, '--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars',
            '--no-first-run', '--user-data-dir=%s' % profile, '--window-size=%d,%d' % (width, height)]
    if what == 'dom':
        argv += ['--dump-dom']
    else:
        argv += ['--screenshot=%s' % what]
    r = subprocess.run(argv + ['file://' + str(html)], capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stderr[-2000:]
    return r.stdout


def measured(html, width, tmp_path):
    # The page as laid out at this width: the boxes, and the DOM's charts.
    probe = tmp_path / ('probe-%d.html' % width)
    probe.write_text(PROBE % (width, escape(html.read_text(encoding='utf-8'), quote=True)),
                     encoding='utf-8')
    dom = browse(probe, width + 200, tmp_path, 'dom')
    m = re.search(r'<pre id="measure">(.*?)</pre>', dom, re.S)
    assert m, dom[-2000:]
    box = json.loads(unescape(m.group(1)))
    return box, Page(box['dom'])


def check_fits(html, width, tmp_path, charts):
    box, dom = measured(html, width, tmp_path)
    assert box['inner'] == width and box['scroll'] <= box['client'], box
    kinds = [b['what'] for b in box['boxes']]
    assert kinds.count('svg.chart') == charts and 'TABLE.cards standings' in kinds
    for b in box['boxes']:
        assert b['left'] >= -0.5 and b['right'] <= box['client'] + 0.5, b
        if b['what'] == 'svg.chart':
            assert b['width'] > 0.8 * min(width, 400) and b['height'] > 150, b
    return box, dom


def screenshot(html, width, height, tmp_path, keep=None):
    shot = tmp_path / ('shot-%d.png' % width)
    browse(html, width, tmp_path, str(shot), height)
    w, h, rgb = png.read_png(str(shot))
    assert (w, h) == (width, height)
    assert len(set(rgb[i:i + 3] for i in range(0, len(rgb), 3 * 97))) > 8    # drawn, not blank
    if keep and os.environ.get('UPDATE_SCREENS'):
        # (written again by host_sim/png.py, as every reviewed picture is:
        # tests/test_screens.py reads them all so)
        os.makedirs(SCREENS, exist_ok=True)
        png.write_png(os.path.join(SCREENS, keep), w, h, rgb)


@pytest.mark.slow
@pytest.mark.parametrize('name', GAMES)
def test_report_in_a_browser_fits_a_phone_and_a_laptop(name, tmp_path):
    html = make(tmp_path, name)
    page = Page(html.read_text(encoding='utf-8'))
    for width in (PHONE, LAPTOP):
        box, dom = check_fits(html, width, tmp_path, len(page.charts))
        # the browser read the charts as they were written
        assert [(c['series'], c['players']) for c in dom.charts] == \
               [(c['series'], c['players']) for c in page.charts]
        height = min(box['height'], 2600 if width == PHONE else 1800)
        keep = '%s-%s.png' % (name, 'phone' if width == PHONE else 'laptop')
        if width == LAPTOP and name not in ('brass-w07-4p', 'steam-base-short'):
            keep = None
        screenshot(html, width, height, tmp_path, keep)


@pytest.mark.slow
def test_report_in_a_browser_of_simulator_saves(tmp_path):
    for keys, name in ((keys_of('steam-base-3p.keys'), 'sim-steam-over'),
                       (keys_of('brass-w07-4p.keys', 40), 'sim-brass-in-play')):
        here = tmp_path / name
        here.mkdir()
        log = sim_save(here, keys)
        html = here / 'game.html'
        assert report(log, html).returncode == 0
        page = Page(html.read_text(encoding='utf-8'))
        box, dom = check_fits(html, PHONE, here, len(page.charts))
        screenshot(html, PHONE, min(box['height'], 2600), here, name + '-phone.png')


def test_the_reviewed_screenshots_are_there():
    # one per game at a phone's width, two at a laptop's (made by the browser
    # test with UPDATE_SCREENS=1, looked at, committed)
    want = ['%s-phone.png' % n for n in GAMES] + ['brass-w07-4p-laptop.png',
                                                   'steam-base-short-laptop.png',
                                                   'sim-steam-over-phone.png',
                                                   'sim-brass-in-play-phone.png']
    for name in want:
        w, h, rgb = png.read_png(os.path.join(SCREENS, name))
        assert w == (LAPTOP if 'laptop' in name else PHONE), name
