# The text form of a game: setup line, action lines, checksums.
import binascii
import random

import pytest

from trackside import logfmt
from trackside.games import steam
from trackside.rules import RuleError
from trackside.session import new_session
from trackside.replay import replay
from steam_play import random_game


def test_setup_line_round_trip_writes_every_setting():
    s = new_session('Steam players=Ann,Bob,Cid,Dee')
    line = s.setup_line()
    assert line == ('steam base players=Ann,Bob,Cid,Dee start=auction turns=8 income_max=10 '
                    'over_max=refuse zero_bid=yes one_left=end format=1 rules=2')
    assert new_session(line).setup == s.setup


@pytest.mark.parametrize('line, words', [
    ('', 'must name the game'),
    ('players=Ann,Bob,Cid', 'must name the game'),
    ('chess players=Ann,Bob,Cid', 'Unknown game "chess"'),
    ('steam base', 'must list the players'),
    ('steam base players=Ann,Bob', '3 to 6 players'),
    ('steam advanced players=Ann,Bob,Cid', 'variant "advanced" is not available'),
    ('steam standard players=Ann,Bob,Cid start=auction', 'start is for steam base (Base game) only'),
    ('steam players=Ann,Bob,Cid colour=red', 'no setting "colour"'),
    ('steam players=Ann,Bob,Cid start=random', 'start must be one of'),
    ('steam players=Ann,Bob,Cid turns=x', 'turns must be 1..20'),
    ('steam players=Ann,Bob,Cid format=2', 'format 2'),
    ('steam players=Ann,Bob,Cid rules=3', 'newer steam rules (v3'),
    ('steam players=Ann,Bob,Cid rules=0', 'rules= is a version, 1 or more'),
    ('steam players=Ann,Bob,ann', 'Two players are called'),
    ('steam players=Ann,Bob,pass', 'word of the log'),
    ('steam players=Ann,Bob,Cid=x', 'may not contain "="'),
    ('steam players=Ann,Bob,Cid start', 'key=value'),
    ('steam players=Ann,Bob,12', 'is a number'),
    ('steam players=Ann,Bob,-3', 'is a number'),
    ('brass rx18 players=Ann,Bob notiles=none', 'notiles is for brass w07 (Brass (Warfrog 2007)) only'),        # (a score pad's points: -3)
    ('steam players=Ann,Bob,Unowned', 'word of the log'),
    ('steam players=Ann,Bob,Cid turns=²', 'turns must be 1..20'),
    ('steam players=Ann,Bob,Cid turns=0', 'turns must be 1..20'),
    ('steam players=Ann,Bob,Cid rules=²', 'rules= must be a number'),
    ('steam players=Ann,Bob,Bartholomew_the_third', 'too long'),
])
def test_bad_setup_lines_are_explained(line, words):
    with pytest.raises(RuleError) as e:
        new_session(line)
    assert words in str(e.value)


def test_names_are_matched_without_case_and_money_may_have_a_dollar():
    s = new_session('steam players=Éva,Bob,Cid start=auction')
    s.do_text('Éva bid $3   # a comment')
    s.do_text('BOB bid 4')
    s.do_text('cid pass')
    # case is ignored for A-Z only, as MicroPython does: an accented capital
    # must be written as in the setup line (the same on the host and device)
    with pytest.raises(RuleError):
        s.do_text('éVA pass')
    s.do_text('ÉVA pass')
    assert s.history() == ['Éva bid 3', 'Bob bid 4', 'Cid pass', 'Éva pass']


@pytest.mark.parametrize('line, words', [
    ('Ann', 'needs an action'),
    ('Ann frob', 'Unknown action "frob"'),
    ('tile 4', 'needs a player name'),
    ('Ann income', 'stands alone'),
    ('Ann tile', 'needs more'),
    ('Ann tile firstbuild now', 'maybe "pass"'),
    ('Ann tile engineer pass', 'Only City Growth and Urbanization'),
    ('Ann build 3', 'choose tile'),
    ('Ann bid x', 'whole number'),
    ('Ann deliver Zed 1 vp', 'not a player'),
])
def test_bad_action_lines_are_explained(line, words):
    s = new_session('steam players=Ann,Bob,Cid start=firstgame')
    with pytest.raises(RuleError) as e:
        s.do_text(line)
    assert words in str(e.value)


def test_every_action_prints_as_a_line_that_parses_back():
    for seed in range(5):
        lines, s = random_game(seed)
        for line in s.all_lines():
            action = logfmt.parse_action(steam, s.setup, line)
            assert s.text(action) == line


def test_seal_and_unseal():
    rec = logfmt.seal('Ann bid 7')
    assert rec.endswith(b'\n') and rec.startswith(b'Ann bid 7 ~')
    assert logfmt.unseal(rec[:-1]) == b'Ann bid 7'
    assert logfmt.unseal(b'Ann bid 7') == b'Ann bid 7'         # hand-written: no checksum
    damaged = rec[:4] + b'x' + rec[5:-1]
    assert logfmt.unseal(damaged) is None
    assert logfmt.unseal(rec[:-3]) is None                      # torn inside the checksum


def test_python_crc32_matches_binascii():
    rnd = random.Random(5)
    for n in range(0, 200, 7):
        data = bytes(rnd.randrange(256) for _ in range(n))
        assert logfmt.crc32_py(data) == binascii.crc32(data)


def test_replay_accepts_device_lines_and_refuses_edited_ones():
    lines, s = random_game(seed=2, n=3)
    sealed = [logfmt.seal(x).decode().rstrip('\n') for x in lines]
    s2, err = replay(sealed)
    assert err is None and s2.state == s.state
    edited = sealed[:5] + [sealed[5].replace(' ', '  ', 1).replace('Ann', 'Bob', 1)] + sealed[6:]
    if edited[5] != sealed[5]:
        s3, err = replay(edited)
        assert err[0] == 6 and 'checksum' in err[2]


def test_a_comment_is_never_taken_for_a_checksum():
    s, err = replay(['steam base players=A1,B1,C1 start=firstgame', 'A1 tile firstmove # quick ~3'])
    assert err is None and s.history() == ['A1 tile firstmove']


def test_a_byte_order_mark_before_the_setup_is_ignored():
    s, err = replay(['\ufeffsteam base players=Ann,Bob,Cid start=firstgame', 'Ann tile engineer'])
    assert err is None and s.cursor == 1
