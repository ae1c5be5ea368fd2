# Brass: the tiles on the board and in each player's stacks, the flips that
# raise income (§11), the coal and iron sources (§7, §8). Shared by the
# actions (brass_act.py) and their questions (brass_steps.py); imports only
# brass_data.py.
#
# A built tile is a list [number, owner, type, level, cubes, flipped]; the
# state's 'tiles' holds those on the board, in the order they were built.
from trackside.games.brass_data import (
    TILE, STACKS, COST, COAL, IRON, ERA, INCOME, CANAL, RAIL, NEVER,
    MINE, WORKS, TITLES, advance, buy_price)

NUM, OWN, TYP, LV, CUB, FLP = 0, 1, 2, 3, 4, 5


def find(s, num):
    for tile in s['tiles']:
        if tile[NUM] == num:
            return tile
    return None


def next_level(s, p, t, skip=0):
    # §10: the level on top of player p's stack of type t (after skip more
    # are taken), or None if the stack is empty.
    k = s['taken'][p][t] + skip
    stack = STACKS[t]
    return stack[k] if k < len(stack) else None


def flip(s, tile):
    # §11: the tile turns over; its owner's income marker advances (§6.3).
    tile[FLP] = 1
    p = tile[OWN]
    s['pos'][p] = advance(s['pos'][p], TILE[tile[TYP]][tile[LV]][INCOME])


def take_cube(s, tile):
    # A cube taken from a mine or works: free, nobody is paid (§7); the last
    # one flips it, for its owner, whoever took it (§16.10).
    tile[CUB] -= 1
    if tile[CUB] == 0 and not tile[FLP]:
        flip(s, tile)


def cubes_on_board(s, t):
    # Coal (t = MINE) or iron (t = WORKS) cubes on the board's tiles.
    n = 0
    for tile in s['tiles']:
        if tile[TYP] == t:
            n += tile[CUB]
    return n


def holders(s, t):
    # The tiles a coal (MINE) or iron (WORKS) cube can be taken from.
    return [tile for tile in s['tiles'] if tile[TYP] == t and tile[CUB] > 0]


def market_key(t):
    return 'coal' if t == MINE else 'iron'


def level_refusal(s, p, t):
    # Why player p cannot build type t now (its stack's top tile), or None.
    lv = next_level(s, p, t)
    if lv is None:
        return 'No %s tiles are left in the stack (§10)' % TITLES[t].lower()
    era = TILE[t][lv][ERA]
    if era == NEVER:
        return 'Level-0 shipyards are never built: develop them away (§10)'
    if s['era'] == 1 and lv == 1:
        return 'Level-1 tiles are not built in the Rail era: develop them away first (§7)'
    if era == RAIL and s['era'] == 0:
        return '%s L%d is built in the Rail era only (§10)' % (TITLES[t], lv)
    if era == CANAL and s['era'] == 1:
        return '%s L%d is built in the Canal era only (§10)' % (TITLES[t], lv)
    return None


def over_refusal(s, p, t, lv, num):
    # §7 overbuilding: a tile of the same type and a lower level; one's own
    # at any time; an opponent's only a coal mine or iron works, and only
    # when no cube of that kind is left on the board or in its market (§15.1).
    tile = find(s, num)
    if tile is None:
        return 'There is no tile %d on the board' % num
    if tile[TYP] != t:
        return 'Tile %d is a %s: build over the same industry only (§7)' % (
            num, TITLES[tile[TYP]].lower())
    if tile[LV] >= lv:
        return 'The new tile (L%d) must be of a higher level than tile %d (L%d) (§7)' % (
            lv, num, tile[LV])
    if tile[OWN] != p:
        if t != MINE and t != WORKS:
            return "Only an opponent's coal mine or iron works may be built over (§7)"
        if cubes_on_board(s, t) or s[market_key(t)]:
            return "An opponent's %s may be built over only when no %s is left on the " \
                   "board or in the market (§7, §15.1)" % (
                       'coal mine' if t == MINE else 'iron works', market_key(t))
    return None


def over_targets(s, p, t, lv):
    return [tile[NUM] for tile in s['tiles'] if over_refusal(s, p, t, lv, tile[NUM]) is None]


def cube_costs(s, t, srcs, skip=None):
    # What the cubes of one resource cost from the named sources, one after
    # another (§16.3: each priced alone, cheapest first, £5 when the market is
    # empty), or a refusal (str). srcs: tile numbers, 0 = the market; skip:
    # a tile that cannot be a source (the one built over). Returns
    # (£, {tile: cubes}, market cubes bought) or the refusal.
    used = {}
    bought = 0
    what = market_key(t)
    for src in srcs:
        if src == 0:
            if t == WORKS and cubes_on_board(s, WORKS) > sum(used.values()):
                return 'Iron is taken from an iron works while any has a cube: no connection ' \
                       'is needed (§7)'
            bought += 1
            continue
        tile = find(s, src)
        if tile is None or tile[TYP] != t or tile is skip:
            return 'Tile %d is not a%s on the board' % (
                src, ' coal mine' if t == MINE else 'n iron works')
        k = used.get(src, 0) + 1
        if tile[CUB] < k:
            return 'Tile %d has no %s left (§8)' % (src, what)
        used[src] = k
    c = s[what]
    total = 0
    for _ in range(bought):
        total += buy_price(c)
        c = c - 1 if c else 0
    return total, used, bought


def least_cost(s, t, k):
    # The least k cubes of a resource can cost: free from the board while it
    # has them, then the market.
    free = cubes_on_board(s, t)
    c = s[market_key(t)]
    total = 0
    for _ in range(max(0, k - free)):
        total += buy_price(c)
        c = c - 1 if c else 0
    return total


def spend(s, p, amount):
    # §7: money paid in a turn goes to the player's spent box (turn order, §12).
    s['money'][p] -= amount
    s['spent'][p] += amount


def take(s, t, used, bought):
    # The cubes of one resource: bought from the market (cheapest first) and
    # taken from tiles, which may flip them (§11).
    key = market_key(t)
    s[key] = max(0, s[key] - bought)
    for num in used:
        tile = find(s, num)
        for _ in range(used[num]):
            take_cube(s, tile)


def resource_need(t, lv):
    d = TILE[t][lv]
    return d[COAL], d[IRON]


def cost_of(t, lv):
    return TILE[t][lv][COST]


def own_tiles(s, p):
    return [tile for tile in s['tiles'] if tile[OWN] == p]


def label(tile, names):
    # "#4 Red Mill L2" (+ the cubes left on a mine or works, or "flipped").
    text = '#%d %s %s L%d' % (tile[NUM], names[tile[OWN]][:3], TITLES[tile[TYP]], tile[LV])
    if tile[FLP]:
        return text + ' flipped'
    if tile[TYP] == MINE or tile[TYP] == WORKS:
        return text + ' %dc' % tile[CUB]
    return text
