# The README and docs/log-format.md are read by people who then write logs:
# their examples must be exactly what Trackside does.
import json
import os
import re
import subprocess
import sys

import pytest

from conftest import ROOT
from doc_text import read, blocks, entries, section
from trackside.games import steam, names
from trackside.session import new_session
from trackside.replay import replay

SHORT = os.path.join(ROOT, 'tests', 'scenarios', 'steam-base-short.log')








def scenario():
    with open(SHORT) as f:
        return entries(f.read().splitlines())


def test_readme_example_log_is_the_scenario():
    example = [b for b in blocks(read('README.md')) if b.startswith('steam base')][0]
    lines = example.splitlines()
    cut = lines.index('...')
    head, tail = entries(lines[:cut]), entries(lines[cut + 1:])
    whole = scenario()
    assert whole[:len(head)] == head and whole[-len(tail):] == tail


def test_readme_table_is_what_replay_prints():
    table = [b for b in blocks(read('README.md')) if b.startswith('Steam base, turn')][0]
    r = subprocess.run([sys.executable, '-m', 'host_sim', 'replay', SHORT], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.stdout == table


def test_readme_error_example_is_what_replay_says(tmp_path):
    readme = read('README.md')
    example = [b for b in blocks(readme) if b.startswith('steam base')][0].splitlines()
    shown = [b for b in blocks(readme) if b.startswith('mygame.log:')][0].splitlines()
    bad = shown[0].split(': ', 1)[1]
    lines = example[:example.index('...')]
    number = int(shown[0].split(':')[1])
    assert entries([lines[number - 1]]) == entries(['Bob build 2'])
    lines[number - 1] = bad
    log = tmp_path / 'mygame.log'
    log.write_text('\n'.join(lines) + '\n')
    r = subprocess.run([sys.executable, '-m', 'host_sim', 'replay', 'mygame.log'], cwd=str(tmp_path),
                       capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=ROOT))
    assert r.returncode == 1
    assert r.stderr.splitlines() == shown


def test_log_format_setup_example_is_canonical():
    doc = read('docs/log-format.md')
    line = [b for b in blocks(doc) if b.startswith('steam base players=Ann,Bob,Cid start=')][0].strip()
    assert new_session('steam players=Ann,Bob,Cid').setup_line() == line




@pytest.mark.parametrize('name', names())
def test_log_format_settings_table_matches_the_game(name):
    # Each game's section (the first whose title begins with the game's)
    # lists exactly its settings, with their values and defaults.
    from trackside.games import load
    from trackside import settings as settings_mod
    game = load(name)
    doc = read('docs/log-format.md')
    title = [h for h in re.findall(r'^## (.*)$', doc, re.M) if h.startswith(game.TITLE)][0]
    doc = section(doc, title)
    doc = doc.split('| Setting |')[1].split('\n\n')[0]        # the settings table
    rows = re.findall(r'^\| `(\w+)` \| (.*?) \| (.*?) \|', doc, re.M)
    table = {k: (vals, default) for k, vals, default in rows}
    assert set(table) == set(spec[0] for spec in game.SETTINGS)
    for spec in game.SETTINGS:
        key, default, allowed, variant = spec[:4]
        if variant:
            row = doc.split('| `%s` |' % key)[1].split('\n')[0]
            assert ('%s game only' % variant.capitalize()) in row or ('`%s` only' % variant) in row, row
        vals, doc_default = table[key]
        if settings_mod.is_number(spec):
            assert vals.replace('−', '-') == '%d–%d' % allowed
            if isinstance(default, int):
                assert doc_default == '%d' % default
        else:
            assert vals in (', '.join('`%s`' % a for a in allowed), words_and_range(allowed)), vals
            # (a default that depends on the setup: the one of a game of today's rules)
            d = default if isinstance(default, str) else default({'rules': None})
            assert doc_default.split(' (')[0] == '`%s`' % d


def words_and_range(allowed):
    # "`unset`, 0–20": words, then whole numbers lo..hi written as a range
    words = [a for a in allowed if not a.lstrip('-').isdigit()]
    numbers = [int(a) for a in allowed if a.lstrip('-').isdigit()]
    if not numbers or numbers != list(range(numbers[0], numbers[-1] + 1)):
        return None
    return ', '.join(['`%s`' % w for w in words] + ['%d–%d' % (numbers[0], numbers[-1])])


def test_log_format_tile_table_matches_steam():
    doc = read('docs/log-format.md')
    rows = re.findall(r'^\| (\d) \| `(\w+)`', doc, re.M)
    assert [(int(n), name) for n, name in rows] == [(i + 1, t) for i, t in enumerate(steam.TILES)]


def test_log_format_delivery_example_is_D1():
    s = new_session('steam players=Green,Black,Red start=firstgame')
    for line in ['Green tile turnorder', 'Black tile engineer', 'Red tile firstmove',
                 'Green pass', 'Black pass', 'Red pass', 'Red pass']:   # build; Red moves first
        s.do_text(line)
    s.state['loco'][0] = 5
    s.do_text('Green deliver Green 3 income Black 2 vp')
    assert (s.state['income'][0], s.state['vp'][1]) == (3, 2)


@pytest.mark.parametrize('title, log', [
    ('Steam (standard game)', SHORT),
    ('Score pad', os.path.join(ROOT, 'tests', 'scenarios', 'scorepad-ties.log'))])
def test_log_format_json_fields_are_what_replay_prints(title, log):
    # The fields every game prints, and the game's own (in its section), are documented.
    doc = read('docs/log-format.md')
    parts = [doc.split('\n## What `replay` prints\n')[1],
             section(doc, title).split('### What `replay` prints')[1]]
    documented = set()
    for part in parts:
        for names in re.findall(r'^\| ((?:`\w+`(?:, )?)+) \|', part, re.M):
            documented.update(re.findall(r'`(\w+)`', names))
    r = subprocess.run([sys.executable, '-m', 'host_sim', 'replay', log, '--json'], cwd=ROOT,
                       capture_output=True, text=True)
    out = json.loads(r.stdout)
    printed = set(out) | set(out['players'][0])
    assert printed == documented


def test_log_format_score_pad_example_replays(tmp_path):
    # The score pad's example, as a reader would type it: accepted line by
    # line, with the totals its comments in the scenario give.
    doc = section(read('docs/log-format.md'), 'Score pad')
    example = [b for b in blocks(doc) if b.startswith('scorepad players=')][0]
    session, error = replay(example.splitlines())
    assert error is None
    assert [r['total'] for r in session.standings()['players']] == [20, 20, 19, 20]


def test_every_checksum_in_the_docs_is_its_lines_crc():
    # log-format.md's "Checksums": a line the device writes ends " ~" and the
    # CRC-32 of the text before it. A reader copies the example: it must be
    # accepted (a blind log's copy of a wrong one was refused as damaged).
    import zlib
    found = 0
    for name in ('README.md', os.path.join('docs', 'log-format.md')):
        for text, crc in re.findall(r'`([^`~\n]+) ~([0-9a-f]{8})`', read(name)):
            assert '%08x' % zlib.crc32(text.encode()) == crc, (name, text, crc)
            if text.startswith('Ann bid'):             # and replay takes it
                s, error = replay(['steam base players=Ann,Bob,Cid turns=2 start=auction',
                                   '%s ~%s' % (text, crc)])
                assert error is None and s.history() == [text], error
            found += 1
    assert found >= 1
