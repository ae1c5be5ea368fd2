# Brass (Martin Wallace, Warfrog 2007; Brass: Lancashire, Roxley 2018): the
# banker's rules. Every "§" is a section of the rules digest,
# ../shared/rules/brass.md, where each number has its source. The device
# does not model the map: the players say what happened on the board (a tile
# built, where its coal came from, which port a mill sold through) and it
# keeps the money, the income track, the tiles and their cubes, the markets,
# turn order and the scores.
#
# This module holds the declarations and the order of play (rounds, income,
# eras, scoring). The actions are brass_act.py, their questions
# brass_steps.py, the log text brass_log.py; all build on brass_board.py
# and brass_data.py, and none imports this one.
#
# State: one dict of plain lists and ints (new_game). apply() changes it in
# place and raises RuleError before it changes anything.
from trackside.rules import RuleError, ask, NONE, AMOUNT, PICK, SUBSET, SEQUENCE, NOBODY
from trackside.games.brass_log import VERBS, WORDS, parse, unparse     # noqa: F401 (the session's)
from trackside.games.brass_data import (
    START_POS, MARKET, PILE_W07, PILE_BY_COUNT, ROUNDS, LOAN_FREE_ROUNDS, LINK_VP_MOST,
    TILE, VP, LOANS, level, salvage, after_loan)
from trackside.games.brass_board import NUM, OWN, TYP, LV, FLP, own_tiles, label
from trackside.games import brass_act as act
from trackside.games.brass_steps import (
    step, build_choices, sell_possible, link_option, develop_possible)  # noqa: F401

NAME = 'brass'
TITLE = 'Brass'
RULES_VERSION = 1
VARIANTS = (('w07', 'Brass (Warfrog 2007)'), ('rx18', 'Lancashire (Roxley 2018)'))   # §1
PLAYERS = {'w07': (3, 4, 4), 'rx18': (2, 4, 4)}     # §1
SEATING = {'w07': 'the start player, then clockwise', 'rx18': 'first in turn order'}
CURRENCY = '£'

# Setup choices (trackside/settings.py says the shape). The digest's open
# questions (§15.1, §17) are settings with its defaults.
SETTINGS = (
    ('rounds', lambda setup: ROUNDS[setup['variant']][len(setup['players'])], (1, 12), None,
     'Rounds per era', 'By edition and players (§4.1)'),
    ('noloan', LOAN_FREE_ROUNDS, (0, 12), None, 'Rail rounds no loan',
     'Last Rail rounds without loans: deck empty (§4.1)'),
    ('bonus', 'spaces', ('spaces', 'cash'), None, 'Distant bonus',
     'Distant market bonus as income spaces or cash (§15.1)', ('Income spaces', 'Cash')),
    ('distant', 'tell', ('tell', 'draw'), None, 'Distant tiles',
     'Players say the tile turned, or the device draws (§9)', ('Players tell', 'Device draws')),
    ('tiles', 'all12', ('all12', 'bycount'), 'rx18', 'Distant tile set',
     'All 12 tiles, or filtered by players (§9, §17)', ('All 12', 'By players')),
    ('notiles', 'vp', ('vp', 'none'), 'w07', 'Short, no tiles',
     'Owed with no tiles left: 1 VP per £1, or nothing (§15.1)', ('Lose VP', 'Forgiven')),
    ('tiebreak', 'after', ('after', 'last'), 'w07', 'Last tie-break',
     'Turn order after the final re-sort, or of the last round (§15.1)',
     ('After re-sort', 'Last round')),
)
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
        'taken': [[0] * 5 for _ in range(n)],   # tiles gone from each stack (§10)
        'links': [0] * n,                   # link tiles built this era
        'vlinks': [0] * n, 'vtiles': [0] * n, 'vcash': [0] * n, 'vlost': [0] * n,
        'tiles': [], 'built': 0,            # the board's industry tiles (brass_board.py)
        'coal': MARKET, 'iron': MARKET,     # §3: both markets start full
        'cotton': 0, 'pile': pile(setup),   # §9: the distant market marker and tiles
        'pile0': pile(setup),               # (the tiles at the start of an era)
        'queue': [], 'owe': [0] * n, 'after': '',
        'rng': seed, 'rank': [], 'winners': [],
        # settings the rules read
        'w07': w07, 'bonus_cash': cfg['bonus'] == 'cash', 'draw': cfg['distant'] == 'draw',
        'owe_vp': not w07 or cfg['notiles'] == 'vp',
        'tb_last': w07 and cfg['tiebreak'] == 'last',
    }
    return s


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
    s['spent'] = [0] * len(prev)
    if s['round'] < s['rounds']:
        s['round'] += 1
        s['turn'] += 1
        collect_income(s, ACT)
    elif s['era'] == 0 and not s['w07']:
        collect_income(s, LINKS)        # RX18: the last Canal round's income, before scoring
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
            lose_vp(s, p, owe)
    if s['queue']:
        s['phase'] = SHORT
    else:
        carry_on(s)


def lose_vp(s, p, owe):
    # §5.2 RX18 (W07 by setting notiles): 1 VP per £1 still owed, not below 0.
    if s['owe_vp']:
        k = min(owe, s['vp'][p])
        s['vp'][p] -= k
        s['vlost'][p] += k


def carry_on(s):
    if s['after'] == LINKS:
        start_links(s)
    else:
        start_actions(s)


def salvage_need(s, p):
    # The shortfall's numbers: (tiles, their salvage values, owed).
    tiles = own_tiles(s, p)
    return tiles, [salvage(t[TYP], t[LV]) for t in tiles], s['owe'][p]


def salvage_refusal(s, p, nums):
    tiles, values, owe = salvage_need(s, p)
    nums_on = [t[NUM] for t in tiles]
    picked = []
    for num in nums:
        if num not in nums_on:
            return 'Tile %d is not one of the player\'s industry tiles (§5.2)' % num
        k = nums_on.index(num)
        if k in picked:
            return 'Tile %d is listed twice' % num
        picked.append(k)
    got = sum(values[k] for k in picked)
    if sum(values) < owe:
        if len(picked) < len(tiles):
            return 'All the tiles do not cover £%d: every one is sold (§5.2)' % owe
        return None
    if got < owe:
        return 'The tiles give £%d; £%d is owed: sell more (§5.2)' % (got, owe)
    if got - max(values[k] for k in picked) >= owe:
        return 'Selling stops as soon as £%d is covered: one tile fewer would do (§5.2)' % owe
    return None


def do_salvage(s, p, nums):
    why = salvage_refusal(s, p, nums)
    if why:
        raise RuleError(why)
    tiles, values, owe = salvage_need(s, p)
    got = 0
    for i in range(len(tiles)):
        if tiles[i][NUM] in nums:
            got += values[i]
            s['tiles'].remove(tiles[i])     # it leaves the game, with its cubes (§5.2)
    if got >= owe:
        s['money'][p] += got - owe          # the change is kept (§16.13)
    else:
        lose_vp(s, p, owe - got)
    s['owe'][p] = 0
    s['queue'].pop(0)
    if not s['queue']:
        carry_on(s)


def salvage_option(s, p, names):
    # The tiles to sell, their values; lo..hi tiles as far as counts can say
    # (the rules check the rest: §5.2 "stop as soon as covered").
    tiles, values, owe = salvage_need(s, p)
    items = [('%d' % tiles[i][NUM], '%s £%d' % (label(tiles[i], names), values[i]))
             for i in range(len(tiles))]
    if sum(values) < owe:
        return ('salvage', SUBSET, items, len(items), len(items))
    big = sorted(values, reverse=True)
    lo = 1
    while sum(big[:lo]) < owe:
        lo += 1
    small = sorted(values)
    hi = 0
    while hi < len(small) and sum(small[:hi]) < owe:
        hi += 1
    return ('salvage', SUBSET, items, lo, max(lo, hi))


# --- the end of an era (§13) -------------------------------------------------------

def start_links(s):
    # §13.1: each player's links are scored by an entry, in turn order.
    s['phase'] = LINKS
    s['queue'] = s['order'][:]


def do_links(s, p, vp):
    most = s['links'][p] * LINK_VP_MOST
    if vp > most:
        raise RuleError('%d link%s score at most %d VP (§13.1)' % (
            s['links'][p], '' if s['links'][p] == 1 else 's', most))
    s['vp'][p] += vp
    s['vlinks'][p] += vp
    s['queue'].pop(0)
    if not s['queue']:
        end_era(s)


def end_era(s):
    # §13.1: every flipped tile scores its VP for its owner.
    for tile in s['tiles']:
        if tile[FLP]:
            v = TILE[tile[TYP]][tile[LV]][VP]
            s['vp'][tile[OWN]] += v
            s['vtiles'][tile[OWN]] += v
    if s['era'] == 1:
        final_scoring(s)
        return
    # §13.2: level-1 tiles and canals go; markets and markers stay; the
    # distant market is reset; Rail round 1 has two actions each
    s['tiles'] = [t for t in s['tiles'] if t[LV] != 1]
    s['links'] = [0] * len(s['links'])
    s['cotton'] = 0
    s['pile'] = s['pile0'][:]
    s['era'] = 1
    s['round'] = 1
    s['turn'] += 1
    if s['w07']:
        collect_income(s, ACT)          # W07: income at the start of Rail round 1 (§16.15)
    else:
        start_actions(s)


def final_scoring(s):
    # §13.3: £10 = 1 VP; most VP wins; ties: income level, then money; W07
    # then the earlier in turn order (setting tiebreak), RX18 a shared win.
    n = len(s['vp'])
    for p in range(n):
        s['vcash'][p] = s['money'][p] // 10
        s['vp'][p] += s['vcash'][p]
    order = s['prev'] if s['tb_last'] else s['order']

    def key(q):
        return (-s['vp'][q], -level(s['pos'][q]), -s['money'][q])
    ranked = sorted(range(n), key=lambda q: key(q) + (order.index(q),))
    rank = [0] * n
    for i in range(n):
        q = ranked[i]
        tied = i and not s['w07'] and key(q) == key(ranked[i - 1])
        rank[q] = rank[ranked[i - 1]] if tied else i + 1
    s['rank'] = rank
    s['winners'] = [q for q in ranked if rank[q] == 1]
    s['phase'] = OVER
    s['queue'] = []


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
                   [salvage_option(s, p, names)])
    if ph == LINKS:
        most = s['links'][p] * LINK_VP_MOST
        return ask(t, ph, p, '%s: VP of %s links' % (who, ERAS[s['era']]),
                   [('links', AMOUNT, 0, most, 0, '%d links' % s['links'][p], '')])
    opts = []
    blocked = []
    if build_choices(s, p, names):
        opts.append(('build', SEQUENCE))
    else:
        blocked.append(('build', 'Nothing can be built: no tile, era or money (§7, §10)'))
    why = sell_possible(s, p)
    if why:
        blocked.append(('sell', why))
    else:
        opts.append(('sell', SEQUENCE))
    o = link_option(s, p)
    if isinstance(o, str):
        blocked.append(('link', o))
    else:
        opts.append(o)
    why = develop_possible(s, p)
    if why:
        blocked.append(('develop', why))
    else:
        opts.append(('develop', SEQUENCE))
    opts.append(('pass', NONE))
    loans = []
    for a in LOANS:
        if act.loan_refusal(s, p, a) is None:
            lv = level(after_loan(s['pos'][p], a))
            loans.append(('%d' % a, '£%d: income %s%d' % (a, '+' if lv > 0 else '', lv)))
    if loans:
        opts.append(('loan', PICK, loans))
    else:
        blocked.append(('loan', act.loan_refusal(s, p, 10)))
    k = per_turn(s) - s['left'] + 1
    text = '%s: action %d of %d' % (who, k, per_turn(s)) if per_turn(s) > 1 else '%s: action' % who
    return ask(t, ph, p, text, opts, blocked)


def apply(s, action):
    # One action, in place, or RuleError (nothing changed). The session has
    # checked whose move it is and that the verb belongs to the phase.
    p, verb, args = action
    if verb == 'endround':
        do_endround(s)
        return
    if verb == 'salvage':
        do_salvage(s, p, args)
        return
    if verb == 'links':
        do_links(s, p, args[0])
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


# --- standings ---------------------------------------------------------------------

def standings(setup, s):
    # Per player, seating order: the money, the income track, VP, spent this
    # round; at the end the breakdown (links, tiles, money) and rank.
    rows = []
    over = s['phase'] == OVER
    for p in range(len(s['vp'])):
        row = {'name': setup['players'][p], 'money': s['money'][p],
               'income': level(s['pos'][p]), 'track': s['pos'][p], 'vp': s['vp'][p],
               'spent': s['spent'][p], 'order': s['order'].index(p) + 1,
               'tiles': len(own_tiles(s, p)),
               'flipped': len([t for t in own_tiles(s, p) if t[FLP]])}
        if over:
            row['links_vp'] = s['vlinks'][p]
            row['tiles_vp'] = s['vtiles'][p]
            row['money_vp'] = s['vcash'][p]
            row['lost_vp'] = s['vlost'][p]
            row['rank'] = s['rank'][p]
        rows.append(row)
    return rows


def summary(setup, s):
    out = {'era': ERAS[s['era']], 'round': s['round'], 'rounds': s['rounds'], 'turn': s['turn'],
           'phase': s['phase'], 'over': s['phase'] == OVER,
           'coal': s['coal'], 'iron': s['iron'], 'cotton': s['cotton']}
    if s['phase'] == OVER:
        out['winner'] = ' and '.join(setup['players'][q] for q in s['winners'])
    return out
