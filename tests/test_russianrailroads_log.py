# Russian Railroads' log format (docs/log-format.md) is what people write
# logs from: its tables and examples must be exactly what Trackside does. And the whole
# games of tests/scenarios/russianrailroads-*.log, whose standings were worked out by hand
# (in their comments), replay to those standings on CPython and on MicroPython.
import glob
import json
import os
import re
import subprocess
import sys

from conftest import ROOT
from doc_text import blocks, log_format
from test_micropython import cpython_result, micropython_results
from trackside import settings
from trackside.games import russianrailroads as rr
from trackside.session import new_session
from trackside.replay import replay

DOC = log_format('Russian Railroads')     # the game's section of docs/log-format.md
SCENARIOS = sorted(glob.glob(os.path.join(ROOT, 'tests', 'scenarios', 'russianrailroads-*.log')))


def test_the_settings_table_is_the_games_settings():
    rows = re.findall(r'^\| `(\w+)` \| (.*?) \| (.*?) \|', DOC, re.M)
    table = dict((k, (vals, dflt)) for k, vals, dflt in rows if k in [s[0] for s in rr.SETTINGS])
    assert list(table) == [s[0] for s in rr.SETTINGS]
    for spec in rr.SETTINGS:
        vals, dflt = table[spec[0]]
        if settings.is_number(spec):
            assert vals == '%d–%d' % spec[2], spec[0]
            if isinstance(spec[1], int):
                assert dflt == '%d' % spec[1], spec[0]
        elif spec[0] == 'kiev8':
            assert vals == '`unset`, 0–20' and dflt == '`unset`'
        else:
            assert vals == ', '.join('`%s`' % a for a in spec[2]) and dflt == '`%s`' % spec[1]


def test_the_canonical_setup_line_is_what_the_device_writes():
    line = [b for b in blocks(DOC) if 'format=1' in b][0].strip()
    assert new_session('russianrailroads players=Ann,Bob,Cid,Dee').setup_line() == line


def test_every_verb_is_documented():
    lines = DOC.split('### Lines')[1].split('###')[0]
    for verb in rr.VERBS:
        assert re.search(r'`(NAME )?%s\b' % verb, lines), verb


def test_the_r1_example_replays_to_the_rulebooks_20():
    example = [b for b in blocks(DOC) if b.startswith('russianrailroads players=Red,Blue')][0]
    session, error = replay(example.splitlines())
    assert error is None
    assert session.state['sc'][0] == 20 and session.state['vp'][0] == 20


def test_the_first_example_is_the_start_of_the_4p_scenario():
    example = [b for b in blocks(DOC) if b.startswith('russianrailroads players=Ann')][0]
    lines = [l.split('#')[0].strip() for l in example.splitlines()]
    lines = [l for l in lines if l and l != '...']
    s = new_session(lines[0])
    for line in lines[1:-1]:
        s.do_text(line)             # every line is legal where it stands
    assert lines[-1] == 'score' and s.state['phase'] == 'actions'


def test_the_replay_fields_are_documented():
    part = DOC.split('### What `replay` prints')[1]
    documented = set()
    for names in re.findall(r'^\| ((?:`\w+`(?:, )?)+) \|', part, re.M):
        documented.update(re.findall(r'`(\w+)`', names))
    r = subprocess.run([sys.executable, '-m', 'host_sim', 'replay', SCENARIOS[-1], '--json'],
                       cwd=ROOT, capture_output=True, text=True)
    st = json.loads(r.stdout)
    fields = set(st['players'][0]) | set(k for k in st if k not in (
        'game', 'variant', 'players', 'next', 'actions', 'error'))
    assert fields == documented


def test_a_refused_line_stops_the_replay_with_the_rule(tmp_path):
    # The 3-player game's round 3 scored before the Kiev star's value is given.
    with open(os.path.join(ROOT, 'tests', 'scenarios', 'russianrailroads-3p.log')) as f:
        lines = f.read().splitlines()
    at = lines.index('kiev8 5')
    bad = lines[:at] + ['score'] + lines[at:]
    session, error = replay(bad)
    assert error[0] == at + 1 and 'Kiev space-8 star has no value yet' in error[2]
    assert session.state['phase'] == 'scoring' and session.state['turn'] == 3


def test_whole_games_give_the_hand_worked_standings_on_cpython_and_micropython(mpy_dir):
    assert [os.path.basename(p) for p in SCENARIOS] == [
        'russianrailroads-2p.log', 'russianrailroads-3p.log', 'russianrailroads-4p.log']
    for path in SCENARIOS:
        # one interpreter each: a device holds one game at a time
        mp = micropython_results(mpy_dir, [path])[0]
        cp = cpython_result(path)
        assert mp == cp, path
        with open(path[:-4] + '.json') as f:
            want = json.load(f)
        del cp['state']
        assert cp == want, path


def test_replay_of_a_game_under_way_says_who_is_next_once(tmp_path):
    # host_sim replay adds "Next: " to the prompt: the prompt must not say it too.
    with open(os.path.join(ROOT, 'tests', 'scenarios', 'russianrailroads-2p.log')) as f:
        lines = f.read().splitlines()
    k = 0
    session = None
    while not (session and session.state['phase'] == 'actions'):     # the first worker's turn
        k += 1
        session = replay(lines[:k])[0]
    path = tmp_path / 'under-way.log'
    path.write_text('\n'.join(lines[:k]) + '\n')
    out = subprocess.run([sys.executable, '-m', 'host_sim', 'replay', str(path)], cwd=ROOT,
                         capture_output=True, text=True).stdout
    last = out.strip().splitlines()[-1]
    assert last.startswith('Next: ') and 'Next: ' not in last[6:], last
