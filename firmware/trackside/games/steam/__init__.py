# Steam: Rails to Riches (Martin Wallace, 2009): the banker's rules.
#
# Every "§" below is a section of the rules digest, ../shared/rules/steam.md,
# where each number has its source. The device does not model the map: the
# players tell it what happened on the board (a tile taken, a track cost, a
# delivery's links) and it books money, income, VP and turn order.
#
# This module is the game as the device sees it: what it declares (its
# settings, verbs, how its turn is shown), what it waits for next, each
# action, the log's words, the standings. The turn itself is in
# turn.py, as the base game plays it, but for a delivery (deliver.py); the
# standard game's other steps (§7) are in standard.py. None of them imports
# this module.
#
# State: one dict of plain lists and ints (see new_game). apply() changes it
# in place, and raises RuleError before it changes anything.
from trackside.rules import RuleError, ask, NONE, AMOUNT, PICK, SEQUENCE, NOBODY
from trackside import need
from trackside.logfmt import amount, player_index, low, txt
from trackside.games.steam import turn as turn
from trackside.games.steam import deliver as deliveries
from trackside.games.steam.turn import (
    LOCO_MAX, LINKS_MAX, TILES, TILE_TITLES, LOCOMOTIVE, MAY_DECLINE,
    AUCTION, TILES_PHASE, BUILD, MOVE, INCOME, LINKS, OVER, CAPITAL, BIDDING)

NAME = 'steam'
TITLE = 'Steam'
# 2: a base-game player who cannot pay the income bill raises all they can
# before going bankrupt (cash 0, income -10: §5.4); rules 1 left their row as
# it was. Saves of either replay as rules 2 (the row of a player who is out),
# and a snapshot made by rules 1 is not used.
RULES_VERSION = 2
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
VERBS = ('bid', 'pass', 'tile', 'build', 'deliver', 'loco', 'income', 'links',
         'capital', 'decline')
RESERVED = VERBS + ('unowned',)     # words a player's name may not be
ANYTIME = ()                        # every entry is someone's move


def inactive(s, p):
    # Why player p makes no more entries (session.check_turn), or None.
    return 'bankrupt (§5.4)' if s['out'][p] else None


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


_standard = []
# (the device loads standard.py as a standard game's save is opened: docs/engine.md)
PARTS = {'standard': ('standard',)}


def variant(s):
    # The module of this game's variant, which the turn asks where they
    # differ: turn.py itself for the base game, standard.py (§7,
    # loaded only when a standard game is played) for the standard game.
    if not s['std']:
        return turn
    if not _standard:
        _standard.append(need('trackside.games.steam.standard'))
    return _standard[0]


# --- the four questions -----------------------------------------------------------

_EXPECTS = {AUCTION: ('bid', 'pass'), TILES_PHASE: ('tile',), BUILD: ('build', 'pass', 'decline'),
            MOVE: ('deliver', 'loco', 'pass'), INCOME: ('income',), LINKS: ('links',), OVER: (),
            CAPITAL: ('capital',), BIDDING: ('bid', 'pass')}


def step(setup, s, p, verb, answers):
    # A sequence's next question (docs/engine.md): (summary, question, line).
    if verb == 'build':
        return turn.build_step(s, variant(s), p, setup['players'][p], answers)
    return deliveries.step(setup, s, p, answers)


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
    v = variant(s)
    if ph == INCOME:
        return ask(t, ph, NOBODY, v.INCOME_TEXT % t, [('income', NONE)])
    p = s['bidders'][0] if ph == AUCTION or ph == BIDDING else s['queue'][0]
    who = name(p)
    if ph == AUCTION or ph == CAPITAL or ph == BIDDING:
        return v.own_prompt(s, p, who, name)
    if ph == TILES_PHASE:
        picks = []
        for t1 in range(1, 8):
            for dec in ((0, 1) if t1 in MAY_DECLINE else (0,)):
                if turn.tile_refusal(s, v, p, t1, dec) is None:
                    # (a str put together only where it differs from the
                    # tables': on MicroPython each new one is looked up among
                    # all the interned strs, thousands of instructions)
                    word, label = TILES[t1 - 1], TILE_TITLES[t1 - 1]
                    if dec:
                        word, label = word + ' pass', label + ' (pass)'
                    cost = v.tile_cost(s, p, t1, dec)
                    picks.append((word, '%s $%d' % (label, cost) if cost else label))
        return ask(t, ph, p, '%s: take an action tile' % who, [('tile', PICK, picks)])
    if ph == BUILD:
        # the build's first question takes 0 as "pass"
        opts = [('build', SEQUENCE)]
        if v.may_decline(s, p):
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
    # LINKS: the count starts at the one entered just before (players' counts
    # are mostly alike: fewer presses than from 0; issue 12)
    done = len(s['order']) - len(s['queue'])
    last = s['links'][s['order'][done - 1]] if done > 0 else 0
    return ask(t, ph, p, '%s: completed links' % who, [('links', AMOUNT, 0, LINKS_MAX, last)])


def apply(s, action):
    # Apply one action to the state in place, or raise RuleError. The caller
    # (trackside.session) has checked it is this player's turn and verb.
    p, verb, args = action
    ph = s['phase']
    v = variant(s)
    if ph == AUCTION or ph == CAPITAL or ph == BIDDING:
        v.own_apply(s, p, verb, args)
    elif ph == TILES_PHASE:
        turn.do_tile(s, v, p, args[0], args[1])
    elif ph == BUILD:
        if verb == 'decline':
            turn.do_decline(s, v, p)
        else:
            turn.do_build(s, v, p, args if verb == 'build' else ())
    elif ph == MOVE:
        if verb == 'deliver':
            deliveries.apply(s, p, args)
            turn.next_in_queue(s, v)
        elif verb == 'loco':
            turn.do_loco(s, v, p)
        else:
            turn.next_in_queue(s, v)
    elif ph == INCOME:
        turn.do_income(s, v)
    elif ph == LINKS:
        turn.do_links(s, v, p, args[0])


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
    if word.isdigit() and len(word) == 1 and 1 <= int(word) <= 7:
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
        return (NOBODY, v, ())
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
