# Score pad: the scores of any board game, round by round. Each round every
# player's points are entered; an earlier round can be corrected; the game
# ends after the rounds set up, or when the players say so; the ranking
# shares ties. docs/log-format.md has its lines; docs/engine.md uses it as
# the example of a game on the shared interface.
from trackside.rules import RuleError, ask, NONE, AMOUNT, PICK, SEQUENCE, NOBODY
from trackside.logfmt import player_index, txt, number

NAME = 'scorepad'
TITLE = 'Score pad'
RULES_VERSION = 1
VARIANTS = (('pad', 'Score pad'),)
PLAYERS = (2, 8, 4)
SEATING = 'top of the sheet'
CURRENCY = ''
SETTINGS = (
    ('rounds', 0, (0, 99), None),
    ('low', 'no', ('no', 'yes'), None),
    ('min_points', 0, (-999, 0), None),
    ('max_points', 100, (1, 9999), None),
)
VERBS = ('round', 'fix', 'end')
RESERVED = VERBS
ANYTIME = ('fix',)          # a correction is nobody's move in particular

PLAY, OVER = 'play', 'over'


def clock(s, long=False):
    # The round being entered (or, at the end, the rounds played).
    n = len(s['rounds'])
    if s['phase'] == OVER:
        return '%d round%s' % (n, '' if n == 1 else 's')
    if s['last']:
        return ('round %d of %d' if long else 'R%d/%d') % (n + 1, s['last'])
    return ('round %d' if long else 'R%d') % (n + 1)


def new_game(setup):
    cfg = setup['settings']
    n = len(setup['players'])
    return {'turn': 1, 'phase': PLAY, 'rounds': [], 'total': [0] * n, 'rank': None,
            'last': cfg['rounds'], 'low': cfg['low'] == 'yes',
            'lo': cfg['min_points'], 'hi': cfg['max_points']}


# --- the rules ------------------------------------------------------------------------

def check_points(s, points):
    for v in points:
        if not s['lo'] <= v <= s['hi']:
            raise RuleError('Points in a round are %d to %d (settings min_points, max_points), '
                            'not %d' % (s['lo'], s['hi'], v))


def do_round(s, points):
    if len(points) != len(s['total']):
        raise RuleError('A round gives every player points: %d numbers, not %d' % (
            len(s['total']), len(points)))
    check_points(s, points)
    s['rounds'].append(list(points))
    add_up(s)
    s['turn'] += 1
    if s['last'] and len(s['rounds']) >= s['last']:
        finish(s)


def do_fix(s, p, rnd, points):
    # A correction: player p's points in round rnd (1 = the first).
    if not 1 <= rnd <= len(s['rounds']):
        if not s['rounds']:
            raise RuleError('No round has been entered yet: nothing to correct')
        raise RuleError('Round %d is not entered: rounds 1 to %d can be corrected' % (
            rnd, len(s['rounds'])))
    check_points(s, [points])
    s['rounds'][rnd - 1][p] = points
    add_up(s)
    if s['phase'] == OVER:
        s['rank'] = ranking(s)


def do_end(s):
    if not s['rounds']:
        raise RuleError('Enter a round before ending the game')
    finish(s)


def add_up(s):
    n = len(s['total'])
    s['total'] = [sum(r[p] for r in s['rounds']) for p in range(n)]


def finish(s):
    s['phase'] = OVER
    s['rank'] = ranking(s)


def ranking(s):
    # Each player's place: 1 + how many did better. Equal totals share a
    # place (two 1sts, then a 3rd).
    t = s['total']
    better = (lambda a, b: a < b) if s['low'] else (lambda a, b: a > b)
    return [1 + len([q for q in range(len(t)) if better(t[q], t[p])]) for p in range(len(t))]


# --- the questions ----------------------------------------------------------------------

def expects(s):
    return NOBODY, (('round', 'end') if s['phase'] == PLAY else ())


def prompt(s, setup):
    n = len(setup['players'])
    anytime = [(list(range(n)), ('fix', SEQUENCE))] if s['rounds'] else []
    if s['phase'] == OVER:
        return ask(s['turn'], OVER, NOBODY, 'Game over', [], anytime=anytime)
    opts = [('round', SEQUENCE)]
    if s['rounds']:
        opts.append(('end', NONE))
    return ask(s['turn'], PLAY, NOBODY, 'Round %d: points' % (len(s['rounds']) + 1), opts,
               anytime=anytime)


def step(setup, s, p, verb, answers):
    names = setup['players']
    if verb == 'round':
        # Each player's points in seating order, each starting at 0.
        k = len(answers)
        words = ['round'] + ['%s %d' % (names[i], answers[i]) for i in range(k)]
        summary = ', '.join('%s %d' % (names[i], answers[i]) for i in range(k))
        if k == len(names):
            return summary, None, ' '.join(words)
        q = ('%s: points in round %d' % (names[k], len(s['rounds']) + 1), AMOUNT,
             s['lo'], s['hi'], 0)
        return summary, q, ' '.join(words + [names[k]])
    # fix: which round, then the points it should have been
    if not answers:
        items = [('%d' % (r + 1), 'Round %d: %d' % (r + 1, s['rounds'][r][p]))
                 for r in range(len(s['rounds']))]
        return '', ('%s: correct which round?' % names[p], PICK, items), 'fix'
    rnd = int(answers[0])
    if len(answers) == 1:
        was = s['rounds'][rnd - 1][p]
        return ('Round %d: %d' % (rnd, was),
                ('%s: round %d points' % (names[p], rnd), AMOUNT, s['lo'], s['hi'], was),
                'fix %d' % rnd)
    return 'Round %d' % rnd, None, 'fix %d %d' % (rnd, answers[1])


def apply(s, action):
    p, verb, args = action
    if verb == 'fix':
        do_fix(s, p, args[0], args[1])
    elif s['phase'] == OVER:
        raise RuleError('The game is over: only corrections ("NAME fix ROUND POINTS")')
    elif verb == 'round':
        do_round(s, args)
    else:
        do_end(s)


# --- the text form (docs/log-format.md) ---------------------------------------------------

def points_of(word):
    # A whole number, maybe negative: "12", "-3".
    neg = word[:1] == b'-'
    v = number(txt(word[1:] if neg else word))
    if v < 0 or len(word) > 6:
        raise RuleError('Points are a whole number, e.g. 12 or -3, not "%s"' % txt(word))
    return -v if neg else v


def said_of(setup, w):
    # What a round line that is not one number a player gave instead: who
    # is missing where names are written, else how many numbers.
    named = [player_index(setup, x) for x in w]
    if named and max(named) >= 0:
        missing = [setup['players'][q] for q in range(len(setup['players'])) if q not in named]
        if missing:
            return 'none for ' + ', '.join(missing)
        return 'every player named, but not each with one number'
    return '%d number%s written' % (len(w), '' if len(w) == 1 else 's')


def parse(setup, actor, verb, w):
    names = setup['players']
    if verb == b'round':
        if actor >= 0:
            raise RuleError('"round" stands alone: "round Ann 12 Bob 7 ..." or "round 12 7 ..."')
        if len(w) == 2 * len(names) and player_index(setup, w[0]) >= 0:
            points = [None] * len(names)
            for i in range(0, len(w), 2):
                q = player_index(setup, w[i])
                if q < 0:
                    raise RuleError('"%s" is not a player' % txt(w[i]))
                if points[q] is not None:
                    raise RuleError('%s is given twice in one round' % names[q])
                points[q] = points_of(w[i + 1])
            return (NOBODY, 'round', tuple(points))
        if len(w) != len(names):
            raise RuleError('A round gives each of the %d players points (%s): "round %s"' % (
                len(names), said_of(setup, w), ' '.join('%s 0' % n for n in names)))
        return (NOBODY, 'round', tuple(points_of(x) for x in w))
    if verb == b'fix':
        if actor < 0:
            raise RuleError('"fix" needs the player first: "%s fix ROUND POINTS"' % names[0])
        if len(w) != 2 or number(txt(w[0])) < 0:      # (round 0: do_fix says which there are)
            raise RuleError('"fix" takes the round and the points: "%s fix 2 15"' % names[actor])
        return (actor, 'fix', (number(txt(w[0])), points_of(w[1])))
    if verb == b'end':
        if actor >= 0 or w:
            raise RuleError('"end" stands alone on its line')
        return (NOBODY, 'end', ())
    raise RuleError('Unknown action "%s"; the score pad knows: round, fix, end' % txt(verb))


def unparse(setup, action):
    p, verb, args = action
    names = setup['players']
    if verb == 'round':
        return 'round ' + ' '.join('%s %d' % (names[i], args[i]) for i in range(len(args)))
    if verb == 'fix':
        return '%s fix %d %d' % (names[p], args[0], args[1])
    return 'end'


# --- standings ------------------------------------------------------------------------

def standings(setup, s):
    rows = []
    for p in range(len(setup['players'])):
        row = {'name': setup['players'][p], 'total': s['total'][p],
               'rounds': [r[p] for r in s['rounds']]}
        if s['phase'] == OVER:
            row['rank'] = s['rank'][p]
        rows.append(row)
    return rows


def summary(setup, s):
    out = {'turn': len(s['rounds']), 'phase': s['phase'], 'over': s['phase'] == OVER}
    if s['phase'] == OVER:
        out['winner'] = ', '.join(setup['players'][p] for p in range(len(s['rank']))
                                  if s['rank'][p] == 1)
    return out
