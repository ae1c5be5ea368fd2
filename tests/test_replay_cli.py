# `python -m host_sim replay GAME.log [--json]`, as a person runs it.
import json
import os
import subprocess
import sys

from conftest import ROOT

SHORT = os.path.join(ROOT, 'tests', 'scenarios', 'steam-base-short.log')


def cli(*args):
    return subprocess.run([sys.executable, '-m', 'host_sim'] + list(args), cwd=ROOT,
                          capture_output=True, text=True)


def test_replay_json_prints_the_standings():
    r = cli('replay', SHORT, '--json')
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    with open(SHORT[:-4] + '.json') as f:
        assert got == json.load(f)


def test_replay_table_is_readable():
    r = cli('replay', SHORT)
    assert r.returncode == 0
    lines = r.stdout.splitlines()
    assert lines[0] == 'Steam base, turn 2 of 2, over'
    assert lines[1].split() == ['name', 'cash', 'income', 'vp', 'loco', 'order', 'tile',
                                'bankrupt', 'links', 'score', 'rank']
    assert lines[4].split() == ['Cid', '0', '-1', '3', '2', '1', 'turnorder', 'false', '3', '4', '1']
    assert lines[-1] == 'Winner: Cid'


def test_replay_reports_the_first_illegal_line(tmp_path):
    with open(SHORT) as f:
        lines = f.read().splitlines()
    bad = lines.index('Bob build 2')
    lines[bad] = 'Bob build 2 2 2 2'            # Bob has no Engineer: 3 tiles at most
    lines.append('this line is never read')
    p = tmp_path / 'bad.log'
    p.write_text('\n'.join(lines) + '\n')
    r = cli('replay', str(p), '--json')
    assert r.returncode == 1
    got = json.loads(r.stdout)
    assert got['error'] == {'line': bad + 1, 'text': 'Bob build 2 2 2 2',
                            'message': 'At most 3 track tiles this turn (4 with Engineer; §5.2)'}
    assert got['next'] == 'Bob: build track'
    assert '%s:%d: Bob build 2 2 2 2' % (p, bad + 1) in r.stderr
    r = cli('replay', str(p))
    assert r.returncode == 1 and r.stdout.splitlines()[-1] == 'Next: Bob: build track'


def test_replay_of_a_bad_setup_or_missing_file(tmp_path):
    p = tmp_path / 'x.log'
    p.write_text('steam base players=Ann,Bob\n')
    r = cli('replay', str(p), '--json')
    assert r.returncode == 2 and '3 to 6 players' in json.loads(r.stdout)['error']['message']
    r = cli('replay', str(tmp_path / 'none.log'))
    assert r.returncode == 2 and 'cannot read' in r.stderr


def test_replay_says_what_a_hand_edit_did_wrong():
    # docs/log-format.md, "Checksums" and "General rules": a checksum the
    # device wrote, copied in capitals, is named as such; one that no
    # longer matches is "damaged or edited"; a locomotive written "#6" (as
    # printed on its card) is a comment, and the message says so.
    from trackside.logfmt import seal
    from trackside.replay import replay
    line = seal('Ann bid 2').decode().strip()
    body, crc = line.split(' ~')
    for ending, said in ((crc.upper(), 'checksum is written in lower case: ~' + crc),
                         (crc, None),
                         (crc[:-1] + ('0' if crc[-1] != '0' else '1'), 'checksum does not match')):
        s, err = replay(['steam base players=Ann,Bob,Cid turns=2', body + ' ~' + ending])
        if said is None:
            assert err is None and s.cursor == 1
        else:
            assert err[0] == 2 and err[2].startswith(said), err
    s, err = replay(['russianrailroads players=Ann,Bob', 'Bob start rouble', 'Ann loco ts #6'])
    assert err[0] == 3 and err[2].endswith('("#" starts a comment: write 6, not #6)'), err
    s, err = replay(['russianrailroads players=Ann,Bob', 'Bob start rouble', 'Ann loco ts 6 # #2 stays'])
    assert err is None
