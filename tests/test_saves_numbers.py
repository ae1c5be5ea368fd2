# A huge number in a log (a save or a hand-written log) is refused with the
# rules' words, never a crash (issue 13: CPython's int() refuses a string of
# over 4,300 digits with ValueError; a device would spend its heap on it).
# Every game, every verb, the number at each place in the line; every
# setting; "undo" and "redo" counts.
import pytest

from trackside import logfmt, settings
from trackside.games import GAMES, load
from trackside.session import new_session
from trackside.replay import replay

BIG = '9' * 5000
NAMES = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay']


def setups():
    for name, title in GAMES:
        g = load(name)
        for variant in g.VARIANTS:
            lo, hi, d = settings.players(g, variant[0])
            yield '%s %s players=%s' % (name, variant[0], ','.join(NAMES[:lo]))


@pytest.mark.slow
@pytest.mark.parametrize('setup', list(setups()))
def test_a_huge_number_anywhere_in_an_action_is_refused(setup):
    g = load(setup.split()[0])
    new_session(setup)                  # the setup itself is good
    tried = 0
    for verb in list(g.VERBS) + list(logfmt.SESSION_VERBS):
        for before in range(4):
            words = [verb] + ['1'] * before + [BIG]
            for line in ('Ann ' + ' '.join(words), ' '.join(words)):
                s, err = replay([setup, line])
                assert err is not None and err[0] == 2, line[:40]
                tried += 1
    assert tried >= 8 * (len(g.VERBS) + 2)


@pytest.mark.parametrize('setup', list(setups()))
def test_a_huge_number_in_a_setting_is_refused(setup):
    g = load(setup.split()[0])
    for word in ['turns', 'rules', 'format'] + [spec[0] for spec in g.SETTINGS]:
        s, err = replay(['%s %s=%s' % (setup, word, BIG)])
        assert s is None and err[0] == 1, word
