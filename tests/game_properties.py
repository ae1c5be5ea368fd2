# The properties every game must have, checked by random play that
# hypothesis draws (so a failure shrinks to a short list of lines): a line
# the prompt offers is accepted; a refused line changes nothing; undo then
# redo gives the identical state; the journal replays to the same game; and
# the game's own invariants hold after every step. Each game's property
# test calls play() with its setups and invariants.
import random

from trackside.rules import RuleError, clone
from trackside.session import new_session
from trackside.replay import replay
from host_sim.randplay import legal_line, junk_line

STEPS = ('legal',) * 8 + ('junk', 'junk', 'undo', 'redo', 'undo_turn')


class ListJournal(list):
    def append(self, text):
        list.append(self, text)


def play(data, setup, invariants=None, after_step=None, most=300, refusal_allowed=None):
    # setup: a setup line, or a session already set up.
    # invariants(session): asserts what the board can never show.
    # after_step(before, session): checks one accepted action (its state
    # before it, the session after: e.g. payments).
    # refusal_allowed(session, line): a line the prompt offered that the
    # rules may still refuse (a rule the questions cannot say: Brass's §5.2
    # cover rule); any other offered line must be accepted.
    s = new_session(setup) if isinstance(setup, str) else setup
    s.journal = ListJournal()
    from hypothesis import strategies as st
    steps = data.draw(st.integers(1, most), label='steps')
    for _ in range(steps):
        kind = data.draw(st.sampled_from(STEPS))
        rnd = random.Random(data.draw(st.integers(0, 2 ** 32)))
        before, cursor, actions = clone(s.state), s.cursor, s.all_lines()
        if kind == 'undo':
            s.undo(rnd.randint(1, 4))
        elif kind == 'redo':
            s.redo(rnd.randint(1, 4))
        elif kind == 'undo_turn':
            s.undo_turn()
        else:
            line = legal_line(s, rnd) if kind == 'legal' else junk_line(s, rnd)
            if line is None:
                continue                # the game is over and nothing is offered
            try:
                s.do_text(line)
            except RuleError as e:
                # a line the prompt offered must be legal; any refused line
                # changes nothing
                assert kind != 'legal' or (refusal_allowed and refusal_allowed(s, line)), \
                    'offered but refused: %s (%s)' % (line, e)
                assert (s.state, s.cursor, s.all_lines()) == (before, cursor, actions), line
                continue
            if s.cursor != cursor + 1 or s.history()[:-1] != actions[:cursor]:
                # not a new action: a blank line, or the line was "undo"/"redo"
                if invariants:
                    invariants(s)
                continue
            if after_step:
                after_step(before, s)
            # undo then redo returns the identical state
            after = clone(s.state)
            s.undo()
            assert s.state == before
            s.redo()
            assert s.state == after
        if invariants:
            invariants(s)
    # replaying the saved log reproduces the live game exactly
    again, err = replay([s.setup_line()] + list(s.journal))
    assert err is None, err
    assert (again.state, again.cursor, again.all_lines()) == (s.state, s.cursor, s.all_lines())
    # and the actions in effect alone give the same state
    assert replay([s.setup_line()] + s.history())[0].state == s.state
    return s
