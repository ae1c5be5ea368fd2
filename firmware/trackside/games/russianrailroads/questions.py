# Russian Railroads: what the game waits for, and the questions of a change
# to a board. A change is one entry ("edit", a sequence): whose board (the
# next in turn order first, the last one to change theirs at the end of the
# list), what changed (only what the board allows now), then the number it
# needs (the new space, the locomotive's number...). The header shows the
# line being changed as it now stands, with its score.
from trackside.rules import ask, NONE, AMOUNT, PICK, SEQUENCE, NOBODY
from trackside import need
from trackside.games.russianrailroads import board as B
from trackside.games.russianrailroads.board import (
    TS, SP, KV, LINES, LINE_TITLES, COLOURS, LETTERS, TOKENS, TOKEN_TITLES,
    START, ACTIONS, SCORING, FINAL, OVER, claimants, claim_refusal, score_refusal)



def once():
    # the starting cards and the final scoring (once.py)
    return need('trackside.games.russianrailroads.once')


def editors(s):
    # The players whose boards may change now, most likely first: in the
    # action phase the turn order from the player after the last to make an
    # entry (who comes last: one press up).
    if s['phase'] == SCORING:
        return claimants(s)
    if s['phase'] != ACTIONS:
        return []
    order = s['order']
    if s['la'] in order:
        i = order.index(s['la']) + 1
        order = order[i:] + order[:i]
        if B.tokens_due(s, s['la']) > 0:
            order = order[-1:] + order[:-1]     # a token to take: the same player
    return [q for q in order if not s['ps'][q]]


# --- a board as short text ---------------------------------------------------------------------

def line_text(s, q, L):
    # "TS k9 g7 b3 #6+2 x1 =12": the tracks by colour letter, the
    # locomotives, the doublers, and what the line scores now.
    row = B.rowof(s, q, L)
    words = [LINE_TITLES[L]] + ['%s%d' % (LETTERS[c], row[c]) for c in range(len(row)) if row[c]]
    lo = s['lo'][q]
    if L == TS:
        words.append('#%d+%d' % (lo[0], lo[1]) if lo[1] else '#%d' % lo[0])
        if s['db'][q]:
            words.append('x%d' % s['db'][q])
    else:
        words.append('#%d' % lo[L + 1] if lo[L + 1] else '#-')
    pts = B.line_points(s, q, L)
    if L == KV:
        pts += B.stars(s, q, s['k8']) + B.medal(s, q)
    return '%s =%d' % (' '.join(words), pts)


def ind_text(s, q):
    im = s['im'][q]
    marks = '%d' % im[0] + ('/%d' % im[1] if im[1] >= 0 else '')
    pts = B.industry(s, q, im[0], s['il']) + B.industry(s, q, im[1], s['il'])
    return 'Ind %s F%d =%d' % (marks, s['fa'][q], pts)


def space_name(i):
    if i in B.IND_GAPS:
        return 'factory %d' % (B.IND_GAPS.index(i) + 1)
    if i == B.IND_TOKEN:
        return 'token space'
    return 'space %d' % i


# --- what the game waits for ----------------------------------------------------------------

def prompt(s, setup):
    names = setup['players']
    ph = s['phase']
    t = s['turn']
    anytime = [([NOBODY], ('kiev8', AMOUNT, 0, 20, max(0, s['k8']), 'VP'))] if ph != OVER else []
    if ph == OVER:
        return ask(t, ph, NOBODY, 'Game over', [])
    if ph == START:
        p = s['sq'][0]
        items = once().start_items(s)
        return ask(t, ph, p, '%s: starting bonus card' % names[p], [('start', PICK, items)],
                   anytime=anytime)
    if ph == FINAL:
        p = s['sq'][0]
        return ask(t, ph, p, '%s: end-game bonus cards' % names[p], [('cards', SEQUENCE)],
                   anytime=anytime)
    if ph == ACTIONS:
        nxt = editors(s)[0]
        left = [names[q] for q in s['order'] if not s['ps'][q]]
        blocked = [('score', 'The round is scored once everyone has passed; still to pass: %s (§3)'
                    % ', '.join(left))]
        return ask(t, ph, NOBODY, '%s plays (or anyone)' % names[nxt],
                   [('edit', SEQUENCE)], blocked, anytime)
    # SCORING
    opts = []
    cl = claimants(s)
    if cl:
        opts.append(('edit', SEQUENCE))     # the claimants act before the scoring
    done = 'Everyone has passed: claims and passes are over this round (§3)'
    blocked = [('pass', done), ('claim', done)]
    why = score_refusal(s, names)
    if why:
        blocked.append(('score', why))
        opts.append(('kiev8', AMOUNT, 0, 20, 0, 'VP'))
        text = 'Kiev star 8: enter its value to score'
    else:
        opts.append(('score', NONE))
        text = 'Round %d: score the boards' % t
    if cl:
        text = 'Claimants act, then score'
    return ask(t, ph, NOBODY, text, opts, blocked, anytime)


# --- the questions of a change ----------------------------------------------------------------

def item_word(code):
    # The question's item that makes a change of this kind (russianrailroads.
    # change_code): "track ts black", "ind 1", "doubler 1"...; '' for none.
    if not code:
        return ''
    verb = B.CHANGE_VERBS[(code - 1) // 1000]
    x = (code - 1) % 1000
    if verb == 'track':
        return 'track %s %s' % (LINES[x // 10], COLOURS[x % 10])
    if verb == 'loco':
        return 'loco ' + LINES[x // 10] + (' high' if x % 10 else '')
    if verb == 'ind':
        return ('ind 0' if x >= 10 else 'ind') + (' 1' if x % 10 else '')
    if verb in ('doubler', 'vp'):
        return '%s %d' % (verb, x)
    return verb


def change_items(s, q):
    # What may change on q's board now, as (word, label): each is legal. The
    # player's last change (s['mru']) comes first: a change is often made again.
    items = standard_items(s, q)
    w = item_word(s['mru'][q])
    for i in range(len(items)):
        if items[i][0] == w:
            return [items[i]] + items[:i] + items[i + 1:]
    return items


def standard_items(s, q):
    # The list, in the same order every time: tokens waiting, the tracks (by
    # line, black first), locomotives, industry, doublers, VP, claims, the
    # rarer changes, and pass last.
    items = []
    due = B.tokens_due(s, q)
    if due > 0:
        for t in range(len(TOKENS)):
            if t + 1 not in s['tk'][q]:
                title = TOKEN_TITLES[t] if TOKENS[t] != 'doublers' else '%d doublers' % s['td']
                items.append(('token ' + TOKENS[t], 'Token: ' + title))
    for L in range(3):
        row = B.rowof(s, q, L)
        for c in range(len(row)):
            if not isinstance(B.track_span(s, q, L, c, s['skip']), str):
                items.append(('track %s %s' % (LINES[L], COLOURS[c]), '%s %s %s' % (
                    LINE_TITLES[L], COLOURS[c], ('@%d' % row[c]) if row[c] else 'new')))
    lo = s['lo'][q]
    low, high = min(lo[0], lo[1]), max(lo[0], lo[1])
    if low < 9:
        items.append(('loco ts', 'Loco TS %s: %s' % (B.ts_locos(lo), 'add 2nd' if not low else
                                                    'replace #%d' % low)))
    if low and low != high and high < 9:
        items.append(('loco ts high', 'Loco TS: replace #%d' % high))
    for L in (SP, KV):
        if lo[L + 1] < 9:
            items.append(('loco ' + LINES[L], 'Loco %s %s' % (
                LINE_TITLES[L], ('#%d' % lo[L + 1]) if lo[L + 1] else 'none')))
    im = s['im'][q]
    for m in (0, 1):
        steps = B.ind_steps(s, q, m)
        head = 'ind ' if m == 0 else 'ind 0 '
        what = 'Industry' if m == 0 or im[1] < 0 else '2nd marker'
        if 1 in steps:
            items.append((head + '1', '%s +1: %s' % (what, space_name(im[m] + 1))))
        if [k for k in steps if k > 1]:
            items.append((head.strip(), '%s +2 or more' % what))
    factory = s['fa'][q] > 0       # a factory's action: 2 doublers, a VP sum (§12.4)
    if s['db'][q] < B.DOUBLERS:
        items.append(('doubler 1', 'Doubler +1 (%d)' % (s['db'][q] + 1)))
    if s['db'][q] < B.DOUBLERS - 1 and factory:
        items.append(('doubler 2', 'Doublers +2 (%d)' % (s['db'][q] + 2)))
    items += [('vp 3', 'VP +3'), ('vp 5', 'VP +5'), ('vp 10', 'VP +10')]
    en = sum(s['en'][q])
    best = sorted(lo, reverse=True)
    for v, label in ((en, 'engineers'), (best[0] + best[1], '2 best locos')):
        if factory and v > 0 and v not in (3, 5, 10):
            items.append(('vp %d' % v, 'VP +%d (%s)' % (v, label)))
    items.append(('vp', 'VP, other'))
    if s['phase'] == ACTIONS:
        for sp in (1, 2):
            if claim_refusal(s, q, sp) is None:
                items.append(('claim %d' % sp, 'Claim space %d (turn order)' % sp))
    if s['fa'][q] < B.FACTORIES:
        items.append(('factory', 'Factory built (%d)' % (s['fa'][q] + 1)))
    items.append(('engineer', 'Engineer taken'))
    qcard = B.QCARD in s['tk'][q]  # a ? card's worker or engineer (§12.1): one per token (§12.2)
    if qcard and not max(s['bw']) and not s['qe'][q]:
        items.append(('worker', 'Black worker (? card)'))
    if s['phase'] == ACTIONS:
        # last: one press up from the top of the list
        items.append(('pass', 'Pass: +%d VP' % s['backs'][s['order'].index(q)]))
    return items


def step(setup, s, p, verb, answers):
    # The sequences "edit" and "cards" (docs/engine.md): (summary, question, line).
    if verb == 'cards':
        return once().cards_step(s, p, answers)
    names = setup['players']
    if not answers:
        items = [(names[q], names[q]) for q in editors(s)]
        return '', ('Whose board? (R%d)' % s['turn'], PICK, items), ''
    q = names.index(answers[0])
    head = names[q]
    board = '%s %dvp, scores %d now' % (head, s['vp'][q],
                                        sum(B.round_score(s, q, s['il'], s['k8'])))
    if len(answers) == 1:
        return board, ('%s: what changed?' % head, PICK, change_items(s, q)), head
    what = answers[1]
    w = what.split()
    done = len(answers) > 2
    if w[0] == 'track':
        L, c = LINES.index(w[1]), COLOURS.index(w[2])
        line = '%s %s' % (head, what)
        if done:
            return line_text(s, q, L), None, '%s %d' % (line, answers[2])
        lo, hi = B.track_span(s, q, L, c, s['skip'])
        return line_text(s, q, L), ('%s: %s %s to space' % (head, LINE_TITLES[L], COLOURS[c]),
                                    AMOUNT, lo, hi, lo, '%d to %d' % (lo, hi)), line
    if w[0] == 'loco':
        L = LINES.index(w[1])
        lo = s['lo'][q]
        line = '%s loco %s' % (head, w[1])
        if L == TS:
            low, high = min(lo[0], lo[1]), max(lo[0], lo[1])
            old = high if len(w) == 3 else low
        else:
            old = lo[L + 1]
        if done:
            tail = ' %d' % low if L == TS and len(w) == 3 else ''
            return line_text(s, q, L), None, '%s %d%s' % (line, answers[2], tail)
        return line_text(s, q, L), ('%s: new %s locomotive' % (head, LINE_TITLES[L]), AMOUNT,
                                    old + 1, 9, old + 1, 'replaces #%d' % old if old else '#1 to #9'), line
    if w[0] == 'ind' and len(w) < 3 and (len(w) == 1 or w[1] == '0'):
        m = len(w) - 1
        line = '%s %s' % (head, what)
        if done:
            return ind_text(s, q), None, '%s %s' % (line, answers[2])
        im = s['im'][q]
        items = [('%d' % k, '+%d: %s' % (k, space_name(im[m] + k)))
                 for k in B.ind_steps(s, q, m) if k > 1]
        return ind_text(s, q), ('%s: industry steps' % head, PICK, items), line
    if w[0] == 'vp' and len(w) == 1:
        line = head + ' vp'
        if done:
            return board, None, '%s %d' % (line, answers[2])
        return board, ('%s: VP scored' % head, AMOUNT, 1, 999, 1, '1 to 999'), line
    if w[0] == 'engineer':
        line = head + ' engineer'
        if len(answers) == 2:
            # (starting at the lowest number nobody holds, and passing over
            # the held ones: each is one of a kind, §11.2)
            held = [n for r in s['en'] for n in r]
            free = 1
            while free in held:
                free += 1
            return board, ('%s: the engineer\'s number' % head, AMOUNT, 1, s['em'], min(free, s['em']),
                           'on its tile', '', None, held if s['uq'] else ()), line
        line = '%s %d' % (line, answers[2])
        if len(answers) == 3 and not max(s['qe']) and not s['bw'][q] and B.QCARD in s['tk'][q]:
            return board, ('%s: engineer #%d' % (head, answers[2]), PICK,
                           [('hired', 'Hired'), ('card', 'From the ? card')]), line
        if len(answers) == 4 and answers[3] == 'card':
            line += ' card'
        return board, None, line
    # a change complete in its item: doubler 1, ind 1, pass, claim 1, token reval...
    return board, None, '%s %s' % (head, what)
