# Steam's actions as lines of a log (docs/log-format.md): the words of a
# line to an action tuple and back. steam.py hands parse and unparse to the
# session; this module needs nothing of steam.py.
from trackside.rules import RuleError, NOBODY
from trackside.logfmt import amount, player_index, low, txt
from trackside.games.steam_common import TILES, LOCOMOTIVE

VERBS = ('bid', 'pass', 'tile', 'build', 'deliver', 'loco', 'income', 'links',
         'capital', 'decline')

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


