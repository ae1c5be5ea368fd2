# Steam: what the base game and the standard game both use (the numbers of
# the digest §1-§3, money, the action tiles, the phases' names). steam.py
# plays the turn; steam_base.py and steam_standard.py add their variant's
# own phases. This module imports neither, so there is no import loop.
#
# Every "§" is a section of the rules digest, ../shared/rules/steam.md.
from trackside.rules import RuleError

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
