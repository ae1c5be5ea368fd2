# Panel emulators: what the display controller makes of the bytes the board's driver
# sends through the fake `machine` (host_sim/shim/machine.py). The simulator's window and
# the screenshots show rgb(); the tests compare it with the canvas.
#
#   from host_sim import device
#   board, panel = device.load_board('pico_display')   # sys.path set, emulator listening
#   display, buttons, led = board.open()
#   ... draw, display.show(...)
#   panel.rgb()                                    # width*height*3 bytes, rows top down
#   device.press_button(board, 0, True)            # hold the board's first button
#
# The emulators are written from the controllers' datasheets (Sitronix ST7789V v1.0,
# Solomon Systech SSD1306 rev 1.1) and the panel makers' published geometry, not from
# our drivers, so a wrong offset, rotation, byte order or missing init step in a driver
# shows up as a wrong picture here.
#
# The ST7789 keeps its picture as a Pillow image brought up to date from the part of the
# frame memory written since the last look (the window a show(x, y, w, h) set with CASET
# and RASET), so the simulator's window redraws only that rectangle: image() is the picture,
# take_damage() the rectangle changed since it was last asked. Pillow (pinned in
# requirements-dev.txt) does the per-pixel work in C: RGB565 to RGB, the quarter turn.
import os
import sys

from PIL import Image, ImageChops

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SHIM = os.path.join(HERE, 'shim')
BOARDS_DIR = os.path.join(ROOT, 'boards')


def setup_path():
    """The shim (machine, framebuf) and boards/ at the front of sys.path: the board
    modules import `machine`, `framebuf` and each other (`import st7789`) as top-level
    modules, as they do on a device where they sit in the root directory."""
    for d in (BOARDS_DIR, SHIM):
        if d in sys.path:
            sys.path.remove(d)
        sys.path.insert(0, d)


def _rgb565_to_rgb(v):
    r = (v >> 11) & 0x1F
    g = (v >> 5) & 0x3F
    b = v & 0x1F
    return (r << 3) | (r >> 2), (g << 2) | (g >> 4), (b << 3) | (b >> 2)


def _levels(bits):
    # Pillow's RGB565 decoder widens a channel as v * 255 // max; _rgb565_to_rgb repeats
    # the high bits (v << 3 | v >> 2), as the reference pictures were made: a table from
    # the one to the other (both take each level to a different byte, so it is exact)
    top = (1 << bits) - 1
    table = list(range(256))
    for v in range(top + 1):
        table[v * 255 // top] = (v << (8 - bits)) | (v >> (2 * bits - 8))
    return table


_FIVE, _SIX = _levels(5), _levels(6)
# per channel (R, G, B) for Image.point: as shown, and complemented (an IPS glass without
# INVON, or INVON on a plain one)
_TRUE = _FIVE + _SIX + _FIVE
_FLIPPED = [255 - v for v in _TRUE]


def rgb565_image(data, width, height, bgr=False, flip=False):
    """A Pillow RGB image from RGB565 pixels stored high byte first (as the ST7789
    takes them), width x height, rows in order; bgr: the subpixels swapped (MADCTL BGR);
    flip: every colour complemented."""
    le = bytearray(len(data))
    le[0::2] = data[1::2]
    le[1::2] = data[0::2]
    im = Image.frombytes('RGB', (width, height), bytes(le), 'raw', 'RGB;16' if bgr else 'BGR;16', 0, 1)
    return im.point(_FLIPPED if flip else _TRUE)


def _run(a, step, n, size):
    # Which j of a run a + step*j (j < n, step +1 or -1) fall in 0..size-1: (first, end)
    if step > 0:
        return max(0, -a), min(n, size - a)
    return max(0, a - size + 1), min(n, a + 1)


class ST7789Panel:
    """An ST7789 with its 240x320 frame memory and the part of it the glass shows.

    visible: (column, row, width, height) of the glass in frame memory, in the
    controller's native (MADCTL = 0) orientation, portrait.
    landscape: show the glass turned a quarter: picture pixel (x, y) is native pixel
    (width - 1 - y, x) of the visible part, which is how a MADCTL of MX|MV lays out
    landscape pixels (ST7789V datasheet 8.12: MV exchanges the row and column
    counters, MX and MY mirror the frame memory's column and row addresses).
    ips: the glass shows true colours only in inversion mode (INVON), as on the IPS
    panels of these boards; without INVON every colour comes out complemented.
    Feed it with machine.host.on_spi(panel.feed, pins=(dc, cs)).
    """

    RAM_W = 240
    RAM_H = 320

    def __init__(self, visible=(0, 0, 240, 320), landscape=True, ips=True, backlight=None):
        self.visible = visible
        self.landscape = landscape
        self.ips = ips
        self.backlight = backlight      # pin id; None: always lit
        vw, vh = visible[2], visible[3]
        self.width, self.height = (vh, vw) if landscape else (vw, vh)
        self.ram = bytearray(self.RAM_W * self.RAM_H * 2)
        self.bytes_received = 0
        self.pixel_bytes = 0
        self.log = []               # [command, bytearray(parameters)]; RAMWR: [0x2C, count]
        self.errors = []
        self._image = Image.new('RGB', (self.width, self.height))
        self._state = None          # the glass's state the picture was made in
        self._box = None            # memory written since: [col0, row0, col1, row1]
        self._damage = None         # picture changed since take_damage(): [x0, y0, x1, y1]
        self.power_on_reset()

    def power_on_reset(self):
        # ST7789V datasheet 9.1: register defaults after a reset
        self.asleep = True
        self.display_on = False
        self.inverted = False
        self.madctl = 0
        self.colmod = 0x66
        self.cols = [0, self.RAM_W - 1]
        self.rows = [0, self.RAM_H - 1]
        self._cmd = None
        self._params = bytearray()
        self._odd = None

    # -- the bus ------------------------------------------------------------------

    def feed(self, data, levels, spi=None):
        dc, cs = levels[0], levels[1] if len(levels) > 1 else 0
        if cs:
            return                  # not selected
        self.bytes_received += len(data)
        if dc == 0:
            for b in data:
                self._command(b)
        elif self._cmd == 0x2C:
            self._pixels(data)
        elif self._cmd is not None:
            self._params.extend(data)
            self.log[-1][1] = self._params
            self._apply()

    def _command(self, cmd):
        self._cmd = cmd
        self._params = bytearray()
        self._odd = None
        if cmd == 0x2C:
            self.log.append([cmd, 0])
            self._c, self._r = self.cols[0], self.rows[0]
        else:
            self.log.append([cmd, self._params])
        if cmd == 0x01:
            self.power_on_reset()
            self._cmd = 0x01
        elif cmd == 0x10:
            self.asleep = True
        elif cmd == 0x11:
            self.asleep = False
        elif cmd == 0x20:
            self.inverted = False
        elif cmd == 0x21:
            self.inverted = True
        elif cmd == 0x28:
            self.display_on = False
        elif cmd == 0x29:
            self.display_on = True

    def _apply(self):
        p = self._params
        cmd = self._cmd
        if cmd == 0x2A and len(p) == 4:
            self.cols = [(p[0] << 8) | p[1], (p[2] << 8) | p[3]]
        elif cmd == 0x2B and len(p) == 4:
            self.rows = [(p[0] << 8) | p[1], (p[2] << 8) | p[3]]
        elif cmd == 0x36 and len(p) == 1:
            self.madctl = p[0]
        elif cmd == 0x3A and len(p) == 1:
            self.colmod = p[0]
            if p[0] & 0x07 != 0x05:
                self.errors.append('COLMOD %02x: only 16 bits a pixel is emulated' % p[0])

    def _pixels(self, data):
        if self.colmod & 0x07 != 0x05:
            self.errors.append('RAMWR before COLMOD set 16 bits a pixel')
        if self._odd is not None:
            data = bytes((self._odd,)) + bytes(data)
            self._odd = None
        n = len(data) & ~1
        if len(data) & 1:
            self._odd = data[-1]
        self.pixel_bytes += n
        self.log[-1][1] += n
        # The pixels go in along the window's columns, then down its rows (wrapping at
        # the end), each at the frame memory address MADCTL maps it to; one row of the
        # window is a run of consecutive addresses (along a memory row, or with MV down
        # a memory column), copied with one slice assignment; addresses outside the
        # memory are skipped, as the controller drops them.
        ram = self.ram
        m = self.madctl
        mv, mx, my = m & 0x20, m & 0x40, m & 0x80
        c0, c1 = self.cols
        r0, r1 = self.rows
        c, r = self._c, self._r
        rw, rh = self.RAM_W, self.RAM_H
        pixels = n >> 1
        i = 0
        box = self._box
        while i < pixels:
            count = min(pixels - i, c1 - c + 1) if c <= c1 else 1
            # the fixed address of the run, and where its moving one starts
            if mv:
                fixed, fixed_size = (rw - 1 - r if mx else r), rw
                a, step, size = (rh - 1 - c if my else c), (-1 if my else 1), rh
            else:
                fixed, fixed_size = (rh - 1 - r if my else r), rh
                a, step, size = (rw - 1 - c if mx else c), (-1 if mx else 1), rw
            if 0 <= fixed < fixed_size:
                j0, j1 = _run(a, step, count, size)
                if j0 < j1:
                    lo_a, hi_a = (a + j0, a + j1 - 1) if step > 0 else (a - j1 + 1, a - j0)
                    src = data[2 * (i + j0):2 * (i + j1)]
                    hi, lo = src[0::2], src[1::2]
                    if step < 0:
                        hi, lo = hi[::-1], lo[::-1]
                    if mv:      # memory column `fixed`, rows lo_a..hi_a
                        k, stride = (lo_a * rw + fixed) * 2, rw * 2
                        pc0 = pc1 = fixed
                        pr0, pr1 = lo_a, hi_a
                    else:       # memory row `fixed`, columns lo_a..hi_a
                        k, stride = (fixed * rw + lo_a) * 2, 2
                        pc0, pc1 = lo_a, hi_a
                        pr0 = pr1 = fixed
                    end = k + stride * (j1 - j0)
                    ram[k:end:stride] = hi
                    ram[k + 1:end + 1:stride] = lo
                    if box is None:
                        box = self._box = [pc0, pr0, pc1, pr1]
                    else:
                        box[0] = min(box[0], pc0)
                        box[1] = min(box[1], pr0)
                        box[2] = max(box[2], pc1)
                        box[3] = max(box[3], pr1)
            i += count
            c += count
            if c > c1:
                c = c0
                r += 1
                if r > r1:
                    r = r0
        self._c, self._r = c, r

    # -- what the glass shows ---------------------------------------------------------

    def lit(self):
        if self.backlight is None:
            return True
        import machine
        return bool(machine.host.level(self.backlight))

    def native(self, x, y):
        """The RGB565 value at (x, y) of the visible part, native orientation."""
        vx, vy = self.visible[0], self.visible[1]
        k = ((vy + y) * self.RAM_W + vx + x) * 2
        return (self.ram[k] << 8) | self.ram[k + 1]

    def pixel(self, x, y):
        """The RGB565 value in frame memory behind picture pixel (x, y)."""
        if self.landscape:
            return self.native(self.visible[2] - 1 - y, x)
        return self.native(x, y)

    def rgb(self):
        """The picture: width*height*3 bytes, rows top to bottom, as a person sees it."""
        return self.image().tobytes()

    def image(self):
        """The picture as a Pillow RGB image (kept: do not change it), up to date."""
        self._sync()
        return self._image

    def take_damage(self):
        """The rectangle (x, y, w, h) of the picture changed since the last call, or
        None: what the simulator's window redraws."""
        self._sync()
        d, self._damage = self._damage, None
        if d is None:
            return None
        return d[0], d[1], d[2] - d[0] + 1, d[3] - d[1] + 1

    def _sync(self):
        # Bring the picture up to date: all of it when the glass changed state (sleep,
        # on/off, the backlight, inversion, BGR), else the part of the visible window in
        # the memory written since the last time.
        dark = self.asleep or not self.display_on or not self.lit()
        state = (dark, self.ips != self.inverted, bool(self.madctl & 0x08))
        vx, vy, vw, vh = self.visible
        if state != self._state:
            self._state = state
            self._box = [vx, vy, vx + vw - 1, vy + vh - 1]
        box, self._box = self._box, None
        if box is None:
            return
        # the written memory box, clipped to the glass (native coordinates)
        nc0, nr0 = max(box[0] - vx, 0), max(box[1] - vy, 0)
        nc1, nr1 = min(box[2] - vx, vw - 1), min(box[3] - vy, vh - 1)
        if nc0 > nc1 or nr0 > nr1:
            return
        w, h = nc1 - nc0 + 1, nr1 - nr0 + 1
        if dark:
            part = Image.new('RGB', (w, h))
        else:
            ram, rw = self.ram, self.RAM_W
            rows = []
            for nr in range(nr0, nr1 + 1):
                k = ((vy + nr) * rw + vx + nc0) * 2
                rows.append(ram[k:k + 2 * w])
            part = rgb565_image(b''.join(rows), w, h, state[2], state[1])
        if self.landscape:
            # picture (x, y) is native (vw - 1 - y, x): a quarter turn anticlockwise
            part = part.transpose(Image.Transpose.ROTATE_90)
            x0, y0 = nr0, vw - 1 - nc1
        else:
            x0, y0 = nc0, nr0
        self._image.paste(part, (x0, y0))
        x1, y1 = x0 + part.width - 1, y0 + part.height - 1
        d = self._damage
        if d is None:
            self._damage = [x0, y0, x1, y1]
        else:
            self._damage = [min(d[0], x0), min(d[1], y0), max(d[2], x1), max(d[3], y1)]


# SSD1306 commands and how many parameter bytes follow each (datasheet section 10)
_SSD1306_ARGS = {
    0x20: 1, 0x21: 2, 0x22: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0x81: 1, 0x8D: 1,
    0xA3: 2, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1,
}


class SSD1306Panel:
    """An SSD1306 on I2C: 128x64 GDDRAM in 8 pages, the control-byte protocol
    (Co, D/C#: datasheet 8.1.5.2), the three addressing modes, segment remap and COM
    scan direction, display on/off, inversion, entire-display-on and the charge pump.

    The glass is taken as the usual module's: with segment remap on (A1h) and the COM
    scan reversed (C8h) the picture is upright. rgb(): lit pixels in `colour`.
    Feed it with machine.host.on_i2c(panel.feed, addr=0x3C).
    """

    def __init__(self, width=128, height=64, addr=0x3C, colour=(255, 255, 255)):
        self.width = width
        self.height = height
        self.addr = addr
        self.colour = colour
        self.pages = height // 8
        self.ram = bytearray(128 * 8)
        self.bytes_received = 0
        self.data_bytes = 0
        self.log = []               # [command, bytearray(parameters)]; data: ['data', count]
        self.power_on_reset()

    def power_on_reset(self):
        # datasheet section 10: reset values
        self.display_on = False
        self.charge_pump = False
        self.inverted = False
        self.entire_on = False
        self.seg_remap = False
        self.com_reversed = False
        self.start_line = 0
        self.mode = 2               # page addressing
        self.cols = [0, 127]
        self.pages_range = [0, 7]
        self.col = 0
        self.page = 0
        self.contrast = 0x7F
        self._cmd = None
        self._params = bytearray()

    def feed(self, addr, data, i2c=None):
        if addr != self.addr:
            return
        self.bytes_received += len(data)
        i = 0
        n = len(data)
        while i < n:
            control = data[i]
            i += 1
            co = control & 0x80
            is_data = control & 0x40
            chunk = data[i:i + 1] if co else data[i:]
            i += len(chunk)
            if is_data:
                self._data(chunk)
            else:
                for b in chunk:
                    self._command_byte(b)

    def _command_byte(self, b):
        if self._cmd is not None:
            self._params.append(b)
            if len(self._params) == _SSD1306_ARGS[self._cmd]:
                self._apply(self._cmd, self._params)
                self._cmd = None
            return
        self.log.append([b, bytearray()])
        if b in _SSD1306_ARGS:
            self._cmd = b
            self._params = self.log[-1][1]
            return
        if b == 0xAE:
            self.display_on = False
        elif b == 0xAF:
            self.display_on = True
        elif b in (0xA0, 0xA1):
            self.seg_remap = b == 0xA1
        elif b in (0xC0, 0xC8):
            self.com_reversed = b == 0xC8
        elif b in (0xA6, 0xA7):
            self.inverted = b == 0xA7
        elif b in (0xA4, 0xA5):
            self.entire_on = b == 0xA5
        elif 0x40 <= b <= 0x7F:
            self.start_line = b & 0x3F
        elif 0xB0 <= b <= 0xB7:
            self.page = b & 0x07
        elif b <= 0x0F:
            self.col = (self.col & 0xF0) | b
        elif b <= 0x1F:
            self.col = (self.col & 0x0F) | ((b & 0x0F) << 4)

    def _apply(self, cmd, p):
        if cmd == 0x20:
            self.mode = p[0] & 0x03
        elif cmd == 0x21:
            self.cols = [p[0] & 0x7F, p[1] & 0x7F]
            self.col = self.cols[0]
        elif cmd == 0x22:
            self.pages_range = [p[0] & 0x07, p[1] & 0x07]
            self.page = self.pages_range[0]
        elif cmd == 0x81:
            self.contrast = p[0]
        elif cmd == 0x8D:
            self.charge_pump = bool(p[0] & 0x04)

    def _data(self, chunk):
        self.data_bytes += len(chunk)
        if self.log and self.log[-1][0] == 'data':
            self.log[-1][1] += len(chunk)
        else:
            self.log.append(['data', len(chunk)])
        ram = self.ram
        c0, c1 = self.cols
        p0, p1 = self.pages_range
        for b in chunk:
            ram[self.page * 128 + self.col] = b
            if self.mode == 0:          # horizontal: along the page, then the next page
                if self.col >= c1:
                    self.col = c0
                    self.page = p0 if self.page >= p1 else self.page + 1
                else:
                    self.col += 1
            elif self.mode == 1:        # vertical: down the pages, then the next column
                if self.page >= p1:
                    self.page = p0
                    self.col = c0 if self.col >= c1 else self.col + 1
                else:
                    self.page += 1
            else:                       # page mode: along the page, wrapping in it
                self.col = c0 if self.col >= c1 else self.col + 1

    def lit(self, x, y):
        """Is picture pixel (x, y) lit (from the RAM, before on/off and inversion)?"""
        col = x if self.seg_remap else 127 - x
        row = y if self.com_reversed else self.height - 1 - y
        row = (row + self.start_line) % 64
        return (self.ram[(row >> 3) * 128 + col] >> (row & 7)) & 1

    def rgb(self):
        """The picture: width*height*3 bytes, rows top to bottom, lit pixels in colour."""
        return self.image().tobytes()

    def image(self):
        """The picture as a Pillow RGB image, made from the RAM with Pillow and
        bytes.translate (each RAM byte is a column of 8 rows: one translate a row)."""
        w, h = self.width, self.height
        if not (self.display_on and self.charge_pump):
            return Image.new('RGB', (w, h))
        if self.entire_on:
            lit = Image.new('L', (w, h), 255)
        else:
            # memory rows 0..63, columns 0..127: row r is bit r & 7 of page r >> 3
            ram = bytes(self.ram)
            rows = [ram[(r >> 3) * 128:(r >> 3) * 128 + 128].translate(_BIT_ROWS[r & 7])
                    for r in range(64)]
            # picture row y shows memory row (y, or h-1-y without the COM scan reversed)
            # + start line, mod 64; column x memory column x (or 127-x without remap)
            start = self.start_line
            order = [((y if self.com_reversed else h - 1 - y) + start) % 64 for y in range(h)]
            lit = Image.frombytes('L', (128, h), b''.join(rows[r] for r in order))
            if not self.seg_remap:
                lit = lit.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
            lit = lit.crop((0, 0, w, h))
        if self.inverted:
            lit = lit.point(lambda v: 255 - v)
        dark = Image.new('RGB', (w, h))
        return Image.composite(Image.new('RGB', (w, h), tuple(self.colour)), dark, lit)


# for SSD1306Panel.image: byte -> 255 if bit k is set, else 0
_BIT_ROWS = [bytes(255 if (b >> k) & 1 else 0 for b in range(256)) for k in range(8)]


# The boards' panels: controller, where the glass sits in its memory, and the pins the
# emulator listens on. ST7789 geometry from the makers: the 1.14" 135x240 glass starts at
# column 52, row 40 of the 240x320 memory (Pimoroni drivers/st7789/st7789.cpp; LilyGO
# via TFT_eSPI ST7789_Rotation.h); the 2.0" 240x320 glass fills it.
BOARDS = {
    'pico_display': {'kind': 'st7789', 'visible': (52, 40, 135, 240), 'dc': 16, 'cs': 17,
                     'backlight': 20, 'bus': 0},
    'pico_display2': {'kind': 'st7789', 'visible': (0, 0, 240, 320), 'dc': 16, 'cs': 17,
                      'backlight': 20, 'bus': 0},
    'tdisplay': {'kind': 'st7789', 'visible': (52, 40, 135, 240), 'dc': 16, 'cs': 5,
                 'backlight': 4, 'bus': 2},
    'oled_ssd1306': {'kind': 'ssd1306', 'addr': 0x3C, 'bus': None},
}


def attach(board_name):
    """A panel emulator for that board, listening on the fake bus from now on."""
    setup_path()
    import machine
    spec = BOARDS[board_name]
    if spec['kind'] == 'st7789':
        panel = ST7789Panel(spec['visible'], landscape=True, backlight=spec['backlight'])
        panel.listener = machine.host.on_spi(panel.feed, pins=(spec['dc'], spec['cs']), bus=spec['bus'])
    else:
        ensure_ssd1306()
        panel = SSD1306Panel(addr=spec['addr'])
        panel.listener = machine.host.on_i2c(panel.feed, addr=spec['addr'], bus=spec['bus'])
    return panel


def ensure_ssd1306():
    """Make `import ssd1306` work on the host. micropython-lib's driver is installed on
    the device by tools/deploy.py; if a copy is on sys.path it is used as it is, else a
    stand-in with the same interface (below) takes its place."""
    try:
        import ssd1306  # noqa: F401
        return sys.modules['ssd1306']
    except ImportError:
        pass
    import types
    setup_path()
    module = types.ModuleType('ssd1306')
    module.SSD1306_I2C = _standin_class()
    module.STANDIN = True
    sys.modules['ssd1306'] = module
    return module


def _standin_class():
    import framebuf

    class SSD1306_I2C(framebuf.FrameBuffer):
        """Host stand-in for micropython-lib's SSD1306_I2C: the same constructor and
        attributes (width, height, pages, buffer, i2c, addr), a MONO_VLSB FrameBuffer
        over `buffer`, one command per I2C transaction (control byte 80h) and the data
        after 40h. The init follows the datasheet's software initialisation flow."""

        def __init__(self, width, height, i2c, addr=0x3C, external_vcc=False):
            self.width = width
            self.height = height
            self.i2c = i2c
            self.addr = addr
            self.external_vcc = external_vcc
            self.pages = height // 8
            self.buffer = bytearray(self.pages * width)
            super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
            self.init_display()

        def init_display(self):
            for cmd in (0xAE, 0xD5, 0x80, 0xA8, self.height - 1, 0xD3, 0x00, 0x40,
                        0x8D, 0x10 if self.external_vcc else 0x14, 0x20, 0x00, 0xA1, 0xC8,
                        0xDA, 0x02 if self.width > 2 * self.height else 0x12,
                        0x81, 0xCF, 0xD9, 0x22 if self.external_vcc else 0xF1,
                        0xDB, 0x40, 0xA4, 0xA6, 0xAF):
                self.write_cmd(cmd)
            self.fill(0)
            self.show()

        def write_cmd(self, cmd):
            self.i2c.writeto(self.addr, bytes((0x80, cmd)))

        def write_data(self, buf):
            self.i2c.writevto(self.addr, (b'\x40', buf))

        def poweroff(self):
            self.write_cmd(0xAE)

        def poweron(self):
            self.write_cmd(0xAF)

        def contrast(self, value):
            self.write_cmd(0x81)
            self.write_cmd(value)

        def invert(self, invert):
            self.write_cmd(0xA6 | (invert & 1))

        def show(self):
            for cmd in (0x21, 0, self.width - 1, 0x22, 0, self.pages - 1):
                self.write_cmd(cmd)
            self.write_data(self.buffer)

    return SSD1306_I2C
