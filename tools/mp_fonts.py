# Run by the MicroPython interpreter for tools/bench_fonts.py:
#   micropython -X heapsize=192k tools/mp_fonts.py DIR NAME MODE [N]
# DIR goes first on sys.path (the mpy-cross output, or firmware/). MODE:
#   heap   the heap that font.load(NAME) takes and keeps (gc.mem_alloc()
#          after a collection, with font.py already imported)
#   draw   draws N glyphs of NAME, each unlike the one before, on a 320x240
#          GS4_HMSB canvas (N = 0: the same run without drawing, the base
#          line that tools/bench_fonts.py subtracts)
import sys
sys.path.insert(0, sys.argv[1])
import gc
import framebuf
from trackside.ui import font

__import__('trackside.ui.fonts')     # the package: shared by every font, not counted

name, mode = sys.argv[2], sys.argv[3]


def scrub(n):
    # Overwrite the C stack with frames: the collector is conservative, and a
    # stale pointer left there by the import would keep its garbage alive.
    return scrub(n - 1) + 1 if n else 0


def load():
    font.load(name)


scrub(30)
gc.collect()
before = gc.mem_alloc()
load()
scrub(30)
gc.collect()
if mode == 'heap':
    print('OK', gc.mem_alloc() - before)
else:
    f = font.load(name)
    n = int(sys.argv[4])
    canvas = framebuf.FrameBuffer(bytearray(320 * 240 // 2), 320, 240, framebuf.GS4_HMSB)
    ink = font.ink(framebuf.GS4_HMSB, 0, 15)
    text = '0123456789'
    per_line = 320 // f.width
    line = (text * (per_line // len(text) + 1))[:per_line]
    done = 0
    y = 0
    while done < n:
        s = line[:n - done]
        f.draw(canvas, 0, y, s, ink)
        done += len(s)
        y = (y + f.height) % (240 - f.height)
    print('OK', done)
