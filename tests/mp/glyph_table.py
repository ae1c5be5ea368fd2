# Run by the MicroPython interpreter for tests/test_circuitpython.py:
#   micropython tests/mp/glyph_table.py
# The MacroPad's glyph cache (boards/cp_canvas.py, its sizes as boards/macropad.py
# sets them) drawn on a heap in pieces: once its first text is drawn, more glyphs
# than it keeps, kept and let go again and again, need no block larger than a key's.
# Prints "drawn GLYPHS-KEPT HOLE" or "MemoryError ...".
import sys
sys.path[:0] = ['tools', 'boards', 'firmware']
import gc
import mp_cpstub
mp_cpstub.install()
import displayio
import cp_canvas
cp_canvas.install()
cp_canvas.CACHE_BYTES = 4096        # (boards/macropad.py)
cp_canvas.GLYPHS = 64
from trackside.ui import font

canvas = cp_canvas.Canvas(displayio.Bitmap(128, 64, 2), True)
small = font.load('small')
lit, dark = font.ink(0, 0, 1), font.ink(0, 1, 0)
TEXT = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
small.draw(canvas, 0, 0, 'Bob 12', lit)             # the cache's pool and table made
HOLE = 512                          # bytes: the largest block free from here on
pieces = [None] * 4000
n = 0
gc.collect()
try:
    while n < len(pieces):
        pieces[n] = bytearray(HOLE)
        n += 1
except MemoryError:
    pass
for i in range(0, n, 2):            # every other one let go: holes of HOLE bytes
    pieces[i] = None
gc.collect()
try:
    for rounds in range(3):
        for ink in (lit, dark):
            for ch in TEXT:
                small.draw(canvas, 0, 0, ch, ink)
    print('drawn', len(canvas._glyphs), HOLE)
except MemoryError as e:
    pieces = None
    gc.collect()
    sys.print_exception(e)
    print('MemoryError', e)
