# Steam: Rails to Riches (Martin Wallace, 2009): the banker's rules.
#
# Every "§" below is a section of the rules digest, ../shared/rules/steam.md,
# where each number has its source. The device does not model the map: the
# players tell it what happened on the board (a tile taken, a track cost, a
# delivery's links) and it books money, income, VP and turn order.
#
# This module plays the turn both variants share (§5: tiles, build, move
# goods; §6 final scoring). Where the base game (steam_base.py) and the
# standard game (steam_standard.py, §7) differ, it asks the variant's
# module; both build on steam_common.py, and neither imports this one.
#
# State: one dict of plain lists and ints (see new_game). apply() changes it
# in place, and raises RuleError before it changes anything.
from trackside.rules import RuleError, ask, NONE, AMOUNT, PICK, SEQUENCE, NOBODY
from trackside.games.steam_log import VERBS, parse, unparse     # noqa: F401 (the session's)
from trackside.games.steam_deliver import do_deliver, deliver_step
from trackside.games.steam_common import (
    LOCO_MAX, NEW_CITIES, TILE_COST_MAX, LINKS_MAX, TILES, TILE_TITLES,
    ENGINEER, FIRST_MOVE, FIRST_BUILD, LOCOMOTIVE, URBANIZATION, MAY_DECLINE,
    AUCTION, TILES_PHASE, BUILD, MOVE, INCOME, LINKS, OVER, CAPITAL, BIDDING,
    pay, payable, holder, final_turn_over, start_links)

NAME = 'steam'
TITLE = 'Steam'
RULES_VERSION = 1
VARIANTS = (('base', 'Base game'), ('standard', 'Standard game'))  # §7: the standard game
PLAYERS = (3, 6, 4)         # §2: fewest, most, and the new-game screen's first offer
# What the order of players= means (docs/log-format.md): the new-game
# screen asks for the players in this order.
SEATING = {'base': 'first to bid', 'standard': 'lowest tile first'}
CURRENCY = '$'

TURNS = {3: 10, 4: 8, 5: 7, 6: 7}  # §2: game length by player count

# Setup choices (trackside/settings.py says the shape). Uncertain values of
# the digest are settings with the digest's default.
SETTINGS = (
    ('start', 'auction', ('auction', 'firstgame'), 'base'),    # §4.2 normal / §4.1 first game
    ('turns', lambda setup: TURNS[len(setup['players'])], (1, 20), None),   # §2; maps differ
    ('income_max', 10, (1, 99), None),                 # §1 U1: top of the income track
    ('over_max', 'refuse', ('refuse', 'clamp'), None),  # §9.19: income choice past the top
    ('zero_bid', 'yes', ('yes', 'no'), 'base'),        # §4.2 U5: $0 opening bid
    ('capital_vp', 'yes', ('yes', 'no'), 'standard'),  # §7.3 U6: VP for capital at -10
    ('relaxed', 'no', ('no', 'track', 'all'), 'standard'),  # §7.3 house rule for newcomers
    ('tiebreak', 'tile', ('tile', 'order'), 'standard'),    # §8 U7: the second tie-break
    ('one_left', 'end', ('end', 'play'), None),        # §8 U11: one player left
)
SETTINGS_TEXT = """\
start | First turn | Auction for turn order, or the first-game start (§4) | Auction, First game
turns | Turns | Game length; by player count (§2), maps may differ
income_max | Top income | The top of the income track (§1 U1)
over_max | Income past top | Refused (take VP), or stopped at the top (§9.19) | Take VP, Stop at top
zero_bid | Opening bid $0 | May the first bid of the auction be $0 (§4.2 U5) | Allowed, Not allowed
capital_vp | Capital for VP | At income -10, capital for 2 VP per $5 (§7.3 U6) | Allowed, Not allowed
relaxed | Newcomers | House rule: raise money for track, or for all (§7.3) | Off, Track, Track + bills
tiebreak | Last tie-break | Lower tile number, or earlier turn order (§8 U7) | Tile number, Turn order
one_left | One player left | The game ends, or plays on to the last turn (§8 U11) | Game ends, Play on"""
RESERVED = VERBS + ('unowned',)     # words a player's name may not be
ANYTIME = ()                        # every entry is someone's move


def clock(s, long=False):
    # The turn as the game screen's header and the replay table show it.
    return ('turn %d of %d' if long else 'T%d/%d') % (s['turn'], s['last'])


# --- setup ------------------------------------------------------------------

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
    # §4 (base) / §7.1 (standard): each variant starts its own way
    return variant(s).new_game(s, cfg)


_variants = {}


def variant(s):
    # The module of this game's variant: what the turn asks where they differ.
    std = s['std']
    v = _variants.get(std)
    if v is None:
        name = 'steam_standard' if std else 'steam_base'
        v = _variants[std] = __import__('trackside.games.' + name, None, None, [name])
    return v


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


def next_in_queue(s):
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
        final_scoring(s)


# --- Phase 1: action tiles (§5.1) -------------------------------------------

def tile_refusal(s, p, t, declined):
    # Why this tile cannot be taken now, or None.
    if holder(s, t) >= 0:
        return '%s is already taken this turn (§5.1)' % TILE_TITLES[t - 1]
    if declined and t not in MAY_DECLINE:
        return 'Only City Growth and Urbanization may be passed on (§5.1)'
    if declined:
        why = variant(s).decline_refusal(s, p, t)
        if why:
            return why
    if t == LOCOMOTIVE and s['loco'][p] >= LOCO_MAX:
        return 'Locomotive cannot be taken at level %d (§5.1)' % LOCO_MAX
    if t == URBANIZATION and s['cities'] >= NEW_CITIES and not only_urbanization(s, p):
        return 'No New City tiles are left: Urbanization cannot be taken (§5.1)'
    if t == URBANIZATION and not declined and s['cities'] >= NEW_CITIES:
        return 'No New City tiles are left: take Urbanization with "pass" (§5.1)'
    cost = variant(s).tile_cost(s, p, t, declined)
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
    pay(s, p, variant(s).tile_cost(s, p, t, declined), TILE_TITLES[t - 1])
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
    variant(s).pay_track(s, p, sum(costs))
    next_in_queue(s)


def do_decline(s, p):
    # The standard game's City Growth or Urbanization holder passes on it
    # when building (§7.5).
    v = variant(s)
    if not v.may_decline(s, p):
        raise RuleError(v.DECLINE_REFUSAL)
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


def build_step(s, p, who, answers):
    # The build as questions: each tile's cost, 0 when done (or, first, to
    # pass). Each starts at the cost before it: tiles often cost alike.
    costs = answers[:]
    if costs and costs[-1] == 0:
        costs.pop()
        return summary_of_build(costs), None, build_line(costs)
    money = variant(s).track_money(s, p)
    spent = sum(costs)
    top = min(TILE_COST_MAX, money - spent)
    if len(costs) == build_limit(s, p) or (costs and top < 1):
        return summary_of_build(costs), None, build_line(costs)
    k = len(costs) + 1
    default = costs[-1] if costs else 2
    title = '%s: tile %d cost' % (who, k)
    note = '0 = done' if costs else '0 = pass'
    # (nothing entered yet: the line may still be a build or a pass)
    return (summary_of_build(costs), (title, AMOUNT, 0, max(0, top), min(default, max(0, top)), note, '$'),
            build_line(costs) if costs else '')


def build_line(costs):
    return 'build ' + ' '.join('%d' % c for c in costs) if costs else 'pass'


def summary_of_build(costs):
    if not costs:
        return ''
    return ' + '.join('$%d' % c for c in costs) + (' = $%d' % sum(costs) if len(costs) > 1 else '')


# --- Phase 3: move goods (§5.3) -------------------------------------------------

def do_loco(s, p):
    if s['upgraded'][p]:
        raise RuleError('The free locomotive upgrade is once per turn (§5.3)')
    if s['loco'][p] >= LOCO_MAX:
        raise RuleError('Locomotive is already at level %d (§5.3)' % LOCO_MAX)
    s['loco'][p] += 1
    s['upgraded'][p] = 1
    next_in_queue(s)


def step(setup, s, p, verb, answers):
    # A sequence's next question (docs/engine.md): (summary, question, line).
    if verb == 'build':
        return build_step(s, p, setup['players'][p], answers)
    return deliver_step(setup, s, p, answers)


# --- Phase 4 income, Phase 5 turn order, Phase 6 new turn (§5.4-§5.6) -----------

def do_income(s):
    v = variant(s)
    v.income(s)         # §5.4, or §7.6 with locomotive maintenance
    if final_turn_over(s):
        start_links(s)
        if not s['queue']:
            final_scoring(s)
        return
    v.new_turn(s)       # §5.5-§5.6, or §7.4 step 6 and the next Buy Capital


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
    # §6 step 4: most VP; ties: higher income, then the variant's last
    # tie-break (the lower tile number taken in the final turn; §8 U7).
    last = variant(s).last_tiebreak(s)
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
        return NOBODY, _EXPECTS[ph]
    return s['queue'][0], _EXPECTS[ph]


def prompt(s, setup=None):
    # What the game waits for: whose move, which phase, the legal answers.
    ph = s['phase']
    t = s['turn']
    name = (lambda p: setup['players'][p]) if setup else (lambda p: 'P%d' % (p + 1))
    if ph == OVER:
        return ask(t, ph, NOBODY, 'Game over', [])
    if ph == INCOME:
        return ask(t, ph, NOBODY, variant(s).INCOME_TEXT % t, [('income', NONE)])
    p = s['bidders'][0] if ph == AUCTION or ph == BIDDING else s['queue'][0]
    who = name(p)
    if ph == AUCTION or ph == CAPITAL or ph == BIDDING:
        return variant(s).prompt(s, p, who, name)
    if ph == TILES_PHASE:
        picks = []
        v = variant(s)
        for t1 in range(1, 8):
            for dec in ((0, 1) if t1 in MAY_DECLINE else (0,)):
                if tile_refusal(s, p, t1, dec) is None:
                    label = TILE_TITLES[t1 - 1] + (' (pass)' if dec else '')
                    cost = v.tile_cost(s, p, t1, dec)
                    if cost:
                        label += ' $%d' % cost
                    picks.append((TILES[t1 - 1] + (' pass' if dec else ''), label))
        return ask(t, ph, p, '%s: take an action tile' % who, [('tile', PICK, picks)])
    if ph == BUILD:
        # the build's first question takes 0 as "pass"
        opts = [('build', SEQUENCE)]
        if variant(s).may_decline(s, p):
            opts.append(('decline', NONE))
        return ask(t, ph, p, '%s: build track' % who, opts)
    if ph == MOVE:
        opts = [('deliver', SEQUENCE)]
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
    if ph == AUCTION or ph == CAPITAL or ph == BIDDING:
        variant(s).apply(s, p, verb, args)
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
            next_in_queue(s)
        elif verb == 'loco':
            do_loco(s, p)
        else:
            next_in_queue(s)
    elif ph == INCOME:
        do_income(s)
    elif ph == LINKS:
        do_links(s, p, args[0])


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
