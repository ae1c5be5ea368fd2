# Russian Railroads (Helmut Ohley and Leonhard Orgler, Hans im Glück 2013),
# base game: the scorekeeper's rules.
#
# Every "§" below is a section of the rules digest,
# ../shared/rules/russian_railroads.md, where each number has its source.
# The device does not model the action board or the workers: players tell
# it what changed on their own boards (a track moved, a locomotive, a
# doubler, the industrialization marker...), one change a line, and it
# refuses impossible boards, awards what a change triggers, books the VP of
# passing, sets the turn order from the claims, and scores every board at
# the end of each round (§13) and at the end of the game (§11).
#
# board.py holds a board, its score and who acts now,
# log.py the lines, questions.py the questions, once.py the starting cards
# and the final scoring, pages.py the menu's pages (the last three are
# loaded only when needed; from source the device compiles the questions and
# once.py as a save is opened, PARTS); none of them imports this module.
from trackside.rules import RuleError, NOBODY, ask
from trackside import need, unload, FROM_SOURCE
from trackside.games.russianrailroads.log import (   # noqa: F401 (the session's)
    VERBS, CHANGES, parse, unparse)
from trackside.games.russianrailroads import board as B
from trackside.games.russianrailroads.board import (   # noqa: F401 (pawn: the UI's)
    TS, LEN, START, ACTIONS, SCORING, FINAL, OVER, pawn, last_round, claimants,
    claim_refusal, score_refusal)

NAME = 'russianrailroads'
TITLE = 'Russian Railroads'
RULES_VERSION = 2
# From rules 2 an engineer number is held once, and at most engineer_max (15).
# A save made by rules 1 replays as it was made: any number 1 to 99, held twice.
ENGINEERS_ONCE = 2
VARIANTS = (('base', 'Base game'),)
PLAYERS = (2, 4, 4)                 # §2
SEATING = 'turn-order card 1'       # players= is the first turn order (§2)
CURRENCY = ''
ROUNDS = {2: 6, 3: 6, 4: 7}         # §2

# Every value the digest leaves open is a setting with its default (§16);
# trackside/settings.py says the shape.
SETTINGS = (
    ('rounds', lambda setup: ROUNDS[len(setup['players'])], (1, 9), None),   # §2
    ('back1', 0, (0, 9), None),         # §9: the turn-order cards' backs (a review's
    ('back2', 2, (0, 9), None),         #     0/2/3/4; the rulebook's digits are lost)
    ('back3', 3, (0, 9), None),
    ('back4', 4, (0, 9), None),
    ('kiev8', 'unset', ('unset',) + tuple('%d' % i for i in range(21)), None),   # §5.2
    ('ind_last', 30, (0, 99), None),    # §8: 30 on the 2013 board (50: Ultimate)
    ('white_steps', 2, (0, 2), None),   # §4.3: the 2013 rules' 2 free white steps
    ('skip', 'yes', ('yes', 'no'), None),   # §4.2: a colour skipped on a line
    ('extra_alone', 'yes', ('yes', 'no'), None),    # §11.2: the extra-engineer card alone
    ('qengineer', 'yes', ('yes', 'no'), None),      # §11.2: the ? card's engineer, hired?
    ('ts3_worker', 'brown', ('brown', 'black'), None),  # §5, §16: 2013 brown; Ultimate black
    ('token_doublers', 3, (0, 8), None),   # §12.2: token 4's doublers ("3", an OCR read)
    # §12.3: the highest engineer number (1-15: ❓); rules 1 took up to 99
    ('engineer_max', lambda setup: 15 if (setup.get('rules') or RULES_VERSION) >= ENGINEERS_ONCE
     else 99, (1, 99), None),
)
RESERVED = VERBS + ('ts', 'sp', 'kv', 'stp', 'kiev', 'transsib', 'card', 'none', 'unset')
ANYTIME = ('kiev8',)        # the star's value, read off the board when it is needed
# what the device's one "Board change" option stands for in a log (a refusal says it)
OPTION_LINES = {'edit': 'a line of a board change (NAME track, loco, doubler, ind, factory, '
                        'token, engineer, worker, vp; in the action phase NAME claim, NAME pass)'}
# when the lines of one part of the game come (a refusal of one elsewhere says it)
# (a score too early has its own reason: who is still to pass)
WHEN = {'start': 'before round 1, one a player (§2)', 'cards': 'after the last round\'s score (§11)'}


def clock(s, long=False):
    return ('round %d of %d' if long else 'R%d/%d') % (s['turn'], s['last'])


def turn_title(s, t):
    return 'round %d' % t


# --- setup (§2) ----------------------------------------------------------------------

def new_game(setup):
    n = len(setup['players'])
    cfg = setup['settings']
    s = {
        'turn': 1, 'last': cfg['rounds'], 'phase': START,
        'order': list(range(n)),        # players= is the first turn order (§2)
        'ps': [0] * n,                  # passed this round (§3)
        'cl': [-1, -1],                 # who claimed turn-order space 1, 2 (§9)
        'la': -1,                       # who made the last entry (the questions' order)
        'vp': [0] * n,                  # the VP track, unbounded (§1)
        'inr': [0] * n, 'rnd': [0] * n,  # in-round VP (§10), round scorings (§13)
        'sc': [0] * n,                  # each board's score at the last round's scoring
        'ch': [1] * n,                  # board changed since the last scoring
        'mru': [0] * n,                 # each player's last change (change_code; the questions' order)
        # §2 per player: black on space 1 of each line, a #1 on the TS,
        # the marker on the first industrialization space
        'tr': [[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0] for p in range(n)],
        'lo': [[1, 0, 0, 0] for p in range(n)],
        'db': [0] * n, 'im': [[0, -1] for p in range(n)], 'fa': [0] * n,
        'tk': [[] for p in range(n)], 'en': [[] for p in range(n)], 'qe': [0] * n,
        'bw': [0] * n, 'rv': [0] * n, 'md': [0] * n,
        'cards': [None] * n, 'fin': None, 'rank': None,
        # §2 starting bonus cards: left in the display, who chooses (4th, 3rd, 2nd)
        'st': [0, 1, 2, 3], 'sq': list(range(n - 1, 0, -1)),
        'ev': '',                       # what the last entry triggered, for the screen
        'names': list(setup['players']),    # for the rules' messages
        # the settings the rules read
        'backs': [cfg['back1'], cfg['back2'], cfg['back3'], cfg['back4']],
        'k8': -1 if cfg['kiev8'] == 'unset' else int(cfg['kiev8']),
        'il': cfg['ind_last'], 'ws': cfg['white_steps'], 'skip': cfg['skip'] == 'yes',
        'xa': cfg['extra_alone'] == 'yes', 'qh': cfg['qengineer'] == 'yes',
        'w3': 2 if cfg['ts3_worker'] == 'brown' else 0,     # the TS track (brown, black)
        'td': cfg['token_doublers'], 'em': cfg['engineer_max'],
        'uq': 1 if setup['rules'] >= ENGINEERS_ONCE else 0,     # each engineer number once
    }
    return s


# --- who may change a board now --------------------------------------------------------

def owner_refusal(s, names, q):
    ph = s['phase']
    if ph == ACTIONS and s['ps'][q]:
        return '%s has passed: no more actions this round (§3); to correct an entry, undo it' % names[q]
    if ph == SCORING and q not in claimants(s):
        who = ', then '.join(names[c] for c in claimants(s))
        return ('Everyone has passed: only the turn-order claimants act now (%s; §3)' % who) if who \
            else 'Everyone has passed: the round is scored now (§3)'
    if ph not in (ACTIONS, SCORING):
        return 'Boards change in the action phase (§3)'
    return None


# --- a change to a board ---------------------------------------------------------------

def change_refusal(s, verb, a, names):
    # Why change (verb, args) cannot be made, or None. Checks everything
    # before apply() changes anything.
    q = a[0]
    if verb == 'track':
        return B.track_refusal(s, q, a[1], a[2], a[3], s['skip'])
    if verb == 'loco':
        return B.loco_refusal(s, q, a[1], a[2], a[3] or None)
    if verb == 'doubler':
        if a[1] < 1:
            return 'A doubler line adds 1 or more doublers, not %d (§7)' % a[1]
        if s['db'][q] + a[1] > B.DOUBLERS:
            return 'The TS has %d doubler spaces, %d filled (§7)' % (B.DOUBLERS, s['db'][q])
    elif verb == 'ind':
        return B.ind_refusal(s, q, a[1], a[2])
    elif verb == 'factory':
        if s['fa'][q] >= B.FACTORIES:
            return 'All 5 factory spaces are filled; a replaced factory changes nothing here (§8)'
    elif verb == 'token':
        if a[1] in s['tk'][q]:
            return 'That token is on the board already: each of the 7 is used once (§12.2)'
        if B.tokens_due(s, q) < 1:
            if s['tk'][q]:
                # (each token space reached has its token already)
                return 'No token space is waiting: each one reached has its token (%d); the next ' \
                       'come at TS 13, StP 4 or 6 with a locomotive, or the ' \
                       'industrialization token space (§5)' % len(s['tk'][q])
            return 'No token space reached: TS 13, StP 4 or 6 with a locomotive, or the ' \
                   'industrialization token space (§5)'
    elif verb == 'engineer':
        if not 1 <= a[1] <= s['em']:
            return 'An engineer\'s number is 1 to %d (setting engineer_max; §12.3)' % s['em']
        r = B.engineer_holder(s, a[1]) if s['uq'] else -1
        if r >= 0:
            return '%s has engineer #%d already: each engineer is one of a kind ' \
                   '(§11.2)' % (names[r], a[1])
        if a[2] and max(s['qe']) > 0:
            return 'The ? card\'s engineer is taken already (§12.1)'
        if a[2] and B.QCARD not in s['tk'][q]:
            return 'The ? card\'s engineer comes with token 7 (§12.1, §12.2)'
        if a[2] and s['bw'][q]:
            return 'Token 7 gives one ? card, and it was the black worker (§12.2)'
    elif verb == 'worker':
        if max(s['bw']):
            return 'The black worker is taken already (§1, §12.1)'
        if B.QCARD not in s['tk'][q]:
            return 'The black worker comes from a ? card, taken with token 7 (§12.1, §12.2)'
        if s['qe'][q]:
            return 'Token 7 gives one ? card, and it was the engineer (§12.2)'
    elif verb == 'vp':
        if not 1 <= a[1] <= 999:
            return 'VP during the round: 1 to 999 (§10)'
    return None


def do_change(s, verb, a):
    q = a[0]
    if verb == 'track':
        old = s['tr'][q][5 * a[1] + a[2]]
        s['tr'][q][5 * a[1] + a[2]] = a[3]
        if a[1] == TS and a[2] == 0:
            if old < B.UNLOCK[4] <= a[3]:
                white_steps(s, q)
        if a[2] == 0 and old < LEN[a[1]] <= a[3]:
            gain(s, q, B.END_VP)        # §5.1 end station, once per line
    elif verb == 'loco':
        lo = s['lo'][q]
        if a[1] == TS:
            lo[0], lo[1] = B.ts_pair(lo, a[2], a[3] or None)
        else:
            lo[a[1] + 1] = a[2]
    elif verb == 'doubler':
        s['db'][q] += a[1]
    elif verb == 'ind':
        s['im'][q][0] += a[1]
        s['im'][q][1] += a[2]
    elif verb == 'factory':
        s['fa'][q] += 1
    elif verb == 'token':
        s['tk'][q].append(a[1])
        t = a[1]
        if t == B.MARKER:
            s['im'][q][1] = 0           # the second marker on space 0 (§8)
        elif t == B.DOUBLE3:
            s['db'][q] = min(B.DOUBLERS, s['db'][q] + s['td'])
        elif t == B.REVAL:
            s['rv'][q] = 1
        elif t == B.MEDAL:
            s['md'][q] = 1
    elif verb == 'engineer':
        s['en'][q].append(a[1])
        if a[2]:
            s['qe'][q] = a[1]
    elif verb == 'worker':
        s['bw'][q] = 1
    elif verb == 'vp':
        gain(s, q, a[1])


def change_code(verb, a):
    # A change's kind as one int, for the questions' order: the verb, and
    # the line and colour, the marker, or the count.
    k = B.CHANGE_VERBS.index(verb) * 1000 + 1
    if verb == 'track':
        return k + 10 * a[1] + a[2]
    if verb == 'loco':
        return k + 10 * a[1] + (1 if a[3] else 0)
    if verb == 'ind':
        return k + (10 if a[2] else 0) + (1 if a[1] + a[2] == 1 else 0)
    if verb in ('doubler', 'vp'):
        return k + min(a[1], 999)
    return k


def gain(s, q, n):
    s['vp'][q] += n
    s['inr'][q] += n


def white_steps(s, q):
    # §4.3: at TS 15 the white track, and its free steps (setting
    # white_steps) as far as they can legally be made; the rest are lost.
    span = B.track_span(s, q, TS, 4, s['skip'])
    if s['ws'] and not isinstance(span, str):
        s['tr'][q][4] = min(s['ws'], span[1])


def apply_change(s, verb, a, names):
    q = a[0]
    why = owner_refusal(s, names, q) or change_refusal(s, verb, a, names)
    if why:
        raise RuleError(why)
    before = B.marks(s, q)
    vp = s['vp'][q]
    do_change(s, verb, a)
    new = [m for m in B.marks(s, q) if m not in before]
    if verb == 'track' and a[1] == TS and a[2] == 0 and s['tr'][q][4] and 'white tracks gained' in new:
        new.append('white on %d' % s['tr'][q][4])
    if verb == 'ind' and s['im'][q][0] in B.IND_GAPS and a[1] or \
            verb == 'ind' and s['im'][q][1] in B.IND_GAPS and a[2]:
        new.append('on a factory: its action now (§8)')
    s['ev'] = ('%s: %s' % (names[q], ', '.join(new))) if new else ''
    if s['vp'][q] != vp and verb != 'vp':
        s['ev'] += ' (%d VP)' % s['vp'][q]
    s['ch'][q] = 1
    if s['phase'] == ACTIONS:
        s['la'] = q
    # the player's last change, offered first next time (an int: no new object)
    s['mru'][q] = change_code(verb, a)


# --- the action phase: claims and passing (§9) ---------------------------------------------

def do_pass(s, q):
    # §9: the turn-order card's back, at once; when all have passed, the
    # new order (not in the last round) and the claimants' bonus action.
    pos = s['order'].index(q)
    gain(s, q, s['backs'][pos])
    s['ps'][q] = 1
    s['la'] = q
    if min(s['ps']):
        if not last_round(s):
            s['order'] = rearranged(s['order'], s['cl'])
        s['phase'] = SCORING


def rearranged(order, cl):
    # §9: new order = [claimant of space 1] + [claimant of space 2] + the
    # others in their order (R5, R6).
    first = [q for q in cl if q >= 0]
    return first + [q for q in order if q not in first]


# --- the end of a round (§13) -------------------------------------------------------------

def do_score(s, names):
    why = score_refusal(s, names)
    if why:
        raise RuleError(why)
    for q in range(len(names)):
        sc = sum(B.round_score(s, q, s['il'], s['k8']))
        s['vp'][q] += sc
        s['rnd'][q] += sc
        s['sc'][q] = sc
    s['ch'] = [0] * len(names)
    s['ev'] = ''
    if last_round(s):
        s['phase'] = FINAL
        s['sq'] = list(range(len(names)))
        return
    # clean-up (§3 step 5): the cards are taken again by position
    s['turn'] += 1
    s['ps'] = [0] * len(names)
    s['cl'] = [-1, -1]
    s['la'] = -1
    s['phase'] = ACTIONS


# --- the questions (questions.py: loaded when first asked, so a
# replayed log never needs them; the device loads them as a game is
# opened, PARTS) ---------------------------------------------------------

PARTS = ('questions', 'once')

def need_questions():
    return need('trackside.games.russianrailroads.questions')


def prompt(s, setup):
    if s['phase'] == OVER:
        return ask(s['turn'], OVER, NOBODY, 'Game over', [])
    return need_questions().prompt(s, setup)


def step(setup, s, p, verb, answers):
    return need_questions().step(setup, s, p, verb, answers)


# --- what happens once a game (once.py) ---------------------------------

ONCE = 'trackside.games.russianrailroads.once'


def need_once():
    return need(ONCE)


def let_go():
    # The once-a-game module is not needed until the next time (its RAM back),
    # when it is loaded again from its .mpy file. Compiled from source, it is
    # kept: it was compiled as the save was opened (PARTS), and compiled again
    # for the final scoring, in the game's last presses, it found no room in a
    # heap in pieces (docs/benchmarks-source.md).
    if not FROM_SOURCE:
        unload(ONCE)


# --- the session's questions ----------------------------------------------------------------

_EXPECTS = {ACTIONS: CHANGES + ('claim', 'pass'), SCORING: ('score',) + CHANGES}


def expects(s):
    ph = s['phase']
    if ph == START:
        return s['sq'][0], ('start',)
    if ph == FINAL:
        return s['sq'][0], ('cards',)
    if ph == OVER:
        return NOBODY, ()
    return NOBODY, _EXPECTS[ph]


def apply(s, action):
    # One action, in place, or RuleError before anything changes.
    p, verb, a = action
    names = s['names']
    ph = s['phase']
    if verb == 'kiev8':
        if not 0 <= a[0] <= 20:
            raise RuleError('The Kiev space-8 star: 0 to 20 VP')
        s['k8'] = a[0]
        return
    if verb == 'start':
        need_once().do_start(s, p, a[0], a[1])
        if s['phase'] != START:
            let_go()
    elif verb == 'cards':
        need_once().do_cards(s, p, a)
        if s['phase'] == OVER:
            let_go()
    elif verb == 'score':
        do_score(s, names)
    elif verb in ('claim', 'pass'):
        q = a[0]
        why = owner_refusal(s, names, q)
        if not why and ph != ACTIONS:
            why = 'Claims and passes are made in the action phase (§3)'
        if not why and verb == 'claim':
            why = claim_refusal(s, q, a[1])
        if why:
            raise RuleError(why)
        if verb == 'claim':
            s['cl'][a[1] - 1] = q
            s['la'] = q
            s['ev'] = ''
        else:
            s['ev'] = '%s passes: +%d VP (§9)' % (names[q], s['backs'][s['order'].index(q)])
            do_pass(s, q)
    else:
        apply_change(s, verb, a, names)


# --- standings ----------------------------------------------------------------------------------

def standings(setup, s):
    rows = []
    for q in range(len(setup['players'])):
        space, token = pawn(s['vp'][q])
        row = {'name': setup['players'][q], 'vp': s['vp'][q], 'pawn': space, 'token': token,
               'order': s['order'].index(q) + 1, 'passed': bool(s['ps'][q]),
               'last_round': s['sc'][q]}
        if s['phase'] == OVER:
            f = s['fin'][q]
            row.update({'rounds': f[0], 'in_round': f[1], 'cards': f[2], 'engineers': f[3],
                        'score': f[4], 'rank': s['rank'][q]})
        rows.append(row)
    return rows


def summary(setup, s):
    out = {'turn': s['turn'], 'rounds': s['last'], 'phase': s['phase'], 'over': s['phase'] == OVER}
    if s['phase'] == OVER:
        out['winner'] = ' and '.join(setup['players'][q] for q in range(len(s['rank']))
                                     if s['rank'][q] == 1)
    return out
