# Steam: Rails to Riches (Martin Wallace, 2009): the turn, as the base game
# plays it. Money (§3), the start (§4), the phases of a turn (§5: tiles,
# build, move goods, income, the next turn's order) and the final scoring
# (§6); the initial auction (§4.2) is auction.py, a delivery (§5.3)
# deliver.py. The standard game (standard.py, §7) has other steps in some
# places: a function that differs by variant takes the variant's module, v
# (this module for the base game, standard.py for the standard game),
# and asks it. __init__.py plays the game through these; nothing here imports
# __init__.py or standard.py, so there is no import loop.
#
# Every "§" is a section of the rules digest, ../shared/rules/steam.md.
from trackside.rules import RuleError, AMOUNT
from trackside import need, unload

INCOME_MIN = -10            # §1
STEP = 5                    # §3: $5 per income step
LOCO_MAX = 6                # §1
NEW_CITIES = 8              # §1: New City tiles (Urbanization)
TILE_COST_MAX = 10          # §5.2: a hex has 6 edges ($1 each) + town $1 + river $1 + hills $2
LINKS_MAX = 24              # §1: 24 tokens per colour; each owned link holds one

# §5.1: the action tiles, numbered 1..7 (index + 1)
TILES = ('turnorder', 'firstmove', 'engineer', 'firstbuild',
         'citygrowth', 'locomotive', 'urbanization')
TILE_TITLES = ('Turn Order', 'First Move', 'Engineer', 'First Build',
               'City Growth', 'Locomotive', 'Urbanization')
TURN_ORDER, FIRST_MOVE, ENGINEER, FIRST_BUILD, CITY_GROWTH, LOCOMOTIVE, URBANIZATION = 1, 2, 3, 4, 5, 6, 7
MAY_DECLINE = (CITY_GROWTH, URBANIZATION)   # §5.1 pass option

# The phases: the base game's initial auction, the standard game's capital
# and bidding (§7.2), and the turn both share.
AUCTION, TILES_PHASE, BUILD, MOVE, INCOME, LINKS, OVER = (
    'auction', 'tiles', 'build', 'move', 'income', 'links', 'over')
CAPITAL, BIDDING = 'capital', 'bidding'


# --- money (§3) -------------------------------------------------------------

def can_raise(s, p):
    # Dollars a player could still raise: $5 per income step down to -10,
    # then $5 per 2 VP (§3 steps 2-4).
    return STEP * (s['income'][p] - INCOME_MIN + s['vp'][p] // 2)


def payable(s, p):
    return s['cash'][p] + can_raise(s, p)


def pay(s, p, cost, what):
    # Pay from cash, raising only the minimum from the bank (§3): $5 units,
    # income steps first, 2 VP per unit at -10; change (0..4) stays as cash.
    # Raises RuleError, changing nothing, if the money cannot be found.
    cash = s['cash'][p]
    if cash >= cost:
        s['cash'][p] = cash - cost
        return
    units = (cost - cash + STEP - 1) // STEP
    steps = min(units, s['income'][p] - INCOME_MIN)
    if units - steps > s['vp'][p] // 2:
        raise RuleError('%s costs $%d; can pay at most $%d (cash $%d, income %d, %d VP; §3)' % (
            what, cost, payable(s, p), cash, s['income'][p], s['vp'][p]))
    s['income'][p] -= steps
    s['vp'][p] -= 2 * (units - steps)
    s['cash'][p] = cash + STEP * units - cost


# --- the action tiles and the turn order ----------------------------------------

def start_tiles(s):
    # §5.1: each player, in turn order, takes one action tile.
    s['phase'] = TILES_PHASE
    s['queue'] = s['order'][:]


def holder(s, tile):
    # Who took this action tile this turn, or -1.
    for p in s['order']:
        if s['tile'][p] == tile:
            return p
    return -1


def reset_tiles(s):
    # §5.6: the tiles go back at the end of the turn.
    n = len(s['cash'])
    s['tile'] = [0] * n
    s['declined'] = [0] * n
    s['upgraded'] = [0] * n


def go_bankrupt(s, p):
    # §5.4: out of the game; their completed links become unowned.
    s['out'][p] = 1
    s['order'].remove(p)


def final_turn_over(s):
    # After this turn's income: is the game over? The final turn ends here
    # (§5.6 / §7.2); with one player left (setting one_left, §8 U11) or
    # none, there is nobody to play on.
    left = len(s['order'])
    return s['turn'] >= s['last'] or not left or (s['one_left'] and left < 2)


def start_links(s):
    # §6: after the final income, each player's completed links.
    s['phase'] = LINKS
    s['queue'] = s['order'][:]


# --- the base game's start (§4) and its initial auction (§4.2): auction.py,
# loaded while the auction lasts (once a game) and let go after it ------------------

AUCTION_MODULE = 'trackside.games.steam.auction'


def new_game(s, cfg):
    s = need(AUCTION_MODULE).new_game(s, cfg)
    auction_over(s)
    return s


def own_apply(s, p, verb, args):
    need(AUCTION_MODULE).own_apply(s, p, verb, args)
    auction_over(s)


def own_prompt(s, p, who, name):
    return need(AUCTION_MODULE).own_prompt(s, p, who, name)


def auction_over(s):
    if s['phase'] != AUCTION:
        unload(AUCTION_MODULE)


# --- where the variants differ: the base game's way (standard.py has the
# standard game's under the same names) -----------------------------------------------

def tile_cost(s, p, t, declined):
    # §5.1: City Growth $2, Locomotive $4 + the new level, Urbanization $6;
    # passing on City Growth or Urbanization costs nothing.
    if t == CITY_GROWTH:
        return 0 if declined else 2
    if t == LOCOMOTIVE:
        return 4 + s['loco'][p] + 1
    if t == URBANIZATION:
        return 0 if declined else 6
    return 0


def decline_refusal(s, p, t):
    # Passing on a tile's action is said when it is taken (§5.1).
    return None


def may_decline(s, p):
    return False


DECLINE_REFUSAL = 'In the base game you pass on a tile when you take it: "tile citygrowth pass" (§5.1)'


def track_money(s, p):
    return payable(s, p)


def pay_track(s, p, cost):
    pay(s, p, cost, 'Track')        # raising money as needed (§3)


INCOME_TEXT = 'Turn %d: income'


def income(s):
    # §5.4: in turn order, positive income is paid, negative income is owed;
    # the bill is the income at the start of the phase (M3), raised by §3.
    # A player who cannot pay is bankrupt and out of the game.
    for p in s['order'][:]:
        bill = s['income'][p]
        if bill > 0:
            s['cash'][p] += bill
        elif bill < 0:
            try:
                pay(s, p, -bill, 'Income')
            except RuleError:
                # they raise all they can first (income to -10, VP in
                # pairs, cash to the bank), as the standard game's
                # shortfall does: bankrupt "at -10 income" (§5.4)
                s['cash'][p] = 0
                s['income'][p] = INCOME_MIN
                s['vp'][p] %= 2
                go_bankrupt(s, p)


def new_turn(s):
    # §5.5: next turn's order is the ascending numbers of the tiles taken;
    # §5.6: return the tiles, advance the turn marker.
    s['order'].sort(key=lambda q: s['tile'][q])
    reset_tiles(s)
    s['turn'] += 1
    start_tiles(s)


def last_tiebreak(s):
    # §6 step 4: the lower tile number taken in the final turn.
    return lambda q: s['tile'][q]


# --- the order of a turn ----------------------------------------------------------

def first_then_order(s, tile):
    # §5.2 First Build / §5.3 First Move: the holder goes first, then turn order.
    h = holder(s, tile)
    q = [p for p in s['order'] if p != h]
    if h >= 0:
        q.insert(0, h)
    return q


def start_build(s):
    s['phase'] = BUILD
    s['queue'] = first_then_order(s, FIRST_BUILD)


def start_move(s, rnd):
    s['phase'] = MOVE
    s['round'] = rnd
    s['queue'] = first_then_order(s, FIRST_MOVE)


def next_in_queue(s, v):
    s['queue'].pop(0)
    if s['queue']:
        return
    ph = s['phase']
    if ph == TILES_PHASE:
        start_build(s)
    elif ph == BUILD:
        start_move(s, 1)
    elif ph == MOVE:
        if s['round'] == 1:
            start_move(s, 2)
        else:
            s['phase'] = INCOME
    elif ph == LINKS:
        final_scoring(s, v)


# --- Phase 1: action tiles (§5.1) -------------------------------------------

def tile_refusal(s, v, p, t, declined):
    # Why this tile cannot be taken now, or None.
    if holder(s, t) >= 0:
        return '%s is already taken this turn (§5.1)' % TILE_TITLES[t - 1]
    if declined and t not in MAY_DECLINE:
        return 'Only City Growth and Urbanization may be passed on (§5.1)'
    if declined:
        why = v.decline_refusal(s, p, t)
        if why:
            return why
    if t == LOCOMOTIVE and s['loco'][p] >= LOCO_MAX:
        return 'Locomotive cannot be taken at level %d (§5.1)' % LOCO_MAX
    if t == URBANIZATION and s['cities'] >= NEW_CITIES and not only_urbanization(s, p):
        return 'No New City tiles are left: Urbanization cannot be taken (§5.1)'
    if t == URBANIZATION and not declined and s['cities'] >= NEW_CITIES:
        return 'No New City tiles are left: take Urbanization with "pass" (§5.1)'
    cost = v.tile_cost(s, p, t, declined)
    if cost > payable(s, p):
        return '%s costs $%d; can pay at most $%d (§3)' % (TILE_TITLES[t - 1], cost, payable(s, p))
    return None


def only_urbanization(s, p):
    # Is Urbanization the one tile left this player could take? (6 players,
    # locomotive at 6, tiles 1-5 gone.) The rules do not say; the device lets
    # the player take it and pass, as they must take a tile (§5.1).
    for t in range(1, URBANIZATION):
        if holder(s, t) < 0 and not (t == LOCOMOTIVE and s['loco'][p] >= LOCO_MAX):
            return False
    return True


def do_tile(s, v, p, t, declined):
    why = tile_refusal(s, v, p, t, declined)
    if why:
        raise RuleError(why)
    pay(s, p, v.tile_cost(s, p, t, declined), TILE_TITLES[t - 1])
    s['tile'][p] = t
    s['declined'][p] = 1 if declined else 0
    if t == LOCOMOTIVE:
        s['loco'][p] += 1               # immediately (§5.1)
    elif t == URBANIZATION and not declined:
        s['cities'] += 1
    next_in_queue(s, v)


# --- Phase 2: build track (§5.2) ----------------------------------------------

def build_limit(s, p):
    return 4 if s['tile'][p] == ENGINEER else 3


def do_build(s, v, p, costs):
    most = build_limit(s, p)
    if len(costs) > most:
        raise RuleError('At most %d track tiles this turn (%s; §5.2)' % (
            most, 'Engineer' if most == 4 else '4 with Engineer'))
    for c in costs:
        if not 1 <= c <= TILE_COST_MAX:
            raise RuleError('A track tile costs $1..$%d, not $%d (§5.2)' % (TILE_COST_MAX, c))
    v.pay_track(s, p, sum(costs))
    next_in_queue(s, v)


def do_decline(s, v, p):
    # The standard game's City Growth or Urbanization holder passes on it
    # when building (§7.5).
    if not v.may_decline(s, p):
        raise RuleError(v.DECLINE_REFUSAL)
    s['declined'][p] = 1
    if s['tile'][p] == URBANIZATION:
        s['cities'] -= 1                # the New City tile stays in the box
    # still this player's build


def build_step(s, v, p, who, answers):
    # The build as questions: each tile's cost, 0 when done (or, first, to
    # pass). A tile after the first starts at "0 = done", and one press up
    # is the cost before it: tiles often cost alike (issue 12).
    costs = answers[:]
    if costs and costs[-1] == 0:
        costs.pop()
        return summary_of_build(costs), None, build_line(costs)
    money = v.track_money(s, p)
    spent = sum(costs)
    top = min(TILE_COST_MAX, money - spent)
    if len(costs) == build_limit(s, p) or (costs and top < 1):
        return summary_of_build(costs), None, build_line(costs)
    top = max(0, top)
    title = '%s: tile %d cost' % (who, len(costs) + 1)
    if not costs:
        # (nothing entered yet: the line may still be a build or a pass)
        return '', (title, AMOUNT, 0, top, min(2, top), '0 = pass', '$'), ''
    return (summary_of_build(costs), (title, AMOUNT, 0, top, 0, '0 = done', '$', min(costs[-1], top)),
            build_line(costs))


def build_line(costs):
    return 'build ' + ' '.join('%d' % c for c in costs) if costs else 'pass'


def summary_of_build(costs):
    if not costs:
        return ''
    return ' + '.join('$%d' % c for c in costs) + (' = $%d' % sum(costs) if len(costs) > 1 else '')


# --- Phase 3: move goods (§5.3) -------------------------------------------------

def do_loco(s, v, p):
    if s['upgraded'][p]:
        raise RuleError('The free locomotive upgrade is once per turn (§5.3)')
    if s['loco'][p] >= LOCO_MAX:
        raise RuleError('Locomotive is already at level %d (§5.3)' % LOCO_MAX)
    s['loco'][p] += 1
    s['upgraded'][p] = 1
    next_in_queue(s, v)


# --- Phase 4 income, Phase 5 turn order, Phase 6 new turn (§5.4-§5.6) -----------

def do_income(s, v):
    v.income(s)         # §5.4, or §7.6 with locomotive maintenance
    if final_turn_over(s):
        start_links(s)
        if not s['queue']:
            final_scoring(s, v)
        return
    v.new_turn(s)       # §5.5-§5.6, or §7.4 step 6 and the next Buy Capital


# --- end of the game (§6) -----------------------------------------------------

def income_vp(income):
    # §6 step 1: +1 VP per 2 positive income (rounded down), -2 VP per
    # negative income step.
    return income // 2 if income > 0 else 2 * income


def final_scoring(s, v):
    n = len(s['cash'])
    score = [None] * n
    for p in s['order']:
        score[p] = s['vp'][p] + income_vp(s['income'][p]) + s['links'][p]
    # §6 step 4: most VP; ties: higher income, then the variant's last
    # tie-break (the lower tile number taken in the final turn; §8 U7).
    last = v.last_tiebreak(s)
    ranked = sorted(s['order'], key=lambda q: (-score[q], -s['income'][q], last(q)))
    s['score'] = score
    s['ranking'] = ranked
    s['winner'] = ranked[0] if ranked else -1
    s['phase'] = OVER
    s['queue'] = []


def do_links(s, v, p, links):
    if links > LINKS_MAX:
        raise RuleError('At most %d links: a colour has %d tokens (§1)' % (LINKS_MAX, LINKS_MAX))
    s['links'][p] = links
    next_in_queue(s, v)
