# Run by the MicroPython interpreter (tests/test_saves_boot.py): the device
# started on each save folder of a damaged-save corpus, many in one process.
#   micropython -X heapsize=... boot_corpus.py PATHS MANIFEST
# PATHS: the firmware and host_sim, joined by ':'. MANIFEST: one item a line,
# "DIR DAMAGED_SLOTS OTHER_SLOT" (slots joined by ',', '-' for none).
# For each item: the App is made as main.py makes it (it must reach a
# screen, whatever is in the folder); then, as a player would from the
# saved games, each damaged slot is resumed, recovered, resumed again and
# deleted; then the other save is resumed; then the device starts again.
# Prints one line of JSON per item: the screens reached (kind and title),
# and anything that went wrong: an exception out of the App, an "Error"
# screen, no screen, no "New game" on the saved games after a delete, the
# other save not resumed.
import sys
for d in reversed(sys.argv[1].split(':')):
    sys.path.insert(0, d)
import gc
import json
from binascii import crc32
from headless import Display, BOARDS
from trackside.ui.app import App

width, height, mono, names, keymap = BOARDS['pico_display']
display = Display(width, height, mono)


def seen(app, out, bad, what):
    # The screen on top, or a problem if there is none / it is an Error.
    if app is None or not app.stack:
        bad.append('%s: no screen' % what)
        return
    top = app.stack[-1]
    title = getattr(top, 'title', '')
    text = getattr(top, 'text', '')
    out.append('%s:%s:%s%s' % (what, type(top).__name__, title,
                               (':' + text[:90]) if isinstance(text, str) else ''))
    if title == 'Error':
        bad.append('%s: Error screen: %s' % (what, getattr(top, 'text', '')))


def start(folder, out, bad, what):
    try:
        app = App(display, keymap, folder)
    except Exception as e:
        bad.append('%s: App() raised %r' % (what, e))
        return None
    seen(app, out, bad, what)
    return app


def act(app, what, slot, out, bad):
    try:
        if what == 'delete':
            app.delete(slot)
        else:
            app.on_slot(slot, what)
    except Exception as e:
        bad.append('%s %d raised %r' % (what, slot, e))
        return
    seen(app, out, bad, '%s %d' % (what, slot))


manifest = open(sys.argv[2])
while True:
    line = manifest.readline()          # (one at a time: the list is long)
    if not line:
        break
    folder, damaged, other = line.split()
    gc.collect()
    out = []
    bad = []
    damaged = [int(x) for x in damaged.split(',')] if damaged != '-' else []
    other = int(other) if other != '-' else None
    app = start(folder, out, bad, 'boot')
    if app is not None:
        app.p.flush()                   # (on the panel, as its first poll puts it)
    first = crc32(display.buffer) & 0xFFFFFFFF     # main.py must show the same
    if app is not None:
        for slot in damaged:
            for what in ('open', 'recover', 'open', 'delete'):
                act(app, what, slot, out, bad)
            top = app.stack[-1] if app.stack else None
            items_ = getattr(top, 'items', None) or []
            if not [i for i in items_ if i[1] == 'new']:
                bad.append('delete %d: no "New game" on the screen after it' % slot)
        if other is not None:
            act(app, 'open', other, out, bad)
            if app.session is None:
                bad.append('the other save (%d) did not open' % other)
        app = None
        gc.collect()
        app = start(folder, out, bad, 'again')
    app = None
    print(json.dumps({'dir': folder, 'screens': out, 'bad': bad, 'crc': first}))
manifest.close()
