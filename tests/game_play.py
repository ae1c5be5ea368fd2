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
