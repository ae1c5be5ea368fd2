# host_sim/shim/framebuf.py draws the same bytes as MicroPython's framebuf:
# every scene in tests/mp/framebuf_scene.py is drawn by the real interpreter
# and by the shim, and the results must be identical. Plus host_sim/png.py.
import importlib.util
import io
import os
import struct
import sys
import zlib

import pytest

from conftest import ROOT, run_micropython

SHIM = os.path.join(ROOT, 'host_sim', 'shim')
SCENE_SCRIPT = os.path.join('tests', 'mp', 'framebuf_scene.py')
if SHIM not in sys.path:
    sys.path.insert(0, SHIM)

import framebuf  # noqa: E402  (the shim: CPython has no framebuf of its own)

from host_sim.png import decode_png, encode_png, read_png, write_png  # noqa: E402


def load_scenes():
    # The scene script, imported as a module: with the shim as `framebuf`.
    spec = importlib.util.spec_from_file_location('framebuf_scene', os.path.join(ROOT, SCENE_SCRIPT))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


scenes = load_scenes()
SCENES = dict(scenes.SCENES)


@pytest.fixture(scope='module')
def micropython_results():
    out = run_micropython([SCENE_SCRIPT])
    results = {}
    for line in out.splitlines():
        name, _, result = line.partition(' ')
        results[name] = result
    return results


def test_the_shim_is_what_was_imported():
    assert os.path.dirname(os.path.abspath(framebuf.__file__)) == SHIM
    assert scenes.framebuf is framebuf


def test_micropython_ran_every_scene(micropython_results):
    assert list(micropython_results) == [name for name, _ in scenes.SCENES]
    assert len(micropython_results) > 90


@pytest.mark.parametrize('name', list(SCENES))
def test_scene_is_identical_to_micropython(name, micropython_results):
    assert ' '.join(SCENES[name]()) == micropython_results[name]


def test_a_wrong_key_rule_would_be_caught(micropython_results, monkeypatch):
    # The scenes can tell the two possible key rules apart: comparing the key
    # with the source colour (before the palette) gives other bytes.
    def blit_key_before_palette(self, src, x, y, key=-1, palette=None, /):
        for sy in range(src._height):
            for sx in range(src._width):
                c = src.pixel(sx, sy)
                if c != key:
                    self.pixel(x + sx, y + sy, palette.pixel(c, 0) if palette else c)
    monkeypatch.setattr(framebuf.FrameBuffer, 'blit', blit_key_before_palette)
    name = 'blit-key-vs-palette'
    assert ' '.join(SCENES[name]()) != micropython_results[name]


# --- the semantics, spelled out (the scenes check them against MicroPython) ---

def test_blit_compares_the_key_after_the_palette():
    dest = bytearray(8)
    fb = framebuf.FrameBuffer(dest, 8, 1, framebuf.GS8)
    src = framebuf.FrameBuffer(bytearray([0, 1, 2, 3]), 4, 1, framebuf.GS8)
    pal = framebuf.FrameBuffer(bytearray([10, 11, 12, 13]), 4, 1, framebuf.GS8)
    fb.blit(src, 0, 0, 11, pal)
    fb.blit(src, 4, 0, 1, pal)
    assert dest == bytes([10, 0, 12, 13, 10, 11, 12, 13])


def test_blit_accepts_the_tuple_form_with_read_only_buffers():
    dest = bytearray(4)
    fb = framebuf.FrameBuffer(dest, 4, 1, framebuf.GS8)
    fb.blit((b'\x01\x02', 2, 1, framebuf.GS8), 1, 0, -1, (b'\x00\x07\x09', 3, 1, framebuf.GS8))
    assert dest == b'\x00\x07\x09\x00'


def test_bit_order_of_each_format():
    cases = (
        (framebuf.GS4_HMSB, 4, 1, [(0, 0, 1), (1, 0, 2)], b'\x12\x00'),  # leftmost: high nibble
        (framebuf.GS2_HMSB, 4, 1, [(0, 0, 1), (1, 0, 2)], b'\x09'),  # leftmost: low bits
        (framebuf.MONO_HLSB, 16, 1, [(0, 0, 1), (9, 0, 1)], b'\x80\x40'),  # leftmost: bit 7
        (framebuf.MONO_HMSB, 16, 1, [(0, 0, 1), (9, 0, 1)], b'\x01\x02'),  # leftmost: bit 0
        (framebuf.MONO_VLSB, 2, 8, [(0, 0, 1), (1, 7, 1)], b'\x01\x80'),  # top: bit 0
        (framebuf.RGB565, 2, 1, [(0, 0, 0x1234), (1, 0, 0xF800)], b'\x34\x12\x00\xf8'),  # little-endian
    )
    for fmt, w, h, pixels, expected in cases:
        buf = bytearray(len(expected))
        fb = framebuf.FrameBuffer(buf, w, h, fmt)
        for x, y, c in pixels:
            fb.pixel(x, y, c)
        assert bytes(buf) == expected, fmt


def test_pixel_outside_reads_none_and_writes_nothing():
    buf = bytearray(4)
    fb = framebuf.FrameBuffer(buf, 2, 2, framebuf.GS8)
    fb.fill(5)
    assert fb.pixel(1, 1) == 5
    assert fb.pixel(2, 0) is None and fb.pixel(0, -1) is None
    fb.pixel(-1, 0, 9)
    fb.pixel(0, 2, 9)
    assert buf == b'\x05' * 4


def test_text_is_not_available():
    fb = framebuf.FrameBuffer(bytearray(8), 8, 8, framebuf.MONO_VLSB)
    with pytest.raises(NotImplementedError, match='own fonts'):
        fb.text('A', 0, 0, 1)


def test_like_the_device_no_width_attribute_and_no_float_coordinates():
    fb = framebuf.FrameBuffer(bytearray(8), 8, 1, framebuf.GS8)
    assert not hasattr(fb, 'width')
    with pytest.raises(TypeError):
        fb.fill_rect(0.5, 0, 2, 1, 1)


def test_full_screen_gs4_fill_with_an_odd_left_edge():
    # A whole screen at once, from an odd x (half bytes at the left edge). How fast the
    # shim draws is the simulator benchmark's question (host_sim/bench_window.py), not a
    # test's: a wall-clock limit here failed on a busy machine.
    buf = bytearray(240 * 135 // 2)
    fb = framebuf.FrameBuffer(buf, 240, 135, framebuf.GS4_HMSB)
    fb.fill_rect(1, 0, 239, 135, 7)
    fb.hline(0, 3, 240, 2)
    assert buf[0] == 0x07 and buf[1] == 0x77 and buf[3 * 120] == 0x22
    assert buf[120 * 134] == 0x07 and buf[-1] == 0x77         # the last row filled too
    assert buf[3 * 120:4 * 120] == bytes([0x22]) * 120        # the line covers its row


# --- PNG ---------------------------------------------------------------------

def chunks(data):
    # An independent walk through the chunks: (type, body), checking CRCs.
    assert data[:8] == b'\x89PNG\r\n\x1a\n'
    pos, out = 8, []
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack('>I', data[pos + 8 + length:pos + 12 + length])
        assert crc == zlib.crc32(kind + body) & 0xFFFFFFFF, kind
        out.append((kind, body))
        pos += 12 + length
    return out


def test_png_is_a_valid_8_bit_rgb_png():
    # No PNG decoder in the venv (no Pillow; tkinter's needs a display), so
    # check the file at the zlib level: chunks, CRCs, header, pixel rows.
    w, h = 5, 3
    rgb = bytes((i * 29) & 0xFF for i in range(w * h * 3))
    data = encode_png(w, h, rgb)
    parts = chunks(data)
    kinds = [k for k, _ in parts]
    assert kinds[0] == b'IHDR' and kinds[-1] == b'IEND' and b'IDAT' in kinds
    assert struct.unpack('>IIBBBBB', parts[0][1]) == (w, h, 8, 2, 0, 0, 0)
    raw = zlib.decompress(b''.join(b for k, b in parts if k == b'IDAT'))
    rows = [raw[y * (1 + 3 * w):(y + 1) * (1 + 3 * w)] for y in range(h)]
    assert len(raw) == h * (1 + 3 * w)
    assert all(r[0] == 0 for r in rows)  # filter: None
    assert b''.join(r[1:] for r in rows) == rgb


def test_png_round_trip_through_a_file_and_a_path(tmp_path):
    for w, h in ((1, 1), (3, 2), (240, 135)):
        rgb = bytes((i * 7 + i // 5) & 0xFF for i in range(w * h * 3))
        path = str(tmp_path / ('%dx%d.png' % (w, h)))
        write_png(path, w, h, rgb)
        assert read_png(path) == (w, h, rgb)
        f = io.BytesIO()
        write_png(f, w, h, bytearray(rgb))
        f.seek(0)
        assert read_png(f) == (w, h, rgb)


def test_png_of_a_canvas_screenshot(tmp_path):
    # The canvas scene through a 16-colour palette, as the simulator will.
    w, h = 240, 135
    hexrows = SCENES['canvas']()
    canvas = bytes.fromhex(''.join(hexrows))
    palette = [((i * 16) & 0xFF, (255 - i * 16) & 0xFF, (i * 40) & 0xFF) for i in range(16)]
    rgb = bytearray()
    for b in canvas:
        rgb += bytes(palette[b >> 4]) + bytes(palette[b & 15])
    path = str(tmp_path / 'canvas.png')
    write_png(path, w, h, rgb)
    assert read_png(path) == (w, h, bytes(rgb))
    assert os.path.getsize(path) < len(rgb) // 10  # flat colours compress


def png_from_rows(w, h, filtered_rows):
    ihdr = struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)

    def chunk(kind, body):
        return struct.pack('>I', len(body)) + kind + body + struct.pack('>I', zlib.crc32(kind + body))
    idat = zlib.compress(b''.join(bytes(r) for r in filtered_rows))
    # Split the image data over two IDAT chunks, as encoders may.
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', ihdr) + chunk(b'tEXt', b'Comment\x00hi')
            + chunk(b'IDAT', idat[:5]) + chunk(b'IDAT', idat[5:]) + chunk(b'IEND', b''))


def test_png_reader_undoes_every_filter():
    # A 2x2 image, its rows filtered by hand (PNG spec 9.2), all five filters.
    pixels = bytes([10, 20, 30, 15, 25, 35,
                    12, 22, 32, 5, 100, 50])
    variants = (
        [[0, 10, 20, 30, 15, 25, 35], [0, 12, 22, 32, 5, 100, 50]],  # None, None
        [[1, 10, 20, 30, 5, 5, 5], [2, 2, 2, 2, 246, 75, 15]],  # Sub, Up (wraps)
        [[0, 10, 20, 30, 15, 25, 35], [3, 7, 12, 17, 248, 77, 17]],  # None, Average
        [[4, 10, 20, 30, 5, 5, 5], [4, 2, 2, 2, 246, 75, 15]],  # Paeth, Paeth
    )
    for rows in variants:
        assert decode_png(png_from_rows(2, 2, rows)) == (2, 2, pixels), rows


def test_png_reader_refuses_damage_and_other_kinds():
    good = encode_png(2, 1, bytes(6))
    with pytest.raises(ValueError, match='CRC'):
        decode_png(good[:20] + bytes([good[20] ^ 1]) + good[21:])
    with pytest.raises(ValueError, match='not a PNG'):
        decode_png(b'GIF89a' + good[6:])
    with pytest.raises(ValueError, match='truncated'):
        decode_png(good[:-12])
    grey = bytearray(good)
    grey[25] = 0  # colour type 0: greyscale
    grey[29:33] = struct.pack('>I', zlib.crc32(bytes(grey[12:29])))
    with pytest.raises(ValueError, match='8-bit RGB'):
        decode_png(bytes(grey))
    with pytest.raises(ValueError):
        encode_png(2, 2, bytes(11))
