# Trackside on a board. tools/deploy.py copies the board's module as board.py
# beside this file (boards/ and docs/boards.md say which board is which).
import gc
import sys
import time

import board


def run():
    # The board first: its canvas (16 KB on the Pico Display Pack) is one
    # block, found most easily while the heap is still empty.
    display, buttons, led = board.open()
    app = None
    fails = 0           # failures in a row
    while True:
        try:
            if app is None:
                app = start(display, led)
            app.tick(buttons.pressed(), time.ticks_ms())
            fails = 0
        except Exception as e:
            # The App handles what a key does; this is the last guard. The
            # App is made afresh from what is on flash (the truth), and a
            # failure that keeps coming back is printed only at first and
            # waited out longer each time: never a loop of tracebacks.
            app = None
            fails += 1
            if fails <= 2:
                sys.print_exception(e)
            gc.collect()
            if fails >= 2:
                tell(display, e)
                time.sleep_ms(min(fails, 25) * 200)     # up to 5 s
        time.sleep_ms(10)       # 100 polls a second: keys feel instant, bounce is filtered


def start(display, led):
    gc.collect()
    from trackside.ui.app import App
    return App(display, board.KEYMAP, board.SAVES, led, restart)


def restart():
    # Another saved game is opened by starting afresh (ui/saves_ui.py,
    # switch): MicroPython's soft reset raises SystemExit, which no guard
    # here takes (not an Exception), and the port runs main.py again on an
    # empty heap. (The unix port, in the tests: the process ends.)
    import machine
    machine.soft_reset()


def tell(display, e):
    # The App could not be made twice running: say so with framebuf's own
    # font, which needs nothing else loaded.
    try:
        c = display.canvas
        c.fill(0)
        y = 2
        for line in ('Trackside cannot', 'start:', type(e).__name__[:29],
                     'It tries again.', 'Or switch off', 'and on again.'):
            c.text(line, 2, y, 1)
            y += 10
        display.show(0, 0, display.width, display.height)
    except Exception:
        pass


run()
