# Steam on the device: what the shared game screen shows for it (the
# columns of each phase, the order of the rows), the words of its verbs and
# phases, and the lines shown before the income phase. Imported when a
# Steam game is played; docs/engine.md lists what a game's UI module gives.
from trackside.ui import theme
from trackside.ui.table import signed, winners

LABELS = {'bid': 'Bid', 'pass': 'Pass', 'tile': 'Tile', 'build': 'Build',
          'deliver': 'Deliver', 'loco': 'Loco +1', 'income': 'Income',
          'links': 'Links', 'capital': 'Capital', 'decline': 'Decline'}
PHASES = {'auction': 'Auction', 'bidding': 'Auction', 'capital': 'Capital', 'tiles': 'Tiles',
          'build': 'Build', 'move': 'Move', 'income': 'Income', 'links': 'Final score',
          'over': 'Game over'}
NUMBERS = (('$', 'cash'), ('income', 'income'), ('VP', 'vp'), ('loco', 'loco'))   # what an entry's changes name
CHART = (('VP', 'vp'), ('Income', 'income'))      # (title, state key or function)
ORDINAL = ('1st', '2nd', '3rd', '4th', '5th', '6th')
TILE_SHORT = ('TOrd', 'FMov', 'Eng', 'FBld', 'CGro', 'Loco', 'Urb')   # §5.1's tiles 1-7


def header(app):
    s = app.session.state
    names = app.session.setup['players']
    if s['phase'] == 'over':
        return winners(names, [s['winner']]) if s['winner'] >= 0 else 'Game over'
    return '%s %s' % (app.session.game.clock(s), PHASES.get(s['phase'], s['phase']))


def order(app):
    # Turn order, the bankrupt last; at the end, the final places (§6).
    s = app.session.state
    first = s['ranking'] if s['phase'] == 'over' else s['order']
    return first + [q for q in range(len(s['cash'])) if q not in first]


def out(app, q):
    return app.session.state['out'][q]


def cells(app, q):
    # The player's numbers for this phase, most important first.
    s = app.session.state
    if s['out'][q]:
        return ['bankrupt']
    ph = s['phase']
    if ph == 'over':
        # the place, the score and what it is made of (§6): VP, income's
        # points, links
        rank = s['ranking'].index(q) + 1 if q in s['ranking'] else 0
        inc = s['income'][q]
        return [ORDINAL[rank - 1] if rank else '', '%d pts' % s['score'][q], '%dvp' % s['vp'][q],
                'i%s' % signed(inc // 2 if inc > 0 else 2 * inc), '%dlk' % s['links'][q]]
    # (the cells of every entry's redraw as bytes: on MicroPython a new str
    # is looked up among all the interned ones, thousands of instructions
    # each; ui/rows.py's columns takes either)
    if ph == 'bidding':
        return [b'$%d' % s['cash'][q], bid_status(s, q)]
    if ph == 'capital':
        return [b'$%d' % s['cash'][q], income(s['income'][q]), b'upkeep $%d' % s['loco'][q]]
    cells = [b'$%d' % s['cash'][q], income(s['income'][q]), b'%dvp' % s['vp'][q],
             b'L%d' % s['loco'][q]]
    if s['tile'][q]:
        cells.append(TILE_SHORT[s['tile'][q] - 1])    # the action tile taken this turn
    return cells


def income(n):
    return (b'i+%d' if n > 0 else b'i%d') % n


def bid_status(s, q):
    # The standard auction (§7.4): high bid, out and where, free pass.
    if q in s['slots']:
        return 'out %s' % ORDINAL[s['slots'].index(q)]
    words = []
    if s['high_by'] == q:
        words.append('high $%d' % s['high'])
    if s['free'] == q:
        words.append('free pass')
    return ' '.join(words)


def confirm(app, verb):
    # Lines to show before an action that takes no answer, or None: each
    # player's net income before the income phase.
    if verb != 'income':
        return None
    s = app.session.state
    names = app.session.setup['players']
    cells = []
    for p in s['order']:
        net = s['income'][p] - (s['loco'][p] if s['std'] else 0)
        cells.append('%s %s' % (theme.short(names[p]), signed(net) if net else '0'))
    return [' '.join(cells)]
