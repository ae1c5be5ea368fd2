# Run by the MicroPython interpreter for tools/bench_ui.py, under callgrind:
#   micropython -X heapsize=N tools/mp_blit.py BOARDS_DIR RECTS_FILE [framebuf]
# The CPU's part of pushing pixels: boards/st7789.py's show() (the window commands
# and the 4-bit -> RGB565 palette conversion, band by band) on a bus that takes the
# bytes and does nothing, so the count is the conversion, not the transfer. The
# first line of RECTS_FILE is shown first (a full frame: the calibration), then
# each later line is one key press's rectangles ("x,y,w,h ...", "-" for none).
# micropython.stack_use() before each line lets callgrind's --dump-before cut
# the count per line. With "framebuf", framebuf's palette blit converts, not
# blit565's machine code (the emulated Pico's timing was measured on that one).
import sys
sys.path.insert(0, sys.argv[1])
import micropython
import st7789
st7789.sleep_ms = lambda ms: None


class NullSPI:
    def write(self, buf):
        pass


def pin(v=None):
    pass


# (its band the whole screen: the UI's band holds the rows of each rectangle it shows,
# and converting them costs the same from either)
display = st7789.ST7789(NullSPI(), 240, 135, dc=pin, cs=pin, x0=40, y0=53, madctl=0x70,
                        rows=135)
if sys.argv[3:] == ['framebuf']:
    display.convert = None
f = open(sys.argv[2])
for line in f:
    micropython.stack_use()
    for r in line.split():
        if r != '-':
            x, y, w, h = r.split(',')
            display.show(int(x), int(y), int(w), int(h))
f.close()
micropython.stack_use()
print('OK')
