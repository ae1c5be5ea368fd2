# boot.py for Trackside on CircuitPython (copied to CIRCUITPY as boot.py by
# tools/install_cp.py). CircuitPython runs it once at power-on or reset, before USB is
# set up.
#
# CIRCUITPY is one FAT drive that only one side may write: the computer (over USB) or
# the code on the board. Trackside has to write its saves, so by default this remounts
# the drive writable for the code, and the computer sees it READ-ONLY.
# To change files from the computer (to update Trackside, or copy a game log off),
# hold the board's edit button (EDIT_PIN in its module: D2 on the Reverse TFT, KEY1 on
# the MacroPad) while pressing Reset: the drive is then writable by the computer and
# Trackside says on screen that it cannot save. Reset again without it to play.
import board
import digitalio
import storage

import trackside_board as hw

edit = digitalio.DigitalInOut(getattr(board, hw.EDIT_PIN))
edit.switch_to_input(pull=digitalio.Pull.DOWN if hw.EDIT_PRESSED else digitalio.Pull.UP)
held = edit.value == hw.EDIT_PRESSED
edit.deinit()
if not held:
    storage.remount('/', readonly=False)
