# Russian Railroads: what happens once a game, kept apart so that it is in
# memory only then: the starting bonus cards (§2) and the final scoring
# (§11) with its questions. __init__.py loads it when needed and
# lets it go after (need_once(), let_go(): from .mpy files; compiled from
# source it is one of the PARTS, kept); it imports nothing of that one.
from trackside.rules import RuleError, PICK
from trackside.games.russianrailroads import board as B
from trackside.games.russianrailroads.board import LEN, LINES, LINE_TITLES, ACTIONS, OVER
from trackside.games.russianrailroads.log import CARDS, START

CARD_TITLES = ('Flat 15', 'Completed lines', 'Factories', 'Locomotives', 'Extra workers',
               'Black tracks', 'Tokens', 'Doublers', 'Extra engineer', 'Engineers')
START_TITLES = ('1 black step', '1 industry step', '1 doubler', '1 rouble')


def start_items(s):
    items = []
    for k in s['st']:
        if k == 0:
            for L in range(3):
                # (the line first: the rest is alike, and a long label is cut)
                items.append(('black ' + LINES[L], '%s black +1' % LINE_TITLES[L]))
        else:
            items.append((START[k], START_TITLES[k]))
    return items


# --- the final scoring (§11) ------------------------------------------------------------------

def card_points(s, q, c):
    # §11.1: each end-game bonus card, with its cap.
    tr = s['tr'][q]
    if c == 0:
        return 15
    if c == 1:
        return 10 * len([L for L in range(3) if tr[5 * L] == LEN[L]])
    if c == 2:
        return 4 * s['fa'][q]
    if c == 3:
        return sum(s['lo'][q])
    if c == 4:
        return 10 * min(3, B.workers(s, q))
    if c == 5:
        return tr[0] + tr[5] + tr[10]
    if c == 6:
        return 7 * min(4, len(s['tk'][q]))
    if c == 7:
        return 30 if s['db'][q] >= 7 else 20 if s['db'][q] >= 4 else 0
    if c == 9:
        hired = len(s['en'][q]) - (1 if s['qe'][q] and not s['qh'] else 0)
        return 6 * hired
    return 0            # card 9, the extra engineer: the majority only


def majority(s):
    # §11.2: 40 for the most engineers, 20 for the second; ties go to the
    # higher-numbered engineer; nobody without an engineer. The extra-
    # engineer card counts one (alone too, unless extra_alone=no). Players
    # equal on both share the place (the rules do not say).
    n = len(s['vp'])
    key = []
    for q in range(n):
        count = len(s['en'][q]) + (1 if 8 in s['cards'][q] else 0)
        ok = count > 0 and (s['en'][q] or s['xa'])
        key.append((count, sorted(s['en'][q], reverse=True)) if ok else None)
    got = [0] * n
    left = [q for q in range(n) if key[q] is not None]
    for award in (40, 20):
        if not left:
            break
        best = max(key[q] for q in left)
        top = [q for q in left if key[q] == best]
        for q in top:
            got[q] = award
        if len(top) > 1:
            break
        left = [q for q in left if q not in top]
    return got


def do_cards(s, q, cards):
    for c in cards:
        for r in range(len(s['vp'])):
            if r != q and s['cards'][r] and c in s['cards'][r]:
                raise RuleError('%s: that card is another player\'s; each is in the deck once (§11.1)'
                                % CARDS[c])
    s['cards'][q] = list(cards)
    s['sq'].pop(0)
    if not s['sq']:
        final_scoring(s)


def final_scoring(s):
    n = len(s['vp'])
    eng = majority(s)
    fin = []
    for q in range(n):
        bonus = sum(card_points(s, q, c) for c in s['cards'][q])
        s['vp'][q] += bonus + eng[q]
        fin.append([s['rnd'][q], s['inr'][q], bonus, eng[q], s['vp'][q]])
    s['fin'] = fin
    # §11.3: the highest total wins; equal totals share the place
    s['rank'] = [1 + len([r for r in range(n) if s['vp'][r] > s['vp'][q]]) for q in range(n)]
    s['phase'] = OVER


# --- the starting bonus cards (§2) --------------------------------------------------------

def do_start(s, q, k, L):
    if k not in s['st']:
        raise RuleError('That starting card is taken (§2)')
    if k == 0:
        why = B.track_refusal(s, q, L, 0, s['tr'][q][5 * L] + 1, s['skip'])
        if why:
            raise RuleError(why)
    s['st'].remove(k)
    if k == 0:                      # 1 black track 1 space
        s['tr'][q][5 * L] += 1
    elif k == 1:                    # 1 industrialization step
        s['im'][q][0] += 1
    elif k == 2:                    # 1 doubler
        s['db'][q] += 1
    s['sq'].pop(0)
    if not s['sq']:
        s['phase'] = ACTIONS



def cards_step(s, p, answers):
    # The bonus cards, picked down the list in card order (a line lists them
    # in that order), "Done" first; a card another player holds is not offered.
    picked = [CARDS.index(a) for a in answers if a != 'done']
    line = ' '.join(['cards'] + [CARDS[c] for c in picked])
    summary = ', '.join(CARD_TITLES[c] for c in picked)
    taken = []
    for c in s['cards']:
        taken += c or []
    after = picked[-1] if picked else -1
    items = [(CARDS[c], CARD_TITLES[c]) for c in range(after + 1, len(CARDS)) if c not in taken]
    if (answers and answers[-1] == 'done') or not items:
        return summary, None, line
    items.insert(0, ('done', 'Done: %d card%s' % (len(picked), '' if len(picked) == 1 else 's')))
    return summary, ('%s: a bonus card?' % s['names'][p], PICK, items), line
