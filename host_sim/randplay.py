# Random play for Steam, driven by the rules' own prompt: legal lines (as
# the UI would offer them) and junk (as a careless hand would type). Used by
# the property tests and by tools/bench_engine.py to make long games.
import random

from trackside.session import new_session
from trackside.games import steam
from trackside.rules import NONE, AMOUNT, PICK, AMOUNTS

NAMES = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay', 'Gus']


def legal_line(session, rnd):
    # A random line among those the prompt offers (the rules may still
    # refuse it, e.g. an income choice past the top of the track).
    pr = session.prompt()
    opt = rnd.choice(pr['options'])
    verb, kind = opt[0], opt[1]
    who = session.setup['players'][pr['player']] + ' ' if pr['player'] >= 0 else ''
    if kind == NONE:
        return who + verb
    if kind == AMOUNT:
        return '%s%s %d' % (who, verb, rnd.randint(opt[2], min(opt[3], opt[2] + 12)))
    if kind == PICK:
        return '%s%s %s' % (who, verb, rnd.choice(opt[2])[0])
    if kind == AMOUNTS:
        # now and then a dear build (debts, bankruptcy); mostly within the money
        n = rnd.randint(1, opt[2])
        top = opt[4] if rnd.random() < 0.3 else 4
        costs = [rnd.randint(opt[3], top) for _ in range(n)]
        if rnd.random() < 0.8:
            while len(costs) > 1 and sum(costs) > opt[5]:
                costs.pop()
        return '%s%s %s' % (who, verb, ' '.join(str(c) for c in costs))
    if kind == steam.DELIVERY:
        return who + verb + ' ' + delivery_words(session, pr['player'], opt[2], rnd)
    raise AssertionError('unknown prompt kind %r' % kind)


def delivery_words(session, mover, most, rnd):
    s = session.state
    names = session.setup['players']
    own = rnd.randint(1, most)
    parts = ['%s %d %s' % (names[mover], own, rnd.choice(('income', 'vp')))]
    left = most - own
    others = [p for p in s['order'] if p != mover]
    rnd.shuffle(others)
    for p in others:
        if left <= 0 or rnd.random() < 0.5:
            break
        k = rnd.randint(1, min(own, left))
        parts.append('%s %d %s' % (names[p], k, rnd.choice(('income', 'vp'))))
        left -= k
    if left > 0 and rnd.random() < 0.2:
        parts.append('unowned %d' % rnd.randint(1, left))
    return ' '.join(parts)


JUNK_VERBS = list(steam.VERBS) + ['undo', 'frob', '']


def junk_line(session, rnd):
    # A line that is probably wrong: any player, any verb, odd arguments.
    names = session.setup['players'] + ['Zed', '']
    words = [rnd.choice(names), rnd.choice(JUNK_VERBS)]
    for _ in range(rnd.randint(0, 4)):
        words.append(rnd.choice(['0', '1', '3', '7', '11', '99', '-2', '$5', 'x', 'vp', 'income',
                                 'pass', 'locomotive', 'citygrowth', 'unowned'] + names))
    return ' '.join(w for w in words if w)


def random_setup(rnd, n=None, variant=None, extra='', names=None):
    # A Steam setup line: random player count and variant unless given.
    n = n or rnd.randint(3, 6)
    names = names or NAMES
    variant = variant or rnd.choice(['base', 'standard'])
    if variant == 'base':
        extra = rnd.choice(['start=firstgame', 'start=auction']) + ' ' + extra
    else:
        extra = rnd.choice(['', 'relaxed=track', 'capital_vp=no', 'tiebreak=order']) + ' ' + extra
    return ('steam %s players=%s %s' % (variant, ','.join(names[:n]), extra)).strip()


def random_game(seed, n=None, extra='', junk=0.0, max_lines=2000, variant=None, names=None):
    # A whole game of random legal actions (and some refused ones): the log
    # lines, and the session that played them.
    rnd = random.Random(seed)
    setup = random_setup(rnd, n, variant, extra, names)
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
        except steam.RuleError:
            continue
        lines.append(line)
    return lines, session
