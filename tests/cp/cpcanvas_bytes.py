# The CircuitPython canvas (boards/cp_canvas.py, a blinka displayio.Bitmap on the host)
# in MicroPython's byte layout, to compare it with the MicroPython canvas, and as the
# picture a panel should show. Test helpers: they read blinka's Bitmap storage (32-bit
# words, the leftmost pixel in the top bits, as CircuitPython's C keeps it).
from array import array


def packed(display):
    bm = display.back
    w, h = display.width, display.height
    words = bm._data
    stride = bm._stride
    if not display.mono:
        # 4 bits a pixel: a word big-endian is 4 GS4_HMSB bytes (first pixel high)
        a = array('L', words)
        if a.itemsize != 4:
            a = array('I', words)
        a.byteswap()
        raw = a.tobytes()
        row = (w + 1) // 2
        return b''.join(raw[y * stride * 4:y * stride * 4 + row] for y in range(h))
    out = bytearray(w * ((h + 7) // 8))
    for y in range(h):
        base = y * stride
        bit = 1 << (y & 7)
        page = (y >> 3) * w
        for x in range(w):
            if (words[base + (x >> 5)] >> (31 - (x & 31))) & 1:
                out[page + x] |= bit
    return bytes(out)


def picture(display, panel):
    # what the glass should show: the canvas through the palette as the panel shows
    # colours (RGB565 on the ST7789; lit white on the OLED)
    from host_sim import panels
    c = display.canvas
    w, h = display.width, display.height
    if display.mono:
        table = [b'\x00\x00\x00', b'\xff\xff\xff']
    else:
        table = []
        for i in range(16):
            v = display.pal[i]
            r, g, b = (v >> 16) & 255, (v >> 8) & 255, v & 255
            table.append(bytes(panels._rgb565_to_rgb(((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3))))
    return b''.join(table[c.pixel(x, y)] for y in range(h) for x in range(w))
