# Steam, the base game's start (§4) and its initial auction (§4.2): loaded by
# turn.py while the auction lasts, once a game, and let go when it is over, so
# that its code is not held the rest of the game (a standard game never loads it:
# its auction is standard.py's). It imports turn.py; turn.py loads it only when
# it is called, so there is no import loop.
#
# Every "§" is a section of the rules digest, ../shared/rules/steam.md.
from trackside.rules import RuleError, ask, NONE, AMOUNT
from trackside.games.steam.turn import AUCTION, payable, pay, start_tiles


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


def own_apply(s, p, verb, args):
    # The base game's own phase: the initial auction.
    if verb == 'bid':
        do_bid(s, p, args[0])
    else:
        do_pass(s, p)


def own_prompt(s, p, who, name):
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
