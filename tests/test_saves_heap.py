# Out of memory on the real MicroPython (tests/mp/faults_heap.py): the heap
# filled with ballast until 0, 512, 1024, ... bytes are left, for each step
# of the game in tests/mp/faults_common.py that allocates most (new game,
# undo, redo, undo to the turn start, a second game, resuming a save),
# until the step goes through; then resuming at power-on the same way.
# After each: the game the player sees is the game before or after the step
# and equals the replay of the file, the step goes through when tried
# again, the next boot opens it, and a resume that ran out changed no file.
# (CPython, a MemoryError at every call: test_saves_memory.py.)
import pytest
import json
import os

from conftest import ROOT, run_micropython

# any heap will do: the ballast decides how much is left for the step
HEAP = '256k'


@pytest.mark.slow
def test_a_heap_that_runs_out_at_every_point_changes_nothing_or_everything(mpy_dir, fixed_tmp):
    # The firmware and the saves at paths of one length whatever pytest's
    # numbering (conftest.fixed_dir): where a MemoryError lands depends on the
    # lengths of the strings made.
    out = run_micropython([os.path.join('tests', 'mp', 'faults_heap.py'), mpy_dir, fixed_tmp],
                          heap=HEAP)
    r = json.loads(out.strip().splitlines()[-1])
    print(r)
    assert r['problems'] == [] and r['mismatches'] == 0
    # every step of those kinds, and most of its tries ran out of memory
    # (the last one, with room enough, went through)
    assert r['steps'] >= 9
    assert r['out_of_memory'] == r['points'] - r['steps'] > 20 * r['steps']
    assert r['retried'] > 0.8 * r['out_of_memory']
    assert r['resumes_refused'] == r['resumes'] - 1 > 10


def test_an_import_cut_short_by_the_heap_is_made_again(mpy_dir):
    # MicroPython puts a module's name in sys.modules before it makes the
    # module: an import that runs out of memory between the two leaves the
    # name with no module, and a plain import of it raises NameError from then
    # on (what made a new game fail for ever after one ran out of memory).
    # trackside.need mends that: the next import of any module goes through.
    r = json.loads(run_micropython([os.path.join('tests', 'mp', 'import_oom.py'), mpy_dir])
                   .strip().splitlines()[-1])
    torn = [row for row in r['bare'] if row[2] == ['trackside.settings']]
    assert torn, 'this MicroPython no longer leaves a name without a module: %s' % r['bare']
    assert all(row[3] == 'NameError' for row in torn)
    assert len(r['need']) > 20
    for free, ok, got, left, bare in r['need']:
        assert got and left == [] and bare == 'module', (free, ok, got, left, bare)
