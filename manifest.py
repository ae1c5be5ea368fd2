# Trackside as a micropython-lib style package, for freezing into a MicroPython firmware
# build: the `trackside` package (every module under firmware/trackside/), compiled into the
# firmware image, so its bytecode, strings and tables stay in flash and cost no heap.
#
# In your board's manifest (MicroPython's docs: reference/manifest.rst), either
#     include("/path/to/trackside")                 # this file
# or, with the repository checked out in a directory named trackside,
#     add_library("trackside", "/path/to/its/parent")
#     require("trackside")
# then build the firmware as usual (e.g. make -C ports/rp2 BOARD=RPI_PICO
# FROZEN_MANIFEST=/path/to/your/manifest.py). On the board's filesystem you still need
# main.py (firmware/main.py) and the board module as board.py, with the drivers it imports:
# README.md, "Putting Trackside on the board".
#
# package() with no file list takes every .py file in the package, so a new module is
# frozen without touching this file (tests/test_deploy.py checks what it expands to).
# package.json (mip) lists the same modules; `tools/deploy.py --write-package` regenerates it.
metadata(
    description="Trackside: banker and scorekeeper for heavy economic train games",
    version="0.5.0",
)

package("trackside", base_path="firmware")
