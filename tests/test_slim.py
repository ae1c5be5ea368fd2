# tools/slim.py: the sources as tools/install_cp.py puts them on CIRCUITPY, each
# function's own names shortened. The renamed code must do what the source does: on
# tricky scopes under CPython, and the whole firmware, compiled from its slimmed
# sources by the real MicroPython (as CircuitPython compiles the drive's), replaying
# every scenario and drawing every screen as the sources do.
import os
import shutil
import textwrap

import pytest

from conftest import ROOT, fixed_dir, run_micropython, ui_on_both
import slim

TRICKY = textwrap.dedent('''
    import sys
    G = 5

    def adder(first, second=2, *rest, **named):
        total = first + second
        for extra in rest:
            total += extra
        return total, sorted(named)

    def closure(start):
        count = start
        def bump(step):
            nonlocal count
            count += step
            return count
        def peek():
            return count + G
        return bump(3), peek()

    def shadowed(value):
        result = [value for value in range(value)]      # the iterable is the outer value
        inner = lambda value: value * 2
        return result, inner(value)

    def comprehension_scopes(rows):
        width = 3
        cells = [[cell * width for cell in row] for row in rows]
        table = {key: len(key) for key in ('a', 'bb')}
        return cells, table, sum(total for total in (1, 2, 3))

    def handlers(text):
        try:
            number = int(text)
        except ValueError as problem:
            number = str(problem)[:7]
        return number

    def uses_global():
        global G
        before = G
        G = before + 1
        return G

    def keyword_target(alpha, beta=1):
        return alpha - beta

    def calls_by_keyword():
        return keyword_target(10, beta=4)

    def walrus(items):
        found = [y for x in items if (y := x * 2) > 2]
        return found

    def deletes(n):
        scratch = n * 2
        del scratch
        scratch = 7
        return scratch

    def with_class(seed):
        offset = seed + 1
        class Box:
            size = offset
            def get(self):
                return self.size
        return Box().get()

    def builtin_shadow(items):
        len = 3                              # a local named like a builtin
        return [len for _ in items]

    def nested_def_name():
        def helper(v):
            return v + 1
        helper2 = helper
        return helper2(1)

    def defaults_from_outer(k):
        scale = k * 10
        def f(x, scale=scale):
            return x * scale
        return f(2)

    def generator(n):
        index = 0
        while index < n:
            yield index
            index += 1

    def uses_locals():
        hidden = 1
        return sorted(locals())
''')
CALLS = ['adder(1)', 'adder(1, 2, 3, 4, z=1)', 'closure(1)', 'shadowed(3)',
         'comprehension_scopes([[1, 2], [3]])', 'handlers("12")', 'handlers("x")', 'uses_global()',
         'calls_by_keyword()', 'walrus([1, 2, 3])', 'deletes(2)', 'with_class(4)',
         'builtin_shadow([1, 2])', 'nested_def_name()', 'defaults_from_outer(3)',
         'list(generator(4))', 'uses_locals()', 'keyword_target(alpha=3)']


def results(source):
    space = {}
    exec(compile(source, 'tricky', 'exec'), space)
    return [eval(call, space) for call in CALLS]


def test_renamed_code_does_what_the_source_does():
    keep = slim.keywords([TRICKY, 'keyword_target(alpha=3)'])
    out = slim.slim(TRICKY, keep)
    assert out != TRICKY
    assert len(out.splitlines()) == len(TRICKY.splitlines())
    assert results(out) == results(TRICKY)
    for kept in ('def keyword_target(alpha, beta=1)',     # passed by keyword
                 'except ValueError as problem',           # bound by except-as
                 'global G', 'hidden = 1',                 # locals() sees its names
                 'def helper(', 'nonlocal count'):
        assert kept in out, kept
    for gone in ('total', 'extra', 'width', 'scratch', 'offset', 'index', 'helper2'):
        assert gone not in out, gone


def test_a_file_with_an_fstring_is_left_as_it_is():
    source = 'def f(value):\n    label = "x"\n    return f"{label}{value}"\n'
    assert slim.slim(source) == source


@pytest.fixture(scope='module')
def drive():
    # a MacroPad's CIRCUITPY as tools/install_cp.py fills it (trackside/ slimmed, and the
    # board's modules beside it), run from its .py files
    import install_cp
    top = fixed_dir('ts-slim-')
    install_cp.stage('macropad', top)
    yield top
    shutil.rmtree(top, ignore_errors=True)


@pytest.mark.slow
def test_the_slimmed_firmware_replays_every_scenario_from_source_on_micropython(drive):
    # compiled from its .py files by MicroPython, as CircuitPython compiles CIRCUITPY's:
    # every scenario log to the same standings, refusals and state as the sources
    from test_micropython import SCENARIOS, cpython_result
    import json
    out = run_micropython([os.path.join('tests', 'mp', 'replay_json.py'), drive] + SCENARIOS,
                          heap='4096k')
    got = [json.loads(line) for line in out.strip().splitlines()]
    assert len(got) == len(SCENARIOS) >= 12
    for path, mp in zip(SCENARIOS, got):
        assert mp == cpython_result(path), path


@pytest.mark.slow
@pytest.mark.parametrize('keys', ['brass-w07-4p.keys', 'scorepad-4p.keys', 'steam-base-3p.keys'])
def test_the_slimmed_firmware_draws_the_same_screens_on_micropython(drive, tmp_path, keys):
    # the slimmed sources on MicroPython, the sources on CPython: the canvas after every
    # press, the bytes the panel got and the standings are the same
    mp, cp = ui_on_both(drive, tmp_path, os.path.join(ROOT, 'tests', 'keys', keys), heap='1024k')
    assert len(mp['crcs']) > 50
    assert mp['crcs'] == cp['crcs'] and mp['sent'] == cp['sent']
    assert mp['standings'] == cp['standings']
