# Brass on the device: what the shared game screen shows for it (each
# player's money, income level and track space, VP, money spent this round,
# actions left, and whether a loan is still possible; a line for the markets),
# the words of its verbs and phases, the lines shown before an entry that
# takes no answer (the round's end, a canal), and pages of text in the menu
# (the tiles on the board, the stacks, the scores). docs/engine.md lists what
# a game's UI module gives.
from trackside import need, unload
from trackside.ui import theme
from trackside.ui.table import signed, winners
from trackside.games.brass.data import level, buy_price, DISTANT_X
from trackside.games.brass.act import supply, MINE, WORKS

LABELS = {'build': 'Build', 'link': 'Link', 'develop': 'Develop', 'sell': 'Sell cotton',
          'loan': 'Loan', 'pass': 'Pass', 'endround': 'End of round',
          'salvage': 'Sell tiles', 'links': 'Link VP'}
PHASES = {'act': '', 'short': 'income', 'end': 'end', 'links': 'scoring', 'over': 'over'}
ORDINAL = ('1st', '2nd', '3rd', '4th')


def incomes(s):
    return [level(x) for x in s['pos']]


def places(s):
    # Each player's place in the turn order (1 first): the end of a round moves it.
    order = s['order']
    return [order.index(q) + 1 for q in range(len(order))]


CHART = (('VP', 'vp'), ('Income', incomes), ('Money', 'money'))
# what an entry's changes name (the game screen says what moved: money,
# income level, track space, VP, and at the end of a round the turn order)
NUMBERS = (('£', 'money'), ('inc', incomes), ('@', 'pos'), ('VP', 'vp'), ('order', places))


def header(app):
    s = app.session.state
    names = app.session.setup['players']
    if s['phase'] == 'over':
        return winners(names, s['winners'])
    ph = PHASES.get(s['phase'], '')
    return '%s %s%s%s' % (app.session.game.clock(s), 'Canal' if s['era'] == 0 else 'Rail',
                          ' ' + ph if ph else '', ', no loans' if locked(s) else '')


def locked(s):
    # §4.1, §16.9: the Rail era's last rounds (setting noloan) have no loans.
    return s['era'] and s['round'] > s['rounds'] - s['noloan']


def order(app):
    # Turn order; at the end, the ranking.
    s = app.session.state
    if s['phase'] == 'over':
        return sorted(s['order'], key=lambda q: s['rank'][q] * 8 + s['order'].index(q))
    return s['order']


def left_of(s, q):
    # Actions the player still has this round.
    if s['phase'] != 'act':
        return 0
    i = s['order'].index(q)
    if i < s['at']:
        return 0
    if i == s['at']:
        return s['left']
    return 1 if s['era'] == 0 and s['round'] == 1 else 2


def cells(app, q):
    s = app.session.state
    if s['phase'] == 'over':
        out = 'L%d T%d £%d' % (s['vlinks'][q], s['vtiles'][q], s['vcash'][q])
        if s['intro']:                  # §13.4: the L2+ tiles again, the income level
            out = 'L%d T%d+%d £%d i%d' % (s['vlinks'][q], s['vtiles'][q], s['vagain'][q],
                                          s['vcash'][q], s['vinc'][q])
        return ['%dVP' % s['vp'][q], ORDINAL[s['rank'][q] - 1], out]
    pos = s['pos'][q]
    out = ['£%d' % s['money'][q], '%s@%d' % (signed(level(pos)), pos), '%dVP' % s['vp'][q],
           's%d' % s['spent'][q]]
    if s['phase'] == 'short' and s['owe'][q]:
        out.append('owes £%d' % s['owe'][q])
        return out
    left = left_of(s, q)
    out.append('a%d' % left if left else '')
    if level(pos) == -10 and not locked(s):
        out.append('no loan')           # at -10: no loan (§6.3); the era's lock is in the header
    return out


def info(app):
    # The markets: the next coal and iron cube's price, cubes in each, and
    # the distant cotton market's marker (X: closed for the era).
    s = app.session.state
    # W07's limited cubes (§1): +N, the cubes left in the supply beside it.
    cot = 'X' if s['cotton'] >= DISTANT_X else '%d' % s['cotton']
    left = ['+%d' % supply(s, t) if s['limit'] else '' for t in (MINE, WORKS)]
    return 'Coal £%d %d/8%s Iron £%d %d/8%s Cot %s' % (
        buy_price(s['coal']), s['coal'], left[0], buy_price(s['iron']), s['iron'], left[1], cot)


def confirm(app, verb):
    # Lines shown before an entry that takes no answer.
    s = app.session.state
    names = app.session.setup['players']
    if verb == 'link':
        return ['Canal link: £3']
    if verb != 'endround':
        return None
    # the next round's order (least spent first, §12), each with the income
    # the round's end will pay them, or what comes next at an era's end
    spent = s['spent']
    prev = s['order']
    new = sorted(prev, key=lambda q: spent[q] * 16 + prev.index(q))
    last = s['round'] == s['rounds']
    if not last or (s['era'] == 0 and not s['w07'] and not s['intro']):
        return ['Next: ' + ' '.join('%s%s' % (theme.short(names[q]), signed(level(s['pos'][q])))
                                    for q in new)]
    return ['Next: %s; score' % ' '.join(theme.short(names[q]) for q in new)]


# --- pages in the menu ----------------------------------------------------------------

def page(app, name):
    # A page from games/brass/pages.py, which is let go again after.
    names = [theme.short(n) for n in app.session.setup['players']]
    out = getattr(need('trackside.games.brass.pages'), name)(app.session.state, names)
    unload('trackside.games.brass.pages')
    return out


VIEWS = (('Tiles', lambda app: page(app, 'tiles')), ('Stacks', lambda app: page(app, 'stacks')),
         ('Scores', lambda app: page(app, 'scores')))
