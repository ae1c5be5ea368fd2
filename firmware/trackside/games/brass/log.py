# Brass's actions as lines of a log (docs/log-format.md ("Brass")): the words of
# a line to an action tuple and back. brass.py hands parse and unparse to
# the session; this module needs nothing of brass.py.
#
# Tiles on the board are named by number: the industries built in the game,
# counted from 1 in the order they were built (never reused). A coal or iron
# source is a tile's number or "market" (kept as 0 in an action; -1: none).
from trackside.rules import RuleError, NOBODY
from trackside.logfmt import amount, low, txt
from trackside.games.brass.data import TYPES

VERBS = ('build', 'link', 'develop', 'sell', 'loan', 'pass', 'endround', 'salvage', 'links')
# the other words of the lines (a player may not be called these)
WORDS = TYPES + ('over', 'coal', 'iron', 'market', 'connected', 'double', 'distant')
# how each line is written: a refused line is told its shape
SHAPE = {'build': 'build INDUSTRY [over TILE] [coal SOURCE] [iron SOURCE] [connected] [double]',
         'link': 'link, or link coal SOURCE [SOURCE]', 'develop': 'develop INDUSTRY [INDUSTRY] '
         'iron SOURCE [SOURCE]', 'sell': 'sell MILL PORT|distant N ...', 'loan': 'loan 10|20|30',
         'salvage': 'salvage TILE ...', 'links': 'links VP', 'pass': 'pass'}

_VERB = {}
for _v in VERBS:
    _VERB[_v.encode()] = _v
_TYPE = {b'cotton': 0, b'shipyard': 4}
for _i in range(5):
    _TYPE[TYPES[_i].encode()] = _i


def shape(v):
    return RuleError('%s: write "%s" (docs/log-format.md ("Brass"))' % (v, SHAPE[v]))


def tile(word):
    # A tile's number (1, 2, ...) or "market" (0).
    if low(word) == b'market':
        return 0
    n = amount(word, 'A tile number')
    if n < 1:
        raise RuleError('Tiles are numbered 1, 2, ... in the order they were built')
    return n


def sources(w, i, most):
    # The sources from w[i] on, at most `most`: (list, the index after them).
    out = []
    while i < len(w) and len(out) < most and (w[i].isdigit() or low(w[i]) == b'market'):
        out.append(tile(w[i]))
        i += 1
    return out, i


def parse(setup, actor, verb, w):
    # The verb and the words after it (bytes) -> (actor, verb, args).
    v = _VERB.get(verb)
    if v is None:
        raise RuleError('Unknown action "%s"; Brass knows: %s' % (txt(verb), ', '.join(VERBS)))
    if v == 'endround':
        if actor >= 0 or w:
            raise RuleError('"endround" stands alone on its line: it ends the round for everyone')
        return (NOBODY, v, ())
    if actor < 0:
        raise RuleError('"%s" needs a player name first' % v)
    n = len(w)
    if v == 'pass' or v == 'loan' or v == 'links':
        if n != (v != 'pass'):
            raise shape(v)
        return (actor, v, (amount(w[0], 'The amount'),) if n else ())
    if v == 'salvage':
        if not n:
            raise shape(v)
        return (actor, v, tuple(tile(x) for x in w))
    if v == 'link':
        srcs, i = sources(w, 1, 2)
        if n and (low(w[0]) != b'coal' or not srcs or i != n):
            raise shape(v)
        return (actor, v, tuple(srcs))
    if v == 'develop':
        i = 0
        while i < n and low(w[i]) != b'iron' and i < 2:
            i += 1
        types = [kind(x, v) for x in w[:i]]
        srcs, j = sources(w, i + 1, 2)
        if types and srcs and len(srcs) != len(types) and j == n:
            raise RuleError('develop: each tile removed takes one iron: %d tile%s, so %d '
                            'source%s after "iron" (§7)' % (len(types), 's' if len(types) > 1 else '',
                                                            len(types), 's' if len(types) > 1 else ''))
        if not types or len(srcs) != len(types) or j != n:
            raise shape(v)
        return (actor, v, (tuple(types), tuple(srcs)))
    if v == 'build':
        return (actor, v, parse_build(w))
    parts = []                  # sell: MILL PORT or MILL distant N, one after another
    i = 0
    while i + 1 < n:
        mill = tile(w[i])
        if low(w[i + 1]) == b'distant' and i + 2 == n:
            raise RuleError('sell: "distant" needs the value of the tile turned over, 0 to -4 '
                            '(e.g. "sell %d distant -2"; §9)' % mill)
        if low(w[i + 1]) == b'distant':
            t = w[i + 2]
            parts.append((mill, 0, amount(t[1:] if t[:1] == b'-' else t, 'A distant tile')))
            i += 3
        else:
            parts.append((mill, tile(w[i + 1]), -1))
            i += 2
    if not parts or i != n:
        raise shape(v)
    return (actor, v, tuple(parts))


def kind(word, v):
    t = _TYPE.get(low(word))
    if t is None:
        raise RuleError('%s: no industry "%s"; they are %s' % (v, txt(word), ', '.join(TYPES)))
    return t


def parse_build(w):
    # (type, over, coal source, iron source, connected, double)
    if not w:
        raise shape('build')
    out = [kind(w[0], 'build'), 0, -1, -1, 0, 0]
    seen = []
    i = 1
    while i < len(w):
        k = low(w[i])
        if k in seen:
            raise shape('build')
        seen.append(k)
        if k in (b'over', b'coal', b'iron') and i + 1 < len(w):
            at = (b'over', b'coal', b'iron').index(k) + 1
            out[at] = tile(w[i + 1])
            if at == 1 and not out[1]:
                raise shape('build')     # "over market"
            i += 2
        elif k == b'connected' or k == b'double':
            out[4 if k == b'connected' else 5] = 1
            i += 1
        elif k in (b'over', b'coal', b'iron'):
            raise RuleError('build: "%s" needs %s after it (%s)' % (
                txt(k), 'a tile number' if k == b'over' else 'its source, a tile number or "market",',
                SHAPE['build']))
        else:
            raise RuleError('build: "%s" is not a word of a build; write "%s" (the level is never '
                            'written)' % (txt(w[i]), SHAPE['build']))
    return tuple(out)


def src_word(src):
    return 'market' if src == 0 else '%d' % src


def unparse(setup, action):
    # (actor, verb, args) -> the canonical line, as the device journals it.
    p, verb, args = action
    if verb == 'endround':
        return 'endround'
    words = [setup['players'][p], verb]
    if verb == 'build':
        t, over, coal, iron, connected, double = args
        words.append(TYPES[t])
        if over:
            words.append('over %d' % over)
        if coal >= 0:
            words.append('coal ' + src_word(coal))
        if iron >= 0:
            words.append('iron ' + src_word(iron))
        if connected:
            words.append('connected')
        if double:
            words.append('double')
    elif verb == 'link':
        if args:
            words.append('coal ' + ' '.join(src_word(x) for x in args))
    elif verb == 'develop':
        words += [TYPES[t] for t in args[0]] + ['iron'] + [src_word(x) for x in args[1]]
    elif verb == 'sell':
        for mill, port, value in args:
            words.append(('%d distant %d' % (mill, value)) if port == 0 else '%d %d' % (mill, port))
    else:
        words += ['%d' % a for a in args]
    return ' '.join(words)
