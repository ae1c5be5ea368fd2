# Brass (Martin Wallace, Warfrog 2007; Brass: Lancashire, Roxley 2018): the
# banker's rules. Every "§" is a section of the rules digest,
# ../shared/rules/brass.md, where each number has its source. The device
# does not model the map: the players say what happened on the board (a tile
# built, where its coal came from, which port a mill sold through) and it
# keeps the money, the income track, the tiles and their cubes, the markets,
# turn order and the scores.
#
# This module holds the declarations and the order of play (rounds, income,
# eras, scoring). The actions and the tiles on the board are act.py,
# their questions steps.py, the log text log.py, the end of an
# era end.py; all build on data.py, and none imports this one.
#
# State: one dict of plain lists and ints (new_game). apply() changes it in
# place and raises RuleError before it changes anything.
import sys

from trackside.rules import ask, NONE, AMOUNT, PICK, SEQUENCE, NOBODY, CONFIRM
from trackside import need, unload
from trackside.games.brass.log import VERBS, WORDS, parse, unparse     # noqa: F401 (the session's)
from trackside.games.brass.data import (
    START_POS, MARKET, PILE_W07, PILE_BY_COUNT, ROUNDS, LOAN_FREE_ROUNDS, LINK_VP_MOST,
    LOANS, level, after_loan)
from trackside.games.brass.act import OWN
from trackside.games.brass import act
from trackside.games.brass.steps import (
    step, build_choices, sell_possible, link_option, develop_possible)  # noqa: F401 (tests')

NAME = 'brass'
TITLE = 'Brass'
RULES_VERSION = 2       # 2: W07's cubes are limited (setting cubes; rules 1 had none)
VARIANTS = (('w07', 'Brass (Warfrog 2007)'), ('rx18', 'Lancashire (Roxley 2018)'))   # §1
PLAYERS = {'w07': (3, 4, 4), 'rx18': (2, 4, 4)}     # §1
SEATING = {'w07': 'the start player, then clockwise', 'rx18': 'first in turn order'}
CURRENCY = '£'

# Setup choices (trackside/settings.py says the shape). The digest's open
# questions (§15.1, §17) are settings with its defaults.
SETTINGS = (
    ('rounds', lambda setup: ROUNDS[setup['variant']][len(setup['players'])], (1, 12), None),
    ('noloan', LOAN_FREE_ROUNDS, (0, 12), None),
    ('bonus', 'spaces', ('spaces', 'cash'), None),
    ('distant', 'tell', ('tell', 'draw'), None),
    ('tiles', 'all12', ('all12', 'bycount'), 'rx18'),
    ('notiles', 'vp', ('vp', 'none'), 'w07'),
    ('tiebreak', 'after', ('after', 'last'), 'w07'),
    ('cubes', lambda setup: 'limited' if (setup.get('rules') or RULES_VERSION) >= 2 else 'endless',
     ('limited', 'endless'), 'w07'),
    ('intro', 'no', ('no', 'yes'), 'rx18'),
)
# What the settings screen says of each: "key | label | help | words"
RESERVED = VERBS + WORDS        # words a player's name may not be
ANYTIME = ()

ACT, SHORT, END, LINKS, OVER = 'act', 'short', 'end', 'links', 'over'
ERAS = ('canal', 'rail')
_EXPECTS = {ACT: ('build', 'link', 'develop', 'sell', 'loan', 'pass'), SHORT: ('salvage',),
            END: ('endround',), LINKS: ('links',), OVER: ()}


def clock(s, long=False):
    # The era and round: 'C3/8' on the game screen, 'canal round 3 of 8' in replay.
    if long:
        return '%s round %d of %d' % (ERAS[s['era']], s['round'], s['rounds'])
    return '%s%d/%d' % ('CR'[s['era']], s['round'], s['rounds'])


def turn_title(s, t):
    # Turn t of the game (rounds of both eras, counted on) as a player names it.
    era = 0 if t <= s['rounds'] else 1
    return '%s round %d' % (ERAS[era], t - era * s['rounds'])


# --- setup (§3) ------------------------------------------------------------------

def pile(setup):
    # §9: the distant market tiles, as counts of 0, -1, -2, -3, -4.
    if setup['variant'] == 'rx18' and setup['settings']['tiles'] == 'bycount':
        return list(PILE_BY_COUNT[len(setup['players'])])
    return list(PILE_W07)


def new_game(setup):
    n = len(setup['players'])
    cfg = setup['settings']
    w07 = setup['variant'] == 'w07'
    seed = 1
    for name in setup['players']:
        for c in name:
            seed = (seed * 31 + ord(c)) % 65537
    s = {
        'turn': 1, 'era': 0, 'round': 1, 'rounds': cfg['rounds'], 'noloan': cfg['noloan'],
        'phase': ACT, 'order': list(range(n)), 'prev': list(range(n)),
        'at': 0, 'left': 1,                 # §4.2: one action each in Canal round 1
        'money': [30] * n, 'pos': [START_POS] * n, 'vp': [0] * n, 'spent': [0] * n,
        'lspent': [0] * n,                  # the last round's spending (for replay)
        'taken': [[0] * 5 for _ in range(n)],   # tiles gone from each stack (§10)
        'links': [0] * n,                   # link tiles built this era
        'vlinks': [0] * n, 'vtiles': [0] * n, 'vcash': [0] * n, 'vlost': [0] * n,
        'vinc': [0] * n, 'vagain': [0] * n,     # the introductory game's (§13.4)
        'tiles': [], 'built': 0,            # the board's industry tiles (act.py)
        'coal': MARKET, 'iron': MARKET,     # §3: both markets start full
        'cotton': 0, 'pile': pile(setup),   # §9: the distant market marker and tiles
        'pile0': pile(setup),               # (the tiles at the start of an era)
        'queue': [], 'owe': [0] * n, 'after': '',
        'rng': seed, 'rank': [], 'winners': [],
        # settings the rules read
        'w07': w07, 'bonus_cash': cfg['bonus'] == 'cash', 'draw': cfg['distant'] == 'draw',
        'owe_vp': not w07 or cfg['notiles'] == 'vp',
        'tb_last': w07 and cfg['tiebreak'] == 'last',
        'limit': w07 and cfg['cubes'] == 'limited',     # §1: 30 coal, 25 iron in all
        'intro': not w07 and cfg['intro'] == 'yes',     # §13.4: the Canal era only
    }
    return s


def own_tiles(s, p):
    return [t for t in s['tiles'] if t[OWN] == p]


def per_turn(s):
    # §4.2, §16.19: one action in the first Canal round, else two.
    return 1 if s['era'] == 0 and s['round'] == 1 else 2


def start_actions(s):
    s['phase'] = ACT
    s['at'] = 0
    s['left'] = per_turn(s)


def next_actor(s):
    if s['left'] > 0:
        return
    s['at'] += 1
    if s['at'] < len(s['order']):
        s['left'] = per_turn(s)
    else:
        s['phase'] = END


# --- the round's end: turn order (§12), income (§5) ------------------------------

def do_endround(s):
    # §12: next round's order by money spent, least first, ties keeping their
    # order (keys made unique: MicroPython's sort is not stable); spent back
    # to the bank. Then income: W07 at the start of the next round, RX18 at
    # the end of this one (§4.2); both in the new order (§16.16).
    prev = s['order'][:]
    spent = s['spent']
    s['order'] = sorted(prev, key=lambda q: spent[q] * 16 + prev.index(q))
    s['prev'] = prev
    s['lspent'] = spent
    s['spent'] = [0] * len(prev)
    if s['round'] < s['rounds']:
        s['round'] += 1
        s['turn'] += 1
        collect_income(s, ACT)
    elif s['era'] == 0 and not s['w07'] and not s['intro']:
        collect_income(s, LINKS)        # RX18: the last Canal round's income, before scoring
                                        # (the introductory game's last round is the game's)
    else:
        start_links(s)                  # W07: Rail round 1's income comes after scoring;
                                        # no income after the last round of the game (§13.3)


def collect_income(s, then):
    # §5: each player in turn order: positive paid, negative charged. Short
    # of cash: pay it all, then sell tiles (§5.2: a SUBSET question) or, with
    # no tiles, lose VP (§16.14).
    s['after'] = then
    s['queue'] = []
    for p in s['order']:
        lv = level(s['pos'][p])
        if lv >= 0 or s['money'][p] >= -lv:
            s['money'][p] += lv
            continue
        owe = -lv - s['money'][p]
        s['money'][p] = 0
        if own_tiles(s, p):
            s['owe'][p] = owe
            s['queue'].append(p)
        else:
            act.lose_vp(s, p, owe)
    if s['queue']:
        s['phase'] = SHORT
    else:
        carry_on(s)


LET_GO = sys.implementation.name != 'cpython'     # (a PC keeps it: RAM is no issue there)


def rare(name, *args):
    # A function of end.py (a shortfall, the end of an era, the
    # standings): on a board imported for the call and let go after, so that
    # its code is not in RAM the rest of the game.
    try:
        return getattr(need('trackside.games.brass.end'), name)(*args)
    finally:
        if LET_GO:
            unload('trackside.games.brass.end')


def end_era(s):
    # §13: the links are in; the tiles score; then the Rail era's first
    # round (W07: its income first, §16.15), or the game is over.
    rare('score_era', s)
    if s['phase'] == OVER:
        return
    if s['w07']:
        collect_income(s, ACT)
    else:
        start_actions(s)


def carry_on(s):
    if s['after'] == LINKS:
        start_links(s)
    else:
        start_actions(s)


# --- the end of an era (§13) -------------------------------------------------------

def start_links(s):
    # §13.1: each player's links are scored by an entry, in turn order.
    s['phase'] = LINKS
    s['queue'] = s['order'][:]


# --- the four questions -------------------------------------------------------------

def expects(s):
    ph = s['phase']
    if ph == ACT:
        return s['order'][s['at']], _EXPECTS[ph]
    if ph == SHORT or ph == LINKS:
        return s['queue'][0], _EXPECTS[ph]
    return NOBODY, _EXPECTS[ph]


def prompt(s, setup=None):
    ph = s['phase']
    t = s['turn']
    names = setup['players'] if setup else ['P%d' % (i + 1) for i in range(len(s['vp']))]
    if ph == OVER:
        return ask(t, ph, NOBODY, 'Game over', [])
    if ph == END:
        return ask(t, ph, NOBODY, 'End of round %d' % s['round'], [('endround', NONE)])
    p = expects(s)[0]
    who = names[p]
    if ph == SHORT:
        return ask(t, ph, p, '%s: £%d short: sell tiles' % (who, s['owe'][p]),
                   [rare('salvage_option', s, p, names)])
    if ph == LINKS:
        n = s['links'][p]
        return ask(t, ph, p, '%s: VP of %s links' % (who, ERAS[s['era']]),
                   [('links', AMOUNT, 0, n * LINK_VP_MOST, 0, '%d link%s' % (n, '' if n == 1 else 's'), '')])
    opts = []
    blocked = []
    o = forced(s, p, names, 'build')
    if o:
        opts.append(o)
    else:
        blocked.append(('build', 'Nothing can be built: no tile, era or money (§7, §10)'))
    why = sell_possible(s, p)
    if why:
        blocked.append(('sell', why))
    else:
        opts.append(forced(s, p, names, 'sell'))
    o = link_option(s, p)
    if isinstance(o, str):
        blocked.append(('link', o))
    else:
        opts.append(forced(s, p, names, 'link') if o[1] == SEQUENCE else o)
    why = develop_possible(s, p)
    if why:
        blocked.append(('develop', why))
    else:
        opts.append(forced(s, p, names, 'develop'))
    opts.append(('pass', NONE))
    loans = []
    for a in LOANS:
        if act.loan_refusal(s, p, a) is None:
            lv = level(after_loan(s['pos'][p], a))
            loans.append(('%d' % a, '£%d: inc %s%d' % (a, '+' if lv > 0 else '', lv)))
    if loans:
        opts.append(('loan', PICK, loans))
    else:
        blocked.append(('loan', act.loan_refusal(s, p, 10)))
    k = per_turn(s) - s['left'] + 1
    text = '%s: action %d of %d' % (who, k, per_turn(s)) if per_turn(s) > 1 else '%s: action' % who
    return ask(t, ph, p, text, opts, blocked)


def forced(s, p, names, verb):
    # The option of a sequence; None if its first question has no answer.
    # A sequence whose every question has one answer is offered as a pick of
    # that one line: the device asks nothing either way, and the host's key
    # planner (which looks at the questions after the entry is made) then
    # sees no question it should have answered.
    answers = []
    setup = {'players': names}
    while True:
        summary, q, line = step(setup, s, p, verb, answers)
        if q is None:
            return (verb, PICK, [(line[len(verb) + 1:], summary or line)])
        if q[1] == CONFIRM or len(q[2]) != 1:
            return (verb, SEQUENCE) if q[2] else None
        answers.append(q[2][0][0])


def apply(s, action):
    # One action, in place, or RuleError (nothing changed). The session has
    # checked whose move it is and that the verb belongs to the phase.
    p, verb, args = action
    if verb == 'endround':
        do_endround(s)
        return
    if verb == 'salvage':
        if rare('do_salvage', s, p, args):
            carry_on(s)
        return
    if verb == 'links':
        if rare('do_links', s, p, args[0]):
            end_era(s)
        return
    if verb == 'build':
        act.do_build(s, p, args)
    elif verb == 'link':
        act.do_link(s, p, args)
    elif verb == 'develop':
        act.do_develop(s, p, args[0], args[1])
    elif verb == 'sell':
        act.do_sell(s, p, args)
    elif verb == 'loan':
        act.do_loan(s, p, args[0])
    else:
        s['left'] -= 1                  # pass: the card is discarded (§7)
    next_actor(s)


def standings(setup, s):
    return rare('standings', setup, s)


def summary(setup, s):
    return rare('summary', setup, s)
