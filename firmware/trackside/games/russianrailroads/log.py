# Russian Railroads' lines of a log (docs/log-format-russianrailroads.md):
# the words of a line to an action tuple and back. A change to a board is
# nobody's move in particular (the device does not model the action board
# or whose turn it is): its actor is NOBODY and the board's owner is its
# first argument, though the line starts with the owner's name like any
# other ("Ann track ts grey 5").
from trackside.rules import RuleError, NOBODY
from trackside.logfmt import amount, low, txt
from trackside.games.russianrailroads.board import LINES, COLOURS, TOKENS, TS, CHANGE_VERBS

CARDS = ('flat', 'lines', 'factories', 'locos', 'workers', 'black', 'tokens',
         'doublers', 'extra', 'engineers')       # §11.1, cards 1-10
START = ('black', 'ind', 'doubler', 'rouble')   # §2 starting bonus cards 1-4
CHANGES = CHANGE_VERBS
VERBS = CHANGES + ('claim', 'pass', 'start', 'cards', 'score', 'kiev8')

_VERB = dict((v.encode(), v) for v in VERBS)
_LINE = {b'ts': 0, b'transsib': 0, b'sp': 1, b'stp': 1, b'kv': 2, b'kiev': 2}
_COLOUR = {b'black': 0, b'grey': 1, b'gray': 1, b'brown': 2, b'natural': 3, b'beige': 3,
           b'white': 4}


def _word(table, w, what):
    v = table.get(low(w))
    if v is None:
        raise RuleError('No %s "%s"; %ss: %s' % (what, txt(w), what, ', '.join(
            sorted(set(k.decode() for k in table)))))
    return v


def _index(words, w, what):
    ww = low(w).decode()
    if ww not in words:
        raise RuleError('No %s "%s"; %ss: %s' % (what, ww, what, ', '.join(words)))
    return words.index(ww)


def _num(w, what):
    # (as every game reads a count: "$2" is 2, log-format.md's general rules)
    return amount(w, what)


def _count(w, n, verb, example):
    if len(w) not in n:
        raise RuleError('"%s" takes %s, e.g. "%s"' % (verb, example[0], example[1]))


def parse(setup, actor, verb, w):
    v = _VERB.get(verb)
    if v is None:
        raise RuleError('Unknown action "%s"; Russian Railroads knows: %s' % (
            txt(verb), ', '.join(VERBS)))
    if v == 'score':
        if actor >= 0 or w:
            raise RuleError('"score" stands alone on its line: it scores every board')
        return (NOBODY, v, ())
    if v == 'kiev8':
        if actor >= 0 or len(w) != 1:
            raise RuleError('"kiev8" stands alone with the star\'s value, e.g. "kiev8 5"')
        return (NOBODY, v, (_num(w[0], 'The star'),))
    if actor < 0:
        raise RuleError('"%s" needs a player name first, e.g. "%s %s"' % (
            v, setup['players'][0], v))
    if v == 'start':
        if not w or len(w) > 2 or (low(w[0]) == b'black') != (len(w) == 2):
            raise RuleError('"start" takes a starting card: black LINE, ind, doubler or rouble')
        k = _index(START, w[0], 'starting card')
        return (actor, v, (k, _word(_LINE, w[1], 'line') if k == 0 else -1))
    if v == 'cards':
        cards = [_index(CARDS, x, 'bonus card') for x in w if low(x) != b'none']
        for c in cards:
            if cards.count(c) > 1:
                raise RuleError('Each bonus card is in the deck once (§11.1)')
        cards.sort()
        return (actor, v, tuple(cards))
    if v == 'track':
        _count(w, (3,), v, ('a line, a colour and a space', 'track ts grey 5'))
        return (NOBODY, v, (actor, _word(_LINE, w[0], 'line'), _word(_COLOUR, w[1], 'colour'),
                            _num(w[2], 'The space')))
    if v == 'loco':
        _count(w, (2, 3), v, ('a line and the number', 'loco sp 4'))
        L = _word(_LINE, w[0], 'line')
        if len(w) == 3 and L != TS:
            raise RuleError('Only the TS holds two locomotives (§6)')
        return (NOBODY, v, (actor, L, _num(w[1], 'A locomotive'),
                            _num(w[2], 'A locomotive') if len(w) == 3 else 0))
    if v in ('doubler', 'vp'):
        _count(w, (0, 1) if v == 'doubler' else (1,), v, ('a number', '%s 1' % v))
        return (NOBODY, v, (actor, _num(w[0], 'The number') if w else 1))
    if v == 'ind':
        _count(w, (1, 2), v, ('the steps of marker 1 [and of marker 2]', 'ind 2'))
        return (NOBODY, v, (actor, _num(w[0], 'Steps'), _num(w[1], 'Steps') if len(w) == 2 else 0))
    if v == 'token':
        _count(w, (1,), v, ('which token', 'token reval'))
        return (NOBODY, v, (actor, _index(TOKENS, w[0], 'token') + 1))
    if v == 'engineer':
        if not w or len(w) > 2 or (len(w) == 2 and low(w[1]) != b'card'):
            raise RuleError('"engineer" takes its number [and "card" if from the ? card], '
                            'e.g. "engineer 7"')
        return (NOBODY, v, (actor, _num(w[0], 'The engineer'), 1 if len(w) == 2 else 0))
    if v == 'claim':
        _count(w, (1,), v, ('the space, 1 or 2', 'claim 1'))
        return (NOBODY, v, (actor, _num(w[0], 'The space')))
    if w:
        raise RuleError('"%s" takes nothing after it' % v)
    return (NOBODY, v, (actor,))


def unparse(setup, action):
    p, verb, a = action
    names = setup['players']
    if p < 0 and verb in ('score', 'kiev8'):
        return verb if verb == 'score' else 'kiev8 %d' % a[0]
    if verb == 'start':
        return '%s start %s%s' % (names[p], START[a[0]], ' ' + LINES[a[1]] if a[0] == 0 else '')
    if verb == 'cards':
        return ' '.join([names[p], 'cards'] + [CARDS[c] for c in a])
    head = names[a[0]] + ' ' + verb
    if verb == 'track':
        return '%s %s %s %d' % (head, LINES[a[1]], COLOURS[a[2]], a[3])
    if verb == 'loco':
        return '%s %s %d%s' % (head, LINES[a[1]], a[2], ' %d' % a[3] if a[3] else '')
    if verb == 'ind':
        return '%s %d%s' % (head, a[1], ' %d' % a[2] if a[2] else '')
    if verb == 'token':
        return '%s %s' % (head, TOKENS[a[1] - 1])
    if verb == 'engineer':
        return '%s %d%s' % (head, a[1], ' card' if a[2] else '')
    if len(a) > 1:
        return '%s %d' % (head, a[1])
    return head
