# Test helpers every game's rules tests share (no tests here): lines played
# into a session, and a line that must be refused and change nothing.
import pytest

from trackside.rules import RuleError, clone


def play(session, *lines):
    for line in lines:
        session.do_text(line)
    return session


def refused(session, line, words):
    # The line is refused with a message containing words, and changes
    # nothing: not the state, not the place in the log.
    before = clone(session.state), session.cursor
    with pytest.raises(RuleError) as e:
        session.do_text(line)
    assert words in str(e.value), str(e.value)
    assert (session.state, session.cursor) == before
    return str(e.value)


def scenario_logs():
    # One scenario log (tests/scenarios/) for each game of the registry and
    # each of its variants that has one (the longest), by the game its setup line names:
    # what a shared test that plays every game plays (docs/engine.md).
    import os
    from trackside import setupline
    from trackside.games import names
    here = os.path.join(os.path.dirname(__file__), 'scenarios')
    seen = {}
    for f in sorted(os.listdir(here)):
        if f.endswith('.log'):
            with open(os.path.join(here, f)) as fh:
                setup = setupline.parse_setup([x for x in fh.read().splitlines() if x.strip()
                                               and not x.startswith('#')][0])
            key = setup['game'], setup['variant']
            size = os.path.getsize(os.path.join(here, f))
            if setup['game'] in names() and size > seen.get(key, ('', -1))[1]:
                seen[key] = f, size
    missing = [g for g in names() if g not in [k[0] for k in seen]]
    assert not missing, 'no scenario log in tests/scenarios for %s' % ', '.join(missing)
    return [seen[k][0] for k in sorted(seen, key=lambda k: (names().index(k[0]), str(k[1])))]
