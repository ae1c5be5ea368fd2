# PNG files: the simulator's screenshots and the reference pictures the tests compare
# with (tests/screens/). Pillow (pinned in requirements-dev.txt) decodes them, whatever
# wrote them: any row filter, interlaced or not, in C. Before Pillow sees a file its
# chunks are checked here, because Pillow accepts a file cut short before IEND and does
# not check the CRC of the image data: a damaged reference must be an error, never a
# picture that happens to differ.
#
# Written as 8-bit RGB with every row unfiltered (filter type 0) and zlib level 9: screens
# are flat areas of a few colours, which pack as small that way as with Pillow's adaptive
# filters (its encoder has no choice of filter), and the files stay byte-for-byte what
# they were, so the reviewed references do not change when nothing in them did.
import io
import struct
import zlib

from PIL import Image

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


def write_image(path_or_file, image):
    """Write a Pillow RGB image as write_png does."""
    write_png(path_or_file, image.width, image.height, image.convert('RGB').tobytes())


def check_png(data):
    """Refuse (ValueError) a file that is not a whole, undamaged 8-bit RGB PNG."""
    if data[:8] != SIGNATURE:
        raise ValueError('not a PNG file')
    pos = 8
    header = None
    while True:
        if pos + 12 > len(data):
            raise ValueError('PNG file is truncated (no IEND chunk)')
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        crc_at = pos + 8 + length
        if crc_at + 4 > len(data):
            raise ValueError('PNG file is truncated in chunk %r' % kind)
        (crc,) = struct.unpack('>I', data[crc_at:crc_at + 4])
        if crc != zlib.crc32(data[pos + 4:crc_at]):
            raise ValueError('PNG chunk %r has a bad CRC' % kind)
        if kind == b'IHDR':
            header = struct.unpack('>IIBBBBB', data[pos + 8:crc_at])
        elif kind == b'IEND':
            break
        pos = crc_at + 4
    if header is None:
        raise ValueError('PNG file has no IHDR chunk')
    depth, colour = header[2], header[3]
    if (depth, colour) != (8, 2):
        raise ValueError('only 8-bit RGB PNGs can be read (this one: depth %d, colour type %d)'
                         % (depth, colour))


def decode_image(data):
    """A Pillow RGB image from the bytes of an 8-bit RGB PNG (checked first)."""
    check_png(data)
    try:
        image = Image.open(io.BytesIO(data))
        image.load()
    except (OSError, SyntaxError, zlib.error) as e:     # what Pillow raises on bad data
        raise ValueError('PNG image data cannot be read: %s' % e) from None
    return image


def decode_png(data):
    """(width, height, rgb bytes) from the bytes of an 8-bit RGB PNG."""
    image = decode_image(data)
    return image.width, image.height, image.tobytes()


def _read(path_or_file):
    if hasattr(path_or_file, 'read'):
        return path_or_file.read()
    with open(path_or_file, 'rb') as f:
        return f.read()


def read_image(path_or_file):
    """A Pillow RGB image of an 8-bit RGB PNG file."""
    return decode_image(_read(path_or_file))


def read_png(path_or_file):
    """(width, height, rgb bytes) of an 8-bit RGB PNG file."""
    return decode_png(_read(path_or_file))
