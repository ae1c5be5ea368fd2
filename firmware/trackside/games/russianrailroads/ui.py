# Russian Railroads on the device: what the shared game screen shows for it
# (each player's VP as the total and as the VP track's pawn space plus the
# 100/200/300 token, whether they passed or claimed, a token waiting), a line
# for what the last change triggered, the lines shown before the round's
# scoring, and pages in the menu: every board's scoring line by line, the
# boards, the final table. docs/engine.md lists what a UI module gives.
from trackside.games.russianrailroads import board as B
from trackside.games.russianrailroads.board import claimants, score_refusal
from trackside.ui import theme
from trackside import need, unload

LABELS = {'edit': 'Board change', 'score': 'Score round', 'kiev8': 'Kiev star 8 value',
          'start': 'Starting card', 'cards': 'Bonus cards', 'track': 'Track', 'loco': 'Loco',
          'doubler': 'Doubler', 'ind': 'Industry', 'factory': 'Factory', 'token': 'Token',
          'engineer': 'Engineer', 'worker': 'Worker', 'vp': 'VP', 'claim': 'Claim',
          'pass': 'Pass'}
PHASES = {'start': 'Start', 'actions': 'Actions', 'scoring': 'Scoring', 'final': 'Final',
          'over': 'Over'}
CHART = (('VP', 'vp'),)
NUMBERS = (('VP', 'vp'),)      # what an entry changed, said after it ("Red VP 4->14")
ORDINAL = ('1st', '2nd', '3rd', '4th')


def order(app):
    s = app.session.state
    if s['phase'] == 'over':
        return sorted(s['order'], key=lambda q: (s['rank'][q], s['order'].index(q)))
    return s['order']


def cells(app, q):
    s = app.session.state
    ph = s['phase']
    vp = s['vp'][q]
    if ph == 'over':
        return ['%dvp' % vp, ORDINAL[s['rank'][q] - 1], B.pawn_text(vp)]
    out = ['%dvp' % vp, B.pawn_text(vp)]
    if ph == 'scoring':
        out.append('+%d' % score_now(s, q))
    elif ph == 'actions':
        words = []
        if s['ps'][q]:
            words.append('passed')
        if q in s['cl']:
            words.append('claim %d' % (s['cl'].index(q) + 1))
        if B.tokens_due(s, q) > 0:
            words.append('token!')
        out.append(' '.join(words) + (' ' if len(words) == 1 else ''))
    return out


def score_now(s, q):
    return sum(B.round_score(s, q, s['il'], s['k8']))


def info(app):
    # What the last change triggered; else what the phase waits for.
    s = app.session.state
    names = app.session.setup['players']
    ph = s['phase']
    if ph == 'scoring' and score_refusal(s, names):
        return 'Kiev star 8 unknown: enter its value'
    if s['ev']:
        return s['ev']
    if ph == 'scoring':
        cl = claimants(s)
        return ('Bonus actions: ' + ', then '.join(theme.short(names[q]) for q in cl)) if cl \
            else 'Check the boards (menu), then score'
    if ph == 'actions':
        cl = ['%d %s' % (i + 1, theme.short(names[s['cl'][i]]) if s['cl'][i] >= 0 else '-')
              for i in range(2)]
        return 'Claims: ' + ', '.join(cl) if s['turn'] < s['last'] else 'Last round: no claims'
    if ph == 'final':
        return 'Bonus cards, then the engineer majority'
    return ''


def confirm(app, verb):
    # Before the round's scoring: what each board scores, and whether any
    # board changed since the last round's scoring (the pages have each line).
    if verb != 'score':
        return None
    s = app.session.state
    names = app.session.setup['players']
    out = ' '.join('%s+%d' % (theme.short(names[q]), score_now(s, q)) for q in s['order'])
    changed = [theme.short(names[q]) for q in s['order'] if s['ch'][q]]
    if s['turn'] > 1 and not changed:
        return [out, '(no board changed)']
    return [out]


# --- pages in the menu (games/russianrailroads/pages.py, loaded while shown) ---------

PAGES = 'trackside.games.russianrailroads.pages'


def page(name):
    def show(app):
        s = app.session.state
        out = getattr(need(PAGES), name)(s, [theme.short(n) for n in app.session.setup['players']])
        unload(PAGES)
        return out
    return show


VIEWS = (('Round scoring', page('scoring')), ('Boards', page('boards')),
         ('Final score', page('final')))
