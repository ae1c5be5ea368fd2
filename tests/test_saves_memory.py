# Out of memory part-way through any step: on CPython, a profile hook
# raises MemoryError at each function call the firmware makes (its own
# functions and the builtins it calls: json, bytes, str, file methods), in
# turn, during every step of the game in tests/mp/faults_common.py (new
# game, three of the actions, undo, redo, undo to the turn start, a second
# game made and deleted), and during a resume. After each,
# what the player sees (the session, or if it is lost the save opened again
# from flash, as the App does) is the state before or after the step and
# equals the replay of the file; the step then goes through when tried
# again; the next boot opens the game. The same on MicroPython, with a heap
# that runs out at every point: test_saves_heap.py.
import os
import shutil
import sys

import pytest

from conftest import FIRMWARE, ROOT

sys.path.insert(0, os.path.join(ROOT, 'tests', 'mp'))
import faults_common as fc      # noqa: E402
from trackside.journal import SaveError
from trackside.saves import Saves   # noqa: E402


# Of the actions, three (the rest are the same code with other words, and
# test_saves_faults.py fails their writes): the first, a delivery, income.
DO = ('Ann tile engineer', 'Cid deliver Cid 1 vp', 'income')


class OutOfMemory:
    # A profile hook: counts the firmware's calls (Python functions in
    # firmware/, and builtins called from there); at call number at, raises
    # MemoryError there. (CPython then removes the hook: one failure.)
    def __init__(self, at=0):
        self.at = at
        self.n = 0
        self.fired = False

    def __call__(self, frame, event, arg):
        if event in ('call', 'c_call') and frame.f_code.co_filename.startswith(FIRMWARE):
            self.n += 1
            if self.n == self.at:
                self.fired = True
                self.where = '%s:%d %s' % (frame.f_code.co_name, frame.f_lineno,
                                           getattr(arg, '__name__', ''))
                raise MemoryError('injected at call %d' % self.n)

    def run(self, fn, *args):
        sys.setprofile(self)
        try:
            return fn(*args)
        finally:
            sys.setprofile(None)


def played(root, upto):
    g = fc.Game(root)
    for kind, arg in fc.STEPS[:upto]:
        g.step(kind, arg)
    return g


@pytest.fixture(scope='module')
def reference(tmp_path_factory):
    root = str(tmp_path_factory.mktemp('ref') / 'saves')
    views = fc.reference(root)
    # the calls each step makes, counted in a run where nothing fails
    root2 = str(tmp_path_factory.mktemp('count') / 'saves')
    g = fc.Game(root2)
    calls = []
    for kind, arg in fc.STEPS:
        hook = OutOfMemory()
        hook.run(g.step, kind, arg)
        calls.append(hook.n)
    return views, calls


@pytest.mark.slow
def test_out_of_memory_at_every_call_of_every_step(reference, tmp_path):
    views, calls = reference
    problems = fc.Problems()
    counts = {'points': 0, 'fired': 0, 'refused': 0, 'lost': 0, 'retried': 0}
    by_kind = {}
    for j, (kind, arg) in enumerate(fc.STEPS):
        if (kind == 'do' and arg not in DO) or kind == 'open':
            continue            # (resuming: the test below)
        for at in range(1, calls[j] + 1):
            root = str(tmp_path / ('%d-%d' % (j, at)) / 'saves')
            os.mkdir(os.path.dirname(root))
            g = played(root, j)
            before = g.view()
            assert before == views[j]
            label = 'step %d (%s) call %d' % (j, kind, at)
            hook = OutOfMemory(at)
            counts['points'] += 1
            by_kind[kind] = by_kind.get(kind, 0) + 1
            try:
                hook.run(g.step, kind, arg)
                ok = True
            except (MemoryError, SaveError, OSError) as e:
                ok = False
                counts['refused'] += 1
                g.settle()
            counts['fired'] += hook.fired
            label += ' (%s)' % getattr(hook, 'where', '')
            g.check(label, before, views[j + 1], problems)
            if not ok and g.view() == before:
                counts['retried'] += 1          # tried again: it goes through
                try:
                    g.step(kind, arg)
                except Exception as e:
                    problems.append('%s: again: %r' % (label, e))
                g.check(label + ' again', views[j + 1], views[j + 1], problems)
            counts['lost'] += g.lost
            # what boot may find: what the player sees; where a game was
            # closed (its reopen failed: the App shows the saved games), the
            # game before or after the step
            views_now = [g.view()] + ([views[j], views[j + 1]] if g.closed else [])
            allowed = {}
            for v in views_now:
                for slot, snap in fc.slot_views(v).items():
                    allowed.setdefault(slot, []).append(snap)
            g = None
            fc.boot(root, allowed, problems, label)
            shutil.rmtree(os.path.dirname(root))
    print(counts, by_kind)
    print('\n'.join(problems.first), problems.count)
    assert problems.first == [] and problems.count == 0
    # every point was reached and failed there; most failures reach the
    # caller (a MemoryError in set_last, a hint, does not)
    assert counts['fired'] == counts['points'] == sum(
        calls[j] for j in range(len(calls))
        if fc.STEPS[j][0] not in ('do', 'open') or fc.STEPS[j][1] in DO) > 1000
    assert counts['refused'] > 0.8 * counts['points'] and counts['retried'] > 0
    assert counts['lost'] > 0           # after the record was on flash: opened again
    for kind in ('undo', 'redo', 'turn', 'new', 'new2', 'delete2', 'do'):
        assert by_kind[kind] > 10, kind


@pytest.mark.slow
def test_out_of_memory_while_resuming_changes_no_file(reference, tmp_path):
    views, calls = reference
    root = str(tmp_path / 'saves')
    g = played(root, 12)        # a turn with undo, redo and undo to its start
    want = fc.snapshot(g.s)
    g = None
    files = dict((n, open(os.path.join(root, n), 'rb').read()) for n in os.listdir(root))
    hook = OutOfMemory()
    hook.run(Saves(root).open, 1)
    points = hook.n
    refused = 0
    for at in range(1, points + 1):
        hook = OutOfMemory(at)
        try:
            s, note = hook.run(Saves(root).open, 1)
            assert fc.snapshot(s) == want
        except SaveError as e:
            refused += 1
            assert str(e).startswith('There is not enough working memory to open this save')
        except MemoryError:
            assert at == 1      # the call of open() itself, in the caller (the App's guard)
        assert hook.fired
        now = dict((n, open(os.path.join(root, n), 'rb').read()) for n in os.listdir(root))
        assert now == files, at         # ('last' is rewritten with the same slot)
    assert fc.snapshot(Saves(root).open(1)[0]) == want
    print('resume: %d points, %d refused' % (points, refused))
    assert points > 300 and refused > 0.9 * points
