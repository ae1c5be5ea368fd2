# Steam: a delivery (§5.3), its check and its questions, the same in both
# variants; it imports neither turn.py nor __init__.py. Imported with the game,
# not when goods are first moved: from source (CircuitPython) a module compiled in
# the middle of a game finds no room in a heap in pieces (docs/benchmarks-source.md).
#
# Every "§" is a section of the rules digest, ../shared/rules/steam.md.
from trackside.rules import RuleError, AMOUNT, PICK


def apply(s, p, parts):
    # parts: ((owner, links, 'income'|'vp'|None), ...); owner -1 = unowned.
    # §5.3: path length <= locomotive level; at least one own link; own
    # links >= any single other owner's; each owner puts all their points
    # into income or VP; unowned links score nothing.
    total = 0
    own = 0
    most_other = 0
    seen = []
    for owner, links, choice in parts:
        if links < 1:
            raise RuleError('Each owner in a delivery needs at least 1 link (§5.3)')
        total += links
        if owner < 0:
            continue
        if owner in seen:
            raise RuleError('Each owner is listed once per delivery')
        seen.append(owner)
        if s['out'][owner]:
            raise RuleError('That player is bankrupt: their links are unowned (§5.4)')
        if choice not in ('income', 'vp'):
            raise RuleError('Each owner takes the points as income or vp (§5.3)')
        if owner == p:
            own = links
        elif links > most_other:
            most_other = links
    if own < 1:
        raise RuleError('A delivery must use at least one of the mover\'s own links (§5.3)')
    if own < most_other:
        raise RuleError('The mover must use at least as many own links (%d) as any other '
                        'player\'s (%d) (§5.3)' % (own, most_other))
    if total > s['loco'][p]:
        raise RuleError('%d links is more than locomotive level %d allows (§5.3)' % (total, s['loco'][p]))
    top = s['income_max']
    for owner, links, choice in parts:
        if choice == 'income' and s['income'][owner] + links > top and not s['clamp']:
            raise RuleError('Income %d + %d links would pass the top, %d (setting income_max; §1): '
                            'that owner takes VP' % (s['income'][owner], links, top))
    for owner, links, choice in parts:
        if choice == 'income':
            s['income'][owner] = min(top, s['income'][owner] + links)
        elif choice == 'vp':
            s['vp'][owner] += links



def may_take_income(s, owner, links):
    # §1 / §9.19: income past the top is refused, unless over_max=clamp.
    return s['clamp'] or s['income'][owner] + links <= s['income_max']


def step(setup, s, p, answers):
    # The delivery as questions: the mover's own links and where their
    # points go; then, until "done", another owner (or unowned links),
    # their links and their choice. Only legal answers are offered, so a
    # step with one (the last link used, income at the top) asks nothing.
    names = setup['players']
    most = s['loco'][p]
    words = ['deliver', names[p]]
    parts = []                  # [owner, links, choice]
    i = 0
    n = len(answers)
    if n > 0:
        parts.append([p, answers[0], None])
        words.append('%d' % answers[0])
        i = 1
    while i < n:
        part = parts[-1]
        a = answers[i]
        if part[1] is None:                     # this owner's links
            part[1] = a
            words.append('%d' % a)
        elif part[0] >= 0 and part[2] is None:  # where their points go
            part[2] = a
            words.append(a)
        elif a == 'done':
            return delivery_summary(names, parts, most), None, ' '.join(words)
        else:                                   # the next owner
            owner = -1 if a == 'unowned' else names.index(a)
            parts.append([owner, None, None])
            words.append(a)
        i += 1
    line = ' '.join(words)
    summary = delivery_summary(names, parts, most)
    if not parts:
        return summary, ('%s: own links' % names[p], AMOUNT, 1, most, 1, '1 to %d' % most), line
    part = parts[-1]
    who = names[part[0]] if part[0] >= 0 else 'Unowned'
    left = most - sum(x[1] or 0 for x in parts)
    if part[1] is None:
        top = left if part[0] < 0 else min(left, parts[0][1])
        return summary, ('%s: links' % who, AMOUNT, 1, top, 1, '1 to %d' % top), line
    if part[0] >= 0 and part[2] is None:
        items = []
        if may_take_income(s, part[0], part[1]):
            items.append(('income', 'Income +%d' % part[1]))
        items.append(('vp', 'VP +%d' % part[1]))
        return summary, ('%s: %d points to' % (who, part[1]), PICK, items), line
    items = [('done', 'Done: deliver')]
    if left > 0:
        named = [x[0] for x in parts]
        for q in s['order']:
            if q not in named:
                items.append((names[q], names[q]))
        if -1 not in named:
            items.append(('unowned', 'Unowned links'))
    return summary, ('More links? (%d left)' % left, PICK, items), line


def delivery_summary(names, parts, most):
    cells = []
    used = 0
    for owner, links, choice in parts:
        if links is None:
            continue
        used += links
        who = names[owner] if owner >= 0 else 'unowned'
        cells.append('%s %d%s' % (who, links, ' ' + choice if choice else ''))
    if not cells:
        return ''
    return ', '.join(cells) + ' (%d/%d)' % (used, most)
