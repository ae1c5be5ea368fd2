# The simulator in a terminal: the screen drawn in characters, keys read one at a time.
import os
import sys

from host_sim.keymap import key_press, legend
from host_sim.live import Live
from host_sim.picture import Picture, picture_of


# Two ways to draw the screen in characters: half blocks (U+2580), each character two
# pixels, top and bottom, each in its own 24-bit colour; braille (U+2800..U+28FF), each
# character 2 x 4 pixels in two colours (dots in the cell's second colour on its most
# common one), a quarter of the characters. Used in that order, whichever fits the
# terminal pixel for pixel; if neither does, braille drawn smaller, and the first line
# says so and what size the terminal would need.
BRAILLE_DOTS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))   # [row][col]
TEXT_LINES = 2          # under the screen: the status line and the key map


def terminal_frame(rgb, w, h):
    # Half-block cells, two pixels each, top (foreground) and bottom (background).
    out = []
    for y in range(0, h, 2):
        line = []
        last = None
        for x in range(w):
            i = (y * w + x) * 3
            j = (min(h - 1, y + 1) * w + x) * 3
            cell = (rgb[i], rgb[i + 1], rgb[i + 2], rgb[j], rgb[j + 1], rgb[j + 2])
            if cell != last:
                line.append('\x1b[38;2;%d;%d;%dm\x1b[48;2;%d;%d;%dm' % cell)
                last = cell
            line.append('\u2580')
        out.append(''.join(line) + '\x1b[0m')
    return out


def braille_frame(rgb, w, h):
    # Braille cells, 2 x 4 pixels each: the cell's most common colour as the background,
    # the pixels of any other colour as dots in the most common of those.
    out = []
    for y in range(0, h, 4):
        line = []
        last = None
        for x in range(0, w, 2):
            counts = {}
            cell = []
            for dy in range(4):
                for dx in range(2):
                    if y + dy < h and x + dx < w:
                        i = ((y + dy) * w + x + dx) * 3
                        c = (rgb[i], rgb[i + 1], rgb[i + 2])
                        counts[c] = counts.get(c, 0) + 1
                        cell.append((dy, dx, c))
            ranked = sorted(counts, key=lambda c: -counts[c])
            bg = ranked[0]
            fg = ranked[1] if len(ranked) > 1 else bg
            bits = 0
            for dy, dx, c in cell:
                if c != bg:
                    bits |= BRAILLE_DOTS[dy][dx]
            colours = fg + bg
            if colours != last:
                line.append('\x1b[38;2;%d;%d;%dm\x1b[48;2;%d;%d;%dm' % colours)
                last = colours
            line.append(chr(0x2800 + bits))
        out.append(''.join(line) + '\x1b[0m')
    return out


def needs(w, h):
    # (columns, lines) for the half blocks and for braille, pixel for pixel, with the
    # lines of text under the screen.
    return (w, (h + 1) // 2 + TEXT_LINES), ((w + 1) // 2, (h + 3) // 4 + TEXT_LINES)


def terminal_view(picture, cols, lines):
    """(notice or None, the screen's lines) for a terminal of cols x lines."""
    w, h = picture.width, picture.height
    (hc, hl), (bc, bl) = needs(w, h)
    if cols >= hc and lines >= hl:
        return None, terminal_frame(picture.tobytes(), w, h)
    size = '%d\u00d7%d' % (cols, lines)
    want = 'needs %d\u00d7%d (colour) or %d\u00d7%d (dots)' % (hc, hl, bc, bl + 1)
    if cols >= bc and lines >= bl + 1:
        return ('Terminal %s: %s; drawn in braille dots' % (size, want),
                braille_frame(picture.tobytes(), w, h))
    # smaller: as many dots as fit, the picture's shape kept
    k = min(2.0 * cols / w, 4.0 * max(1, lines - TEXT_LINES - 1) / h)
    sw, sh = max(2, int(w * k)), max(4, int(h * k))
    from PIL import Image
    small = picture.resize((sw, sh), Image.Resampling.NEAREST)
    return ('Terminal %s too small: %s; drawn at %d%%' % (size, want, round(100 * k)),
            braille_frame(small.tobytes(), sw, sh))


def wrap(text, cols, most):
    import textwrap
    return textwrap.wrap(text, max(10, cols))[:most] or ['']


def run_terminal(device):
    import termios
    import tty
    import select
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    arrows = {'A': 'Up', 'B': 'Down', 'C': 'Right', 'D': 'Left'}
    out = sys.stdout
    import time
    # device time runs with the wall clock, as in the window: a text too long
    # for its box scrolls through it while nobody presses anything
    live = Live(device, lambda: int(time.monotonic() * 1000))
    seen = Picture(device.panel)
    try:
        tty.setcbreak(fd)
        last_size = None
        dirty = True
        while True:
            if live.tick() and seen.changed()[1] is not None:
                dirty = True
            size = terminal_size()
            if dirty or size != last_size:
                cols, rows = size.columns, size.lines
                if size != last_size:
                    out.write('\x1b[2J')
                last_size = size
                notice, frame = terminal_view(picture_of(device.panel), cols, rows)
                text = ([notice[:cols]] if notice else []) + frame
                text += [device.status()[:cols]] + wrap(legend(device), cols, 1)
                out.write('\x1b[H' + '\n'.join('\x1b[K' + t for t in text[:rows]) + '\x1b[J')
                out.flush()
                dirty = False
            if not select.select([fd], [], [], 0.05)[0]:
                continue        # no key: the device's own changes, the terminal's size
            ch = os.read(fd, 1).decode('latin-1')
            if ch in ('q', '\x03'):
                break
            key = {'\n': 'Return', '\r': 'Return', '\x7f': 'BackSpace', ' ': 'space'}.get(ch, ch)
            if ch == '\x1b':
                rest = os.read(fd, 2).decode('latin-1') if select_ready(fd) else ''
                key = arrows.get(rest[1:2], 'Escape') if rest.startswith('[') else 'Escape'
            hit = key_press(device, key)
            if hit:
                live.press(*hit)
                seen.changed()
                dirty = True
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        out.write('\x1b[0m\n')


def terminal_size():
    # The terminal's size now, from the terminal itself: COLUMNS and LINES in the
    # environment (which shutil.get_terminal_size takes first) say what it was when
    # something started, not after the window was resized.
    import shutil
    try:
        return os.get_terminal_size(sys.stdout.fileno())
    except (OSError, ValueError):
        return shutil.get_terminal_size((120, 40))


def select_ready(fd):
    import select
    return bool(select.select([fd], [], [], 0.05)[0])
