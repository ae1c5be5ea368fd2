# A tiny PNG writer and reader for the simulator's screenshots and the tests
# that compare them with reference images. Pure Python (zlib and struct), so
# the host side needs nothing installed.
#
# write_png writes 8-bit RGB, no interlace, every row with filter 0 (None):
# screens are flat areas of a few colours, which zlib packs well unfiltered.
# read_png reads 8-bit RGB PNGs with any of the five row filters, so it also
# reads reference images saved by other tools, as long as they are 8-bit RGB.
import struct
import zlib

SIGNATURE = b'\x89PNG\r\n\x1a\n'


def _chunk(kind, data):
    # length, type, data, CRC of type + data (PNG spec, section 5.3)
    return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))


def encode_png(width, height, rgb):
    """The bytes of a PNG file for width x height pixels of R, G, B bytes."""
    if width < 1 or height < 1:
        raise ValueError('a PNG needs at least one pixel, not %dx%d' % (width, height))
    row = width * 3
    if len(rgb) != row * height:
        raise ValueError('rgb has %d bytes; %dx%d RGB needs %d' % (len(rgb), width, height, row * height))
    rgb = bytes(rgb)
    # Each row is preceded by its filter type byte: 0, no filter.
    raw = b''.join(b'\x00' + rgb[y * row:(y + 1) * row] for y in range(height))
    # IHDR: width, height, bit depth 8, colour type 2 (RGB), compression 0,
    # filter method 0, no interlace.
    ihdr = struct.pack('>IIBBBBB', width, height, 8, 2, 0, 0, 0)
    return (SIGNATURE + _chunk(b'IHDR', ihdr) + _chunk(b'IDAT', zlib.compress(raw, 9))
            + _chunk(b'IEND', b''))


def write_png(path_or_file, width, height, rgb):
    """Write an 8-bit RGB PNG. rgb: width*height*3 bytes, rows top to bottom."""
    data = encode_png(width, height, rgb)
    if hasattr(path_or_file, 'write'):
        path_or_file.write(data)
    else:
        with open(path_or_file, 'wb') as f:
            f.write(data)


def decode_png(data):
    """(width, height, rgb bytes) from the bytes of an 8-bit RGB PNG."""
    if data[:8] != SIGNATURE:
        raise ValueError('not a PNG file')
    pos = 8
    header = None
    idat = []
    while True:
        if pos + 12 > len(data):
            raise ValueError('PNG file is truncated (no IEND chunk)')
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        crc_at = pos + 8 + length
        if len(body) != length or crc_at + 4 > len(data):
            raise ValueError('PNG file is truncated in chunk %r' % kind)
        (crc,) = struct.unpack('>I', data[crc_at:crc_at + 4])
        if crc != zlib.crc32(kind + body):
            raise ValueError('PNG chunk %r has a bad CRC' % kind)
        pos = crc_at + 4
        if kind == b'IHDR':
            header = struct.unpack('>IIBBBBB', body)
        elif kind == b'IDAT':
            idat.append(body)
        elif kind == b'IEND':
            break
        # Other chunks (gAMA, sRGB, tEXt, ...) do not change the pixels we read.
    if header is None:
        raise ValueError('PNG file has no IHDR chunk')
    width, height, depth, colour, compression, filtering, interlace = header
    if (depth, colour, compression, filtering, interlace) != (8, 2, 0, 0, 0):
        raise ValueError('only 8-bit RGB, non-interlaced PNGs can be read '
                         '(this one: depth %d, colour type %d, interlace %d)' % (depth, colour, interlace))
    raw = zlib.decompress(b''.join(idat))
    row = width * 3
    if len(raw) != (row + 1) * height:
        raise ValueError('PNG image data is %d bytes, expected %d' % (len(raw), (row + 1) * height))
    out = bytearray(row * height)
    prev = bytearray(row)  # the row above the first is all zeros
    for y in range(height):
        start = y * (row + 1)
        ftype = raw[start]
        line = bytearray(raw[start + 1:start + 1 + row])
        _unfilter(ftype, line, prev)
        out[y * row:(y + 1) * row] = line
        prev = line
    return width, height, bytes(out)


def _unfilter(ftype, line, prev, bpp=3):
    # Undo one row's filter in place (PNG spec, section 9.2). `bpp`: bytes
    # per pixel; a = the byte one pixel to the left, b = above, c = above left.
    if ftype == 0:
        return
    n = len(line)
    if ftype == 1:  # Sub
        for i in range(bpp, n):
            line[i] = (line[i] + line[i - bpp]) & 0xFF
    elif ftype == 2:  # Up
        for i in range(n):
            line[i] = (line[i] + prev[i]) & 0xFF
    elif ftype == 3:  # Average
        for i in range(n):
            a = line[i - bpp] if i >= bpp else 0
            line[i] = (line[i] + ((a + prev[i]) >> 1)) & 0xFF
    elif ftype == 4:  # Paeth
        for i in range(n):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            if pa <= pb and pa <= pc:
                pred = a
            elif pb <= pc:
                pred = b
            else:
                pred = c
            line[i] = (line[i] + pred) & 0xFF
    else:
        raise ValueError('PNG row has unknown filter type %d' % ftype)


def read_png(path_or_file):
    """(width, height, rgb bytes) of an 8-bit RGB PNG file."""
    if hasattr(path_or_file, 'read'):
        return decode_png(path_or_file.read())
    with open(path_or_file, 'rb') as f:
        return decode_png(f.read())
