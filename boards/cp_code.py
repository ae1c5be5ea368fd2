# Trackside on a CircuitPython board: copied to CIRCUITPY as code.py by
# tools/install_cp.py, with the board's module as trackside_board.py (on CircuitPython
# `board` is the built-in pin module, so ours has another name) and firmware/ beside it.
# firmware/main.py is the MicroPython entry; this is the same loop with CircuitPython's
# clock, sleep and traceback.
import time

import storage
import supervisor

import trackside_board as hw


def now_ms():
    # time.monotonic_ns never wraps (supervisor.ticks_ms wraps every 2**29 ms)
    return time.monotonic_ns() // 1000000


def note(display, lines, seconds, buttons):
    # A few lines of text on the screen, until a button is pressed or `seconds` pass
    # (0: until a button). Drawn with Trackside's own small font, through the canvas.
    from trackside.ui import font
    f = font.load('tiny' if display.height < 100 else 'small')
    ink = font.ink(hw.cp_canvas.MONO_VLSB if display.mono else hw.cp_canvas.GS4_HMSB,
                   0, 1 if display.mono else 15)
    c = display.canvas
    c.fill(0)
    y = 2
    for line in lines:
        f.draw(c, 2, y, line, ink, display.width)
        y += f.height + 1
    display.show(0, 0, display.width, display.height)
    start = time.monotonic()
    while buttons.pressed():                # a button still held from power-on
        time.sleep(0.01)
    while not seconds or time.monotonic() - start < seconds:
        if buttons.pressed():
            while buttons.pressed():
                time.sleep(0.01)
            return
        time.sleep(0.01)


def restart():
    # Another saved game is opened by starting afresh (ui/saves_ui.py, switch): opened in
    # place after a game, a save needs far more heap than at power-on (issue 31), and the
    # MacroPad has little. supervisor.reload() runs code.py again on an empty heap; its
    # exception (not an Exception: no guard here takes it) comes at the next bytecode,
    # so nothing else runs meanwhile.
    supervisor.reload()
    while True:
        time.sleep(0.01)


def run():
    display, buttons, led = hw.open()
    if storage.getmount('/').readonly:
        # boot.py left the drive to the computer (its button was held): no saves
        note(display, ['Saves are off:', 'CIRCUITPY is open', 'to the computer.',
                       'To play, reset', 'without a button.'], 0, buttons)
        while True:
            time.sleep(1)
    if supervisor.runtime.run_reason != supervisor.RunReason.SUPERVISOR_RELOAD:
        # (said at power-on; not again when another save is opened by a restart)
        note(display, ['Trackside saves games', 'on CIRCUITPY: it is', 'read-only to the',
                       'computer now. To edit', 'files: ' + hw.EDIT_HINT], 4, buttons)
    from trackside.ui.app import App
    # CIRCUITPY is one FAT for every file on it, written a 4 KB flash block at
    # a time: the saves are kept in place, in files made once (trackside/fixed.py)
    App.SAVES = 'trackside.fixed'
    from trackside.files import exists
    if not exists(hw.SAVES + '/ready'):
        note(display, ['Making room for', 'the saves (once:', 'a few seconds)...'], 0.01, buttons)
    app = App(display, hw.KEYMAP, hw.SAVES, led, restart)
    while True:
        try:
            app.tick(buttons.pressed(), now_ms())
        except Exception as e:      # App handles a key's errors; this is a last guard
            import traceback
            traceback.print_exception(e)
        time.sleep(0.01)            # 100 polls a second at most


run()
