# Steam, the base game: what it does differently from the standard game.
# steam.py plays the turn and calls these where the variants differ: the
# start (§4), the tiles' costs (§5.1), paying for track (§5.2, §3), income
# (§5.4), the next turn's order (§5.5) and the last tie-break (§6).
#
# Every "§" is a section of the rules digest, ../shared/rules/steam.md.
from trackside.rules import RuleError, ask, NONE, AMOUNT
from trackside.games.steam_common import (
    pay, payable, start_tiles, reset_tiles, go_bankrupt,
    CITY_GROWTH, LOCOMOTIVE, URBANIZATION, AUCTION)


def new_game(s, cfg):
    s['zero_bid'] = cfg['zero_bid'] == 'yes'
    n = len(s['cash'])
    if cfg['start'] == 'firstgame':
        # §4.1: players are listed clockwise from the lowest tile; the k-th
        # player in turn order starts with $(k-1).
        s['cash'] = list(range(n))
        start_tiles(s)
    else:
        # §4.2: auction position 1 first; the first player listed opens.
        s['phase'] = AUCTION
        s['order'] = []
        s['bidders'] = list(range(n))
    return s


# --- the initial auction (§4.2) ---------------------------------------------

def min_bid(s):
    if s['high'] < 0:
        return 0 if s['zero_bid'] else 1
    return s['high'] + 1


def do_bid(s, p, bid):
    lo, hi = min_bid(s), payable(s, p)
    if bid < lo:
        if s['high'] < 0:
            raise RuleError('The opening bid must be at least $%d (setting zero_bid; §4.2)' % lo)
        raise RuleError('Bid must be above $%d: at least $%d (§4.2)' % (s['high'], lo))
    if bid > hi:
        raise RuleError('Bid $%d is more than can be raised: at most $%d (§4.2, §3)' % (bid, hi))
    s['high'] = bid
    s['high_by'] = p
    b = s['bidders']
    b.append(b.pop(0))


def do_pass(s, p):
    # A player who passes is out of this position's auction (§4.2 step 2).
    s['bidders'].pop(0)
    if len(s['bidders']) == 1:
        win_position(s, s['bidders'][0])


def win_position(s, p):
    # §4.2 steps 3-7: the winner pays by the income track and takes the
    # position; the next auction opens left of the winner, skipping winners;
    # the last position is free.
    if s['high_by'] == p:
        pay(s, p, s['high'], 'Bid')
    s['order'].append(p)
    n = len(s['cash'])
    left = [q for q in [(p + k) % n for k in range(1, n)] if q not in s['order']]
    s['high'], s['high_by'] = -1, -1
    if len(left) == 1:
        s['order'].append(left[0])
        s['bidders'] = []
        start_tiles(s)
    else:
        s['bidders'] = left


def apply(s, p, verb, args):
    # This variant's own phase: the initial auction.
    if verb == 'bid':
        do_bid(s, p, args[0])
    else:
        do_pass(s, p)


def prompt(s, p, who, name):
    pos = len(s['order']) + 1
    lo, hi = min_bid(s), payable(s, p)
    opts = [('bid', AMOUNT, lo, hi, lo, '', '$')] if lo <= hi else []
    opts.append(('pass', NONE))
    blocked = [] if opts[0][0] == 'bid' else [
        ('bid', '%s can raise at most $%d; the bid is $%d (§4.2, §3)' % (who, hi, lo))]
    if s['high'] < 0:
        text = '%s: bid for position %d' % (who, pos)
    else:
        text = '%s: bid, high $%d %s' % (who, s['high'], name(s['high_by']))
    return ask(s['turn'], AUCTION, p, text, opts, blocked)


# --- where the turn differs --------------------------------------------------------

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
