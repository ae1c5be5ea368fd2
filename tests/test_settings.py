# What every game declares for its settings (trackside/settings.py): each
# setting has a line of SETTINGS_TEXT with a label and a line of help that
# fit the settings screen, and words for each allowed value where given;
# the shared checks refuse what the declarations do not allow.
import sys

import pytest

from trackside import settings
from trackside.games import GAMES, load
from trackside.rules import RuleError
from trackside.session import new_session

NAMES = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal']


@pytest.mark.parametrize('name', [g for g, title in GAMES])
def test_every_setting_has_its_words_for_the_screen(name):
    game = load(name)
    keys = [spec[0] for spec in game.SETTINGS]
    texts = settings.texts(game)
    assert sorted(texts) == sorted(keys)
    # kept out of the rules' module, which a game in play holds (docs/engine.md)
    assert not hasattr(game, 'SETTINGS_TEXT')
    assert game.__name__ + '.text' not in sys.modules
    for spec in game.SETTINGS:
        label, help, words = texts[spec[0]]
        assert label and help
        assert len(label) <= 20, label              # "Label: value" on one line of 30
        assert len(help) <= 60, help                # two lines of the help under the list
        if words is not None:
            assert not settings.is_number(spec) and len(words) == len(spec[2]), spec[0]


@pytest.mark.parametrize('name', [g for g, title in GAMES])
def test_the_defaults_make_a_game_and_bad_settings_are_refused(name):
    game = load(name)
    for variant, title in game.VARIANTS:
        lo, hi, default = settings.players(game, variant)
        assert lo <= default <= hi
        head = name if len(game.VARIANTS) == 1 else '%s %s' % (name, variant)
        s = new_session('%s players=%s' % (head, ','.join(NAMES[:default])))
        assert s.setup['settings'] == dict((spec[0], settings.default(spec, s.setup))
                                           for spec in settings.specs(game, variant))
        # the setup line (Session.setup_line) writes every setting of the
        # variant in the order settings.order gives, without that module
        words = s.setup_line().split()
        assert [w.split('=')[0] for w in words if '=' in w][1:-2] == settings.order(game, variant)
        assert new_session(s.setup_line()).setup_line() == s.setup_line()
        for n in (lo - 1, hi + 1):
            if n > 0:
                with pytest.raises(RuleError) as e:
                    new_session('%s players=%s' % (head, ','.join('P' + 'abcdefghij'[i] for i in range(n))))
                assert 'is for %d to %d players' % (lo, hi) in str(e.value)
        with pytest.raises(RuleError) as e:
            new_session('%s players=%s nosuch=1' % (head, ','.join(NAMES[:default])))
        assert 'no setting "nosuch"' in str(e.value)
        for spec in settings.specs(game, variant):
            bad = '%d' % (spec[2][1] + 1) if settings.is_number(spec) else 'nosuchword'
            with pytest.raises(RuleError):
                new_session('%s players=%s %s=%s' % (head, ','.join(NAMES[:default]), spec[0], bad))


@pytest.mark.parametrize('name', [g for g, title in GAMES])
def test_every_setup_the_checks_pass_begins_a_game(name):
    # Where the device restarts to open a new game, Start checks the setup and saves
    # it, and the game's start (new_game) is made after the restart (ui/newgame.py):
    # new_game must begin every setup the checks let through (docs/engine.md,
    # "Playing"), or a saved new game would not open. Every variant and player count,
    # each setting at each of its words or at both ends of its range, one at a time.
    game = load(name)
    tried = 0
    for variant, title in game.VARIANTS:
        lo, hi, default = settings.players(game, variant)
        head = name if len(game.VARIANTS) == 1 else '%s %s' % (name, variant)
        lines = ['%s players=%s' % (head, ','.join(NAMES[:n])) for n in range(lo, hi + 1)]
        for spec in settings.specs(game, variant):
            values = spec[2] if not settings.is_number(spec) else spec[2][:2]
            for v in values:
                lines.append('%s players=%s %s=%s' % (head, ','.join(NAMES[:default]), spec[0], v))
        for line in lines:
            try:
                s = new_session(line, begin=False)
            except RuleError:
                continue                        # (refused at Start: nothing is saved)
            assert s.state is None
            s.begin()
            assert s.state is not None and s.prompt()['text'], line
            tried += 1
    assert tried >= len(game.VARIANTS) * 2
