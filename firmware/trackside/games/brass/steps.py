# Brass: the questions of a build, a rail link, a develop and a sell, one at
# a time (docs/engine.md, "A sequence"). Each question offers only what the
# rules allow (act.py checks the same again), with the price in its
# words; the header shows what the entry costs so far. The answer line holds
# 13 characters: labels are short, a question's title says the rest.
# Imports act.py and data.py only.
from trackside.rules import PICK, CONFIRM
from trackside.games.brass.data import (
    val, TYPES, TITLES, MILL, PORT, MINE, WORKS, SHIP, COST, INCOME, VP,
    DISTANT_X, BONUS, MARKET, LINK_TILES, sell)
from trackside.games.brass.act import (
    NUM, OWN, TYP, LV, CUB, FLP, find, next_level, level_refusal, over_refusal, needs,
    least_cost, market_cost, cube_costs, key, cubes_on_board, may_double, new_cubes)


def step(setup, s, p, verb, answers):
    # A sequence's next question: (summary, question, line).
    f = (build_step, link_step, develop_step, sell_step)[('build', 'link', 'develop').index(verb)
                                                          if verb != 'sell' else 3]
    return f(s, p, setup['players'], answers)


def paid(s, t, srcs):
    # £ for the cubes named so far (answer words: a tile's number or "market").
    plan = cube_costs(s, t, [0 if x == 'market' else int(x) for x in srcs])
    return 0 if isinstance(plan, str) else plan[0]


def sources(s, t, srcs, need, budget, names):
    # Where the next of `need` cubes of a resource (MINE: coal, WORKS: iron)
    # can come from after srcs: a tile with a cube left (free), or the market
    # if the player can still pay for it and the least the cubes after it
    # cost (budget: the £ left for cubes). A tile is affordable whenever the
    # market is: it leaves the same cubes to buy. Iron comes from the market
    # only when no works has a cube (§7).
    items = []
    for tile in s['tiles']:
        left = tile[CUB] - srcs.count('%d' % tile[NUM])
        if tile[TYP] == t and left > 0:
            items.append(('%d' % tile[NUM], '#%d %s %dc' % (tile[NUM], names[tile[OWN]], left)))
    bought = srcs.count('market')
    free = cubes_on_board(s, t) - len(srcs) + bought
    if t == WORKS and free > 0:
        return items
    freed = len(srcs) - bought              # (cubes taken from tiles: in the supply now, §1)
    price = market_cost(s, t, bought, 1, freed)
    rest = market_cost(s, t, bought + 1, max(0, need - len(srcs) - 1 - free), freed + free)
    if paid(s, t, srcs) + price + rest <= budget:
        items.append(('market', 'Market £%d' % price))
    return items


# --- build (§7) --------------------------------------------------------------------

def build_choices(s, p, names):
    # The industries player p can build now: each type's next tile (those
    # needing no coal or iron first: the fewest presses), then the same over
    # each tile it may replace (§7); only those the player can pay for.
    first, then, over = [], [], []
    cubes = (least_cost(s, MINE, 1), least_cost(s, WORKS, 1))     # the least a coal, an iron costs
    for t in range(5):
        if level_refusal(s, p, t):
            continue
        lv = next_level(s, p, t)
        coal, iron = needs(t, lv)
        if val(t, lv, COST) + coal * cubes[0] + iron * cubes[1] > s['money'][p]:
            continue
        (then if coal or iron else first).append((TYPES[t], '%s L%d £%d' % (
            TITLES[t], lv, val(t, lv, COST))))
        for tile in s['tiles']:
            if tile[TYP] == t and tile[LV] < lv and over_refusal(s, p, t, lv, tile[NUM]) is None:
                over.append(('%s over %d' % (TYPES[t], tile[NUM]), '%s%d over %d' % (
                    TITLES[t], lv, tile[NUM])))
    return first + then + over


def build_step(s, p, names, answers):
    if not answers:
        return '', ('%s: build' % names[p], PICK, build_choices(s, p, names)), 'build'
    t = TYPES.index(answers[0].split()[0])
    lv = next_level(s, p, t)
    cost = val(t, lv, COST)
    coal, iron = needs(t, lv)
    line = ['build', answers[0]]
    head = '%s L%d £%d' % (TITLES[t], lv, cost)
    i = 1
    for res, need in ((MINE, coal), (WORKS, iron)):
        if not need:
            continue
        if len(answers) <= i:
            room = s['money'][p] - cost - (least_cost(s, WORKS, iron) if res == MINE else 0)
            q = ('%s: %s from' % (TITLES[t], key(res)), PICK, sources(s, res, [], 1, room, names))
            return head, q, ' '.join(line)
        src = answers[i]
        got = paid(s, res, [src])
        cost += got
        head += ', %s %s' % (key(res), ('mkt £%d' % got) if src == 'market' else '#' + src)
        line.append('%s %s' % (key(res), src))
        i += 1
    if len(answers) > i:
        if answers[i] and answers[i] is not True:
            line.append(answers[i])
        return head, None, ' '.join(line)
    # The last question: its title says what the build costs and changes;
    # its items are the flags there is a choice of: a coal mine connected to
    # a port sells to the market (§8), a double action takes both actions
    # (§7). With no choice, a confirm: the cost and what changes, said yes
    # to (issue 8: the screen shows what an entry will cost before it is made).
    c = s[key(t)]
    words = answers[0].split()
    cubes = new_cubes(s, t, lv, int(words[2]) if len(words) > 2 else 0) if t in (MINE, WORKS) else 0
    gain, moved = sell(c, cubes)
    inc = val(t, lv, INCOME)
    if t == SHIP:
        what = 'flips: +%d inc, %dVP' % (inc, val(t, lv, VP))
    elif t == WORKS and moved:
        what = '%d iron sold +£%d%s' % (moved, gain, ', flips' if moved == cubes else '')
    elif (t == MINE or t == WORKS) and not cubes:
        what = 'no %s left: flips +%d inc' % (key(t), inc)     # §1: the supply is empty
    elif t == MINE or t == WORKS:
        what = '%d cubes; +%d inc empty' % (cubes, inc)
    else:
        what = '+%d inc when sold' % inc
    items = [('', 'OK')]
    if t == MINE and c < MARKET:
        items.append(('connected', 'OK, port: +£%d' % gain))
    if may_double(s):
        items += [((w + ' double').strip(), l + ' x2') for w, l in items]
    if len(items) == 1:
        return head, ('Build?', CONFIRM, ['£%d: %s' % (cost, what)]), ' '.join(line)
    return head, ('£%d: %s' % (cost, what), PICK, items), ' '.join(line)


# --- link (§7) -------------------------------------------------------------------

def link_option(s, p):
    # The link option, or why there is none.
    if s['links'][p] >= LINK_TILES:
        return 'All %d link tiles are built (§2)' % LINK_TILES
    if (5 + least_cost(s, MINE, 1) if s['era'] else 3) > s['money'][p]:
        return 'A link costs more than the player has (§7)'
    return ('link', ('none', 'sequence')[s['era']])


def link_step(s, p, names, answers):
    money = s['money'][p]
    if not answers:
        items = [('1', '1 rail £5')]
        if s['links'][p] + 2 <= LINK_TILES and 15 + least_cost(s, MINE, 2) <= money:
            items.append(('2', '2 rails £15'))
        return '', ('%s: rail links' % names[p], PICK, items), 'link'
    k = int(answers[0])
    srcs = answers[1:]
    cost = 5 if k == 1 else 15
    line = 'link' + (' coal ' + ' '.join(srcs) if srcs else '')
    head = '%d rail £%d' % (k, cost + paid(s, MINE, srcs))
    if len(srcs) == k:
        return head, None, line
    return head, ('Coal for link %d' % (len(srcs) + 1), PICK,
                  sources(s, MINE, srcs, k, money - cost, names)), line


# --- develop (§7) -----------------------------------------------------------------

def develop_possible(s, p):
    if least_cost(s, WORKS, 1) > s['money'][p]:
        return 'Developing needs an iron the player cannot pay for (§7)'
    for t in range(5):
        if next_level(s, p, t) is not None:
            return None
    return 'Every stack is empty (§7)'


def develop_step(s, p, names, answers):
    def item(t, skip, word):
        lv = next_level(s, p, t, skip)
        return (TYPES[t], '%s%s L%d' % (word, TITLES[t], lv)) if lv is not None else None
    if not answers:
        items = [item(t, 0, '') for t in range(5)]
        return '', ('%s: develop' % names[p], PICK, [x for x in items if x]), 'develop'
    types = [a for a in answers[:2] if a]
    head = ' + '.join(item(TYPES.index(a), i and a == answers[0], '')[1]
                      for i, a in zip(range(2), types))
    if len(answers) == 1:
        items = [('', 'Only one')]
        if least_cost(s, WORKS, 2) <= s['money'][p]:
            t1 = TYPES.index(answers[0])
            items += [x for x in [item(t, t == t1, 'And ') for t in range(5)] if x]
        return head, ('Develop a second tile?', PICK, items), 'develop ' + answers[0]
    srcs = answers[2:]
    line = 'develop ' + ' '.join(types) + (' iron ' + ' '.join(srcs) if srcs else '')
    if srcs:
        head += ', iron £%d' % paid(s, WORKS, srcs)
    if len(srcs) == len(types):
        return head, None, line
    return head, ('Iron for tile %d' % (len(srcs) + 1), PICK,
                  sources(s, WORKS, srcs, len(types), s['money'][p], names)), line


# --- sell (§9) ----------------------------------------------------------------------

def sell_possible(s, p):
    if not [t for t in s['tiles'] if t[TYP] == MILL and t[OWN] == p and not t[FLP]]:
        return 'The player has no unflipped cotton mill (§9)'
    if s['cotton'] >= DISTANT_X and not [t for t in s['tiles'] if t[TYP] == PORT and not t[FLP]]:
        return 'No unflipped port, and the distant market is closed (§9)'
    return None


def drawn(s, pile, r):
    # setting distant=draw: the tile the device turns, from those left; a
    # pseudo-random number from the game so far (the log records the tile).
    k = (r + s['built'] * 7 + sum(s['money'])) % sum(pile)
    for v in range(5):
        if k < pile[v]:
            return v
        k -= pile[v]


def sell_step(s, p, names, answers):
    used = []
    at = s['cotton']
    pile = s['pile'][:]
    r = s['rng']
    line = ['sell']
    head = []
    i = 0
    while True:
        ports = [t for t in s['tiles'] if t[TYP] == PORT and not t[FLP] and '%d' % t[NUM] not in used]
        mills = [t for t in s['tiles'] if t[TYP] == MILL and t[OWN] == p and not t[FLP]
                 and '%d' % t[NUM] not in used]
        if not mills or (not ports and at >= DISTANT_X):
            return ', '.join(head), None, ' '.join(line)
        if len(answers) <= i:
            # which mill: the first is asked only if there are several
            items = [('%d' % t[NUM], '#%d Mill L%d' % (t[NUM], t[LV])) for t in mills]
            return ', '.join(head), ('%s: sell which mill?' % names[p], PICK,
                                     [('', 'Done')] * (i > 0) + items), ' '.join(line)
        mill = answers[i]
        if not mill:
            return ', '.join(head), None, ' '.join(line)
        used.append(mill)
        line.append(mill)
        if len(answers) <= i + 1:
            lv = find(s, int(mill))[LV]
            items = [('%d' % t[NUM], '#%d %s L%d +%d' % (t[NUM], names[t[OWN]], t[LV],
                                                          val(PORT, t[LV], INCOME))) for t in ports]
            if at < DISTANT_X:
                items.append(('distant', 'Distant (%d)' % at))
            return ', '.join(head), ('Mill #%s L%d +%d via' % (mill, lv, val(MILL, lv, INCOME)),
                                     PICK, items), ' '.join(line)
        route = answers[i + 1]
        i += 2
        line.append(route)
        if route != 'distant':
            used.append(route)
            head.append('#%s via #%s' % (mill, route))
            continue
        if len(answers) <= i:
            values = [drawn(s, pile, r)] if s['draw'] else [v for v in range(5) if pile[v]]
            items = [('%d' % v, '-%d: %s' % (v, 'X, fails' if at + v >= DISTANT_X
                                               else 'to %d +%d' % (at + v, BONUS[at + v])))
                     for v in values]
            return ', '.join(head), ('Distant tile turned', PICK, items), ' '.join(line)
        v = int(answers[i])
        i += 1
        line.append(answers[i - 1])
        pile[v] -= 1
        r = (r * 75 + 74) % 65537
        at += v
        if at >= DISTANT_X:
            head.append('#%s distant X' % mill)
            return ', '.join(head), None, ' '.join(line)
        head.append('#%s distant -%d +%d' % (mill, v, BONUS[at]))
