# Run by the MicroPython interpreter (tests/test_saves_switch.py): one power-on
# of a device with saves of every game, on its own loop (App.tick, as
# main.py), and what it is asked to do then.
#   micropython -X heapsize=... switch_games.py PATHS SAVES_DIR [menu | pick SLOT]
# PATHS: the firmware, host_sim and boards/, joined by ':'. The device
# resumes the save SAVES_DIR/last names. menu: the game is played a little
# (an undo and its redo, from the keys: the game's heap churned as in play),
# then Menu > Saved games (keys B X A): the device restarts into the list.
# pick SLOT: at a power-on that shows the saved games, save SLOT is opened
# (down to its place in the list, A A: Resume), and the device restarts for
# it. A restart is main.py's (MicroPython's soft reset: here the process
# ends; the test starts the next power-on). Prints a line of JSON for the
# power-on (the game and screen reached, the message shown if any, the heap
# free), one for the undo and redo (whether they went through), and one for
# the restart (what SAVES_DIR/last says then), or if there was none, what
# was shown instead.
import sys
for d in reversed(sys.argv[1].split(':')):
    sys.path.insert(0, d)
import gc
import json
import os
import machine
from headless import BOARDS, board_display
import keyscript
from trackside.ui.app import App

width, height, mono, names, keymap = BOARDS['pico_display']
display = board_display('pico_display')
folder = sys.argv[2]
what = sys.argv[3:]
# the key plans made before the App (a plan is bytes: nothing to parse later)
PLAY = keyscript.plan('B- B Y A', names, keymap)    # undo, then the menu's Redo
if what == ['menu']:
    GOTO = keyscript.plan('B X A', names, keymap)
elif what:
    listed = sorted(int(n[4:-4]) for n in os.listdir(folder)
                    if n.startswith('game') and n.endswith('.log'))
    GOTO = keyscript.plan(' '.join(['Y'] * listed.index(int(what[1])) + ['A', 'A']), names, keymap)
clock = keyscript.Clock()


def shown(app, **more):
    top = app.stack[-1] if app.stack else None
    out = {'game': app.session.setup['game'] if app.session else None,
           'cursor': app.session.cursor if app.session else None,
           'screen': type(top).__name__ if top else None,
           'title': getattr(top, 'title', None), 'text': getattr(top, 'text', None)}
    out.update(more)
    return out


def restart():
    # main.py's: what the device does to open another save
    with open(folder + '/last') as f:
        print(json.dumps({'restart': True, 'last': f.read().strip()}))
    machine.soft_reset()


app = App(display, keymap, folder, None, restart)
gc.collect()
print(json.dumps(shown(app, free=gc.mem_free())))
if what == ['menu']:
    n = app.session.cursor if app.session else None
    keyscript.play(app, names, PLAY, clock)
    print(json.dumps({'played': app.session is not None and app.session.cursor == n}))
if what:
    keyscript.play(app, names, GOTO, clock)
    gc.collect()
    print(json.dumps(shown(app, restart=False, free=gc.mem_free())))
