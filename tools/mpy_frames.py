"""Which firmware functions get their frame on the heap at every call.

MicroPython gives a function call its frame (arguments, locals and the
bytecode's stack, plus 3 words for each nested try) on the C stack when it
fits in 11 words (py/objfun.c, VM_MAX_STATE_ON_STACK, the same in words on
32 and 64 bits); a bigger one is allocated on the heap at the call and freed
at the return. That allocation is a search of the heap (py/gc.c, gc_alloc),
thousands of instructions in a fragmented heap, and the frames it frees
mid-heap make the searches of the allocations after them longer: the UI
bench's game took a quarter fewer instructions once the functions of every
poll kept their frames off the heap (docs/benchmarks-ui.md).

The sizes are read from the .mpy files mpy-cross writes (format 6: the
header, the qstrs and constants, then each function's bytecode, whose
prelude starts with its frame size; py/persistentcode.c, py/bc.h).

    python tools/mpy_frames.py [--all] [DIR]
    (DIR: .mpy files; by default the firmware and the board modules, compiled)
"""
import os
import sys

ON_STACK_WORDS = 11         # py/objfun.c: VM_MAX_STATE_ON_STACK / the word size
EXC_WORDS = 3               # a try's entry on the exception stack (mp_exc_stack_t)

# The functions that run at every poll, or for every box a press draws:
# their frames must stay on the C stack (tests/test_frames.py; the UI bench
# reports them). module: functions
EVERY_POLL = {
    'trackside.ui.keys': ('Keys.poll', 'Keys._button', 'Keys._pressed', 'Keys._held',
                          'Keys._released'),
    'trackside.ui.app': ('App.tick', 'App.handle_all'),
    # a scrolling text's poll; a glyph run's ink
    'trackside.ui.paint': ('Painter.animate', 'Painter.ink'),
}

# persistentcode.c's constant objects: 0-4 have no data, 5 str, 6 bytes,
# 7 int, 8 float, 9 complex (their text), 10 a tuple of objects
_STR, _BYTES, _TUPLE = 5, 6, 10


def _uint(b, i):
    # A variable-length unsigned int, 7 bits a byte, high bit: more follow.
    n = 0
    while True:
        c = b[i]
        i += 1
        n = (n << 7) | (c & 0x7F)
        if not c & 0x80:
            return n, i


def _signature(code):
    # The prelude's first field (py/bc.h, MP_BC_PRELUDE_SIG_DECODE): the
    # frame's words less one (S) and the exception stack's entries (E), in
    # xSSSSEAA then xFSSKAED bytes.
    z = code[0]
    s = (z >> 3) & 0xF
    e = (z >> 2) & 1
    i = 1
    n = 0
    while z & 0x80:
        z = code[i]
        i += 1
        s |= (z & 0x30) << (2 * n)
        e |= (z & 0x02) << n
        n += 1
    return s + 1, e, i


def _skip_size(code, i):
    # MP_BC_PRELUDE_SIZE: bytes while the high bit is set.
    while code[i] & 0x80:
        i += 1
    return i + 1


def _read(path):
    # [(name, frame words, tries, index of the enclosing function or -1)]:
    # name a str, or an int for a qstr MicroPython holds itself (static).
    with open(path, 'rb') as f:
        b = f.read()
    if b[:2] != b'M\x06':
        raise ValueError('%s: not a version 6 .mpy' % path)
    i = 4
    n_qstr, i = _uint(b, i)
    n_obj, i = _uint(b, i)
    qstrs = []
    for _ in range(n_qstr):
        n, i = _uint(b, i)
        if n & 1:
            qstrs.append(n >> 1)
        else:
            n >>= 1
            qstrs.append(b[i:i + n].decode())
            i += n + 1

    def skip_obj(i):
        t = b[i]
        i += 1
        if t < _STR:
            return i
        n, i = _uint(b, i)
        if t == _TUPLE:
            for _ in range(n):
                i = skip_obj(i)
            return i
        return i + n + (1 if t in (_STR, _BYTES) else 0)

    for _ in range(n_obj):
        i = skip_obj(i)
    out = []

    def raw_code(i, parent):
        kind_len, i = _uint(b, i)
        code = b[i:i + (kind_len >> 3)]
        i += kind_len >> 3
        if kind_len & 3:
            # machine code (mpy-cross -march): what follows it is not read here
            raise ValueError('%s: native code (compiled with -march) is not read' % path)
        # bytecode: its prelude starts with the frame's size
        frame, tries, j = _signature(code)
        q, _ = _uint(code, _skip_size(code, j))    # the code info's first field: the name
        out.append((qstrs[q] if q < len(qstrs) else '?', frame, tries, parent))
        me = len(out) - 1
        if kind_len & 4:
            n, i = _uint(b, i)
            for _ in range(n):
                i = raw_code(i, me)
        return i

    raw_code(i, -1)
    return out


# MicroPython's own names that no CPython type's dir() has (keyword
# arguments, micropython-lib's and the ports' names): tried as well.
_MORE = ('key', 'value', 'reverse', 'start', 'stop', 'step', 'end', 'sep', 'file', 'flush',
         'mode', 'name', 'data', 'read', 'write', 'close', 'open', 'seek', 'tell', 'send',
         'recv', 'poll', 'ticks_ms', 'sleep', 'sleep_ms', 'pin', 'init', 'deinit',
         'fill', 'pixel', 'text', 'blit', 'scroll', 'line', 'rect', 'width', 'height', 'show')

# Names the compiler gives code that has none of its own.
_ANONYMOUS = ('<lambda>', '<listcomp>', '<dictcomp>', '<setcomp>', '<genexpr>')
_PROBE = '_ = lambda: 0\n_ = [x for x in ()]\n_ = {x: 0 for x in ()}\n_ = {x for x in ()}\n_ = (x for x in ())\n'


def static_names(mpy_cross):
    """{number: name} of the qstrs MicroPython holds itself, which a .mpy
    stores by number (__init__, <module>, <listcomp>, builtin names).
    Worked out by compiling a module with a function named for each
    candidate, and reading back the number each was stored as."""
    import builtins
    import keyword
    import subprocess
    import tempfile
    candidates = set(dir(builtins)) | set(_MORE)
    for t in (object, str, bytes, bytearray, list, dict, set, tuple, int, float, type,
              Exception, memoryview, range, __import__('io').BytesIO, __import__('io').TextIOWrapper):
        candidates.update(dir(t))
    names = sorted(c for c in candidates if c.isidentifier() and not keyword.iskeyword(c)
                   and c != '__debug__')       # (a constant to MicroPython's compiler)
    src = ''.join('def %s():\n    pass\n' % c for c in names) + _PROBE
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, 'probe.py'), 'w') as f:
            f.write(src)
        subprocess.run([mpy_cross, '-o', os.path.join(d, 'probe.mpy'), os.path.join(d, 'probe.py')],
                       check=True, capture_output=True)
        found = _read(os.path.join(d, 'probe.mpy'))
    return {q: name for (q, _, _, _), name in zip(found, ['<module>'] + names + list(_ANONYMOUS))
            if isinstance(q, int)}


def functions(path, static=None):
    """(qualified name, frame words, nested tries) of each bytecode function
    in a .mpy file, in the file's order. Methods are Class.name (a class body
    is a function named for the class); the module's own code is <module>.
    static: static_names(), for the names a .mpy gives by number."""
    static = static or {}
    found = _read(path)
    names = []
    out = []
    for q, frame, tries, parent in found:
        name = q if isinstance(q, str) else static.get(q, '#%d' % q)
        if parent > 0:
            name = names[parent] + '.' + name
        names.append(name)
        out.append((name, frame, tries))
    return out


def words(frame, tries):
    return frame + EXC_WORDS * tries


def on_heap(frame, tries):
    return words(frame, tries) > ON_STACK_WORDS


def frames(top, static=None):
    """{module: [(function, words, on the heap)]} of a compiled firmware folder."""
    out = {}
    for root, _, files in os.walk(top):
        for name in sorted(files):
            if name.endswith('.mpy'):
                path = os.path.join(root, name)
                module = os.path.relpath(path, top)[:-4].replace(os.sep, '.')
                out[module] = [(f, words(s, e), on_heap(s, e)) for f, s, e in functions(path, static)]
    return out


def summary(every):
    """(functions with frames on the heap, all functions, [EVERY_POLL ones on
    the heap or missing]) for frames()' answer."""
    heap = sum(1 for fs in every.values() for f in fs if f[2])
    bad = []
    for module, names in EVERY_POLL.items():
        found = dict((f, big) for f, w, big in every.get(module, ()))
        bad += ['%s.%s' % (module, n) for n in names if found.get(n, True)]
    return heap, sum(len(fs) for fs in every.values()), bad


def main(argv):
    show_all = '--all' in argv
    argv = [a for a in argv if a != '--all']
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from bench_engine import MPY_CROSS
    if argv:
        top = argv[0]
    else:
        # the firmware as deploy compiles it, and the board modules (but
        # those with machine code, which the board compiles: deploy.native)
        import subprocess
        import tempfile
        import deploy
        top = tempfile.mkdtemp()
        deploy.compile_firmware(top, MPY_CROSS)
        boards = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'boards')
        os.makedirs(os.path.join(top, 'boards'))
        for name in sorted(os.listdir(boards)):
            path = os.path.join(boards, name)
            if name.endswith('.py') and not deploy.native(path):
                subprocess.run([MPY_CROSS, '-o', os.path.join(top, 'boards', name[:-3] + '.mpy'),
                                '-s', name, path], check=True)
    every = frames(top, static_names(MPY_CROSS))
    heap = sum(1 for fs in every.values() for f in fs if f[2])
    print('%d of %d functions have frames over %d words (on the heap at every call)' % (
        heap, sum(len(fs) for fs in every.values()), ON_STACK_WORDS))
    for module in sorted(every):
        for f, w, big in every[module]:
            if big or show_all:
                print('%-36s %-40s %3d words%s' % (module, f, w, '  heap' if big else ''))


if __name__ == '__main__':
    main(sys.argv[1:])
