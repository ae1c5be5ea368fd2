# What the game report (host_sim/report.py) says of each game at its end:
# the columns of the final table (from the standings `replay --json`
# prints, in the order a player reads the score) and the order of the
# tie-breaks, as the rules module ranks them (the sections named). A game
# without an entry here gets every column of its standings and no words on
# ties: the page works for a new game before anyone writes its entry.

# (key, heading): a key of a standings row, or a function of (row, extra)
FINAL = {
    'steam': (('vp', 'VP'), ('income', 'Income'),
              (lambda r, x: r['score'] - r['vp'] - r['links'], 'Points from income'),
              ('links', 'Links'), ('score', 'Score')),
    # (the introductory game, RX18 intro=yes, §13.4: the Canal era only, its scoring the
    # game's, and its own additions; a column no player has a value in is left out)
    'brass': ((lambda r, x: x[0][r['name']][0] if x else intro(r, 'links_vp'), 'Canal links VP'),
              (lambda r, x: x[0][r['name']][1] if x else intro(r, 'tiles_vp'), 'Canal tiles VP'),
              (lambda r, x: r['links_vp'] - x[0][r['name']][0] if x else None, 'Rail links VP'),
              (lambda r, x: r['tiles_vp'] - x[0][r['name']][1] if x else None, 'Rail tiles VP'),
              ('again_vp', 'Tiles VP again'), ('income_vp', 'VP from income level'),
              ('money_vp', 'VP from money'), ('lost_vp', 'VP lost'), ('vp', 'VP'),
              ('income', 'Income level'), ('money', 'Money')),
    'russianrailroads': (('rounds', 'Round scores'), ('in_round', 'VP in rounds'),
                         ('cards', 'Bonus cards'), ('engineers', 'Engineers'), ('score', 'Score')),
    'scorepad': (('rounds', 'Round'), ('total', 'Total')),
}


def intro(row, key):
    # a Canal era figure of the introductory game (its rows have income_vp), else None
    return row.get(key) if 'income_vp' in row else None


def ties(setup):
    # The order the game ranks by: (key, words, sense), sense 1 where more
    # is better, -1 where less is, 0 for a last tie-break without a number
    # to show; and whether players still equal share their place.
    game, variant, cfg = setup['game'], setup['variant'], setup['settings']
    if game == 'steam':         # §6 step 4, §8 U7
        last = ('order', 'the earlier place in the final turn order', 0) \
            if cfg.get('tiebreak') == 'order' else ('tile', 'the lower action tile taken in the final turn', 0)
        return [('score', 'points', 1), ('income', 'income', 1), last], False
    if game == 'brass':         # §13.3: W07 then turn order; RX18 a shared place
        out = [('vp', 'VP', 1), ('income', 'income level', 1), ('money', 'money', 1)]
        if variant == 'w07':
            return out + [('order', 'the earlier place in turn order', 0)], False
        return out, True
    if game == 'russianrailroads':
        return [('score', 'points', 1)], True
    if game == 'scorepad':
        return [('total', 'points', -1 if cfg.get('low') == 'yes' else 1)], True
    return None, True


def extra(session):
    # Brass: each era's link and tile VP. The state at the first entry of
    # the Rail era holds the Canal era's scoring (it is added to, not reset).
    if session.setup['game'] != 'brass':
        return None
    for k in session.turn_starts():
        s = session.state_at(k)
        if s['era'] == 1:
            names = session.setup['players']
            return ({names[q]: (s['vlinks'][q], s['vtiles'][q]) for q in range(len(names))},)
    return None


def explain(setup, rows):
    # Sentences on how equal scores were ranked, from the standings rows.
    order, shared = ties(setup)
    if not order or any(r.get('rank') is None for r in rows):
        return []
    key = order[0][0]
    rows = sorted(rows, key=lambda r: r['rank'])
    out = []
    i = 0
    while i < len(rows):
        j = i
        while j + 1 < len(rows) and rows[j + 1][key] == rows[i][key]:
            j += 1
        if j > i:
            out += _group(rows[i:j + 1], order, shared)
        i = j + 1
    return out


def _group(group, order, shared):
    key, words = order[0][0], order[0][1]
    names = ' and '.join(r['name'] for r in group)
    head = '%s have %d %s each' % (names, group[0][key], words)
    said = []
    for a, b in zip(group, group[1:]):
        if a['rank'] == b['rank']:
            said.append('%s and %s share %s place' % (a['name'], b['name'], ordinal(a['rank'])))
            continue
        for k, w, sense in order[1:]:
            if a[k] != b[k]:
                if sense:
                    said.append('%s is placed above %s on %s (%s against %s)' % (
                        a['name'], b['name'], w, a[k], b[k]))
                else:
                    said.append('%s is placed above %s by %s (%s against %s)' % (
                        a['name'], b['name'], w, a[k], b[k]))
                break
        else:
            said.append('%s is placed above %s' % (a['name'], b['name']))
    tail = ' (ties share a place in this game)' if shared and all(
        a['rank'] == b['rank'] for a, b in zip(group, group[1:])) else ''
    return ['%s: %s%s.' % (head, '; '.join(said), tail)]


def ordinal(n):
    return '%d%s' % (n, 'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th'))
