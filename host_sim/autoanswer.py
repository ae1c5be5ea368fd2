# Answering a game's prompt on the host, for any game: random legal answers
# (random play, property tests) and the answers that make one given log line
# (the key planner). Works only from the prompt's shapes (trackside/rules.py)
# and the game's step() for sequences, never from what a game is.
from trackside.rules import NONE, AMOUNT, PICK, SUBSET, FORM, SEQUENCE, CONFIRM, answer_words

STEPS_MAX = 60          # a sequence longer than this is a bug in the game


def head(session, actor):
    return session.setup['players'][actor] + ' ' if actor >= 0 else ''


def options(session):
    # Every (actor, option) the prompt offers: the move, and the entries
    # any listed player may make now (prompt['anytime']).
    pr = session.prompt()
    out = []
    if pr['options']:
        actors = [pr['player']] if pr['player'] >= -1 else \
            (pr['actors'] or list(range(len(session.setup['players']))))
        for opt in pr['options']:
            for a in actors:
                out.append((a, opt))
    for actors, opt in pr['anytime']:
        for a in actors:
            out.append((a, opt))
    return out


# --- random answers ---------------------------------------------------------------

def random_value(q, rnd, kind_at=1):
    # A random answer to a question or option shaped (x, kind, ...).
    kind = q[kind_at]
    if kind == CONFIRM:
        return True
    if kind == AMOUNT:
        # mostly the default, as players often take it, or a little above
        # the least; now and then anything (a dear build, a big bid)
        lo, hi = q[2], q[3]
        skip = q[8] if len(q) > 8 else ()
        r = rnd.random()
        if r < 0.5 and len(q) > 4:
            return min(hi, max(lo, q[4]))
        top = hi if r >= 0.95 else min(hi, lo + (3 if r < 0.8 else 12))
        offered = [v for v in range(lo, top + 1) if v not in skip] or \
            [v for v in range(lo, hi + 1) if v not in skip] or [lo]
        return rnd.choice(offered)
    if kind == PICK:
        return rnd.choice(q[2])[0]
    if kind == SUBSET:
        items, lo, hi = q[2], q[3], q[4]
        k = rnd.randint(lo, min(hi, len(items)))
        chosen = rnd.sample(range(len(items)), k)
        return [items[i][0] for i in sorted(chosen)]
    if kind == FORM:
        return [rnd.randint(f[1], min(f[2], f[1] + 12)) if rnd.random() < 0.8 else f[3]
                for f in q[2]]
    raise AssertionError('unknown answer kind %r' % (kind,))


def random_line(session, rnd):
    # A random line among those the prompt offers (the rules may still
    # refuse it: the prompt cannot know everything), or None at the end.
    opts = options(session)
    if not opts:
        return None
    actor, opt = rnd.choice(opts)
    verb, kind = opt[0], opt[1]
    if kind == NONE:
        return head(session, actor) + verb
    if kind == SEQUENCE:
        answers = []
        for _ in range(STEPS_MAX):
            summary, q, line = session.game.step(session.setup, session.state, actor, verb, answers)
            if q is None:
                return head(session, actor) + line
            answers.append(random_value(q, rnd))
        raise AssertionError('%s: the sequence does not end: %r' % (verb, answers))
    return head(session, actor) + verb + ' ' + answer_words(kind, random_value(opt, rnd))


# --- the answers that make a given line ------------------------------------------------

def candidates(q, target_words, kind_at=1):
    # Values worth trying for a question, most likely first: the numbers and
    # words of the line being entered, then everything else it allows.
    kind = q[kind_at]
    if kind == CONFIRM:
        return [True]
    if kind == AMOUNT:
        lo, hi = q[2], q[3]
        skip = q[8] if len(q) > 8 else ()       # (values the screen skips: unreachable)
        seen = []
        for w in target_words + ['%d' % lo]:
            if w.lstrip('-').isdigit() and lo <= int(w) <= hi and int(w) not in seen + list(skip):
                seen.append(int(w))
        return seen
    if kind == PICK:
        return [item[0] for item in q[2]]
    if kind == SUBSET:
        items, lo, hi = q[2], q[3], q[4]
        words = [item[0] for item in items]
        picked = [w for w in words if w in target_words]
        out = [picked] if lo <= len(picked) <= hi else []
        return out
    if kind == FORM:
        nums = [int(w) for w in target_words if w.lstrip('-').isdigit()]
        n = len(q[2])
        return [nums[i:i + n] for i in range(len(nums) - n + 1)]
    return []


def find(session, line):
    # The way to enter line through the prompt: (actor, option, answers),
    # answers being the values of each step of a sequence (or the one
    # answer of an option), or None if the prompt offers no way.
    action = session.parse(line)
    target = session.text(action)
    actor, verb = action[0], action[1]
    rest = target.split()[1:] if actor >= 0 else target.split()
    for a, opt in options(session):
        if a != actor or opt[0] != verb and opt[1] != SEQUENCE:
            continue
        kind = opt[1]
        if kind == NONE:
            if rest == [verb]:
                return a, opt, []
        elif kind == SEQUENCE:
            found = _search(session, actor, opt[0], [], rest, [0])
            if found is not None:
                return a, opt, found
        else:
            for v in candidates(opt, rest[1:]):
                if [verb] + answer_words(kind, v).split() == rest:
                    return a, opt, [v]
    return None


def _search(session, actor, verb, answers, rest, budget):
    # Depth first through a sequence's questions, keeping only answers
    # whose line so far is the start of the line wanted.
    budget[0] += 1
    if budget[0] > 20000:
        return None
    summary, q, line = session.game.step(session.setup, session.state, actor, verb, answers)
    words = line.split()
    if words != rest[:len(words)]:
        return None
    if q is None:
        return answers if words == rest else None
    for v in candidates(q, rest[len(words):] if len(words) < len(rest) else []):
        found = _search(session, actor, verb, answers + [v], rest, budget)
        if found is not None:
            return found
    return None
