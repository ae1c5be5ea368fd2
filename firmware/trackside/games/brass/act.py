# Brass: the tiles on the board, the coal and iron sources (§7, §8), the
# flips that raise income (§11), and the actions of a turn (§7): build,
# link, develop, sell, loan. Each action checks everything first and raises
# RuleError before it changes anything; then it moves the money (what is
# paid goes to the spent box, §7), the cubes, the tiles and the markers.
# Imports data.py only.
#
# A built tile is a list [number, owner, type, level, cubes, flipped]; the
# state's 'tiles' holds those on the board, in the order they were built.
from trackside.rules import RuleError
from trackside.games.brass.data import (
    val, STACKS, COST, COAL, IRON, CUBES, INCOME, ERA, RAIL, NEVER,
    MILL, PORT, MINE, WORKS, SHIP, TITLES, DISTANT_X, BONUS, LINK_TILES, CUBES_W07, NO_CUBE,
    advance, after_loan, buy_price, sell, level)

NUM, OWN, TYP, LV, CUB, FLP = 0, 1, 2, 3, 4, 5


def refuse(why):
    if isinstance(why, str):
        raise RuleError(why)


def find(s, num):
    for tile in s['tiles']:
        if tile[NUM] == num:
            return tile
    return None


def absent(num):
    # A number no tile on the board has: said as such, not as a tile of
    # the wrong kind (a typo, or a tile that left the board).
    return 'No tile %d is on the board (tiles are numbered as built: 1, 2, ...)' % num


def next_level(s, p, t, skip=0):
    # §10: the level on top of player p's stack of type t (after skip more
    # are taken), or None if the stack is empty.
    k = s['taken'][p][t] + skip
    return STACKS[t][k] if k < len(STACKS[t]) else None


def flip(s, tile):
    # §11: the tile turns over; its owner's income marker advances (§6.3).
    tile[FLP] = 1
    p = tile[OWN]
    s['pos'][p] = advance(s['pos'][p], val(tile[TYP], tile[LV], INCOME))


def cubes_on_board(s, t):
    # Coal (t = MINE) or iron (t = WORKS) cubes on the board's tiles.
    return sum(tile[CUB] for tile in s['tiles'] if tile[TYP] == t)


def key(t):
    return 'coal' if t == MINE else 'iron'


def supply(s, t):
    # §1 W07 (setting cubes=limited): the cubes of a kind neither on a tile
    # nor in the market are in the supply beside the board: what was used
    # goes back there, and so do the cubes of a tile that leaves the board
    # (built over, level 1 at the Canal era's end, sold for a shortfall).
    # Endless (RX18, cubes=endless): more than any build takes.
    if not s['limit']:
        return NO_CUBE
    return max(0, CUBES_W07[1 if t == WORKS else 0] - s[key(t)] - cubes_on_board(s, t))


def new_cubes(s, t, lv, over=0):
    # The cubes a new mine or works gets: its level's, or what the supply
    # has (the cubes of the tile it is built over back there first, §7).
    back = find(s, over)[CUB] if over else 0
    return min(val(t, lv, CUBES), supply(s, t) + back)


def level_refusal(s, p, t):
    # Why player p cannot build type t now (its stack's top tile), or None.
    lv = next_level(s, p, t)
    if lv is None:
        return 'No %s tile is left (§10)' % TITLES[t]
    era = val(t, lv, ERA)
    if era == NEVER:
        return 'Level-0 shipyards are never built: develop them (§10)'
    if s['era'] and lv == 1:
        return 'No level-1 tiles in the Rail era: develop them (§7)'
    if era == RAIL - s['era']:
        return '%s L%d is for the %s era only (§10)' % (TITLES[t], lv, ('Canal', 'Rail')[era - 1])
    return None


def over_refusal(s, p, t, lv, num):
    # §7 overbuilding: a tile of the same type and a lower level; one's own
    # at any time; an opponent's only a coal mine or iron works, and only
    # when no cube of that kind is left on the board or in its market (§15.1).
    tile = find(s, num)
    if tile is None or tile[TYP] != t or tile[LV] >= lv:
        return 'Build over a lower level of the same industry (§7)'
    if tile[OWN] != p:
        if t != MINE and t != WORKS:
            return "Only an opponent's coal mine or iron works may be built over (§7)"
        if cubes_on_board(s, t) or s[key(t)]:
            return "Not while any %s is left on the board or in the market (§7, §15.1)" % key(t)
    return None


def cube_costs(s, t, srcs):
    # What one resource's cubes cost from the named sources, one after
    # another (§16.3: each priced alone, cheapest first, £5 when the market
    # is empty), or a refusal (str). srcs: tile numbers, 0 = the market.
    # Returns (£, {tile number: cubes taken}, market cubes bought).
    used = {}
    bought = 0
    for src in srcs:
        if src == 0:
            # §7: the market only when no board source is usable. For iron that
            # is any works with a cube; for coal it depends on the links of the
            # map, which the device does not hold: the players' word stands.
            if t == WORKS and cubes_on_board(s, WORKS) > sum(used.values()):
                return 'Iron comes from an iron works while any has a cube (§7)'
            if s[key(t)] <= bought and not supply(s, t) + bought + sum(used.values()):
                # §8 "from beside the board, £5": none is there (W07, §1)
                return 'No %s is left in the supply to buy at £5 (§1, §8; setting cubes)' % key(t)
            bought += 1
            continue
        tile = find(s, src)
        k = used.get(src, 0) + 1
        if tile is None:
            return absent(src)
        if tile[TYP] != t or tile[CUB] < k:
            return 'Tile %d has no %s (§8)' % (src, key(t))
        used[src] = k
    return market_cost(s, t, 0, bought, sum(used.values())), used, bought


def market_cost(s, t, before, k, freed=0):
    # k cubes from the market after `before` were bought in this action (and
    # `freed` taken from tiles, back in the supply); NO_CUBE for one that
    # is neither in the market nor in the supply (§1, W07).
    c = max(0, s[key(t)] - before)
    total = 0
    for i in range(k):
        total += buy_price(c) if c or supply(s, t) + before + freed + i else NO_CUBE
        c = c - 1 if c else 0
    return total


def least_cost(s, t, k):
    # The least k cubes can cost: free from the board while it has them.
    board = cubes_on_board(s, t)
    return market_cost(s, t, 0, max(0, k - board), min(k, board))


def pay(s, p, amount, t, used, bought):
    # §7: money paid goes to the spent box (turn order, §12); the cubes are
    # bought (cheapest first) and taken from tiles, the last one flipping its
    # tile for its owner, whoever took it (§16.10). Nobody is paid for them.
    s['money'][p] -= amount
    s['spent'][p] += amount
    s[key(t)] = max(0, s[key(t)] - bought)
    for num in used:
        tile = find(s, num)
        tile[CUB] -= used[num]
        if tile[CUB] == 0:
            flip(s, tile)


def may_double(s):
    # §7: the double-action build takes both of a turn's actions; the first
    # Canal round has one (§16.19).
    return s['left'] >= 2 and (s['era'] or s['round'] > 1)


def lose_vp(s, p, owe):
    # §5.2 RX18 (W07 by setting notiles): 1 VP per £1 still owed, not below 0.
    if s['owe_vp']:
        k = min(owe, s['vp'][p])
        s['vp'][p] -= k
        s['vlost'][p] += k


def needs(t, lv):
    return val(t, lv, COAL), val(t, lv, IRON)


# --- build (§7, §8) -------------------------------------------------------------

def build_plan(s, p, args):
    # What a build will cost, or a refusal (str): (level, £, [coal plan,
    # iron plan]).
    t, over, coal, iron, connected, double = args
    why = level_refusal(s, p, t)
    if why:
        return why
    lv = next_level(s, p, t)
    if double and not may_double(s):
        return 'A double-action build takes both actions (not in Canal round 1, §7)'
    if connected and t != MINE:
        return '"connected" is for a coal mine (§8)'
    if over:
        why = over_refusal(s, p, t, lv, over)
        if why:
            return why
    if needs(t, lv) != (int(coal >= 0), int(iron >= 0)):
        return '%s L%d needs coal %d, iron %d (§10)' % ((TITLES[t], lv) + needs(t, lv))
    total = val(t, lv, COST)
    plans = []
    for res, src in ((MINE, coal), (WORKS, iron)):
        plan = cube_costs(s, res, [src]) if src >= 0 else (0, {}, 0)
        refuse_if = plan if isinstance(plan, str) else None
        if refuse_if:
            return refuse_if
        plans.append(plan)
        total += plan[0]
    if total > s['money'][p]:
        return '%s L%d costs £%d in all; £%d in hand (§16.1)' % (TITLES[t], lv, total, s['money'][p])
    return lv, total, plans


def do_build(s, p, args):
    plan = build_plan(s, p, args)
    refuse(plan)
    t, over, coal, iron, connected, double = args
    lv, total, plans = plan
    # §7 build sequence: pay the tile and the cubes, take the cubes (which may
    # flip their mines or works), then place the new tile
    s['money'][p] -= total - plans[0][0] - plans[1][0]
    s['spent'][p] += total - plans[0][0] - plans[1][0]
    pay(s, p, plans[0][0], MINE, plans[0][1], plans[0][2])
    pay(s, p, plans[1][0], WORKS, plans[1][1], plans[1][2])
    if over:
        s['tiles'].remove(find(s, over))    # it leaves, its cubes to the supply; income stays (§6.3)
    s['built'] += 1
    tile = [s['built'], p, t, lv, new_cubes(s, t, lv) if t == MINE or t == WORKS else 0, 0]
    s['tiles'].append(tile)
    s['taken'][p][t] += 1
    if t == SHIP:
        flip(s, tile)                       # §11: a shipyard flips at once
    elif t == WORKS or connected:
        # §8: the cubes go to the market's most expensive empty spaces, paid
        # after the build (§16.2); all of them gone flips the tile (§16.5)
        gain, moved = sell(s[key(t)], tile[CUB])
        s[key(t)] += moved
        s['money'][p] += gain
        tile[CUB] -= moved
    if (t == MINE or t == WORKS) and tile[CUB] == 0:
        flip(s, tile)                       # emptied (or none left to put on it, §1)
    s['left'] -= 2 if double else 1


# --- link, develop (§7) ------------------------------------------------------------

def link_plan(s, p, srcs):
    # (£, links, coal plan) or a refusal.
    k = len(srcs) or 1
    if s['era'] == 0 and srcs or s['era'] and k > 2:
        return 'A canal takes no coal; 1 or 2 rail links one coal each (§7)'
    plan = cube_costs(s, MINE, srcs)
    if isinstance(plan, str):
        return plan
    cost = (3, 5, 15)[len(srcs)] + plan[0]
    if s['era'] and not srcs:
        return 'A rail link needs a coal: "link coal SOURCE" (§7)'
    if s['links'][p] + k > LINK_TILES:
        return 'A player has %d link tiles (§2)' % LINK_TILES
    if cost > s['money'][p]:
        return 'The link costs £%d; £%d in hand (§16.1)' % (cost, s['money'][p])
    return cost, k, plan


def do_link(s, p, srcs):
    plan = link_plan(s, p, srcs)
    refuse(plan)
    cost, k, coal = plan
    s['money'][p] -= cost - coal[0]
    s['spent'][p] += cost - coal[0]
    pay(s, p, coal[0], MINE, coal[1], coal[2])
    s['links'][p] += k
    s['left'] -= 1


def develop_plan(s, p, types, srcs):
    for i in range(len(types)):
        if next_level(s, p, types[i], types[:i].count(types[i])) is None:
            return 'No %s tile is left to develop (§7)' % TITLES[types[i]]
    plan = cube_costs(s, WORKS, srcs)
    if isinstance(plan, str):
        return plan
    if plan[0] > s['money'][p]:
        return 'The iron costs £%d; £%d in hand (§16.1)' % (plan[0], s['money'][p])
    return plan


def do_develop(s, p, types, srcs):
    plan = develop_plan(s, p, types, srcs)
    refuse(plan)
    pay(s, p, plan[0], WORKS, plan[1], plan[2])
    for t in types:
        s['taken'][p][t] += 1               # the tile leaves the game
    s['left'] -= 1


# --- sell (§9) ---------------------------------------------------------------------

def sell_plan(s, p, parts):
    # Walks the sale as it will happen, changing nothing: a refusal, or None.
    used = []
    at = s['cotton']
    pile = s['pile'][:]
    for i in range(len(parts)):
        mill, port, value = parts[i]
        tile = find(s, mill)
        if tile is None:
            return absent(mill)
        if tile[TYP] != MILL or tile[OWN] != p or tile[FLP] or mill in used:
            return 'Tile %d is not an unflipped mill of the player\'s (§9)' % mill
        used.append(mill)
        if port:
            pt = find(s, port)
            if pt is None:
                return absent(port)
            if pt[TYP] != PORT or pt[FLP] or port in used:
                return 'Tile %d is not an unflipped port (§9)' % port
            used.append(port)
            continue
        if at >= DISTANT_X:
            return 'The distant market is closed for the rest of the era (§9)'
        if value > 4:
            return 'A distant market tile is 0 to -4, not -%d (§9)' % value
        if not pile[value]:
            return 'No distant tile %s is left (§9)' % ('-%d' % value if value else '0')
        pile[value] -= 1
        at += value
        if at >= DISTANT_X and i < len(parts) - 1:
            return 'The distant market reached X: the Sell ends there (§9, §16.24)'
    return None


def do_sell(s, p, parts):
    refuse(sell_plan(s, p, parts))
    for mill, port, value in parts:
        tile = find(s, mill)
        if port:
            flip(s, find(s, port))          # the port's owner gains (§11)
            flip(s, tile)
            continue
        s['pile'][value] -= 1               # W07: to the bottom; RX18: discarded (§9)
        s['rng'] = (s['rng'] * 75 + 74) % 65537     # (the device's draws, steps.py)
        s['cotton'] = min(DISTANT_X, s['cotton'] + value)
        if s['cotton'] >= DISTANT_X:
            break                           # X: no sale, the market closed (§9 step 3)
        bonus = BONUS[s['cotton']]
        if s['bonus_cash']:
            s['money'][p] += bonus          # setting bonus=cash (§15.1)
        else:
            s['pos'][p] = advance(s['pos'][p], bonus)  # §9 step 4: income spaces
        flip(s, tile)
    s['left'] -= 1


# --- loan (§6.3, §7) -----------------------------------------------------------------

def loan_refusal(s, p, amount):
    if amount not in (10, 20, 30):
        return 'A loan is £10, £20 or £30 (§7)'
    if s['era'] and s['round'] > s['rounds'] - s['noloan']:
        # §4.1, §16.9: the Rail era's last rounds (setting noloan) have no loans
        first = max(1, s['rounds'] - s['noloan'] + 1)
        return 'No loans in the Rail era once the draw deck is empty (noloan=%d): from round ' \
               '%d of %d (§4.1)' % (s['noloan'], first, s['rounds'])
    if after_loan(s['pos'][p], amount) is None:
        return 'A £%d loan would take income from %d below -10 (§6.3)' % (amount, level(s['pos'][p]))
    return None


def do_loan(s, p, amount):
    refuse(loan_refusal(s, p, amount))
    s['money'][p] += amount                 # not money spent (§12)
    s['pos'][p] = after_loan(s['pos'][p], amount)
    s['left'] -= 1
