#!/usr/bin/env python3
# Russian Railroads on the device: a report with numbers, not a test.
#
#   .venv/bin/python tools/bench_russianrailroads.py [--write] [--keys]
#
# The four-player game of tests/scenarios/russianrailroads-4p.log (7 rounds, whose
# standings are worked out by hand) is entered through the buttons as a careful player
# would (host_sim/keyplan.py plans the taps), on the Pico Display Pack (4 buttons) and
# the T-Display (2):
#   - presses for each kind of entry (fewest / median / most) against issue 9's targets
#     (a colour moved on a line <= 4, a doubler <= 3, a locomotive <= 4, an
#     industrialization marker <= 3), and for each whole round;
#   - the same presses on the MicroPython interpreter running the mpy-cross output: the
#     most heap in use (.mpy files and a ROMFS image), instructions per key press
#     (callgrind, cut at every press, as tools/bench_ui.py does);
#   - instructions for one end-of-round scoring of four boards (the rules' part only).
# --write puts the report in docs/benchmarks-russianrailroads.md; --keys (re)writes the
# key scripts tests/keys/russianrailroads-4p*.keys the UI tests play.
import datetime
import glob
import os
import re
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, 'host_sim', 'shim'), os.path.join(ROOT, 'firmware'), ROOT,
                os.path.join(ROOT, 'tools')]

from host_sim import keyplan  # noqa: E402
from host_sim.keyscript import squeeze  # noqa: E402
from trackside import logfmt  # noqa: E402
from bench_ui import mp  # noqa: E402
from bench_engine import ui_paths  # noqa: E402

LOG = os.path.join(ROOT, 'tests', 'scenarios', 'russianrailroads-4p.log')
KEYS = {'pico_display': os.path.join(ROOT, 'tests', 'keys', 'russianrailroads-4p.keys'),
        'tdisplay': os.path.join(ROOT, 'tests', 'keys', 'russianrailroads-4p-2buttons.keys')}
REPORT = os.path.join(ROOT, 'docs', 'benchmarks-russianrailroads.md')
TARGETS = (
    # (what, kind of entry, target presses)
    ('move a colour forward on a line', 'track', 4),
    ('add a doubler', 'doubler', 3),
    ('change a locomotive', 'loco', 4),
    ('move an industrialization marker', 'ind', 3),
)
BUDGET_64 = 130             # KB: the 64-bit working target with .mpy files (docs/benchmarks-ui.md)
BUDGET_ROMFS_64 = 100


def log_lines(path=LOG):
    # The setup line, then each entry as written (comments and blank lines left out).
    with open(path) as f:
        lines = [l.split('#')[0].strip() for l in f.read().splitlines()]
    lines = [l for l in lines if l]
    return lines[:1] + [b' '.join(logfmt.words_of(l)).decode() for l in lines[1:]]


def kind(session, line):
    return session.parse(line)[1]


def plan(board):
    # The presses of the whole game, action by action: [(line, [words])], and the
    # planner (its session: the game as entered through the buttons).
    lines = log_lines()
    with tempfile.TemporaryDirectory() as d:
        planner = keyplan.Planner(d, board)
        planner.new_game(lines[0])
        out = [(lines[0], planner.words[:])]
        for line in lines[1:]:
            before = len(planner.words)
            planner.act(line)
            out.append((line, planner.words[before:]))
        return out, planner


def write_keys(board):
    actions, planner = plan(board)
    with open(KEYS[board], 'w') as f:
        for line, words in actions:
            f.write('%s\n' % squeeze(words))
    return actions, planner


# Each player makes a change, round the table, then the same change again on their next
# turn: the second is then at the top of their list (their last change).
REPEATS = ['russianrailroads players=Yellow,Blue,Green,Red',
           'Red start rouble', 'Green start doubler', 'Blue start ind']
for _change in ('track ts black 2', 'track ts black 3', 'doubler 1', 'doubler 1', 'ind 1', 'ind 1',
                'loco sp 2', 'loco sp 3'):
    REPEATS += ['%s %s' % (_p, _change) for _p in ('Yellow', 'Blue', 'Green', 'Red')]


def repeats(board):
    # Presses of each change made a second time by the same player: {kind: [presses]}.
    with tempfile.TemporaryDirectory() as d:
        planner = keyplan.Planner(d, board)
        planner.new_game(REPEATS[0])
        out = {}
        seen = {}
        for line in REPEATS[1:]:
            before = len(planner.words)
            planner.act(line)
            k = kind(planner.app.session, line)
            who = line.split()[0]
            if (who, k) in seen:
                out.setdefault(k, []).append(len(planner.words) - before)
            seen[(who, k)] = 1
        return out


def per_kind(actions, session_lines):
    # {kind: [presses]}; the kind from the line (its verb)
    from trackside.session import new_session
    s = new_session(session_lines[0])
    out = {}
    for line, words in actions[1:]:
        out.setdefault(kind(s, line), []).append(len(words))
        s.do_text(line)
    return out


def per_round(actions):
    # presses of each round, from its first entry to its "score" (the starting cards
    # count in round 1), then the final scoring's
    rounds = [0]
    for line, words in actions[1:]:
        rounds[-1] += len(words)
        if line == 'score':
            rounds.append(0)
    return rounds


# --- on MicroPython ------------------------------------------------------------------

def heap_peak(where, keys):
    with tempfile.TemporaryDirectory() as saves:
        r = mp([os.path.join(ROOT, 'tools', 'mp_ui.py'), ui_paths(where),
                saves, keys, 'heap'], '400k')
    if 'OK' not in r.stdout:
        raise SystemExit('MicroPython failed:\n' + r.stdout + r.stderr)
    return int(r.stdout.split()[1])


def heap_parts(where, keys):
    with tempfile.TemporaryDirectory() as saves:
        r = mp([os.path.join(ROOT, 'tools', 'mp_ui.py'), ui_paths(where),
                saves, keys, 'parts'], '400k')
    from bench_ui import heap_figures
    return heap_figures(r.stdout)


def callgrind(script, args):
    # Instructions between calls of micropython.stack_use(), as tools/bench_ui.py counts them.
    from bench_engine import MICROPYTHON
    with tempfile.TemporaryDirectory() as d:
        subprocess.run(['valgrind', '--tool=callgrind', '--toggle-collect=*run_main*',
                        '--dump-before=mp_micropython_stack_use',
                        '--callgrind-out-file=' + os.path.join(d, 'cg.out'),
                        sys.executable, MICROPYTHON, '-X', 'heapsize=400k', script] + args,
                       capture_output=True, text=True)
        counts = {}
        for path in glob.glob(os.path.join(d, 'cg.out.*')):
            with open(path) as f:
                text = f.read()
            counts[int(path.rsplit('.', 1)[1])] = int(re.search(r'^summary: (\d+)', text, re.M).group(1))
    return [counts[k] for k in sorted(counts)]


SCORING = '''
import sys
sys.path.insert(0, sys.argv[1])
import micropython
from trackside.session import new_session
f = open(sys.argv[2])
lines = [l for l in f.read().splitlines()]
f.close()
s = None
last = None
for l in lines:
    t = l.split('#')[0].strip()
    if not t:
        continue
    if s is None:
        s = new_session(t)
        continue
    if t == 'score':
        last = len(s.history())
        break
    s.do_text(t)
from trackside.games.russianrailroads import board as B
st = s.state
micropython.stack_use()
for q in range(4):
    B.round_score(st, q, st['il'], st['k8'])
micropython.stack_use()
s.do_text('score')
micropython.stack_use()
print('OK')
'''


def scoring_instructions(mpy):
    # One end-of-round scoring of the four boards of round 1 (as they stand in the 4p
    # game): the four round_score() calls alone, and the whole "score" entry.
    with tempfile.TemporaryDirectory() as d:
        script = os.path.join(d, 'score.py')
        with open(script, 'w') as f:
            f.write(SCORING)
        counts = callgrind(script, [mpy, LOG])
    return counts[1], counts[2]


def main():
    import argparse
    ap = argparse.ArgumentParser(description='Measure, print a report in Markdown.')
    ap.add_argument('--write', action='store_true', help='also write ' + REPORT)
    ap.add_argument('--keys', action='store_true', help='write the key scripts of the UI tests')
    opts = ap.parse_args()
    lines = log_lines()
    boards = {}
    for board in ('pico_display', 'tdisplay'):
        actions, planner = write_keys(board) if opts.keys else plan(board)
        assert planner.app.session.history() == lines[1:], board
        boards[board] = actions
    again = repeats('pico_display')
    from bench_engine import compile_firmware, micropython_version
    from bench_ui import romfs_image, instructions
    with tempfile.TemporaryDirectory() as work:
        mpy = os.path.join(work, 'mpy')
        compile_firmware(mpy)
        image = romfs_image(os.path.join(work, 'firmware.img'))
        keys = os.path.join(work, 'game.keys')
        words = [w for line, ws in boards['pico_display'] for w in ws]
        with open(keys, 'w') as f:
            f.write(' '.join(words))
        peak = heap_peak(mpy, keys)
        peak_rom = heap_peak(image, keys)
        parts = heap_parts(mpy, keys)
        instr = instructions(mpy, keys)
        score_only, score_entry = scoring_instructions(mpy)
    report = build(lines, boards, words, peak, peak_rom, parts, instr, score_only, score_entry,
                   micropython_version(), again)
    print(report)
    if opts.write:
        with open(REPORT, 'w') as f:
            f.write(report + '\n')


def build(lines, boards, words, peak, peak_rom, parts, instr, score_only, score_entry, version,
          again):
    n = lambda x: '{:,}'.format(int(x))
    kb = lambda x: '%.1f KB' % (x / 1024.0)
    kinds = {b: per_kind(boards[b], lines) for b in boards}
    out = [
        '# Russian Railroads benchmarks',
        '',
        'Made by `tools/bench_russianrailroads.py` on %s with %s (the unix port, 64-bit).' % (
            datetime.date.today().isoformat(), version),
        'The game: `tests/scenarios/russianrailroads-4p.log`, four players, seven rounds, %d' % (
            len(lines) - 1),
        'entries, entered from the new-game screens to the final score through the buttons as',
        '`host_sim/keyplan.py` plans them (taps only: a held button counts faster). Its key',
        'scripts are `tests/keys/russianrailroads-4p.keys` (Pico Display Pack, 4 buttons) and',
        '`tests/keys/russianrailroads-4p-2buttons.keys` (T-Display, 2 buttons).',
        '',
        '## Presses for the common board changes',
        '',
        'Each entry: A on the game screen, whose board (the next player in turn order is',
        'first, the last one to make an entry last), what changed (one list of every change',
        'the board allows now, the player\'s last change first), then the number it needs',
        '(the new space, the locomotive): that number starts one step on.',
        '',
        '| Change | Target | In the game: entries | fewest | median | most | The same change again | Met | T-Display: fewest, median |',
        '|---|---|---|---|---|---|---|---|---|',
    ]
    for what, k, target in TARGETS:
        c = kinds['pico_display'].get(k, [0])
        t = kinds['tdisplay'].get(k, [0])
        a = max(again[k])
        out.append('| %s | ≤ %d | %d | %d | %s | %d | %d | %s | %d, %s |' % (
            what, target, len(c), min(c), statistics.median(c), max(c), a,
            ('met' if a <= target else '**missed**') + (' (again only)' if min(c) > target else ''),
            min(t), statistics.median(t)))
    out += ['', '"The same change again": each player makes the change, and on their next turn',
            'makes it again (one step on): it is then their last change, at the top of the list.']
    out += ['', 'Every kind of entry in this game:', '',
            '| Entry | Entries | Fewest | Median | Most |', '|---|---|---|---|---|']
    for k in sorted(kinds['pico_display']):
        c = kinds['pico_display'][k]
        out.append('| `%s` | %d | %d | %s | %d |' % (k, len(c), min(c), statistics.median(c), max(c)))
    rounds = per_round(boards['pico_display'])
    rounds2 = per_round(boards['tdisplay'])
    out += ['',
            '## A whole round',
            '',
            '| | Pico Display Pack | T-Display |', '|---|---|---|',
            '| the new game (game, players, colours, start) | %d | %d |' % (
                len(boards['pico_display'][0][1]), len(boards['tdisplay'][0][1]))]
    for i in range(len(rounds)):
        what = ('round %d (its entries and the scoring)' % (i + 1) if i < len(rounds) - 1 else
                'the final scoring (each player\'s bonus cards)')
        out.append('| %s | %d | %d |' % (what, rounds[i], rounds2[i]))
    out += ['| the whole game | %d | %d |' % (
        sum(len(w) for l, w in boards['pico_display']), sum(len(w) for l, w in boards['tdisplay'])),
        '', 'The end-of-round scoring itself is `score`: %s presses (A, then A to confirm; one' % (
            '/'.join(str(x) for x in sorted(set(kinds['pico_display'].get('score', []))))),
        'more when the claimants\' bonus action is offered first).',
        '',
        '## Heap and instructions on MicroPython',
        '',
        '| Measure | Value | Target |', '|---|---|---|',
        '| Peak heap in use, the whole game with the UI, `.mpy` files | %s | ≤ %d KB: %s |' % (
            kb(peak), BUDGET_64, 'met' if peak <= BUDGET_64 * 1024 else '**missed**'),
        '| … firmware in a ROMFS image | %s | ≤ %d KB: %s |' % (
            kb(peak_rom), BUDGET_ROMFS_64, 'met' if peak_rom <= BUDGET_ROMFS_64 * 1024 else '**missed**'),
        '| heap at the start, with the UI loop and engine imported, with the display | %s, %s, %s | |' % (
            kb(parts[0]), kb(parts[1]), kb(parts[2])),
        '| at the end of the game; without its session (the game\'s data: %s) | %s; %s | |' % (
            kb(parts[3] - parts[4]), kb(parts[3]), kb(parts[4])),
        '| Instructions per key press: median, 90th percentile, most | %s, %s, %s | |' % (
            n(statistics.median(instr)), n(sorted(instr)[int(len(instr) * 0.9)]), n(max(instr))),
        '| Instructions for one end-of-round scoring of four boards: the rules\' `round_score` ×4 | %s | |' % n(score_only),
        '| … the whole `score` entry (check, score, clean-up) | %s | |' % n(score_entry),
        '',
        WHY % {'peak': kb(peak), 'rules': kb(parts[4] - parts[2])},
    ]
    return '\n'.join(out)


WHY = '''## Missed targets, and why

**Presses.** Met for a change that is the player's last change (it is then the top item
of their list): a colour moved 4, a doubler 3, a locomotive 4, a marker 3. Missed for
other changes, as in the game above: the device does not model whose turn it is (the
workers are not on it), so every change first asks whose board (one press when its
guess, the next player in turn order, is right), and then one list holds every change
the board allows now, in a fixed order (tokens waiting, the tracks line by line,
locomotives, industry, doublers, VP, claims, the rarer changes, pass last): each item
above the one wanted costs a press (up from the top for the last ones). A change of more
than one step costs a press per further step of its number (a held button counts
faster). Orders tried and dropped: the last three changes on top, and each player's most
used kinds on top: both cost more presses over this game (1,171 and 1,151 against
1,139). What would meet the targets for every change: a PICK question with a starting
item, as an amount has its default (a shared shape): the list would keep its order and
start on the likeliest change. On the T-Display the list only goes down, so what is near
its end (pass) costs the most there.

**Heap.** %(peak)s at the peak with `.mpy` files, against a working target of 130 KB that
Steam misses too (docs/benchmarks-ui.md). The rules and the UI module of this
game hold about 60 KB of it on 64-bit (the starting cards, the final scoring, the
questions and the menu pages are loaded only while needed: a replayed log needs about
44 KB of the rules); from a ROMFS image the bytecode stays in flash.
'''


if __name__ == '__main__':
    main()
