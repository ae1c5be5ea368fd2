# Brass's actions as lines of a log (docs/log-format-brass.md): the words of
# a line to an action tuple and back. brass.py hands parse and unparse to
# the session; this module needs nothing of brass.py.
#
# Tiles on the board are named by number: the industries built in the game,
# counted from 1 in the order they were built (never reused). A coal or iron
# source is a tile's number or "market" (kept as 0 in an action).
from trackside.rules import RuleError, NOBODY
from trackside.logfmt import amount, low, txt
from trackside.games.brass_data import TYPES

VERBS = ('build', 'link', 'develop', 'sell', 'loan', 'pass', 'endround', 'salvage', 'links')
# the other words of the lines (a player may not be called these)
WORDS = TYPES + ('over', 'coal', 'iron', 'market', 'connected', 'double', 'distant')

_VERB = {}
for _v in VERBS:
    _VERB[_v.encode()] = _v
_TYPE = {b'cotton': 0, b'shipyard': 4}
for _i in range(len(TYPES)):
    _TYPE[TYPES[_i].encode()] = _i

MARKET_SRC = 0          # a source: 0 = the market, else a tile number
NO_SRC = -1


def tile_type(word):
    t = _TYPE.get(low(word))
    if t is None:
        raise RuleError('No industry "%s"; they are: %s' % (txt(word), ', '.join(TYPES)))
    return t


def number(word, what):
    n = amount(word, what)
    if n < 1:
        raise RuleError('%s is a tile number (1, 2, ...), not 0' % what)
    return n


def source(word):
    if low(word) == b'market':
        return MARKET_SRC
    return number(word, 'A coal or iron source (a tile number or "market")')


def sources(w, i, most):
    # The sources after a "coal"/"iron" word at w[i-1]: up to most of them.
    out = []
    while i < len(w) and len(out) < most and (low(w[i]) == b'market' or w[i].isdigit()):
        out.append(source(w[i]))
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
        raise RuleError('"%s" needs a player name first, e.g. "%s %s"' % (
            v, setup['players'][0], v))
    if v == 'pass':
        if w:
            raise RuleError('"pass" takes nothing after it')
        return (actor, v, ())
    if v == 'loan' or v == 'links':
        if len(w) != 1:
            raise RuleError('"%s" takes one number, e.g. "%s 10"' % (v, v))
        return (actor, v, (amount(w[0], 'The amount'),))
    if v == 'salvage':
        if not w:
            raise RuleError('"salvage" needs the numbers of the tiles sold, e.g. "salvage 3 7"')
        return (actor, v, tuple(number(x, 'A tile to salvage') for x in w))
    if v == 'build':
        return (actor, v, parse_build(w))
    if v == 'link':
        if not w:
            return (actor, v, ())
        if low(w[0]) != b'coal':
            raise RuleError('"link" takes nothing (a canal) or "coal" and 1 or 2 sources (rail)')
        srcs, i = sources(w, 1, 2)
        if not srcs or i != len(w):
            raise RuleError('link: "coal" then one source per rail link (a tile or market), at most 2')
        return (actor, v, tuple(srcs))
    if v == 'develop':
        types = []
        i = 0
        while i < len(w) and low(w[i]) != b'iron':
            types.append(tile_type(w[i]))
            i += 1
        srcs, j = sources(w, i + 1, 2)
        if not 1 <= len(types) <= 2 or len(srcs) != len(types) or j != len(w):
            raise RuleError('develop: 1 or 2 industries, then "iron" and a source for each, '
                            'e.g. "develop mill iron market"')
        return (actor, v, (tuple(types), tuple(srcs)))
    # sell: MILL PORT or MILL distant V, one after another
    parts = []
    i = 0
    while i < len(w):
        mill = number(w[i], 'A mill to sell')
        if i + 1 >= len(w):
            raise RuleError('sell: mill %d needs a port (its number) or "distant" and the tile' % mill)
        if low(w[i + 1]) == b'distant':
            if i + 2 >= len(w):
                raise RuleError('sell: after "distant", the distant market tile turned (0 to 4)')
            t = w[i + 2]
            if t[:1] == b'-':
                t = t[1:]
            parts.append((mill, 0, amount(t, 'A distant market tile')))
            i += 3
        else:
            parts.append((mill, number(w[i + 1], 'A port'), -1))
            i += 2
    if not parts:
        raise RuleError('"sell" needs a mill and a port or "distant", e.g. "sell 4 2"')
    return (actor, v, tuple(parts))


def parse_build(w):
    if not w:
        raise RuleError('"build" needs an industry: %s' % ', '.join(TYPES))
    t = tile_type(w[0])
    over = 0
    coal = iron = NO_SRC
    connected = double = 0
    i = 1
    while i < len(w):
        k = low(w[i])
        if k == b'over' and i + 1 < len(w) and not over:
            over = number(w[i + 1], 'The tile built over')
            i += 2
        elif (k == b'coal' or k == b'iron') and i + 1 < len(w):
            src = source(w[i + 1])
            if k == b'coal' and coal == NO_SRC:
                coal = src
            elif k == b'iron' and iron == NO_SRC:
                iron = src
            else:
                raise RuleError('build: "%s" is given twice' % txt(k))
            i += 2
        elif k == b'connected' and not connected:
            connected = 1
            i += 1
        elif k == b'double' and not double:
            double = 1
            i += 1
        else:
            raise RuleError('build: "%s" is not understood here; a build is: build INDUSTRY '
                            '[over TILE] [coal SOURCE] [iron SOURCE] [connected] [double]' % txt(w[i]))
    return (t, over, coal, iron, connected, double)


def src_word(src):
    return 'market' if src == MARKET_SRC else '%d' % src


def build_words(args):
    t, over, coal, iron, connected, double = args
    words = [TYPES[t]]
    if over:
        words.append('over %d' % over)
    if coal != NO_SRC:
        words.append('coal ' + src_word(coal))
    if iron != NO_SRC:
        words.append('iron ' + src_word(iron))
    if connected:
        words.append('connected')
    if double:
        words.append('double')
    return ' '.join(words)


def sell_words(parts):
    words = []
    for mill, port, value in parts:
        words.append('%d %s' % (mill, ('distant %d' % value) if port == 0 else '%d' % port))
    return ' '.join(words)


def unparse(setup, action):
    # (actor, verb, args) -> the canonical line, as the device journals it.
    p, verb, args = action
    if verb == 'endround':
        return 'endround'
    head = setup['players'][p] + ' ' + verb
    if verb == 'build':
        return head + ' ' + build_words(args)
    if verb == 'link':
        return head + (' coal ' + ' '.join(src_word(x) for x in args) if args else '')
    if verb == 'develop':
        return '%s %s iron %s' % (head, ' '.join(TYPES[t] for t in args[0]),
                                  ' '.join(src_word(x) for x in args[1]))
    if verb == 'sell':
        return head + ' ' + sell_words(args)
    if args:
        return head + ' ' + ' '.join('%d' % a for a in args)
    return head
