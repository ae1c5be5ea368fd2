# Brass scenario logs (tests/scenarios/brass-*.log): whole games worked out
# by hand from the digest (the arithmetic is in each log's comments), their
# expected standings in brass-*.json; identical on CPython and on the real
# MicroPython interpreter from the .mpy files. And docs/log-format.md:
# its examples are what Trackside does.
import pytest
import glob
import json
import os
import subprocess
import sys

from conftest import ROOT
from doc_text import entries, blocks, log_format
from test_micropython import cpython_result, micropython_results
from trackside.session import new_session

DOC = log_format('Brass (Lancashire)')     # the game's section of docs/log-format.md
SCENARIOS = sorted(glob.glob(os.path.join(ROOT, 'tests', 'scenarios', 'brass-*.log')))


def expected(path):
    with open(path[:-4] + '.json') as f:
        return json.load(f)


def test_every_brass_scenario_has_hand_worked_standings():
    # both editions, 3 and 4 players, the loan lock (§1, §4.1)
    assert len(SCENARIOS) >= 4
    heads = [open(p).read().split('\nbrass ')[1].split()[:2] for p in SCENARIOS]
    assert {h[0] for h in heads} == {'w07', 'rx18'}
    counts = {len(h[1].split('=')[1].split(',')) for h in heads}
    assert {3, 4} <= counts


def test_scenarios_replay_to_the_hand_worked_standings():
    for path in SCENARIOS:
        got = cpython_result(path)
        del got['state']
        assert got == expected(path), os.path.basename(path)


@pytest.mark.slow
def test_scenarios_are_identical_on_micropython(mpy_dir):
    # one interpreter for each log: tests/mp/replay_json.py lets a game's
    # modules go from sys.modules but not from the trackside.games package,
    # so a process playing several logs holds two copies (see the report)
    for path in SCENARIOS:
        mp = micropython_results(mpy_dir, [path])[0]
        assert mp == cpython_result(path), os.path.basename(path)


def test_the_scenarios_cover_the_issue():
    # loans, shortfalls (salvage and VP), overbuilds, a closed distant
    # market, the Rail-era loan lock: each is in some hand-worked log
    text = ''.join(open(p).read() for p in SCENARIOS)
    for words in (' loan ', ' salvage ', ' over ', 'distant 3 ', 'VP lost', 'No loans'):
        if words == 'No loans':
            assert any(expected(p)['error'] and words in expected(p)['error'][2] for p in SCENARIOS)
        else:
            assert words in text, words
    closed = [p for p in SCENARIOS if '= X' in open(p).read()]
    assert closed


# --- the documentation's examples ---------------------------------------------------

def four_player():
    with open(os.path.join(ROOT, 'tests', 'scenarios', 'brass-w07-4p.log')) as f:
        return entries(f.read().splitlines())


def test_doc_examples_are_the_start_of_the_four_player_scenario():
    whole = four_player()
    examples = [b for b in blocks(DOC) if b.startswith('brass w07 players=') and 'format=1' not in b]
    assert len(examples) == 2
    for block in examples:
        lines = [l for l in block.splitlines() if l.strip() != '...']
        got = entries(lines)
        assert whole[:len(got)] == got


def test_doc_setup_lines_are_what_the_device_writes():
    # "The device writes every setting out": each line is the canonical
    # setup line of its own game (its settings, its rules version).
    block = [b for b in blocks(DOC) if b.startswith('brass w07 players=') and 'format=1' in b][0]
    lines = block.splitlines()
    assert [l.split()[1] for l in lines] == ['w07', 'rx18']
    for line in lines:
        assert new_session(line).setup_line() == line
        assert new_session(' '.join(line.split()[:3])).setup_line() == line   # the defaults


def test_doc_table_is_what_replay_prints():
    table = [b for b in blocks(DOC) if b.startswith('Brass w07, rail')][0]
    r = subprocess.run([sys.executable, '-m', 'host_sim', 'replay',
                        os.path.join(ROOT, 'tests', 'scenarios', 'brass-w07-4p.log')],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.stdout == table


def test_doc_lists_every_setting_and_verb():
    from trackside.games import brass
    text = DOC
    for spec in brass.SETTINGS:
        assert '| `%s` |' % spec[0] in text, spec[0]
    for verb in brass.VERBS:
        assert '`NAME %s' % verb in text or '`%s`' % verb in text, verb


def test_setup_line_writes_every_setting():
    s = new_session('brass players=Ann,Bob,Cid')
    assert s.setup_line() == ('brass w07 players=Ann,Bob,Cid rounds=10 noloan=4 bonus=spaces '
                              'distant=tell notiles=vp tiebreak=after cubes=limited format=1 rules=2')
    s = new_session('brass rx18 players=Ann,Bob')
    assert s.setup_line() == ('brass rx18 players=Ann,Bob rounds=10 noloan=4 bonus=spaces '
                              'distant=tell tiles=all12 intro=no format=1 rules=2')


def test_doc_intro_example_is_the_intro_scenario():
    # docs/log-format.md "The introductory game": its lines are the start and
    # the end of brass-rx18-2p-intro.log (§13.4)
    block = [b for b in blocks(DOC) if b.startswith('brass rx18 players=Ann,Bob rounds=3 intro=yes')][0]
    lines = block.splitlines()
    cut = lines.index('...')
    head, tail = entries(lines[:cut]), entries(lines[cut + 1:])
    with open(os.path.join(ROOT, 'tests', 'scenarios', 'brass-rx18-2p-intro.log')) as f:
        whole = entries(f.read().splitlines())
    assert whole[:len(head)] == head and whole[-len(tail):] == tail
