# The score pad on the device: each player's total and last round on the
# game screen, their place at the end; the totals charted round by round.
from trackside.ui.table import signed
from trackside import need
LABELS = {'round': 'Enter the round', 'end': 'End the game', 'fix': 'Correct a round'}
PHASES = {'play': 'Scores', 'over': 'Final'}
NUMBERS = (('total', 'total'),)       # what an entry's changes name
CHART = (('Total', 'total'),)
ORDINAL = ('1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th')


def cells(app, q):
    s = app.session.state
    out = ['%d' % s['total'][q]]
    if s['phase'] == 'over':
        rank = s['rank'][q]
        tied = s['rank'].count(rank) > 1
        out.append(ORDINAL[rank - 1] + ('=' if tied else ''))
    elif s['rounds']:
        out.append(signed(s['rounds'][-1][q]))
    return out


def order(app):
    # At the end, by place; while playing, as on the sheet.
    s = app.session.state
    n = len(s['total'])
    if s['phase'] == 'over':
        return sorted(range(n), key=lambda q: (s['rank'][q], q))   # (MicroPython's sort is not stable)
    return list(range(n))


def confirm(app, verb):
    # Before "End the game": the places it gives.
    if verb != 'end':
        return None
    s = app.session.state
    names = app.session.setup['players']
    rank = need('trackside.games.scorepad').ranking(s)
    return [', '.join('%s %s %d' % (names[q], ORDINAL[rank[q] - 1], s['total'][q])
                      for q in sorted(range(len(names)), key=lambda q: (rank[q], q)))]
