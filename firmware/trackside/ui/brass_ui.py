# Brass on the device: what the shared game screen shows for it (each
# player's money, income level and track space, VP, money spent this round,
# actions left, and whether a loan is still possible; a line for the markets),
# the words of its verbs and phases, the lines shown before an entry that
# takes no answer (the round's end, a canal), and pages of text in the menu
# (the tiles on the board, the stacks, the scores). docs/engine.md lists what
# a game's UI module gives.
from trackside.ui import theme
from trackside.games.brass_data import level, buy_price, TITLES, TILE, VP, DISTANT_X
from trackside.games.brass_act import loan_refusal
from trackside.games.brass_board import next_level, label, FLP, TYP, LV, OWN

LABELS = {'build': 'Build', 'link': 'Link', 'develop': 'Develop', 'sell': 'Sell cotton',
          'loan': 'Loan', 'pass': 'Pass', 'endround': 'End of round',
          'salvage': 'Sell tiles', 'links': 'Link VP'}
PHASES = {'act': '', 'short': 'income', 'end': 'end', 'links': 'scoring', 'over': 'over'}
ORDINAL = ('1st', '2nd', '3rd', '4th')


def incomes(s):
    return [level(x) for x in s['pos']]


CHART = (('VP', 'vp'), ('Income', incomes), ('Money', 'money'))


def signed(n):
    return '+%d' % n if n > 0 else '%d' % n


def header(app):
    s = app.session.state
    names = app.session.setup['players']
    if s['phase'] == 'over':
        return 'Game over: %s' % ' & '.join(names[q] for q in s['winners'])
    ph = PHASES.get(s['phase'], '')
    return '%s %s%s' % (app.session.game.clock(s), 'Canal' if s['era'] == 0 else 'Rail',
                        ' ' + ph if ph else '')


def order(app):
    return app.session.state['order']


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
        return ['%dVP' % s['vp'][q], ORDINAL[s['rank'][q] - 1],
                'L%d T%d £%d' % (s['vlinks'][q], s['vtiles'][q], s['vcash'][q])]
    pos = s['pos'][q]
    out = ['£%d' % s['money'][q], '%s@%d' % (signed(level(pos)), pos), '%dVP' % s['vp'][q],
           's%d' % s['spent'][q]]
    if s['phase'] == 'short' and s['owe'][q]:
        out.append('owes £%d' % s['owe'][q])
        return out
    left = left_of(s, q)
    out.append('a%d' % left if left else '')
    if loan_refusal(s, q, 10):
        out.append('no loan')
    return out


def info(app):
    # The markets: the next coal and iron cube's price, cubes in each, and
    # the distant cotton market's marker (X: closed for the era).
    s = app.session.state
    cot = 'X' if s['cotton'] >= DISTANT_X else '%d' % s['cotton']
    return 'Coal £%d %d/8 Iron £%d %d/8 Cot %s' % (
        buy_price(s['coal']), s['coal'], buy_price(s['iron']), s['iron'], cot)


def confirm(app, verb):
    # Lines shown before an entry that takes no answer.
    s = app.session.state
    names = app.session.setup['players']
    if verb == 'link':
        return ['Canal link: £3']
    if verb != 'endround':
        return None
    spent = s['spent']
    prev = s['order']
    new = sorted(prev, key=lambda q: spent[q] * 16 + prev.index(q))
    words = ['Next:'] + [theme.short(names[q]) for q in new]
    last = s['round'] == s['rounds']
    if not last or (s['era'] == 0 and not s['w07']):
        words.append('income')
        words += ['%s%s' % (theme.short(names[q])[0], signed(level(s['pos'][q]))) for q in new]
    else:
        words.append('then %s scoring' % ('Canal' if s['era'] == 0 else 'final'))
    return [' '.join(words)]


# --- pages in the menu ----------------------------------------------------------------

def tiles_view(app):
    s = app.session.state
    names = app.session.setup['players']
    return 'Tiles on the board', [label(t, names) for t in s['tiles']]


def stacks_view(app):
    s = app.session.state
    names = app.session.setup['players']
    lines = []
    for q in s['order']:
        parts = []
        for t in range(5):
            lv = next_level(s, q, t)
            parts.append('%s%s' % (TITLES[t][:2], '-' if lv is None else lv))
        lines.append('%s %s' % (theme.short(names[q]), ' '.join(parts)))
    return 'Next tile of each stack', lines


def scores_view(app):
    s = app.session.state
    names = app.session.setup['players']
    lines = []
    for q in s['order']:
        flipped = 0
        for t in s['tiles']:
            if t[OWN] == q and t[FLP]:
                flipped += TILE[t[TYP]][t[LV]][VP]
        lines.append('%s %dVP: links %d tiles %d £%d lost %d; flipped now %d' % (
            theme.short(names[q]), s['vp'][q], s['vlinks'][q], s['vtiles'][q], s['vcash'][q],
            s['vlost'][q], flipped))
    return 'Scores', lines


VIEWS = (('Tiles', tiles_view), ('Stacks', stacks_view), ('Scores', scores_view))
