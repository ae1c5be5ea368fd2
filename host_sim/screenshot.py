# The canvas as an RGB picture: what the UI drew, pixel for pixel, read from the canvas
# bytes as the display driver does (GS4_HMSB through the palette, or MONO_VLSB), for the
# tests that compare it with what the panel shows. And a picture made bigger for a PC
# screen. Pillow does the per-pixel work.
from PIL import Image


def image(display, colours=None, lit=(120, 200, 255)):
    """The canvas as a Pillow RGB image. colours: the palette the UI set (a headless
    display remembers it; by default the UI's own)."""
    w, h = display.width, display.height
    if display.mono:
        colours = [(0, 0, 0), lit]
    elif colours is None:
        colours = getattr(display, 'colours', None)
        if colours is None:
            from trackside.ui import theme
            colours = theme.rgb_list()
    buf = getattr(display, 'buffer', None)
    if not display.mono and buf is not None and len(buf) == ((w + 1) // 2) * h:
        # GS4_HMSB: two pixels a byte, the left one in the high nibble: Pillow's P;4
        indices = Image.frombytes('P', (w, h), bytes(buf), 'raw', 'P;4')
    else:
        # MONO_VLSB (a byte is a column of 8 rows), or a canvas without its bytes at hand
        c = display.canvas
        indices = Image.frombytes('P', (w, h), bytes(c.pixel(x, y) for y in range(h) for x in range(w)))
    flat = []
    for col in colours:
        flat.extend(col)
    indices.putpalette(flat)
    return indices.convert('RGB')


def rgb(display, colours=None, lit=(120, 200, 255)):
    """width*height*3 bytes, rows top to bottom (see image())."""
    return image(display, colours, lit).tobytes()


def scaled_image(picture, k):
    """Each pixel k x k: a 240x135 screen is small on a PC monitor."""
    if k == 1:
        return picture
    return picture.resize((picture.width * k, picture.height * k), Image.Resampling.NEAREST)


def scaled(rgb_bytes, w, h, k):
    """The same for the bytes of a w x h RGB picture."""
    return scaled_image(Image.frombytes('RGB', (w, h), bytes(rgb_bytes)), k).tobytes()
