# Key scripts: a board's buttons pressed in order, with time passing as on a
# device. Runs under MicroPython too (tests/mp/ui_run.py), so the same script
# drives the same firmware on both interpreters.
#
# A script is words separated by spaces, one press each, named as the
# buttons are printed on the board (BUTTONS): "A" a short press, "A-" held
# past HOLD_MS, "A--" held past VERY_MS, "A*3" three short presses.
# "game:NAME" picks the game NAME on the new-game list (the cursor on its
# first game), so a script names its game, not its place among the others.
from trackside.ui import keys

TICK = 10                   # ms between polls, as firmware/main.py does
SHORT = 80                  # a quick tap
HELD = keys.HOLD_MS + 100   # "A-": past the hold time
VERY = keys.VERY_MS + 100   # "A--": past the very long one
HOLDS = (SHORT, HELD, VERY)  # a plan()'s second byte: which of them


def presses(script, names, keymap=None):
    # (button index, ms held) for each press, one at a time (a whole game's
    # list would be a sizeable part of a small heap); ValueError for a bad word.
    # keymap (the board's KEYMAP) is needed for "game:NAME" only.
    for word in script.split():
        if word[:5] == 'game:':
            for press_ in choose_game(word[5:], keymap):
                yield press_
            continue
        times = 1
        if '*' in word:
            word, n = word.split('*')
            times = int(n)
        hold = SHORT
        if word.endswith('--'):
            word, hold = word[:-2], VERY
        elif word.endswith('-'):
            word, hold = word[:-1], HELD
        if word not in names:
            raise ValueError('no button "%s" on this board (it has %s)' % (word, ', '.join(names)))
        for _ in range(times):
            yield names.index(word), hold


def choose_game(name, keymap):
    # The presses that pick the game name from the top of the new-game list,
    # which lists the registry's games in its order: down (or, with one button
    # that turns, advance) to it, then select.
    from trackside.games import names as games
    if keymap is None:
        raise ValueError('"game:%s" needs the board\'s key map' % name)
    if name not in games():
        raise ValueError('no game "%s" (Trackside knows: %s)' % (name, ', '.join(games())))
    roles = [k[0] for k in keymap]
    down = roles.index('down') if 'down' in roles else roles.index('advance')
    for _ in range(games().index(name)):
        yield down, SHORT
    yield roles.index('select'), SHORT


def squeeze(words):
    # The words of presses as a script: "A A A Y" -> "A*3 Y" (presses() reads it back).
    out = []
    for w in words:
        if out and out[-1][0] == w:
            out[-1][1] += 1
        else:
            out.append([w, 1])
    return ' '.join(w if n == 1 else '%s*%d' % (w, n) for w, n in out)


class Clock:
    def __init__(self):
        self.now = 0


def press(app, count, index, hold, clock):
    # One press: down for `hold` ms, then up long enough to be seen.
    down = 1 << index           # the buttons' levels, as a board's pressed() gives them
    up = 0
    t = 0
    while t < hold:
        app.tick(down, clock.now)
        clock.now += TICK
        t += TICK
    for _ in range(4):
        app.tick(up, clock.now)
        clock.now += TICK


def plan(script, names, keymap=None):
    # The script's presses as two bytes each (the button, how long it is
    # held: an index into HOLDS); ValueError for a bad word, before any press.
    # Made before the App, the words' list and their parsing are let go
    # before the game's heap is measured (tools/mp_ui.py).
    out = bytearray()
    for index, hold in presses(script, names, keymap):
        out.append(index)
        out.append(HOLDS.index(hold))
    return bytes(out)


def play(app, names, script, clock, after=None):
    # Press each button of the script (or of a plan() of it); after(i) is
    # called after each. A plan made before the App is, as the benchmarks
    # make it (tools/mp_ui.py), keeps the script's parsing out of the heap
    # and the instructions they count from press to press.
    if isinstance(script, str):
        script = plan(script, names, app.keys.keymap)
    for i in range(len(script) // 2):
        press(app, len(names), script[2 * i], HOLDS[script[2 * i + 1]], clock)
        if after:
            after(i)
