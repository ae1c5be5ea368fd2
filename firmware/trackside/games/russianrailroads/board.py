# Russian Railroads: one player's board, as plain lists in the game state,
# what a change to it may be, what a change triggers, and the end-of-round
# score (§13 of the rules digest, ../shared/rules/russian_railroads.md,
# where every number below has its source). No questions, no log text:
# __init__.py plays the round, questions.py asks.
#
# A player p's board in the state s:
#   s['tr'][p]   15 ints: line L's colour c at [5*L + c], 0 = not on the line
#   s['lo'][p]   [ts, ts2, sp, kv] locomotive numbers, 0 = none (§6)
#   s['db'][p]   doublers above the Trans-Siberian, 0..8 (§7)
#   s['im'][p]   [marker 1, marker 2] industrialization lane index 0..15;
#                marker 2 is -1 until the token puts it on 0 (§8)
#   s['fa'][p]   factories built, 0..5
#   s['tk'][p]   tokens placed, by number 1..7 in the order taken (§12.2)
#   s['en'][p]   engineer numbers; s['qe'][p] the one from the ? card, or 0
#   s['bw'][p]   1 if the player has the black worker (? card 4)
#   s['rv'][p], s['md'][p]   1 once the revaluation tile, the Kiev medal is placed
from trackside.rules import RuleError

START, ACTIONS, SCORING, FINAL, OVER = 'start', 'actions', 'scoring', 'final', 'over'
TS, SP, KV = 0, 1, 2
LINES = ('ts', 'sp', 'kv')
LINE_TITLES = ('TS', 'StP', 'Kiev')
LEN = (15, 9, 9)                        # §4.1
NCOL = (5, 4, 3)                        # colours a line takes (§4.1)
COLOURS = ('black', 'grey', 'brown', 'natural', 'white')
LETTERS = 'kgbnw'                       # a colour in a board's short text
UNLOCK = (1, 2, 6, 10, 15)              # §4.3: the TS black track reaches it
VAL = (0, 1, 2, 4, 7)                   # §4.4
VAL_REV = (0, 1, 3, 6, 10)              # §4.4, with the revaluation tile
KIEV_STARS = (1, 2, 3, 4)               # §5.2: spaces 1-4; space 8 is a setting
END_VP = 10                             # §5.1 end station
MEDAL_VP = 20                           # §5.2 Kiev 5
DOUBLERS = 8                            # §7
FACTORIES = 5                           # §8
# §8 / §13: the value scored at each lane index (the last: setting ind_last),
# and the factories a marker there needs (the gaps at or before it)
INDUSTRY = (0, 1, 2, 3, 5, 5, 10, 10, 15, 15, 15, 15, 20, 20, 25, 30)
IND_NEED = (0, 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 5)
IND_TOP = 15
IND_TOKEN = 10                          # the token space (§8, ⚠️ layout)
IND_GAPS = (5, 7, 9, 11, 13)            # the factory spaces
# §12.2: the 7 tokens (number = index + 1)
TOKENS = ('tracks', 'industry', 'marker', 'doublers', 'reval', 'medal', 'qcard')
TOKEN_TITLES = ('4 track steps', '5 industry steps', '2nd marker', '3 doublers',
                'Revaluation', 'Kiev medal', '? card + bonus card')
MARKER, DOUBLE3, REVAL, MEDAL, QCARD = 3, 4, 5, 6, 7
CHANGE_VERBS = ('track', 'loco', 'doubler', 'ind', 'factory', 'token', 'engineer', 'worker', 'vp')


def pawn(vp):
    # §1: the VP pawn's space (the "100" space means 0) and the token.
    return (vp % 100 or 100), vp // 100 * 100


def pawn_text(vp):
    space, token = pawn(vp)
    return '@%d+%d' % (space, token) if token else '@%d' % space


def rowof(s, p, L):
    return s['tr'][p][5 * L:5 * L + NCOL[L]]


def reach(s, p, L):
    # §6: a line's reach; the TS's two locomotives add; capped at its length.
    lo = s['lo'][p]
    n = lo[0] + lo[1] if L == TS else lo[L + 1]
    return min(n, LEN[L])


def gained(s, p, c):
    # §4.3: a colour is the player's once the TS black track reaches UNLOCK[c].
    return s['tr'][p][0] >= UNLOCK[c]


def ahead(row, c):
    # The space of the nearest track ahead of colour c on a line (an earlier
    # colour: §4.2 keeps them in order), or 0 for black.
    for d in range(c - 1, -1, -1):
        if row[d]:
            return row[d]
    return 0


# --- what a change may be ------------------------------------------------------------

def track_span(s, p, L, c, skip):
    # The spaces colour c may move (or enter) to on line L: (lo, hi), or a
    # refusal (a string). §4.2: one track per colour per line, in the order
    # black > grey > brown > natural > white, onto empty spaces only.
    name = '%s %s' % (LINE_TITLES[L], COLOURS[c])
    if c >= NCOL[L]:
        return 'The %s takes no %s track (§4.1)' % (LINE_TITLES[L], COLOURS[c])
    if not gained(s, p, c):
        return 'No %s tracks yet: they come when the TS black track reaches space %d (§4.3)' % (
            COLOURS[c], UNLOCK[c])
    row = rowof(s, p, L)
    old = row[c]
    if not old:
        for d in range(c + 1, NCOL[L]):
            if row[d]:
                return '%s cannot enter behind the %s: colours enter in the order black, grey, ' \
                       'brown, natural, white (§4.2)' % (name, COLOURS[d])
        if not skip and not row[c - 1]:
            return 'No %s on the %s yet: a colour may not be skipped (setting skip, §4.2)' % (
                COLOURS[c - 1], LINE_TITLES[L])
    top = ahead(row, c) - 1 if c else LEN[L]
    if top <= old:
        if old == LEN[L]:
            return '%s is at the end of the line (§4.1)' % name
        if not old:
            return 'Space 1 of the %s is taken: a new track enters there (§4.2)' % LINE_TITLES[L]
        return '%s is right behind the %s: tracks do not share or jump spaces (§4.2)' % (
            name, COLOURS[prev_present(row, c)])
    return (old + 1, top)


def prev_present(row, c):
    for d in range(c - 1, -1, -1):
        if row[d]:
            return d
    return 0


def track_refusal(s, p, L, c, to, skip):
    old = s['tr'][p][5 * L + c]
    name = '%s %s' % (LINE_TITLES[L], COLOURS[c])
    # (backwards first: that it could not go forward either is not the point)
    span = track_span(s, p, L, c, skip) if to > old or not old else None
    if isinstance(span, str):
        return span
    if to <= old:
        return 'Tracks only move forward: %s is on %d (§4.2); to correct an entry, undo it' % (
            name, old)
    if to > span[1]:
        if to > LEN[L]:
            return 'The %s has spaces 1 to %d (§4.1)' % (LINE_TITLES[L], LEN[L])
        return '%s can go up to space %d: tracks do not share or jump spaces (§4.2)' % (
            name, span[1])
    return None


def ts_pair(lo, a, b):
    # The TS locomotives after "loco ts a [b]": with one number, a fills the
    # empty slot or replaces the lower one (§6); with two, they are the pair.
    if b is None:
        if lo[1] <= lo[0]:
            return [lo[0], a]
        return [a, lo[1]]
    return [a, b]


def loco_refusal(s, p, L, a, b):
    # §6: numbers #1..#9; StP and Kiev hold one, the TS two; a locomotive is
    # only ever replaced by a higher number (a line never loses reach).
    for n in (a, b):
        if n is not None and not 1 <= n <= 9:
            return 'Locomotives are #1 to #9 (§6), not #%d' % n
    lo = s['lo'][p]
    if L != TS:
        if b is not None:
            return 'The %s holds one locomotive (§6)' % LINE_TITLES[L]
        if a <= lo[L + 1]:
            return 'The %s has #%d: a locomotive is only replaced by a higher one (§6)' % (
                LINE_TITLES[L], lo[L + 1])
        return None
    new = ts_pair(lo, a, b)
    hi_new, lo_new = max(new), min(new)
    hi_old, lo_old = max(lo[0], lo[1]), min(lo[0], lo[1])
    if hi_new < hi_old or lo_new < lo_old or (hi_new, lo_new) == (hi_old, lo_old):
        return 'The TS has %s: a locomotive is only replaced by a higher one (§6)' % ts_locos(lo)
    return None


def ts_locos(lo):
    return ' and '.join('#%d' % n for n in (lo[0], lo[1]) if n) or 'none'


def ind_top(s, p):
    # The furthest lane index a marker may reach with the factories built.
    top = 0
    while top < IND_TOP and IND_NEED[top + 1] <= s['fa'][p]:
        top += 1
    return top


def ind_refusal(s, p, a, b):
    # §8: each marker moves forward; a factory gap must be filled before a
    # marker enters or passes it; the last space needs all 5; the two markers
    # may not share a space; the second needs its token.
    im = s['im'][p]
    if a < 0 or b < 0 or a + b == 0:
        return 'Industrialization moves forward: give 1 or more steps (§8)'
    if b and im[1] < 0:
        return 'The second marker comes with its token (§12.2)'
    top = ind_top(s, p)
    for m, k in ((0, a), (1, b)):
        if k and im[m] + k > top:
            if top == IND_TOP:
                return 'The industrialization track ends %d steps on (§8)' % (IND_TOP - im[m])
            return 'Build a factory first: no marker may enter factory gap %d (§8)' % (
                s['fa'][p] + 1)
    if im[1] >= 0 and im[0] + a == im[1] + b:
        return 'The two markers may not share a space (§8)'
    return None


def ind_steps(s, p, m):
    # The steps marker m may move now (each legal for ind_refusal).
    im = s['im'][p]
    if im[m] < 0:
        return []
    other = im[1 - m]
    return [t - im[m] for t in range(im[m] + 1, ind_top(s, p) + 1) if t != other]


# --- what is met on a board (§5), for awards and the bonus cards ------------------------

def circles(s, p):
    # The token circles reached (§5, §12.2): TS 13, StP 4, StP 6 (black and a
    # locomotive), the industrialization token space (a marker).
    tr = s['tr'][p]
    out = []
    if tr[0] >= 13 and reach(s, p, TS) >= 13:
        out.append('TS 13')
    for sp in (4, 6):
        if tr[5] >= sp and reach(s, p, SP) >= sp:
            out.append('StP %d' % sp)
    if max(s['im'][p]) >= IND_TOKEN:
        out.append('industry')
    return out


def tokens_due(s, p):
    return len(circles(s, p)) - len(s['tk'][p])


def workers(s, p):
    # §5: the workers gained: TS 3 (brown, or black: setting ts3_worker, and a
    # locomotive), Kiev 7 (black),
    # and the black worker of ? card 4.
    tr = s['tr'][p]
    n = 1 if tr[s['w3']] >= 3 and reach(s, p, TS) >= 3 else 0
    if tr[10] >= 7:
        n += 1
    return n + s['bw'][p]


def marks(s, p):
    # What a board has met, as words: compared before and after a change,
    # the new ones are what the change triggered.
    tr = s['tr'][p]
    out = [COLOURS[c] + ' tracks gained' for c in range(1, 5) if gained(s, p, c)]
    for L in range(3):
        if tr[5 * L] == LEN[L]:
            out.append('%s end station +%d' % (LINE_TITLES[L], END_VP))
    if tr[s['w3']] >= 3 and reach(s, p, TS) >= 3:
        out.append('worker (TS 3)')
    if tr[10] >= 7:
        out.append('worker (Kiev 7)')
    for c in circles(s, p):
        out.append('a token to take (%s)' % c)
    return out


# --- the end-of-round score (§13) ------------------------------------------------------

def spaces(s, p, L):
    # Line L's scored spaces by colour: [spaces, points] for each colour
    # (after revaluation and the TS doublers, before StP's x2).
    vals = VAL_REV if s['rv'][p] else VAL
    row = rowof(s, p, L)
    dbl = s['db'][p] if L == TS else 0
    out = [[0, 0] for c in row]
    for sp in range(1, reach(s, p, L) + 1):
        c = -1
        for d in range(len(row)):           # §4.4 virtual tracks: the track at or ahead
            if row[d] >= sp:
                c = d
        if c < 0:
            break                           # §15.3: ahead of the black track: nothing
        out[c][0] += 1
        out[c][1] += vals[c] * (2 if sp <= dbl else 1)
    return out


def doubled(s, p):
    # §5.2 StP 7: the grey track and the locomotive reach space 7.
    return s['tr'][p][6] >= 7 and reach(s, p, SP) >= 7


def line_points(s, p, L):
    total = 0
    for n, pts in spaces(s, p, L):
        total += pts
    if L == SP and doubled(s, p):
        total *= 2
    return total


def stars(s, p, k8):
    # §5.2 Kiev stars: black and reach at each star space, cumulative; the
    # space-8 star's value is k8 (-1: not known, scores 0 here, and the
    # round scoring is refused until it is set: star8_needed).
    black, r = s['tr'][p][10], reach(s, p, KV)
    b = 0
    for sp in KIEV_STARS:
        if black >= sp and r >= sp:
            b += sp
    if black >= 8 and r >= 8 and k8 > 0:
        b += k8
    return b


def medal(s, p):
    # §5.2 / §12.2: the medal placed, grey and reach at Kiev 5.
    return MEDAL_VP if s['md'][p] and s['tr'][p][11] >= 5 and reach(s, p, KV) >= 5 else 0


def star8_needed(s, p):
    return s['tr'][p][10] >= 8 and reach(s, p, KV) >= 8


def industry(s, p, i, last):
    # §8: the value at the marker's space, or the last printed before it.
    return last if i == IND_TOP else INDUSTRY[i] if i >= 0 else 0


def round_score(s, p, last, k8):
    # §13 round_score: (TS, StP, Kiev with stars and medal, industry).
    im = s['im'][p]
    return (line_points(s, p, TS), line_points(s, p, SP),
            line_points(s, p, KV) + stars(s, p, k8) + medal(s, p),
            industry(s, p, im[0], last) + industry(s, p, im[1], last))


def engineer_holder(s, n):
    # The player who holds engineer number n, or -1 (§11.2: each is one of a kind).
    for r in range(len(s['en'])):
        if n in s['en'][r]:
            return r
    return -1


# --- the round: who acts now -------------------------------------------------------

def last_round(s):
    return s['turn'] == s['last']


def claimants(s):
    # §3 step 3: the space-2 claimant acts first, then the space-1 one.
    return [q for q in (s['cl'][1], s['cl'][0]) if q >= 0]


def claim_refusal(s, q, space):
    # §9: spaces 1 and 2, not in the last round, one each, not both, not
    # under one's own position (allowed with 2 players).
    if space not in (1, 2):
        return 'The turn-order spaces are 1 and 2 (§9)'
    if last_round(s):
        return 'No turn-order claims in the last round: the Last Round tile covers them (§3)'
    if s['cl'][space - 1] >= 0:
        return 'Turn-order space %d is taken this round (§9)' % space
    if q in s['cl']:
        return 'One player may not hold both turn-order spaces (§9)'
    if s['order'].index(q) + 1 == space and len(s['order']) > 2:
        return 'Not the space under your own position, except with 2 players (§9)'
    return None


def score_refusal(s, names):
    if s['k8'] < 0:
        need = [names[q] for q in range(len(names)) if star8_needed(s, q)]
        if need:
            return ('The Kiev space-8 star has no value yet, and %s reaches it: read it off '
                    'the board and enter it ("kiev8 N"), then score (§5.2)' % ' and '.join(need))
    return None
