# Trackside on a board. tools/deploy.py copies the board's module as board.py
# beside this file (boards/ and docs/boards.md say which board is which).
import time

import board
from trackside.ui.app import App


def run():
    display, buttons, led = board.open()
    app = App(display, board.KEYMAP, board.SAVES, led)
    while True:
        app.tick(buttons.pressed(), time.ticks_ms())
        time.sleep_ms(10)       # 100 polls a second: keys feel instant, bounce is filtered


run()
