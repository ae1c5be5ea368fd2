# Brass: the questions of a build, a rail link, a develop and a sell, one at
# a time (docs/engine.md, "A sequence"). Each question offers only what the
# rules allow (brass_act.py checks the same things again), with the price in
# the words, and the header shows what the entry costs so far. Imports
# brass_board and brass_data only.
from trackside.rules import PICK
from trackside.games.brass_data import (
    TILE, TYPES, TITLES, MILL, PORT, MINE, WORKS, COST, INCOME, CUBES, VP,
    DISTANT_X, BONUS, MARKET, LINK_TILES, buy_price, sell as market_sell, level)
from trackside.games.brass_board import (
    NUM, OWN, TYP, LV, CUB, FLP, find, next_level, level_refusal, over_targets,
    holders, least_cost, cube_costs, resource_need, label, market_key, cubes_on_board)


def step(setup, s, p, verb, answers):
    # A sequence's next question: (summary, question, line).
    names = setup['players']
    if verb == 'build':
        return build_step(s, p, names, answers)
    if verb == 'link':
        return link_step(s, p, names, answers)
    if verb == 'develop':
        return develop_step(s, p, names, answers)
    return sell_step(s, p, names, answers)


def market_price(s, t, bought):
    # The next cube's price after `bought` cubes of this action (§16.3).
    c = s[market_key(t)]
    for _ in range(bought):
        c = c - 1 if c else 0
    return buy_price(c)


def least(s, t, r, free, bought):
    # The least r more cubes cost with `free` left on the board (taken
    # first: they cost nothing) after `bought` from the market.
    total = 0
    for _ in range(max(0, r - free)):
        total += market_price(s, t, bought)
        bought += 1
    return total


def spent_on(s, t, srcs):
    # £ paid for the cubes named so far (sources as answer words).
    plan = cube_costs(s, t, [0 if x == 'market' else int(x) for x in srcs])
    return plan[0] if not isinstance(plan, str) else 0


def source_items(s, t, srcs, need, budget, names):
    # Where the next of `need` cubes of a resource (MINE: coal, WORKS: iron)
    # can come from, after srcs (the answers so far): a tile with a cube left
    # (free), or the market if the player can still pay for it and the
    # cubes after it (budget: the £ left for cubes). A tile is always
    # affordable when the market is: it leaves the same cubes to buy. Iron
    # comes from the market only when no works has a cube (§7).
    items = []
    for tile in holders(s, t):
        if tile[CUB] > srcs.count('%d' % tile[NUM]):
            items.append(('%d' % tile[NUM], label(tile, names)))
    bought = srcs.count('market')
    free = cubes_on_board(s, t) - (len(srcs) - bought)
    if t == WORKS and free > 0:
        return items
    price = market_price(s, t, bought)
    rest = least(s, t, need - len(srcs) - 1, free, bought + 1)
    if spent_on(s, t, srcs) + price + rest <= budget:
        items.append(('market', '%s market £%d' % ('Coal' if t == MINE else 'Iron', price)))
    return items


# --- build (§7) --------------------------------------------------------------------

def build_choices(s, p, names):
    # The industries player p can build now, with their price: the type's
    # next tile, and the same over each tile it may replace (§7).
    items = []
    money = s['money'][p]
    for t in range(5):
        if level_refusal(s, p, t):
            continue
        lv = next_level(s, p, t)
        d = TILE[t][lv]
        need_coal, need_iron = resource_need(t, lv)
        least = d[COST] + least_cost(s, MINE, need_coal) + least_cost(s, WORKS, need_iron)
        if least > money:
            continue
        name = '%s L%d £%d%s%s' % (TITLES[t], lv, d[COST], ' +coal' if need_coal else '',
                                   ' +iron' if need_iron else '')
        items.append((TYPES[t], name))
        for num in over_targets(s, p, t, lv):
            tile = find(s, num)
            items.append(('%s over %d' % (TYPES[t], num), '%s L%d over #%d %s L%d' % (
                TITLES[t], lv, num, names[tile[OWN]][:3], tile[LV])))
    return items


def build_step(s, p, names, answers):
    items = build_choices(s, p, names)
    if not answers:
        return '', ('%s: build' % names[p], PICK, items), 'build'
    words = answers[0].split()
    t = TYPES.index(words[0])
    lv = next_level(s, p, t)
    d = TILE[t][lv]
    need_coal, need_iron = resource_need(t, lv)
    line = ['build', answers[0]]
    cost = d[COST]
    head = '%s L%d £%d' % (TITLES[t], lv, cost)
    i = 1
    room = s['money'][p] - cost
    for res, need in ((MINE, need_coal), (WORKS, need_iron)):
        if not need:
            continue
        other = least_cost(s, WORKS, need_iron) if res == MINE else 0
        if len(answers) <= i:
            q = ('%s: %s from' % (TITLES[t], market_key(res)), PICK,
                 source_items(s, res, [], 1, room - other, names))
            return head, q, ' '.join(line)
        src = answers[i]
        paid = spent_on(s, res, [src])
        cost += paid
        room -= paid
        head += ', %s %s' % (market_key(res), ('mkt £%d' % paid) if src == 'market' else '#' + src)
        line.append('%s %s' % (market_key(res), src))
        i += 1
    if len(answers) <= i:
        return head, ('Confirm: £%d' % cost, PICK, confirm_items(s, p, t, lv, cost)), ' '.join(line)
    if answers[i]:
        line.append(answers[i])
    return head, None, ' '.join(line)


def confirm_items(s, p, t, lv, cost):
    # The last question: what the build will change; and its flags, where
    # there is a choice: a coal mine connected to a port sells to the market
    # (§8), a double action takes both actions (§7). A question of one item
    # is not asked (the device skips it): see the report's shared needs.
    d = TILE[t][lv]
    if t == SHIP_T:
        what = 'flips: income +%d, %dVP' % (d[INCOME], d[VP])
    elif t == MINE or t == WORKS:
        what = '%d %s, +%d inc when empty' % (d[CUBES], market_key(t), d[INCOME])
    else:
        what = '+%d inc when flipped' % d[INCOME]
    flags = [('', 'OK £%d: %s' % (cost, what))]
    c = s[market_key(t)]
    if t == WORKS:
        gain, moved = market_sell(c, d[CUBES])
        if moved:
            flags[0] = ('', 'OK £%d: sells %d iron +£%d%s' % (
                cost, moved, gain, ', flips' if moved == d[CUBES] else ''))
    if t == MINE and c < MARKET:
        gain, moved = market_sell(c, d[CUBES])
        flags.append(('connected', 'OK, port-connected: sells %d +£%d' % (moved, gain)))
    if s['left'] >= 2 and not (s['era'] == 0 and s['round'] == 1):
        flags += [(w + (' ' if w else '') + 'double', l + ' (double action)') for w, l in flags]
    return flags


SHIP_T = 4


# --- link (§7) -------------------------------------------------------------------

def link_option(s, p):
    # The link option, or why there is none.
    if s['links'][p] >= LINK_TILES:
        return 'All %d link tiles are built (§2)' % LINK_TILES
    if s['era'] == 0:
        if s['money'][p] < 3:
            return 'A canal costs £3 (§7)'
        return ('link', 'none')
    if 5 + least_cost(s, MINE, 1) > s['money'][p]:
        return 'A rail link costs £5 and a coal (§7)'
    return ('link', 'sequence')


def link_step(s, p, names, answers):
    money = s['money'][p]
    if not answers:
        items = [('1', '1 rail link £5 +coal')]
        if s['links'][p] + 2 <= LINK_TILES and 15 + least_cost(s, MINE, 2) <= money:
            items.append(('2', '2 rail links £15 +2 coal'))
        return '', ('%s: rail links' % names[p], PICK, items), 'link'
    k = int(answers[0])
    cost = 5 if k == 1 else 15
    srcs = answers[1:]
    line = 'link' + (' coal ' + ' '.join(srcs) if srcs else '')
    paid = spent_on(s, MINE, srcs)
    head = '%d rail £%d' % (k, cost + paid)
    if len(srcs) == k:
        return head, None, line
    return head, ('Coal for link %d' % (len(srcs) + 1), PICK,
                  source_items(s, MINE, srcs, k, money - cost, names)), line


# --- develop (§7) -----------------------------------------------------------------

def develop_possible(s, p):
    if least_cost(s, WORKS, 1) > s['money'][p]:
        return 'Developing needs an iron: the market\'s costs more than the player has (§7)'
    for t in range(5):
        if next_level(s, p, t) is not None:
            return None
    return 'Every stack is empty (§7)'


def develop_step(s, p, names, answers):
    money = s['money'][p]
    if not answers:
        items = [(TYPES[t], '%s L%d' % (TITLES[t], next_level(s, p, t)))
                 for t in range(5) if next_level(s, p, t) is not None]
        return '', ('%s: develop' % names[p], PICK, items), 'develop'
    t1 = TYPES.index(answers[0])
    head = '%s L%d' % (TITLES[t1], next_level(s, p, t1))
    if len(answers) == 1:
        items = [('', 'Only %s' % head)]
        if least_cost(s, WORKS, 2) <= money:
            for t in range(5):
                lv = next_level(s, p, t, 1 if t == t1 else 0)
                if lv is not None:
                    items.append((TYPES[t], 'And %s L%d' % (TITLES[t], lv)))
        return head, ('Develop a second tile?', PICK, items), 'develop ' + answers[0]
    types = [answers[0]] + ([answers[1]] if answers[1] else [])
    if answers[1]:
        t2 = TYPES.index(answers[1])
        head += ' + %s L%d' % (TITLES[t2], next_level(s, p, t2, 1 if t2 == t1 else 0))
    srcs = answers[2:]
    line = 'develop ' + ' '.join(types) + (' iron ' + ' '.join(srcs) if srcs else '')
    paid = spent_on(s, WORKS, srcs)
    if paid:
        head += ', iron £%d' % paid
    if len(srcs) == len(types):
        return head, None, line
    return head, ('Iron for tile %d' % (len(srcs) + 1), PICK,
                  source_items(s, WORKS, srcs, len(types), money, names)), line


# --- sell (§9) ----------------------------------------------------------------------

def sell_possible(s, p):
    if not [t for t in s['tiles'] if t[TYP] == MILL and t[OWN] == p and not t[FLP]]:
        return 'The player has no unflipped cotton mill (§9)'
    if s['cotton'] >= DISTANT_X and not [t for t in s['tiles'] if t[TYP] == PORT and not t[FLP]]:
        return 'No unflipped port, and the distant market is closed (§9)'
    return None


def next_rng(r):
    return (r * 75 + 74) % 65537


def drawn(s, pile, r):
    # setting distant=draw: the tile the device turns, from those left; a
    # pseudo-random number from the game so far (the log records the tile).
    total = sum(pile)
    k = (r + s['built'] * 7 + sum(s['money'])) % total
    for v in range(5):
        if k < pile[v]:
            return v
        k -= pile[v]
    return 4


def sell_step(s, p, names, answers):
    mills = [t for t in s['tiles'] if t[TYP] == MILL and t[OWN] == p and not t[FLP]]
    ports = [t for t in s['tiles'] if t[TYP] == PORT and not t[FLP]]
    used = []
    at = s['cotton']
    pile = s['pile'][:]
    r = s['rng']
    line = ['sell']
    head = []
    i = 0
    while True:
        free_ports = [t for t in ports if '%d' % t[NUM] not in used]
        # which mill (the first is asked only if there are several)
        left = [t for t in mills if '%d' % t[NUM] not in used]
        if not left or (not free_ports and at >= DISTANT_X):
            return ', '.join(head), None, ' '.join(line)
        if len(answers) <= i:
            items = [('%d' % t[NUM], label(t, names)) for t in left]
            if i:
                items.insert(0, ('', 'Done: sell %d' % len(head)))
            return ', '.join(head), ('%s: sell which mill?' % names[p], PICK, items), ' '.join(line)
        mill = answers[i]
        i += 1
        if not mill:
            return ', '.join(head), None, ' '.join(line)
        used.append(mill)
        tile = find(s, int(mill))
        line.append(mill)
        if len(answers) <= i:
            items = [('%d' % t[NUM], '%s +%d' % (label(t, names), TILE[PORT][t[LV]][INCOME]))
                     for t in free_ports]
            if at < DISTANT_X:
                items.append(('distant', 'Distant market (at %d)' % at))
            return ', '.join(head), ('Mill #%s L%d +%d via' % (
                mill, tile[LV], TILE[MILL][tile[LV]][INCOME]), PICK, items), ' '.join(line)
        route = answers[i]
        i += 1
        if route != 'distant':
            used.append(route)
            line.append(route)
            head.append('#%s via #%s' % (mill, route))
            continue
        line.append('distant')
        if len(answers) <= i:
            if s['draw']:
                values = [drawn(s, pile, r)]
            else:
                values = [v for v in range(5) if pile[v]]
            items = []
            for v in values:
                to = at + v
                items.append(('%d' % v, '-%d: %s' % (v, ('X: fails, closes') if to >= DISTANT_X
                                                     else 'to %d, +%d' % (to, BONUS[to]))))
            return ', '.join(head), ('Distant tile turned', PICK, items), ' '.join(line)
        v = int(answers[i])
        i += 1
        line.append('%d' % v)
        pile[v] -= 1
        r = next_rng(r)
        at += v
        if at >= DISTANT_X:
            head.append('#%s distant X' % mill)
            return ', '.join(head), None, ' '.join(line)
        head.append('#%s distant -%d +%d' % (mill, v, BONUS[at]))
