# Steam, the standard game (digest §7): its own phases, and what it does
# differently in the turn it shares with the base game. turn.py asks
# this module where the variants differ, by the names it has itself for
# the base game's way (tile_cost, pay_track, income, new_turn, ...).
#
# A turn: 1 Buy Capital, 2 the turn-order auction, 3 action tiles (free),
# 4 build, 5 move goods, 6 income and expenses with locomotive maintenance,
# 7 new turn. Phases 3-5 are turn.py's.
from trackside.rules import RuleError, ask, NONE, AMOUNT
from trackside.games.steam.turn import (
    STEP, INCOME_MIN, CAPITAL, BIDDING, TURN_ORDER, MAY_DECLINE, TILE_TITLES,
    pay, payable, holder, start_tiles, reset_tiles, go_bankrupt)

POINT = 2                   # §7.6: a shortfall costs 1 VP, then 1 income step, per $2


def new_game(s, cfg):
    # §7.1: seated lowest tile to highest, $0 each; the first player listed
    # is first in turn 1. Nobody has a free pass in turn 1.
    s['capital_vp'] = cfg['capital_vp'] == 'yes'
    s['relaxed'] = cfg['relaxed']
    s['by_order'] = cfg['tiebreak'] == 'order'
    s['free'] = -1
    start_capital(s)
    return s


# --- Phase 1: Buy Capital (§7.3) -------------------------------------------

def start_capital(s):
    s['phase'] = CAPITAL
    s['queue'] = s['order'][:]


def capital_max(s, p):
    # Units of $5 a player may take: an income step each down to -10, then
    # (setting capital_vp) 2 VP each, as the base game's rule (§3, §7.3 U6).
    units = s['income'][p] - INCOME_MIN
    if s['capital_vp']:
        units += s['vp'][p] // 2
    return units


def do_capital(s, p, units):
    most = capital_max(s, p)
    if units > most:
        raise RuleError('At most %d x $5 (income %d%s; §7.3)' % (
            most, s['income'][p], ', %d VP' % s['vp'][p] if s['capital_vp'] else ''))
    steps = min(units, s['income'][p] - INCOME_MIN)
    s['income'][p] -= steps
    s['vp'][p] -= 2 * (units - steps)
    s['cash'][p] += STEP * units
    s['queue'].pop(0)
    if not s['queue']:
        start_bidding(s)


# --- Phase 2: the turn-order auction (§7.4) --------------------------------

def start_bidding(s):
    # Bidding starts with the current first player and goes round in turn
    # order. The holder of last turn's Turn Order tile has one free pass.
    s['phase'] = BIDDING
    s['bidders'] = s['order'][:]
    s['slots'] = [-1] * len(s['order'])     # the new order, filled from the back
    s['bids'] = [0] * len(s['cash'])        # each player's own highest bid
    s['high'], s['high_by'] = -1, -1
    s['auto'] = []
    settle(s)


def min_bid(s):
    # The first bid may be $0; each later bid must beat the high bid (§7.4).
    return s['high'] + 1


def settle(s):
    # Move to the next player who has a choice: the high bidder is not asked
    # to outbid themself; a player who cannot afford the minimum bid and has
    # no free pass passes automatically (§9.22, §9.24); one left wins.
    b = s['bidders']
    while len(b) > 1:
        p = b[0]
        if p == s['high_by']:
            b.append(b.pop(0))
        elif s['cash'][p] < min_bid(s) and s['free'] != p:
            s['auto'].append(p)
            drop_out(s)
        else:
            return
    finish(s)


def drop_out(s):
    # The player passes out: to the last unoccupied position (§7.4 step 4).
    p = s['bidders'].pop(0)
    slots = s['slots']
    slots[max(i for i in range(len(slots)) if slots[i] < 0)] = p


def do_bid(s, p, bid):
    lo = min_bid(s)
    if bid < lo:
        raise RuleError('Bid must be above $%d: at least $%d (§7.4)' % (s['high'], lo))
    if bid > s['cash'][p]:
        raise RuleError('Bid $%d is more than the $%d in hand (§7.4)' % (bid, s['cash'][p]))
    s['high'], s['high_by'] = bid, p
    s['bids'][p] = bid
    s['auto'] = []
    b = s['bidders']
    b.append(b.pop(0))
    settle(s)


def do_pass(s, p):
    s['auto'] = []
    if s['free'] == p:
        # the Turn Order tile's free pass: still in, asked again next round
        s['free'] = -1
        b = s['bidders']
        b.append(b.pop(0))
    else:
        drop_out(s)
    settle(s)


def payment(position, bid, n):
    # §7.4: 1st and 2nd pay their bid, the last nothing, the others half,
    # rounded up. (With 2 players the 2nd is also the last: nothing.)
    if position == n:
        return 0
    if position <= 2:
        return bid
    return (bid + 1) // 2


def finish(s):
    # The one left takes the first position; everyone pays by position.
    slots = s['slots']
    slots[0] = s['bidders'][0]
    n = len(slots)
    for i in range(n):
        p = slots[i]
        s['cash'][p] -= payment(i + 1, s['bids'][p], n)
    s['order'] = slots[:]
    s['bidders'] = []
    s['free'] = -1
    start_tiles(s)


# --- Phase 6: income and expenses with maintenance (§7.6) ---------------------

def income(s):
    # In turn order: income minus $1 per locomotive level, received or paid.
    for p in s['order'][:]:
        net = s['income'][p] - s['loco'][p]
        if net > 0:
            s['cash'][p] += net
        elif net < 0:
            owe(s, p, -net)


def owe(s, p, owed):
    # Cash first; then 1 VP per $2 still owed; at 0 VP, 1 income step per
    # $2; an odd amount gets $1 change. Bankrupt at no cash, 0 VP, income
    # -10 and money still owed (§7.6). With relaxed=all, money is first
    # raised as in the base game (§3, §7.3 house rule).
    if s['relaxed'] == 'all' and payable(s, p) >= owed:
        pay(s, p, owed, 'Expenses')
        return
    paid = min(s['cash'][p], owed)
    s['cash'][p] -= paid
    short = owed - paid
    if not short:
        return
    points = (short + POINT - 1) // POINT
    from_vp = min(s['vp'][p], points)
    from_income = min(s['income'][p] - INCOME_MIN, points - from_vp)
    s['vp'][p] -= from_vp
    s['income'][p] -= from_income
    if from_vp + from_income < points:
        go_bankrupt(s, p)
        return
    s['cash'][p] += POINT * points - short


# --- Phase 7: new turn --------------------------------------------------------

def new_turn(s):
    # Tiles back; the Turn Order tile's holder gets next turn's free pass
    # (§7.4 step 6); the turn marker advances.
    s['free'] = holder(s, TURN_ORDER)
    reset_tiles(s)
    s['turn'] += 1
    start_capital(s)


# --- where the turn differs --------------------------------------------------------

def tile_cost(s, p, t, declined):
    return 0                        # §7.5: tiles are free in the standard game


def decline_refusal(s, p, t):
    return 'In the standard game you pass on %s when you build: "decline" (§7.5)' % TILE_TITLES[t - 1]


def may_decline(s, p):
    # The City Growth or Urbanization holder decides at build time whether
    # to use it (§7.5).
    return s['tile'][p] in MAY_DECLINE and not s['declined'][p]


DECLINE_REFUSAL = 'Only the City Growth or Urbanization holder can decline it, once (§7.5)'


def track_money(s, p):
    return payable(s, p) if s['relaxed'] != 'no' else s['cash'][p]


def pay_track(s, p, cost):
    # Cash only (§7.5), unless the newcomers' house rule lets track be paid
    # as in the base game (§7.3).
    if s['relaxed'] == 'no':
        if cost > s['cash'][p]:
            raise RuleError('Track costs $%d, more than the $%d in hand (standard game: '
                            'no raising money; §7.5)' % (cost, s['cash'][p]))
        s['cash'][p] -= cost
    else:
        pay(s, p, cost, 'Track')


INCOME_TEXT = 'Turn %d: income and upkeep'      # §7.6: $1 per locomotive level


def last_tiebreak(s):
    # §8 U7: standard tiles are unnumbered. By default the tile's number
    # still counts; with tiebreak=order, the final turn's turn order does.
    if s['by_order']:
        return lambda q: s['order'].index(q)
    return lambda q: s['tile'][q]


# --- this variant's own phases: capital and the auction ------------------------------

def own_apply(s, p, verb, args):
    if s['phase'] == CAPITAL:
        do_capital(s, p, args[0])
    elif verb == 'bid':
        do_bid(s, p, args[0])
    else:
        do_pass(s, p)


def own_prompt(s, p, who, name):
    if s['phase'] == CAPITAL:
        opts, text = capital_prompt(s, p, who)
        return ask(s['turn'], CAPITAL, p, text, opts)
    opts, blocked, text = bidding_prompt(s, p, who, name)
    return ask(s['turn'], BIDDING, p, text, opts, blocked)


def capital_prompt(s, p, who):
    # The amount is income steps at $5; the note shows the coming upkeep
    # (§7.6) so nobody under-buys, and the rulebook's advice in turn 1.
    most = capital_max(s, p)
    note = 'x $5, upkeep $%d' % s['loco'][p]
    default = 0
    if s['turn'] == 1:
        note += ', $10+ advised'
        default = min(2, most)
    return [('capital', AMOUNT, 0, most, default, note)], '%s: buy capital' % who


def bidding_prompt(s, p, who, name):
    lo = min_bid(s)
    opts = []
    blocked = []
    if s['cash'][p] >= lo:
        opts.append(('bid', AMOUNT, lo, s['cash'][p], lo, '', '$'))
    else:
        blocked.append(('bid', '%s has $%d; the bid is at least $%d (§7.4)' % (who, s['cash'][p], lo)))
    opts.append(('pass', NONE))
    text = '%s: bid' % who
    if s['free'] == p:
        text += ' or free pass'
    elif s['high_by'] >= 0:
        text += ', high $%d %s' % (s['high'], name(s['high_by']))
    if s['auto']:
        text = '; '.join('%s cannot bid: passed' % name(q) for q in s['auto']) + '. ' + text
    return opts, blocked, text
