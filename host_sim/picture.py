# The panel's picture as the window and the terminal show it: a Pillow image, what
# changed in it since the last look, and PNG files of it.
from host_sim import png


def write_png(device, path, scale):
    from host_sim.screenshot import scaled_image
    png.write_image(path, scaled_image(picture_of(device.panel), scale))


def picture_of(panel):
    # The panel's picture as a Pillow image (the ST7789 keeps one; the others are made
    # from their rgb()).
    if hasattr(panel, 'image'):
        return panel.image()
    from PIL import Image
    return Image.frombytes('RGB', (panel.width, panel.height), bytes(panel.rgb()))


def region(picture, rect):
    """What the window redraws for a changed rectangle (x, y, w, h) of the panel's
    picture: (binary PPM data of that part, (x, y, w, h) clipped to the picture), or None
    for an empty one. Tk's PhotoImage put takes the PPM as it is; the window then copies
    that part into its scaled image with Tk's own zoom."""
    if rect is None:
        return None
    x, y, w, h = rect
    x0, y0 = max(0, x), max(0, y)
    x1, y1 = min(picture.width, x + w), min(picture.height, y + h)
    if x0 >= x1 or y0 >= y1:
        return None
    part = picture.crop((x0, y0, x1, y1))
    return b'P6 %d %d 255\n' % part.size + part.tobytes(), (x0, y0, x1 - x0, y1 - y0)


# what changes in a mono panel whenever it is sent anything (SSD1306Panel: every byte;
# cphost.SH1106Panel: the pixels, and on/off and inversion)
MARKS = ('bytes_received', 'data_bytes', 'on', 'inverted', 'display_on')


class Picture:
    """What changed in a panel's picture since the last look: the ST7789 says which
    rectangle its memory writes touched (panels.ST7789Panel.take_damage); the mono panels
    are compared with the picture before (they are small)."""

    def __init__(self, panel):
        self.panel = panel
        self.image = None
        self.mark = None

    def changed(self):
        # (picture, rectangle (x, y, w, h) changed, or None)
        panel = self.panel
        if hasattr(panel, 'take_damage'):
            rect = panel.take_damage()
            if rect is None and self.image is not None:
                return self.image, None     # nothing sent: no new picture to make
            image = panel.image()
            if self.image is None:
                rect = (0, 0, image.width, image.height)
            self.image = image
            return image, rect
        from PIL import ImageChops
        # a new picture only when the panel has been sent something since
        mark = tuple(getattr(panel, a, None) for a in MARKS)
        if self.image is not None and mark == self.mark:
            return self.image, None
        self.mark = mark
        image = picture_of(panel)
        if self.image is None:
            rect = (0, 0, image.width, image.height)
        else:
            box = ImageChops.difference(image, self.image).getbbox()
            rect = None if box is None else (box[0], box[1], box[2] - box[0], box[3] - box[1])
        self.image = image
        return image, rect


def hex_colour(rgb):
    return '#%02x%02x%02x' % tuple(rgb)
