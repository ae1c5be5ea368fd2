# Brass, the actions of a turn (§7): build, link, develop, sell, loan. Each
# checks everything first and raises RuleError before it changes anything;
# then it moves the money (what is paid goes to the spent box, §7), the
# cubes, the tiles and the income markers. Imports brass_board and
# brass_data only.
from trackside.rules import RuleError
from trackside.games.brass_data import (
    TILE, CUBES, MILL, PORT, MINE, WORKS, SHIP, TITLES, DISTANT_X, BONUS,
    LINK_TILES, after_loan, advance, sell as market_sell, level)
from trackside.games.brass_board import (
    OWN, TYP, CUB, FLP, find, next_level, flip, level_refusal, over_refusal,
    cube_costs, spend, take, resource_need, cost_of)


def refuse(why):
    if isinstance(why, str):
        raise RuleError(why)


# --- build (§7, §8) -------------------------------------------------------------

def build_plan(s, p, args):
    # Everything a build will do, or a refusal (str): (level, cost £, coal
    # plan, iron plan, the tile built over or None).
    t, over, coal, iron, connected, double = args
    why = level_refusal(s, p, t)
    if why:
        return why
    lv = next_level(s, p, t)
    if double and (s['left'] < 2 or (s['era'] == 0 and s['round'] == 1)):
        return 'A double-action build takes both actions of a turn (not in the first ' \
               'Canal round, §7)'
    if connected and t != MINE:
        return '"connected" is for a coal mine: an iron works always sells to its market (§8)'
    target = None
    if over:
        why = over_refusal(s, p, t, lv, over)
        if why:
            return why
        target = find(s, over)
    need_coal, need_iron = resource_need(t, lv)
    if need_coal != (coal >= 0) or need_iron != (iron >= 0):
        return '%s L%d needs %s (§10)' % (TITLES[t], lv, needs_words(need_coal, need_iron))
    plans = []
    total = cost_of(t, lv)
    for res, src in ((MINE, coal), (WORKS, iron)):
        if src < 0:
            plans.append(None)
            continue
        plan = cube_costs(s, res, [src], target)
        if isinstance(plan, str):
            return plan
        plans.append(plan)
        total += plan[0]
    if total > s['money'][p]:
        return '%s L%d costs £%d in all; %s has £%d (§16.1)' % (
            TITLES[t], lv, total, 'the player', s['money'][p])
    return lv, total, plans[0], plans[1], target


def needs_words(coal, iron):
    if coal and iron:
        return 'one coal and one iron ("coal SOURCE iron SOURCE")'
    if coal:
        return 'one coal ("coal SOURCE"), no iron'
    if iron:
        return 'one iron ("iron SOURCE"), no coal'
    return 'no coal and no iron'


def do_build(s, p, args):
    plan = build_plan(s, p, args)
    refuse(plan)
    t, over, coal, iron, connected, double = args
    lv, total, coal_plan, iron_plan, target = plan
    # §7 build sequence: pay the tile and the cubes, take the cubes (which may
    # flip their mines or works), then place the new tile
    spend(s, p, total)
    if coal_plan:
        take(s, MINE, coal_plan[1], coal_plan[2])
    if iron_plan:
        take(s, WORKS, iron_plan[1], iron_plan[2])
    if target is not None:
        s['tiles'].remove(target)       # it leaves with its cubes; income stays (§6.3)
    s['built'] += 1
    tile = [s['built'], p, t, lv, TILE[t][lv][CUBES], 0]
    s['tiles'].append(tile)
    s['taken'][p][t] += 1
    if t == SHIP:
        flip(s, tile)                   # §11: a shipyard flips at once
    elif t == WORKS or (t == MINE and connected):
        # §8: the cubes go to the market's most expensive empty spaces, paid
        # after the build (§16.2); all of them gone flips the tile (§16.5)
        key = 'iron' if t == WORKS else 'coal'
        gain, moved = market_sell(s[key], tile[CUB])
        s[key] += moved
        s['money'][p] += gain
        tile[CUB] -= moved
        if tile[CUB] == 0:
            flip(s, tile)
    s['left'] -= 2 if double else 1


# --- link (§7) ----------------------------------------------------------------

def link_plan(s, p, srcs):
    # (cost £, links, coal plan or None) or a refusal.
    if s['era'] == 0:
        if srcs:
            return 'A canal link takes no coal: "link" alone (§7)'
        k, cost, plan = 1, 3, None
    else:
        if not 1 <= len(srcs) <= 2:
            return 'A rail link needs one coal: "link coal SOURCE", two links "link coal S1 S2" (§7)'
        k = len(srcs)
        cost = 5 if k == 1 else 15
        plan = cube_costs(s, MINE, srcs)
        if isinstance(plan, str):
            return plan
        cost += plan[0]
    if s['links'][p] + k > LINK_TILES:
        return 'A player has %d link tiles; %d are built (§2)' % (LINK_TILES, s['links'][p])
    if cost > s['money'][p]:
        return 'The link%s cost £%d; the player has £%d (§16.1)' % (
            's' if k > 1 else '', cost, s['money'][p])
    return cost, k, plan


def do_link(s, p, srcs):
    plan = link_plan(s, p, srcs)
    refuse(plan)
    cost, k, coal = plan
    spend(s, p, cost)
    if coal:
        take(s, MINE, coal[1], coal[2])
    s['links'][p] += k
    s['left'] -= 1


# --- develop (§7) --------------------------------------------------------------

def develop_plan(s, p, types, srcs):
    if not 1 <= len(types) <= 2 or len(srcs) != len(types):
        return 'Develop removes 1 or 2 tiles, with one iron each (§7)'
    for i in range(len(types)):
        if next_level(s, p, types[i], types[:i].count(types[i])) is None:
            return 'No %s tile is left to develop (§7)' % TITLES[types[i]].lower()
    plan = cube_costs(s, WORKS, srcs)
    if isinstance(plan, str):
        return plan
    if plan[0] > s['money'][p]:
        return 'The iron costs £%d; the player has £%d (§16.1)' % (plan[0], s['money'][p])
    return plan


def do_develop(s, p, types, srcs):
    plan = develop_plan(s, p, types, srcs)
    refuse(plan)
    spend(s, p, plan[0])
    take(s, WORKS, plan[1], plan[2])
    for t in types:
        s['taken'][p][t] += 1           # the tile leaves the game
    s['left'] -= 1


# --- sell (§9) -------------------------------------------------------------------

def sell_plan(s, p, parts):
    # Walks the sale as it will happen, changing nothing: a refusal, or None.
    used = []
    at = s['cotton']
    pile = s['pile'][:]
    for i in range(len(parts)):
        mill, port, value = parts[i]
        tile = find(s, mill)
        if tile is None or tile[TYP] != MILL or tile[OWN] != p:
            return 'Tile %d is not one of the player\'s own cotton mills (§9)' % mill
        if tile[FLP] or mill in used:
            return 'Mill %d is already flipped: it has sold (§9)' % mill
        used.append(mill)
        if port:
            pt = find(s, port)
            if pt is None or pt[TYP] != PORT:
                return 'Tile %d is not a port on the board (§9)' % port
            if pt[FLP] or port in used:
                return 'Port %d is flipped: a port sells once (§9)' % port
            used.append(port)
            continue
        if at >= DISTANT_X:
            return 'The distant market is closed for the rest of the era (§9)'
        if not 0 <= value <= 4 or not pile[value]:
            left = [str(v) for v in range(5) if pile[v]]
            return 'No distant market tile -%d is left; left: -%s (§9)' % (value, ', -'.join(left))
        pile[value] -= 1
        at += value
        if at >= DISTANT_X and i < len(parts) - 1:
            return 'The distant market reached X: the Sell action ends there (§9, §16.24)'
    return None


def do_sell(s, p, parts):
    why = sell_plan(s, p, parts)
    refuse(why)
    for mill, port, value in parts:
        tile = find(s, mill)
        if port:
            flip(s, find(s, port))       # the port's owner gains (§11)
            flip(s, tile)
            continue
        s['pile'][value] -= 1            # W07: to the bottom; RX18: discarded (§9)
        s['rng'] = (s['rng'] * 75 + 74) % 65537     # (the device's draws, brass_steps)
        s['cotton'] = min(DISTANT_X, s['cotton'] + value)
        if s['cotton'] >= DISTANT_X:
            break                        # X: no sale, the market is closed (§9 step 3)
        bonus = BONUS[s['cotton']]
        if s['bonus_cash']:
            s['money'][p] += bonus       # setting bonus=cash (§15.1)
        else:
            s['pos'][p] = advance(s['pos'][p], bonus)     # §9 step 4: income spaces
        flip(s, tile)
    s['left'] -= 1


# --- loan (§6.3, §7) -------------------------------------------------------------

def loan_refusal(s, p, amount):
    if amount not in (10, 20, 30):
        return 'A loan is £10, £20 or £30 (§7)'
    if loans_locked(s):
        return 'No loans in the Rail era once the draw deck is empty: from round %d of %d ' \
               '(§4.1)' % (s['rounds'] - s['noloan'] + 1, s['rounds'])
    if after_loan(s['pos'][p], amount) is None:
        return 'A £%d loan would take income from %d below -10 (§6.3)' % (amount, level(s['pos'][p]))
    return None


def loans_locked(s):
    # §4.1, §16.9: the Rail era's last rounds (setting noloan) have no loans.
    return s['era'] == 1 and s['round'] > s['rounds'] - s['noloan']


def do_loan(s, p, amount):
    refuse(loan_refusal(s, p, amount))
    s['money'][p] += amount              # not money spent (§12)
    s['pos'][p] = after_loan(s['pos'][p], amount)
    s['left'] -= 1
