# Random play for any game, driven by the rules' own prompt: legal lines (as
# the UI would offer them) and junk (as a careless hand would type). Used by
# the property tests and by tools/bench_engine.py to make long games. Only
# what a game module declares is read: its variants, player range,
# settings, verbs and prompts.
import random

from trackside.session import new_session
from trackside.rules import RuleError
from trackside.games import load
from trackside import settings
from host_sim.autoanswer import random_line

NAMES = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal', 'Ida']


def legal_line(session, rnd):
    # A random line among those the prompt offers (the rules may still
    # refuse it, e.g. an income choice past the top of the track).
    return random_line(session, rnd)


def junk_line(session, rnd):
    # A line that is probably wrong: any player, any verb, odd arguments.
    names = session.setup['players'] + ['Zed', '']
    verbs = list(session.game.VERBS) + ['undo', 'frob', '']
    words = [rnd.choice(names), rnd.choice(verbs)]
    for _ in range(rnd.randint(0, 4)):
        words.append(rnd.choice(['0', '1', '3', '7', '11', '99', '-2', '$5', 'x', 'vp', 'income',
                                 'pass', 'done', 'all'] + list(session.game.VERBS) + names))
    return ' '.join(w for w in words if w)


def random_setting(spec, setup, rnd):
    # Mostly the default (games stay of a usual length); else any allowed value.
    if rnd.random() < 0.7:
        return None
    allowed = spec[2]
    if settings.is_number(spec):
        d = settings.default(spec, setup)
        return '%d' % rnd.randint(allowed[0], min(allowed[1], max(allowed[0] + 2, d)))
    return rnd.choice(allowed)


def random_setup(rnd, n=None, variant=None, extra='', names=None, game='steam'):
    # A setup line for this game: a random variant, player count and
    # settings from what the game declares, unless given.
    g = load(game)
    if variant is None:
        variant = rnd.choice(g.VARIANTS)[0]
    lo, hi, dflt = settings.players(g, variant)
    n = n or rnd.randint(lo, hi)
    names = (names or NAMES)[:n]
    setup = {'players': names, 'variant': variant}
    given = [w.split('=')[0] for w in extra.split()]
    words = []
    for spec in settings.specs(g, variant):
        if spec[0] in given:
            continue
        v = random_setting(spec, setup, rnd)
        if v is not None:
            words.append('%s=%s' % (spec[0], v))
    head = game if len(g.VARIANTS) == 1 else '%s %s' % (game, variant)
    return ('%s players=%s %s %s' % (head, ','.join(names), ' '.join(words), extra)).strip()


def random_game(seed, n=None, extra='', junk=0.0, max_lines=2000, variant=None, names=None,
                game='steam'):
    # A whole game of random legal actions (and some refused ones): the log
    # lines, and the session that played them.
    rnd = random.Random(seed)
    setup = random_setup(rnd, n, variant, extra, names, game)
    session = new_session(setup)
    lines = [setup]
    tries = 0
    while not session.over() and len(lines) < max_lines:
        tries += 1
        assert tries < 50 * max_lines, 'random play is stuck at: %s' % session.prompt()['text']
        if rnd.random() < junk:
            line = junk_line(session, rnd)
        else:
            line = legal_line(session, rnd)
        try:
            session.do_text(line)
        except RuleError:
            continue
        lines.append(line)
    return lines, session
