# Brass: the rare parts of the rules, imported only while they are needed
# (brass.py lets go of this module after each use, so its code is not in RAM
# the rest of the game): a shortfall's tile sale (§5.2), the links and
# tiles scored at the end of an era (§13), the end of the game and its
# tie-breaks (§13.3), the standings. Imports act.py and data.py only.
from trackside.rules import RuleError, SUBSET
from trackside.games.brass.data import (
    VP, TITLES, LINK_VP_MOST, val, level, salvage)
from trackside.games.brass.act import (
    NUM, OWN, TYP, LV, FLP, MINE, WORKS, lose_vp, find, absent, supply)

ERAS = ('canal', 'rail')


def own_tiles(s, p):
    return [t for t in s['tiles'] if t[OWN] == p]


def salvage_need(s, p):
    # The shortfall's numbers: (tiles, their salvage values, owed).
    tiles = own_tiles(s, p)
    return tiles, [salvage(t[TYP], t[LV]) for t in tiles], s['owe'][p]


# §5.2: W07 says only that several tiles may be needed; "stop as soon as
# covered", the change kept and 1 VP per £1 still owed with no tiles left
# are RX18's rules [RB]. Both editions use them here: W07 leaves these
# cases open, and RX18's answer is the only one printed.
def salvage_refusal(s, p, nums):
    tiles, values, owe = salvage_need(s, p)
    nums_on = [t[NUM] for t in tiles]
    picked = []
    for num in nums:
        if num not in nums_on:
            if find(s, num) is None:
                return absent(num)
            return 'Tile %d is not the player\'s (§5.2)' % num
        k = nums_on.index(num)
        if k in picked:
            return 'Tile %d is listed twice' % num
        picked.append(k)
    got = sum(values[k] for k in picked)
    if sum(values) < owe:
        if len(picked) < len(tiles):
            return 'All tiles are sold: they do not cover £%d (§5.2)' % owe
        return None
    if got < owe:
        return 'The tiles give £%d; £%d is owed: sell more (§5.2)' % (got, owe)
    if got - max(values[k] for k in picked) >= owe:
        return 'Stop as soon as £%d is covered: one tile fewer does (§5.2)' % owe
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
    return not s['queue']               # all the shortfalls are settled


def salvage_option(s, p, names):
    # The tiles to sell, their values; lo..hi tiles as far as counts can say
    # (the rules check the rest: §5.2 "stop as soon as covered").
    tiles, values, owe = salvage_need(s, p)
    items = [('%d' % tiles[i][NUM], '#%d %s L%d £%d' % (tiles[i][NUM], TITLES[tiles[i][TYP]],
                                                        tiles[i][LV], values[i]))
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

def do_links(s, p, vp):
    most = s['links'][p] * LINK_VP_MOST
    if vp > most:
        raise RuleError('%d link%s at most %d VP (§13.1)' % (
            s['links'][p], ' scores' if s['links'][p] == 1 else 's score', most))
    s['vp'][p] += vp
    s['vlinks'][p] += vp
    s['queue'].pop(0)
    return not s['queue']               # every player's links are in


def score_era(s):
    # §13.1: every flipped tile scores its VP for its owner. Then the game's
    # end, or §13.2: level-1 tiles and canals go; markets and markers stay;
    # the distant market is reset; the Rail era begins (brass.py goes on).
    for tile in s['tiles']:
        if tile[FLP]:
            v = val(tile[TYP], tile[LV], VP)
            s['vp'][tile[OWN]] += v
            s['vtiles'][tile[OWN]] += v
    if s['era'] == 1 or s['intro']:
        final_scoring(s)
        return
    s['tiles'] = [t for t in s['tiles'] if t[LV] != 1]
    s['links'] = [0] * len(s['links'])
    s['cotton'] = 0
    s['pile'] = s['pile0'][:]
    s['era'] = 1
    s['round'] = 1
    s['turn'] += 1


def final_scoring(s):
    # §13.3: £10 = 1 VP; most VP wins; ties: income level, then money; W07
    # then the earlier in turn order (setting tiebreak), RX18 a shared win.
    # The introductory game (§13.4, after the Canal scoring): 1 VP per £4,
    # at most 15; the income level (a negative one subtracts); the flipped
    # level-2+ tiles' VP a second time.
    n = len(s['vp'])
    for p in range(n):
        s['vcash'][p] = min(15, s['money'][p] // 4) if s['intro'] else s['money'][p] // 10
        s['vp'][p] += s['vcash'][p]
    if s['intro']:
        for p in range(n):
            s['vinc'][p] = level(s['pos'][p])
            s['vp'][p] += s['vinc'][p]
        for tile in s['tiles']:
            if tile[FLP] and tile[LV] > 1:
                v = val(tile[TYP], tile[LV], VP)
                s['vp'][tile[OWN]] += v
                s['vagain'][tile[OWN]] += v
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
    s['phase'] = 'over'
    s['queue'] = []


# --- the standings (what `host_sim replay` prints) ---------------------------------

def standings(setup, s):
    # Per player, seating order: the money, the income track, VP, spent this
    # round; at the end the breakdown (links, tiles, money) and rank.
    rows = []
    over = s['phase'] == 'over'
    for p in range(len(s['vp'])):
        row = {'name': setup['players'][p], 'money': s['money'][p],
               'income': level(s['pos'][p]), 'track': s['pos'][p], 'vp': s['vp'][p],
               'spent': s['spent'][p], 'last_spent': s['lspent'][p], 'order': s['order'].index(p) + 1,
               'tiles': len(own_tiles(s, p)),
               'flipped': len([t for t in own_tiles(s, p) if t[FLP]])}
        if over:
            row['links_vp'] = s['vlinks'][p]
            row['tiles_vp'] = s['vtiles'][p]
            row['money_vp'] = s['vcash'][p]
            if s['intro']:
                row['income_vp'] = s['vinc'][p]
                row['again_vp'] = s['vagain'][p]
            row['lost_vp'] = s['vlost'][p]
            row['rank'] = s['rank'][p]
        rows.append(row)
    return rows


def summary(setup, s):
    over = s['phase'] == 'over'
    out = {'era': ERAS[s['era']], 'round': s['round'], 'rounds': s['rounds'], 'turn': s['turn'],
           'phase': s['phase'], 'over': over,
           'coal': s['coal'], 'iron': s['iron'], 'cotton': s['cotton']}
    if s['limit']:                      # W07's cubes beside the board (§1)
        out['coal_supply'] = supply(s, MINE)
        out['iron_supply'] = supply(s, WORKS)
    if over:
        out['winner'] = ' and '.join(setup['players'][q] for q in s['winners'])
    return out
