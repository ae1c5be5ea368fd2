# Trackside on a board. tools/deploy.py copies the board's module as board.py
# beside this file (boards/ and docs/boards.md say which board is which).
import time

import board


def run():
    # The board first: its canvas (16 KB on the Pico Display Pack) is one
    # block, found most easily while the heap is still empty.
    display, buttons, led = board.open()
    from trackside.ui.app import App
    app = App(display, board.KEYMAP, board.SAVES, led)
    while True:
        try:
            app.tick(buttons.pressed(), time.ticks_ms())
        except Exception as e:      # App handles a key's errors; this is a last guard
            import sys
            sys.print_exception(e)
        time.sleep_ms(10)       # 100 polls a second: keys feel instant, bounce is filtered


run()
