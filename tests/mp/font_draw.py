# Run by the MicroPython interpreter (and by CPython with host_sim/shim first
# on the path, for comparison):
#   micropython -X heapsize=... tests/mp/font_draw.py FIRMWARE_DIR [DIR...]
# The directories go first on sys.path, in the order given. For each font and
# canvas format, draws a few lines of text into a small canvas (clipped at every
# edge, a character the font lacks, opaque and transparent text) and prints one
# line of JSON: what was drawn and the canvas's bytes in hex.
import sys
for n, d in enumerate(sys.argv[1:]):
    sys.path.insert(n, d)
import binascii
import json
import framebuf
from trackside.ui import font

NAMES = ('small', 'medium', 'digits', 'tiny')
W = 101     # odd: GS4_HMSB rows end in half a byte

# (format name, format, canvas fill, (bg, fg) for each line)
FORMATS = (
    ('GS4_HMSB', framebuf.GS4_HMSB, 3, ((5, 12), (0, 15), (3, 9))),
    ('MONO_VLSB', framebuf.MONO_VLSB, 0, ((0, 1), (1, 0), (0, 1))),
)

for name in NAMES:
    f = font.load(name)
    h = f.height
    H = 2 * h + 5
    for fmt_name, fmt, fill, colours in FORMATS:
        if fmt == framebuf.GS4_HMSB:
            buf = bytearray(((W + 1) // 2) * H)
        else:
            buf = bytearray(W * ((H + 7) // 8))
        canvas = framebuf.FrameBuffer(buf, W, H, fmt)
        canvas.fill(fill)
        canvas.fill_rect(W // 2, 0, W // 4, H, 1)
        # x, y, text, (bg, fg), key, right
        draws = (
            (-3, -2, ' !Ag$0\xe9~|0123456789-12+$3/4', colours[0], -1, W),
            (f.width // 2, H - h // 2, '-1$2+3/40', colours[1], -1, None),
            (7, h + 1, '$9?%Z0', colours[2], colours[2][0], 60),
        )
        ends = []
        for x, y, text, pair, key, right in draws:
            ends.append(f.draw(canvas, x, y, text, font.ink(fmt, pair[0], pair[1]), right, key))
        print(json.dumps({
            'font': name, 'format': fmt_name, 'width': W, 'height': H, 'fill': fill,
            'rect': [W // 2, 0, W // 4, H, 1],
            'draws': [[d[0], d[1], d[2], d[3][0], d[3][1], d[4], d[5]] for d in draws],
            'ends': ends, 'cell': [f.width, f.height],
            'measure': f.measure('$1234'), 'same': font.load(name) is f,
            'buf': binascii.hexlify(buf).decode(),
        }))
try:
    font.load('huge')
    print(json.dumps({'bad_name': 'accepted'}))
except ValueError:
    print(json.dumps({'bad_name': 'refused'}))
