# Function frames on the heap (tools/mpy_frames.py): MicroPython puts a
# call's frame on the heap when it needs more than 11 words, a search of the
# heap at every call. The functions of every poll (the UI's and the boards'
# pressed()) must keep theirs on the C stack (issue 11, item 5: a press's
# instructions).
import os
import subprocess

import pytest

import mpy_frames
from conftest import tool, run_micropython


@pytest.fixture(scope='module')
def static():
    return mpy_frames.static_names(tool('mpy-cross'))


@pytest.mark.slow
def test_the_functions_of_every_poll_keep_their_frames_off_the_heap(mpy_dir, static):
    every = mpy_frames.frames(mpy_dir, static)
    for module, names in mpy_frames.EVERY_POLL.items():
        found = {f: (w, heap) for f, w, heap in every[module]}
        for name in names:
            assert name in found, (module, name, sorted(found))
            w, heap = found[name]
            assert not heap, '%s.%s needs %d words: its frame goes on the heap' % (module, name, w)
    assert mpy_frames.summary(every)[2] == []


# Frames of 8 to 15 words, and one with a try (3 words more): what the
# reader says, against what the real interpreter does (a frame on the heap
# shows in gc.mem_alloc() inside the call).
def probe_source():
    out = ['import gc\n']
    for n in range(6, 14):
        args = ', '.join('a%d' % i for i in range(n))
        out.append('def f%d(%s):\n    return gc.mem_alloc()\n' % (n, args))
    out.append('def t7(a0, a1, a2, a3, a4, a5, a6):\n    try:\n        return gc.mem_alloc()\n'
               '    except OSError:\n        return 0\n')
    out.append('b = 0\ngc.collect()\ngc.disable()\n')       # (b first stored before: its slot is made)
    for n in range(6, 14):
        out.append('b = gc.mem_alloc()\nprint("f%d", f%d(%s) - b)\n' % (n, n, ', '.join(['0'] * n)))
    out.append('b = gc.mem_alloc()\nprint("t7", t7(0, 0, 0, 0, 0, 0, 0) - b)\n')
    return ''.join(out)


def test_the_reader_agrees_with_the_interpreter_on_which_frames_go_on_the_heap(tmp_path, static):
    src = tmp_path / 'frames_probe.py'
    src.write_text(probe_source())
    (tmp_path / 'mpy').mkdir()
    mpy = tmp_path / 'mpy' / 'frames_probe.mpy'          # (the .mpy alone: it is what is run)
    subprocess.run([tool('mpy-cross'), '-o', str(mpy), str(src)], check=True)
    said = dict((f, mpy_frames.on_heap(s, e)) for f, s, e in mpy_frames.functions(str(mpy), static))
    out = run_micropython(['-c', 'import sys; sys.path.insert(0, %r); import frames_probe' % str(tmp_path / 'mpy')])
    got = {}
    for line in out.splitlines():
        name, grew = line.split()
        got[name] = int(grew) > 0
    assert set(got) == set(said) - {'<module>'}
    assert got == {k: said[k] for k in got}
    # both kinds are there: the probe tests the boundary, not one side of it
    assert any(got.values()) and not all(got.values())
    assert got['t7'] and not got['f7']      # a try's 3 words tip it over


# The boards on MicroPython read their buttons at every poll. (CircuitPython
# keeps frames on a stack of its own, its pystack: cp_keys.py is not held to this.)
POLLED_BOARDS = ('pico_display', 'tdisplay', 'oled_ssd1306')     # (pico_display2: pico_display's)


def test_the_boards_pressed_keeps_its_frame_off_the_heap(tmp_path, static):
    from conftest import ROOT
    for name in POLLED_BOARDS:
        out = tmp_path / (name + '.mpy')
        subprocess.run([tool('mpy-cross'), '-o', str(out), os.path.join(ROOT, 'boards', name + '.py')],
                       check=True)
        found = dict((f, mpy_frames.on_heap(s, e)) for f, s, e in mpy_frames.functions(str(out), static))
        pressed = [f for f in found if f.endswith('pressed')]
        assert pressed, (name, sorted(found))
        for f in pressed:
            assert not found[f], '%s.%s: its frame goes on the heap' % (name, f)
