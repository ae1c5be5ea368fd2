"""Generate the firmware's bitmap fonts from the vendored Terminus Font PCF files.

    python tools/make_fonts.py            # rewrites firmware/trackside/ui/fonts/
    python tools/make_fonts.py --out DIR  # writes the same files into DIR (the tests)

Reads tools/fonts/*.pcf.gz (Terminus Font 4.48, SIL Open Font License 1.1, see
tools/fonts/LICENSE-terminus.txt) with the small PCF parser below and writes one
module per font plus the package's __init__.py. The output depends only on the
PCF files and this script: running it again reproduces the files byte for byte.

Module layout (read by firmware/trackside/ui/font.py):
  WIDTH, HEIGHT   the character cell in pixels (Terminus is fixed-width)
  FIRST, LAST     the code points held, a contiguous range, and
  EXTRA           a string of the characters stored after that range; or
  CHARS           a string of the characters held, in order
  TOP, ROWS       the rows of the cell that are stored: TOP..TOP+ROWS-1, the
                  rows that any glyph of the font inks (the blank rows above
                  and below all of them are not stored: less memory)
  DATA            bytes: the glyphs one after another, each ROWS rows of
                  ceil(WIDTH / 8) bytes, MONO_HLSB (bit 7 of a row's first byte
                  is the leftmost pixel)

The PCF format: the X.Org "PCF" file format description (libXfont's pcfread.c)
and FreeType's src/pcf/. All integers are little-endian except inside a table
whose format word has PCF_BYTE_MASK set; the format word itself is always
little-endian.
"""
import gzip
import os
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = os.path.join(ROOT, 'tools', 'fonts')
OUT = os.path.join(ROOT, 'firmware', 'trackside', 'ui', 'fonts')

ASCII = ''.join(chr(c) for c in range(32, 127))
# Beyond ASCII, what the games show, stored after the ASCII range (EXTRA in
# the module), each checked to be drawn by Terminus itself (font_module):
#   \u00a7 section   the rules cite the digest's sections: "(\u00a71)"
#   \u00a3 pound     Brass's money
#   \u00d7 times     "\u00d72"
#   \u2192 \u2190       arrows: "Green short $2 \u2192 income -3"
#   \u00b7 middle dot  a separator
#   \u2212 minus     optional: '-' stays the usual one (Terminus draws both alike)
#   \u20ac euro, \u00b0 degree
#   \u2026 ellipsis  shortened text
# Not here: \u2605 (black star): Terminus 4.48 has no glyph for it at any size.
SYMBOLS = '\u00a7\u00a3\u00d7\u2192\u2190\u00b7\u2212\u20ac\u00b0\u2026'
TEXT = ASCII + SYMBOLS
REPLACEMENT = '?'   # drawn for a character a font does not hold: every font holds it
# numbers and money only: amounts ("$12", "\u00a312", "-3", "\u00d72")
DIGITS = '0123456789$-+/ ' + REPLACEMENT + '\u00a3\u00d7'

# name: (PCF file, characters, what it is for)
FONTS = (
    ('small', 'ter-u16n_unicode.pcf.gz', TEXT, 'Terminus 8x16 normal'),
    ('medium', 'ter-u24b_unicode.pcf.gz', TEXT, 'Terminus 12x24 bold'),
    ('digits', 'ter-u32b_unicode.pcf.gz', DIGITS,
     'Terminus 16x32 bold, numbers and money only'),
    ('tiny', 'ter-u12n_unicode.pcf.gz', TEXT, 'Terminus 6x12 normal, for the 128x64 OLED'),
    # for screens at least 240 pixels tall (the 320x240 Pico Display Pack 2.0)
    ('normal20', 'ter-u20n_unicode.pcf.gz', TEXT, 'Terminus 10x20 normal'),
    ('bold28', 'ter-u28b_unicode.pcf.gz', TEXT, 'Terminus 14x28 bold'),
)

# ---------------------------------------------------------------- PCF parser

PCF_MAGIC = b'\x01fcp'
PCF_PROPERTIES = 1 << 0
PCF_ACCELERATORS = 1 << 1
PCF_METRICS = 1 << 2
PCF_BITMAPS = 1 << 3
PCF_INK_METRICS = 1 << 4
PCF_BDF_ENCODINGS = 1 << 5
PCF_SWIDTHS = 1 << 6
PCF_GLYPH_NAMES = 1 << 7
PCF_BDF_ACCELERATORS = 1 << 8

PCF_FORMAT_MASK = 0xffffff00
PCF_DEFAULT_FORMAT = 0x00000000
PCF_INKBOUNDS = 0x00000200
PCF_ACCEL_W_INKBOUNDS = 0x00000100
PCF_COMPRESSED_METRICS = 0x00000100

PCF_GLYPH_PAD_MASK = 3 << 0     # row padding: 1 << (format & 3) bytes
PCF_BYTE_MASK = 1 << 2          # set: most significant byte first
PCF_BIT_MASK = 1 << 3           # set: most significant bit first (leftmost pixel)
PCF_SCAN_UNIT_MASK = 3 << 4     # 1 << ((format >> 4) & 3) bytes

NO_GLYPH = 0xffff


class PCFError(ValueError):
    pass


class Metrics(object):
    # One glyph's metrics, as in BDF: bearings from the origin, ascent above
    # the baseline, descent below it; the bitmap is (rsb - lsb) x (ascent + descent).
    __slots__ = ('lsb', 'rsb', 'width', 'ascent', 'descent', 'attributes')

    def __init__(self, lsb, rsb, width, ascent, descent, attributes=0):
        self.lsb, self.rsb, self.width = lsb, rsb, width
        self.ascent, self.descent, self.attributes = ascent, descent, attributes

    def __repr__(self):
        return 'Metrics(%d, %d, %d, %d, %d)' % (self.lsb, self.rsb, self.width,
                                                self.ascent, self.descent)


class Table(object):
    # A reader over one table: its format word decides the byte order of the rest.

    def __init__(self, data, offset, size, kind):
        if offset < 0 or size < 4 or offset + 4 > len(data):
            raise PCFError('table %#x lies outside the file' % kind)
        self.data = data
        self.kind = kind
        # bdftopcf may declare a table longer than the file holds (the last
        # one, the accelerators, in Terminus): clamp it as FreeType does.
        self.end = min(offset + size, len(data))
        self.format = struct.unpack_from('<I', data, offset)[0]
        self.pos = offset + 4
        self.order = '>' if self.format & PCF_BYTE_MASK else '<'

    def read(self, fmt):
        fmt = self.order + fmt
        n = struct.calcsize(fmt)
        if self.pos + n > self.end:
            raise PCFError('table %#x is truncated' % self.kind)
        values = struct.unpack_from(fmt, self.data, self.pos)
        self.pos += n
        return values

    def one(self, fmt):
        return self.read(fmt)[0]

    def bytes(self, n):
        if self.pos + n > self.end:
            raise PCFError('table %#x is truncated' % self.kind)
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out

    def metrics(self, compressed):
        if compressed:
            lsb, rsb, width, ascent, descent = (v - 0x80 for v in self.read('5B'))
            return Metrics(lsb, rsb, width, ascent, descent)
        return Metrics(*self.read('5hH'))


class PCFFont(object):
    """A parsed PCF font: metrics, bitmaps (unpacked to rows of 0/1), encodings,
    accelerators (font ascent and descent) and properties."""

    def __init__(self, data):
        if data[:2] == b'\x1f\x8b':
            data = gzip.decompress(data)
        if data[:4] != PCF_MAGIC:
            raise PCFError('not a PCF file')
        count = struct.unpack_from('<i', data, 4)[0]
        if not 0 < count < 64 or 8 + 16 * count > len(data):
            raise PCFError('bad table count %d' % count)
        self.data = data
        self.tables = {}
        for i in range(count):
            kind, fmt, size, offset = struct.unpack_from('<4i', data, 8 + 16 * i)
            self.tables[kind] = (fmt, size, offset)
        for need in (PCF_METRICS, PCF_BITMAPS, PCF_BDF_ENCODINGS):
            if need not in self.tables:
                raise PCFError('no table %#x' % need)
        self.properties = self._properties() if PCF_PROPERTIES in self.tables else {}
        self.metrics = self._metrics()
        self.bitmaps = self._bitmaps()
        self.encoding = self._encodings()
        accel = PCF_BDF_ACCELERATORS if PCF_BDF_ACCELERATORS in self.tables else PCF_ACCELERATORS
        if accel in self.tables:
            self._accelerators(accel)
        else:   # no accelerators: the font's extent from the glyphs themselves
            self.ascent = max(m.ascent for m in self.metrics)
            self.descent = max(m.descent for m in self.metrics)
            self.constant_width = len(set(m.width for m in self.metrics)) == 1
            self.max_width = max(m.width for m in self.metrics)

    def table(self, kind):
        fmt, size, offset = self.tables[kind]
        t = Table(self.data, offset, size, kind)
        if t.format != fmt:
            raise PCFError('table %#x: format %#x in the table of contents, %#x in the table'
                           % (kind, fmt, t.format))
        return t

    def _properties(self):
        t = self.table(PCF_PROPERTIES)
        n = t.one('i')
        props = [t.read('iBi') for _ in range(n)]
        t.bytes((4 - (n & 3)) & 3)      # padding after the properties
        size = t.one('i')
        strings = t.bytes(size)

        def string(at):
            return strings[at:strings.index(b'\0', at)].decode('latin-1')
        out = {}
        for name, is_string, value in props:
            out[string(name)] = string(value) if is_string else value
        return out

    def _metrics(self):
        t = self.table(PCF_METRICS)
        fmt = t.format & PCF_FORMAT_MASK
        if fmt == PCF_COMPRESSED_METRICS:
            return [t.metrics(True) for _ in range(t.one('h'))]
        if fmt == PCF_DEFAULT_FORMAT:
            return [t.metrics(False) for _ in range(t.one('i'))]
        raise PCFError('metrics: unknown format %#x' % t.format)

    def _bitmaps(self):
        t = self.table(PCF_BITMAPS)
        if t.format & PCF_FORMAT_MASK != PCF_DEFAULT_FORMAT:
            raise PCFError('bitmaps: unknown format %#x' % t.format)
        count = t.one('i')
        if count != len(self.metrics):
            raise PCFError('%d bitmaps for %d metrics' % (count, len(self.metrics)))
        offsets = t.read('%di' % count)
        sizes = t.read('4i')
        pad = 1 << (t.format & PCF_GLYPH_PAD_MASK)
        blob = t.bytes(sizes[t.format & PCF_GLYPH_PAD_MASK])
        # As libXfont and FreeType do: bits to MSB-first, then if the byte order
        # differs from the bit order, swap the bytes within each scan unit.
        if not t.format & PCF_BIT_MASK:
            blob = bytes(int('{:08b}'.format(b)[::-1], 2) for b in blob)
        unit = 1 << ((t.format & PCF_SCAN_UNIT_MASK) >> 4)
        if bool(t.format & PCF_BYTE_MASK) != bool(t.format & PCF_BIT_MASK) and unit > 1:
            blob = b''.join(blob[i:i + unit][::-1] for i in range(0, len(blob), unit))
        glyphs = []
        for m, off in zip(self.metrics, offsets):
            w = m.rsb - m.lsb
            h = m.ascent + m.descent
            stride = ((w + 7) // 8 + pad - 1) // pad * pad
            if w < 0 or h < 0 or off < 0 or off + stride * h > len(blob):
                raise PCFError('bitmap out of range: %r at %d' % (m, off))
            rows = []
            for y in range(h):
                row = blob[off + y * stride:off + (y + 1) * stride]
                rows.append([(row[x >> 3] >> (7 - (x & 7))) & 1 for x in range(w)])
            glyphs.append(rows)
        return glyphs

    def _encodings(self):
        t = self.table(PCF_BDF_ENCODINGS)
        if t.format & PCF_FORMAT_MASK != PCF_DEFAULT_FORMAT:
            raise PCFError('encodings: unknown format %#x' % t.format)
        min2, max2, min1, max1, self.default_char = t.read('5h')
        cols = max2 - min2 + 1
        indices = t.read('%dH' % (cols * (max1 - min1 + 1)))
        out = {}
        for i, glyph in enumerate(indices):
            if glyph != NO_GLYPH:
                if glyph >= len(self.metrics):
                    raise PCFError('encoding points past the glyphs')
                out[((min1 + i // cols) << 8) | (min2 + i % cols)] = glyph
        return out

    def _accelerators(self, kind):
        t = self.table(kind)
        if t.format & PCF_FORMAT_MASK not in (PCF_DEFAULT_FORMAT, PCF_ACCEL_W_INKBOUNDS):
            raise PCFError('accelerators: unknown format %#x' % t.format)
        (self.no_overlap, self.constant_metrics, self.terminal_font, self.constant_width,
         self.ink_inside, self.ink_metrics, self.draw_direction, _) = t.read('8B')
        self.ascent, self.descent, self.max_overlap = t.read('3i')
        self.min_bounds = t.metrics(False)
        self.max_bounds = t.metrics(False)
        self.max_width = self.max_bounds.width

    def glyph(self, char):
        """The glyph index for a character, or None."""
        return self.encoding.get(ord(char))

    def cell(self, char):
        """The character drawn into its cell, max_width x (ascent + descent):
        rows of 0/1, the baseline `ascent` rows from the top."""
        index = self.glyph(char)
        if index is None:
            raise KeyError('%r is not in the font' % char)
        m = self.metrics[index]
        bitmap = self.bitmaps[index]
        w, h = self.max_width, self.ascent + self.descent
        out = [[0] * w for _ in range(h)]
        top = self.ascent - m.ascent
        for y, row in enumerate(bitmap):
            for x, bit in enumerate(row):
                cx, cy = m.lsb + x, top + y
                if bit and 0 <= cx < w and 0 <= cy < h:
                    out[cy][cx] = 1
        return out


def load_pcf(path):
    with open(path, 'rb') as f:
        return PCFFont(f.read())


# ---------------------------------------------------------------- the modules

HEADER = '''\
# GENERATED by tools/make_fonts.py from Terminus Font: do not edit; change the
# script and run `python tools/make_fonts.py` instead.
#
# Terminus Font: Copyright (c) 2010-2014 Dimitar Toshkov Zhekov, with Reserved
# Font Name "Terminus Font". Licensed under the SIL Open Font License, Version 1.1:
# the full text is in tools/fonts/LICENSE-terminus.txt.
'''


def pack(cell, width):
    # One glyph cell as MONO_HLSB rows: bit 7 of a row's first byte is x = 0.
    stride = (width + 7) // 8
    out = bytearray()
    for row in cell:
        b = bytearray(stride)
        for x, bit in enumerate(row):
            if bit:
                b[x >> 3] |= 0x80 >> (x & 7)
        out += b
    return bytes(out)


def inked_rows(cells):
    # (first, count): the rows of the cell that any of the glyphs inks.
    rows = [y for y in range(len(cells[0])) if any(any(cell[y]) for cell in cells)]
    return rows[0], rows[-1] - rows[0] + 1


def contiguous(chars):
    return all(ord(b) == ord(a) + 1 for a, b in zip(chars, chars[1:]))


def font_module(name, source, chars, about):
    pcf = load_pcf(os.path.join(SOURCES, source))
    if not pcf.constant_width or any(m.width != pcf.max_width for m in pcf.metrics):
        raise PCFError('%s is not fixed-width' % source)
    if REPLACEMENT not in chars:
        raise ValueError('font %s has no %r' % (name, REPLACEMENT))
    missing = [c for c in chars if pcf.glyph(c) is None]
    if missing:
        # never drawn as the PCF's default glyph: say so and leave it out
        raise PCFError('%s has no glyph for %s' % (source, ascii(''.join(missing))))
    width, height = pcf.max_width, pcf.ascent + pcf.descent
    cells = [pcf.cell(c) for c in chars]
    top, rows = inked_rows(cells)
    glyphs = [pack(cell[top:top + rows], width) for cell in cells]
    lines = [HEADER,
             '# %s: %s (%s), %d characters.' % (name, about, source, len(chars)),
             '# Each glyph: rows TOP..TOP+ROWS-1 of the cell, each ceil(WIDTH / 8) bytes,',
             '# MONO_HLSB; the other rows are blank in every glyph.',
             '',
             'WIDTH = %d' % width,
             'HEIGHT = %d' % height,
             'TOP = %d' % top,
             'ROWS = %d' % rows]
    run = len(chars)
    while run > 1 and not contiguous(chars[:run]):
        run -= 1
    if run == len(chars):
        lines.append('FIRST = %d' % ord(chars[0]))
        lines.append('LAST = %d' % ord(chars[-1]))
    elif run > 1 and REPLACEMENT in chars[:run]:
        # a contiguous range, then a few more characters after it
        lines.append('FIRST = %d' % ord(chars[0]))
        lines.append('LAST = %d' % ord(chars[run - 1]))
        lines.append('EXTRA = %s' % ascii(chars[run:]))
    else:
        lines.append('CHARS = %s' % ascii(chars))
    lines.append('DATA = (')
    for c, data in zip(chars, glyphs):
        lines.append("    b'%s'  # %s" % (''.join('\\x%02x' % b for b in data), ascii(c)))
    lines.append(')')
    return '\n'.join(lines) + '\n'


def package_init():
    return '\n'.join([
        HEADER,
        '# One module per font, imported when first used (trackside.ui.font.load):',
        '# a device keeps only the fonts it draws with in memory.',
        '',
        'NAMES = (%s)' % ', '.join(repr(f[0]) for f in FONTS),
    ]) + '\n'


def generate():
    # {file name: text}
    out = {'__init__.py': package_init()}
    for name, source, chars, about in FONTS:
        out[name + '.py'] = font_module(name, source, chars, about)
    return out


def write(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    files = generate()
    for name in sorted(files):
        with open(os.path.join(out_dir, name), 'w', newline='\n', encoding='ascii') as f:
            f.write(files[name])
    return sorted(files)


def main(argv):
    out_dir = OUT
    if argv[:1] == ['--out'] and len(argv) == 2:
        out_dir = argv[1]
    elif argv:
        sys.stderr.write(__doc__)
        return 2
    for name in write(out_dir):
        print(os.path.join(out_dir, name))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
