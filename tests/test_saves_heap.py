# Out of memory on the real MicroPython (tests/mp/faults_heap.py): the heap
# filled with ballast until 0, 512, 1024, ... bytes are left, for each step
# of the game in tests/mp/faults_common.py that allocates most (new game,
# undo, redo, undo to the turn start, a second game, resuming a save),
# until the step goes through; then resuming at power-on the same way.
# After each: the game the player sees is the game before or after the step
# and equals the replay of the file, the step goes through when tried
# again, the next boot opens it, and a resume that ran out changed no file.
# (CPython, a MemoryError at every call: test_saves_memory.py.)
import json
import os
import shutil
import tempfile

from conftest import ROOT, run_micropython

# any heap will do: the ballast decides how much is left for the step
HEAP = '256k'


def test_a_heap_that_runs_out_at_every_point_changes_nothing_or_everything(mpy_dir, tmp_path):
    # The firmware and the saves at paths of one length whatever pytest's
    # numbering: where a MemoryError lands depends on the lengths of the
    # strings made (a work path 10 letters longer has shown a different run).
    top = tempfile.mkdtemp(prefix='ts-heap-', dir='/tmp')
    try:
        shutil.copytree(mpy_dir, os.path.join(top, 'mpy'))
        os.mkdir(os.path.join(top, 'w'))
        out = run_micropython([os.path.join('tests', 'mp', 'faults_heap.py'), os.path.join(top, 'mpy'),
                               os.path.join(top, 'w')], heap=HEAP)
    finally:
        shutil.rmtree(top, ignore_errors=True)
    r = json.loads(out.strip().splitlines()[-1])
    print(r)
    assert r['problems'] == [] and r['mismatches'] == 0
    # every step of those kinds, and most of its tries ran out of memory
    # (the last one, with room enough, went through)
    assert r['steps'] >= 9
    assert r['out_of_memory'] == r['points'] - r['steps'] > 20 * r['steps']
    assert r['retried'] > 0.8 * r['out_of_memory']
    assert r['resumes_refused'] == r['resumes'] - 1 > 10
