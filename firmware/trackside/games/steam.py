# Steam: Rails to Riches (Martin Wallace, 2009): the banker's rules.
#
# Every "§" below is a section of the rules digest, ../shared/rules/steam.md,
# where each number has its source. The device does not model the map: the
# players tell it what happened on the board (a tile taken, a track cost, a
# delivery's links) and it books money, income, VP and turn order.
#
# State: one dict of plain lists and ints (see new_game). apply() changes it
# in place; the session copies it first, so a refused action changes nothing.
from trackside.rules import RuleError, ask, NONE, AMOUNT, PICK, AMOUNTS
from trackside.logfmt import amount, player_index, low, txt, number

NAME = 'steam'
RULES_VERSION = 1
VARIANTS = ('base', 'standard')   # §7: the standard game; its own phases are in steam_standard.py
DELIVERY = 'delivery'       # prompt kind: (verb, DELIVERY, most_links)

TURNS = {3: 10, 4: 8, 5: 7, 6: 7}  # §2: game length by player count
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

# Setup choices: (key, default, allowed, variant). A number range is
# (lo, hi); turns left out means "by player count" (§2). variant None: both.
# Uncertain values of the digest are settings with the digest's default.
SETTINGS = (
    ('start', 'auction', ('auction', 'firstgame'), 'base'),  # §4.2 normal / §4.1 first game
    ('turns', 0, (1, 20), None),                       # §2 by player count; maps differ
    ('income_max', 10, (1, 99), None),                 # §1 U1: top of the income track
    ('over_max', 'refuse', ('refuse', 'clamp'), None),  # §9.19: income choice past the top
    ('zero_bid', 'yes', ('yes', 'no'), 'base'),        # §4.2 U5: $0 opening bid
    ('capital_vp', 'yes', ('yes', 'no'), 'standard'),  # §7.3 U6: VP for capital at -10
    ('relaxed', 'no', ('no', 'track', 'all'), 'standard'),  # §7.3 house rule for newcomers
    ('tiebreak', 'tile', ('tile', 'order'), 'standard'),    # §8 U7: the second tie-break
    ('one_left', 'end', ('end', 'play'), None),        # §8 U11: one player left
)
VERBS = ('bid', 'pass', 'tile', 'build', 'deliver', 'loco', 'income', 'links',
         'capital', 'decline')
RESERVED = VERBS + ('unowned',)     # words a player's name may not be

AUCTION, TILES_PHASE, BUILD, MOVE, INCOME, LINKS, OVER = (
    'auction', 'tiles', 'build', 'move', 'income', 'links', 'over')
CAPITAL, BIDDING = 'capital', 'bidding'     # the standard game's phases 1 and 2 (§7.2)

# --- setup ------------------------------------------------------------------

def check_setup(setup):
    # Complete and check a parsed setup (trackside.logfmt.parse_setup);
    # settings become ints or words. Raises RuleError.
    n = len(setup['players'])
    if not 3 <= n <= 6:
        raise RuleError('Steam is for 3 to 6 players (§2), not %d' % n)
    if setup['variant'] is None:
        setup['variant'] = 'base'
    if setup['variant'] not in VARIANTS:
        raise RuleError('Steam variant "%s" is not available; choose: %s' % (
            setup['variant'], ', '.join(VARIANTS)))
    if setup['rules'] is None:
        setup['rules'] = RULES_VERSION
    given = dict(setup['settings'])
    out = {}
    for key, default, allowed, variant in SETTINGS:
        if variant and variant != setup['variant']:
            if key in given:
                raise RuleError('Setting %s is for the %s game only' % (key, variant))
            continue
        v = given.pop(key, default)
        if isinstance(default, int):
            if key == 'turns' and v == default:
                v = TURNS[n]
            elif not isinstance(v, int):
                v = number(v)
            if not allowed[0] <= v <= allowed[1]:
                raise RuleError('%s must be %d..%d' % (key, allowed[0], allowed[1]))
        elif v not in allowed:
            raise RuleError('%s must be one of: %s' % (key, ', '.join(allowed)))
        out[key] = v
    if given:
        raise RuleError('Steam has no setting "%s"; it has: %s' % (
            sorted(given)[0], ', '.join(settings_order(setup))))
    setup['settings'] = out
    return setup


def settings_order(setup):
    # The settings of this setup's variant, in the order the setup line lists them.
    return [s[0] for s in SETTINGS if s[3] in (None, setup['variant'])]


def new_game(setup):
    n = len(setup['players'])
    cfg = setup['settings']
    s = {
        'turn': 1, 'last': cfg['turns'], 'phase': TILES_PHASE,
        'cash': [0] * n, 'income': [0] * n, 'vp': [0] * n,
        'loco': [1] * n,            # §4: everyone starts at level 1
        'order': list(range(n)),    # active players in turn order
        'out': [0] * n,             # 1 = bankrupt (§5.4)
        'tile': [0] * n,            # action tile taken this turn, 1..7
        'declined': [0] * n,        # passed on City Growth / Urbanization
        'upgraded': [0] * n,        # free locomotive upgrade used (§5.3)
        'queue': [],                # players still to act in this step
        'round': 0,                 # Move Goods round 1 or 2
        'cities': 0,                # New City tiles placed
        'links': [0] * n, 'score': None, 'winner': -1,
        # the initial auction (§4.2)
        'bidders': [], 'high': -1, 'high_by': -1,
        # settings the rules read
        'std': setup['variant'] == 'standard',
        'income_max': cfg['income_max'], 'clamp': cfg['over_max'] == 'clamp',
        'one_left': cfg['one_left'] == 'end',
    }
    if s['std']:
        # §7.1: players are listed in the order of the tiles they were dealt,
        # lowest first, with no money; tiles are free (their numbers unused)
        from trackside.games import steam_standard
        return steam_standard.new_game(s, cfg)
    s['zero_bid'] = cfg['zero_bid'] == 'yes'
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


# --- phase changes ------------------------------------------------------------

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


def standard():
    # The standard game's own phases (§7), loaded only when one is played.
    from trackside.games import steam_standard
    return steam_standard


def next_in_queue(s):
    s['queue'].pop(0)
    if s['queue']:
        return
    ph = s['phase']
    if ph == CAPITAL:
        standard().start_bidding(s)
    elif ph == TILES_PHASE:
        start_build(s)
    elif ph == BUILD:
        start_move(s, 1)
    elif ph == MOVE:
        if s['round'] == 1:
            start_move(s, 2)
        else:
            s['phase'] = INCOME
    elif ph == LINKS:
        final_scoring(s)


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


def do_auction_pass(s, p):
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


# --- Phase 1: action tiles (§5.1) -------------------------------------------

def tile_cost(s, p, t, declined):
    if s['std']:
        return 0                        # §7.5: tiles are free in the standard game
    if t == CITY_GROWTH:
        return 0 if declined else 2
    if t == LOCOMOTIVE:
        return 4 + s['loco'][p] + 1     # $4 + the new level
    if t == URBANIZATION:
        return 0 if declined else 6
    return 0


def tile_refusal(s, p, t, declined):
    # Why this tile cannot be taken now, or None.
    if holder(s, t) >= 0:
        return '%s is already taken this turn (§5.1)' % TILE_TITLES[t - 1]
    if declined and t not in MAY_DECLINE:
        return 'Only City Growth and Urbanization may be passed on (§5.1)'
    if declined and s['std']:
        return 'In the standard game you pass on %s when you build: "decline" (§7.5)' % TILE_TITLES[t - 1]
    if t == LOCOMOTIVE and s['loco'][p] >= LOCO_MAX:
        return 'Locomotive cannot be taken at level %d (§5.1)' % LOCO_MAX
    if t == URBANIZATION and s['cities'] >= NEW_CITIES and not only_urbanization(s, p):
        return 'No New City tiles are left: Urbanization cannot be taken (§5.1)'
    if t == URBANIZATION and not declined and s['cities'] >= NEW_CITIES:
        return 'No New City tiles are left: take Urbanization with "pass" (§5.1)'
    cost = tile_cost(s, p, t, declined)
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


def do_tile(s, p, t, declined):
    why = tile_refusal(s, p, t, declined)
    if why:
        raise RuleError(why)
    pay(s, p, tile_cost(s, p, t, declined), TILE_TITLES[t - 1])
    s['tile'][p] = t
    s['declined'][p] = 1 if declined else 0
    if t == LOCOMOTIVE:
        s['loco'][p] += 1               # immediately (§5.1)
    elif t == URBANIZATION and not declined:
        s['cities'] += 1
    next_in_queue(s)


# --- Phase 2: build track (§5.2) ----------------------------------------------

def build_limit(s, p):
    return 4 if s['tile'][p] == ENGINEER else 3


def do_build(s, p, costs):
    most = build_limit(s, p)
    if len(costs) > most:
        raise RuleError('At most %d track tiles this turn (%s; §5.2)' % (
            most, 'Engineer' if most == 4 else '4 with Engineer'))
    for c in costs:
        if not 1 <= c <= TILE_COST_MAX:
            raise RuleError('A track tile costs $1..$%d, not $%d (§5.2)' % (TILE_COST_MAX, c))
    pay_track(s, p, sum(costs))
    next_in_queue(s)


def pay_track(s, p, cost):
    # Base game: raise money as needed (§3). Standard game: cash only (§7.5),
    # unless the newcomers' house rule lets track be paid as in the base game.
    if s['std'] and s['relaxed'] == 'no':
        if cost > s['cash'][p]:
            raise RuleError('Track costs $%d, more than the $%d in hand (standard game: '
                            'no raising money; §7.5)' % (cost, s['cash'][p]))
        s['cash'][p] -= cost
    else:
        pay(s, p, cost, 'Track')


def may_decline(s, p):
    # Standard game: the City Growth or Urbanization holder decides at build
    # time whether to use it (§7.5).
    return s['std'] and s['tile'][p] in MAY_DECLINE and not s['declined'][p]


def do_decline(s, p):
    if not may_decline(s, p):
        if not s['std']:
            raise RuleError('In the base game you pass on a tile when you take it: '
                            '"tile citygrowth pass" (§5.1)')
        raise RuleError('Only the City Growth or Urbanization holder can decline it, once (§7.5)')
    s['declined'][p] = 1
    if s['tile'][p] == URBANIZATION:
        s['cities'] -= 1                # the New City tile stays in the box
    # still this player's build


def track_cost(edges, town=False, river=False, hills=False, kind='new'):
    # §5.2 cost helper: $1 per edge track leaves the tile, +$1 town. A new
    # tile also pays terrain (+$1 river, +$2 hills); a redirect or an
    # improvement of existing track pays no terrain.
    c = edges + (1 if town else 0)
    if kind == 'new':
        c += (1 if river else 0) + (2 if hills else 0)
    return c


# --- Phase 3: move goods (§5.3) -------------------------------------------------

def do_loco(s, p):
    if s['upgraded'][p]:
        raise RuleError('The free locomotive upgrade is once per turn (§5.3)')
    if s['loco'][p] >= LOCO_MAX:
        raise RuleError('Locomotive is already at level %d (§5.3)' % LOCO_MAX)
    s['loco'][p] += 1
    s['upgraded'][p] = 1
    next_in_queue(s)


def do_deliver(s, p, parts):
    # parts: ((owner, links, 'income'|'vp'|None), ...); owner -1 = unowned.
    # §5.3: path length <= locomotive level; at least one own link; own
    # links >= any single other owner's; each owner puts all their points
    # into income or VP; unowned links score nothing.
    total = 0
    own = 0
    most_other = 0
    seen = []
    for owner, links, choice in parts:
        if links < 1:
            raise RuleError('Each owner in a delivery needs at least 1 link (§5.3)')
        total += links
        if owner < 0:
            continue
        if owner in seen:
            raise RuleError('Each owner is listed once per delivery')
        seen.append(owner)
        if s['out'][owner]:
            raise RuleError('That player is bankrupt: their links are unowned (§5.4)')
        if choice not in ('income', 'vp'):
            raise RuleError('Each owner takes the points as income or vp (§5.3)')
        if owner == p:
            own = links
        elif links > most_other:
            most_other = links
    if own < 1:
        raise RuleError('A delivery must use at least one of the mover\'s own links (§5.3)')
    if own < most_other:
        raise RuleError('The mover must use at least as many own links (%d) as any other '
                        'player\'s (%d) (§5.3)' % (own, most_other))
    if total > s['loco'][p]:
        raise RuleError('%d links is more than locomotive level %d allows (§5.3)' % (total, s['loco'][p]))
    top = s['income_max']
    for owner, links, choice in parts:
        if choice == 'income' and s['income'][owner] + links > top and not s['clamp']:
            raise RuleError('Income cannot pass %d (setting income_max; §1): take VP' % top)
    for owner, links, choice in parts:
        if choice == 'income':
            s['income'][owner] = min(top, s['income'][owner] + links)
        elif choice == 'vp':
            s['vp'][owner] += links
    next_in_queue(s)


# --- Phase 4 income, Phase 5 turn order, Phase 6 new turn (§5.4-§5.6) -----------

def do_income(s):
    if s['std']:
        standard().do_expenses(s)       # §7.6, with locomotive maintenance
    else:
        base_income(s)
    left = len(s['order'])
    if s['turn'] >= s['last'] or not left or (s['one_left'] and left < 2):
        # §5.6 / §7.2: the final turn ends here; then final scoring (§6).
        # With nobody left there is no one to play on (§8 U11).
        s['phase'] = LINKS
        s['queue'] = s['order'][:]
        if not s['queue']:
            final_scoring(s)
        return
    if s['std']:
        standard().new_turn(s)
        return
    # §5.5: next turn's order is the ascending numbers of the tiles taken
    s['order'].sort(key=lambda q: s['tile'][q])
    # §5.6: return the tiles, advance the turn marker
    reset_tiles(s)
    s['turn'] += 1
    start_tiles(s)


def base_income(s):
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


def reset_tiles(s):
    n = len(s['cash'])
    s['tile'] = [0] * n
    s['declined'] = [0] * n
    s['upgraded'] = [0] * n


def go_bankrupt(s, p):
    # §5.4: out of the game; their completed links become unowned.
    s['out'][p] = 1
    s['order'].remove(p)


# --- end of the game (§6) -----------------------------------------------------

def income_vp(income):
    # §6 step 1: +1 VP per 2 positive income (rounded down), -2 VP per
    # negative income step.
    return income // 2 if income > 0 else 2 * income


def final_scoring(s):
    n = len(s['cash'])
    score = [None] * n
    for p in s['order']:
        score[p] = s['vp'][p] + income_vp(s['income'][p]) + s['links'][p]
    # §6 step 4: most VP; ties: higher income, then the lower tile number
    # taken in the final turn. Each tile is unique, so there is one winner.
    # Standard tiles are unnumbered (§8 U7): by default the tile's number
    # still counts; with tiebreak=order, the final turn's turn order does.
    if s['std'] and s['by_order']:
        last = lambda q: s['order'].index(q)
    else:
        last = lambda q: s['tile'][q]
    ranked = sorted(s['order'], key=lambda q: (-score[q], -s['income'][q], last(q)))
    s['score'] = score
    s['ranking'] = ranked
    s['winner'] = ranked[0] if ranked else -1
    s['phase'] = OVER
    s['queue'] = []


def do_links(s, p, links):
    if links > LINKS_MAX:
        raise RuleError('At most %d links: a colour has %d tokens (§1)' % (LINKS_MAX, LINKS_MAX))
    s['links'][p] = links
    next_in_queue(s)


# --- the four questions -----------------------------------------------------------

_EXPECTS = {AUCTION: ('bid', 'pass'), TILES_PHASE: ('tile',), BUILD: ('build', 'pass', 'decline'),
            MOVE: ('deliver', 'loco', 'pass'), INCOME: ('income',), LINKS: ('links',), OVER: (),
            CAPITAL: ('capital',), BIDDING: ('bid', 'pass')}


def expects(s):
    # Whose move and which verbs this phase takes: the cheap part of the
    # prompt, checked before every action (the rules then check the rest).
    ph = s['phase']
    if ph == AUCTION or ph == BIDDING:
        return s['bidders'][0], _EXPECTS[ph]
    if ph == INCOME or ph == OVER:
        return -1, _EXPECTS[ph]
    return s['queue'][0], _EXPECTS[ph]


def prompt(s, setup=None):
    # What the game waits for: whose move, which phase, the legal answers.
    ph = s['phase']
    t = s['turn']
    name = (lambda p: setup['players'][p]) if setup else (lambda p: 'P%d' % (p + 1))
    if ph == OVER:
        return ask(t, ph, -1, 'Game over', [])
    if ph == INCOME:
        if s['std']:
            text = 'Turn %d: income and upkeep' % t         # §7.6: $1 per locomotive level
        else:
            text = 'Turn %d: income' % t
        return ask(t, ph, -1, text, [('income', NONE)])
    p = s['bidders'][0] if ph == AUCTION or ph == BIDDING else s['queue'][0]
    who = name(p)
    if ph == CAPITAL:
        opts, text = standard().capital_prompt(s, p, who)
        return ask(t, ph, p, text, opts)
    if ph == BIDDING:
        opts, blocked, text = standard().bidding_prompt(s, p, who, name)
        return ask(t, ph, p, text, opts, blocked)
    if ph == AUCTION:
        pos = len(s['order']) + 1
        lo, hi = min_bid(s), payable(s, p)
        opts = [('bid', AMOUNT, lo, hi, lo)] if lo <= hi else []
        opts.append(('pass', NONE))
        blocked = [] if opts[0][0] == 'bid' else [
            ('bid', '%s can raise at most $%d; the bid is $%d (§4.2, §3)' % (who, hi, lo))]
        if s['high'] < 0:
            text = '%s: bid for position %d' % (who, pos)
        else:
            text = '%s: bid, high $%d %s' % (who, s['high'], name(s['high_by']))
        return ask(t, ph, p, text, opts, blocked)
    if ph == TILES_PHASE:
        picks = []
        for t1 in range(1, 8):
            for dec in ((0, 1) if t1 in MAY_DECLINE else (0,)):
                if tile_refusal(s, p, t1, dec) is None:
                    label = TILE_TITLES[t1 - 1] + (' (pass)' if dec else '')
                    cost = tile_cost(s, p, t1, dec)
                    if cost:
                        label += ' $%d' % cost
                    picks.append((TILES[t1 - 1] + (' pass' if dec else ''), label))
        return ask(t, ph, p, '%s: take an action tile' % who, [('tile', PICK, picks)])
    if ph == BUILD:
        money = s['cash'][p] if s['std'] and s['relaxed'] == 'no' else payable(s, p)
        opts = [('build', AMOUNTS, build_limit(s, p), 1, TILE_COST_MAX, money), ('pass', NONE)]
        if may_decline(s, p):
            opts.append(('decline', NONE))
        return ask(t, ph, p, '%s: build track' % who, opts)
    if ph == MOVE:
        opts = [('deliver', DELIVERY, s['loco'][p])]
        blocked = []
        if s['upgraded'][p]:
            blocked.append(('loco', 'The free locomotive upgrade is once per turn (§5.3)'))
        elif s['loco'][p] >= LOCO_MAX:
            blocked.append(('loco', 'Locomotive is already at level %d (§5.3)' % LOCO_MAX))
        else:
            opts.append(('loco', NONE))
        opts.append(('pass', NONE))
        return ask(t, ph, p, '%s: move goods, round %d' % (who, s['round']), opts, blocked)
    # LINKS
    return ask(t, ph, p, '%s: completed links' % who, [('links', AMOUNT, 0, LINKS_MAX, 0)])


def apply(s, action):
    # Apply one action to the state in place, or raise RuleError. The caller
    # (trackside.session) has checked it is this player's turn and verb.
    p, verb, args = action
    ph = s['phase']
    if ph == AUCTION:
        if verb == 'bid':
            do_bid(s, p, args[0])
        else:
            do_auction_pass(s, p)
    elif ph == CAPITAL:
        standard().do_capital(s, p, args[0])
    elif ph == BIDDING:
        if verb == 'bid':
            standard().do_bid(s, p, args[0])
        else:
            standard().do_pass(s, p)
    elif ph == TILES_PHASE:
        do_tile(s, p, args[0], args[1])
    elif ph == BUILD:
        if verb == 'decline':
            do_decline(s, p)
        else:
            do_build(s, p, args if verb == 'build' else ())
    elif ph == MOVE:
        if verb == 'deliver':
            do_deliver(s, p, args)
        elif verb == 'loco':
            do_loco(s, p)
        else:
            next_in_queue(s)
    elif ph == INCOME:
        do_income(s)
    elif ph == LINKS:
        do_links(s, p, args[0])


# --- the text form of actions (docs/log-format.md) ------------------------------

# parse() gets the words of a line as bytes (see trackside.logfmt); these map
# them to the names the rules use.
_VERB = {v.encode(): v for v in VERBS}
_TILE = {t.encode(): i + 1 for i, t in enumerate(TILES)}
_TILE[b'loco'] = LOCOMOTIVE
_CHOICE = {b'income': 'income', b'vp': 'vp'}


def tile_number(word):
    t = _TILE.get(word) or _TILE.get(word.replace(b'-', b'').replace(b'_', b''))
    if t:
        return t
    if word.isdigit() and 1 <= int(word) <= 7:
        return int(word)
    raise RuleError('No action tile "%s"; tiles: 1-7 or %s' % (txt(word), ', '.join(TILES)))


def parse(setup, actor, verb, w):
    # The verb and the words after it (bytes) -> (actor, verb, args).
    # Raises RuleError.
    v = _VERB.get(verb)
    if v is None:
        raise RuleError('Unknown action "%s"; Steam knows: %s' % (txt(verb), ', '.join(VERBS)))
    if v == 'income':
        if actor >= 0 or w:
            raise RuleError('"income" stands alone on its line: it pays everyone')
        return (-1, v, ())
    if actor < 0:
        raise RuleError('"%s" needs a player name first, e.g. "%s %s"' % (
            v, setup['players'][0], v))
    if v == 'pass' or v == 'loco' or v == 'decline':
        if w:
            raise RuleError('"%s" takes nothing after it' % v)
        return (actor, v, ())
    if not w:
        raise RuleError('"%s" needs more: see docs/log-format.md' % v)
    if v == 'bid' or v == 'links' or v == 'capital':
        if len(w) != 1:
            raise RuleError('"%s" takes one number' % v)
        return (actor, v, (amount(w[0], v),))
    if v == 'tile':
        t = tile_number(low(w[0]))
        dec = len(w) == 2 and low(w[1]) == b'pass'
        if len(w) > 2 or (len(w) == 2 and not dec):
            raise RuleError('"tile" takes a tile and maybe "pass", e.g. "tile citygrowth pass"')
        return (actor, v, (t, dec))
    if v == 'build':
        return (actor, v, tuple(amount(x, 'Track cost') for x in w))
    # deliver: owner links choice ... [unowned links]
    parts = []
    i = 0
    while i < len(w):
        if low(w[i]) == b'unowned':
            if i + 1 >= len(w):
                raise RuleError('"unowned" needs a number of links')
            parts.append((-1, amount(w[i + 1], 'Links'), None))
            i += 2
            continue
        owner = player_index(setup, w[i])
        if owner < 0:
            raise RuleError('"%s" is not a player (deliver: name links income|vp ...)' % txt(w[i]))
        if i + 2 >= len(w):
            raise RuleError('deliver: after %s give links and income or vp' % txt(w[i]))
        choice = _CHOICE.get(low(w[i + 2]))
        if choice is None:
            raise RuleError('deliver: %s takes income or vp, not "%s"' % (txt(w[i]), txt(w[i + 2])))
        parts.append((owner, amount(w[i + 1], 'Links'), choice))
        i += 3
    return (actor, v, tuple(parts))


def unparse(setup, action):
    # (actor, verb, args) -> the canonical line, as the device journals it.
    p, verb, args = action
    if verb == 'income':
        return 'income'
    head = setup['players'][p] + ' ' + verb
    if verb == 'tile':
        return '%s %s%s' % (head, TILES[args[0] - 1], ' pass' if args[1] else '')
    if verb == 'deliver':
        words = []
        for owner, links, choice in args:
            if owner < 0:
                words.append('unowned %d' % links)
            else:
                words.append('%s %d %s' % (setup['players'][owner], links, choice))
        return head + ' ' + ' '.join(words)
    if args:
        return head + ' ' + ' '.join(str(a) for a in args)
    return head


# --- standings ------------------------------------------------------------------

COLUMNS = ('name', 'cash', 'income', 'vp', 'loco', 'order', 'tile', 'bankrupt')


def standings(setup, s):
    # Per player, in seating order: the numbers on the board. When the game
    # is over, also the final score and rank (§6).
    rows = []
    for p in range(len(s['cash'])):
        pos = s['order'].index(p) + 1 if p in s['order'] else None
        row = {'name': setup['players'][p], 'cash': s['cash'][p], 'income': s['income'][p],
               'vp': s['vp'][p], 'loco': s['loco'][p], 'order': pos,
               'tile': TILES[s['tile'][p] - 1] if s['tile'][p] else None,
               'bankrupt': bool(s['out'][p])}
        if s['phase'] == OVER:
            row['links'] = s['links'][p]
            row['score'] = s['score'][p]
            row['rank'] = s['ranking'].index(p) + 1 if p in s['ranking'] else None
        rows.append(row)
    return rows


def summary(setup, s):
    # Game-level facts for the standings: turn, phase, winner.
    out = {'turn': s['turn'], 'turns': s['last'], 'phase': s['phase'], 'over': s['phase'] == OVER}
    if s['phase'] == OVER:
        out['winner'] = setup['players'][s['winner']] if s['winner'] >= 0 else None
    return out
