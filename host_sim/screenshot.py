# The canvas as an RGB picture: what the panel shows, pixel for pixel, for
# PNG screenshots and the simulator's window. Reads the canvas bytes as the
# display driver does: GS4_HMSB through the palette, or MONO_VLSB.
import framebuf


def rgb(display, colours=None, lit=(120, 200, 255)):
    # width*height*3 bytes, rows top to bottom. colours: the palette the UI
    # set (a headless display remembers it; by default the UI's own).
    w, h = display.width, display.height
    c = display.canvas
    out = bytearray(w * h * 3)
    if display.mono:
        colours = [(0, 0, 0), lit]
    elif colours is None:
        colours = getattr(display, 'colours', None)
        if colours is None:
            from trackside.ui import theme
            colours = theme.rgb_list()
    table = [bytes(col) for col in colours]
    i = 0
    for y in range(h):
        for x in range(w):
            out[i:i + 3] = table[c.pixel(x, y)]
            i += 3
    return bytes(out)


def scaled(rgb_bytes, w, h, k):
    # Each pixel k x k: a 240x135 screen is small on a PC monitor.
    out = bytearray()
    for y in range(h):
        row = bytearray()
        for x in range(w):
            row += rgb_bytes[(y * w + x) * 3:(y * w + x) * 3 + 3] * k
        out += bytes(row) * k
    return bytes(out)
