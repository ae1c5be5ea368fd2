# Run by the MicroPython interpreter (and by CPython with host_sim/shim first
# on the path, for comparison):
#   micropython -X heapsize=... tests/mp/glyphs_draw.py FIRMWARE_DIR [DIR...]
# The directories go first on sys.path, in the order given. For every font
# font.load() takes (font.names(), the scaled ones too) and both canvas
# formats, draws lines of text into a small canvas (clipped at every edge,
# every symbol the font holds, characters it lacks, opaque and transparent
# text) and prints one line of JSON: what was drawn and the canvas's bytes in
# hex. The last line: whether an unknown font name is refused.
import sys
for n, d in enumerate(sys.argv[1:]):
    sys.path.insert(n, d)
import binascii
import gc
import json
import framebuf
from trackside.ui import font

# The symbols, in the words of the games; \u2605 (star) and \xe9 no font holds
SYMBOLS = '\xa7\xa3\xd7\u2192\u2190\xb7\u2212\u20ac\xb0\u2026'
MONEY = '\xa31\u2605\xd72-$3\xe9'

# (format name, format, canvas fill, (bg, fg) for each line)
FORMATS = (
    ('GS4_HMSB', framebuf.GS4_HMSB, 3, ((5, 12), (0, 15), (3, 9), (2, 14))),
    ('MONO_VLSB', framebuf.MONO_VLSB, 0, ((0, 1), (1, 0), (0, 1), (1, 0))),
)

for name in font.names():
    f = font.load(name)
    h = f.height
    H = 3 * h + 5
    # 12 cells wide (every symbol on one line), odd: GS4_HMSB rows end in half a byte
    W = max(101, 12 * f.width + 1)
    # as many characters as reach past the canvas's right edge
    wide = W // f.width + 2
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
            (-3, -2, (' !Ag$0\xe9~|0123456789-12+$3/4' * 2)[:wide + 1], colours[0], -1, W),
            (f.width // 2, H - h // 2, MONEY, colours[1], -1, None),
            (7, h + 1, '$9?\u2605' + SYMBOLS[3:], colours[2], colours[2][0], 60),
            (1 - f.width, 2 * h + 2, '\xe9' + SYMBOLS + '\u2605', colours[3], -1, None),
        )
        ends = []
        for x, y, text, pair, key, right in draws:
            ends.append(f.draw(canvas, x, y, text, font.ink(fmt, pair[0], pair[1]), right, key))
        # the record as one line of JSON, the canvas's hex written a piece at
        # a time: the 32x64 font's canvas would need 20 KB of string at once
        sys.stdout.write(json.dumps({
            'font': name, 'format': fmt_name, 'width': W, 'height': H, 'fill': fill,
            'rect': [W // 2, 0, W // 4, H, 1],
            'draws': [[d[0], d[1], d[2], d[3][0], d[3][1], d[4], d[5]] for d in draws],
            'ends': ends, 'cell': [f.width, f.height],
            'measure': f.measure('$1234'), 'same': font.load(name) is f,
        })[:-1] + ', "buf": "')
        for i in range(0, len(buf), 256):
            sys.stdout.write(binascii.hexlify(buf[i:i + 256]).decode())
        sys.stdout.write('"}\n')
        canvas = buf = None
        gc.collect()
    # a device holds a few fonts, not all of them
    del font._loaded[name]
    f = None
    gc.collect()
try:
    font.load('huge')
    print(json.dumps({'bad_name': 'accepted'}))
except ValueError:
    print(json.dumps({'bad_name': 'refused'}))
