# The simulator: the real firmware and the real board module, on a fake bus
# (host_sim/shim/machine.py) whose bytes a panel emulator turns into the
# picture (host_sim/panels.py). Shown in a window where there is a display,
# in the terminal (half-block colour cells) where there is none, or written
# as PNG files; keys of the keyboard press the board's buttons.
import os
import sys

from host_sim import panels, keyscript, png

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Keyboard keys for each board's buttons: a tap, and (shifted) a hold.
# 'very' keys are a very long hold, for boards that undo that way.
KEYS = {
    ('A', 'B', 'X', 'Y'): {'tap': {'a': 0, 'b': 1, 'x': 2, 'y': 3, 'Return': 0, 'BackSpace': 1,
                                   'Escape': 1, 'Up': 2, 'Down': 3},
                           'hold': {'A': 0, 'B': 1, 'X': 2, 'Y': 3, 'u': 1},
                           'very': {}},
    ('UP', 'DOWN', 'SEL'): {'tap': {'u': 0, 'd': 1, 's': 2, 'Up': 0, 'Down': 1, 'Return': 2},
                            'hold': {'U': 0, 'D': 1, 'S': 2, 'BackSpace': 2, 'Escape': 2},
                            'very': {'z': 2}},
    ('BTN1', 'BTN2'): {'tap': {'1': 0, '2': 1, 'space': 0, 'Down': 0, 'Return': 1},
                       'hold': {'!': 0, '@': 1, 'BackSpace': 1, 'Escape': 1},
                       'very': {'z': 1}},
    # the Reverse TFT (the MacroPad is UP DOWN SEL, as the OLED board: its Up and Down
    # keys turn the encoder a detent)
    ('D0', 'D1', 'D2'): {'tap': {'0': 0, '1': 1, '2': 2, 'Up': 0, 'Down': 2, 'Return': 1},
                         'hold': {'!': 1, 'BackSpace': 1, 'Escape': 1},
                         'very': {'z': 1}},
}
LEGEND = {
    ('A', 'B', 'X', 'Y'): 'a/Enter: A (select)  b/Esc: B (back)  x/Up: X  y/Down: Y  '
                          'shift: hold (B: undo, also u)  q: quit',
    ('UP', 'DOWN', 'SEL'): 'u/Up: UP  d/Down: DOWN  s/Enter: SEL  S/Esc: hold SEL (back)  '
                           'z: very long SEL (undo)  q: quit',
    ('BTN1', 'BTN2'): '1/Space: BTN1 (next)  2/Enter: BTN2 (select)  @/Esc: hold BTN2 (back)  '
                      'z: very long BTN2 (undo)  q: quit',
    ('D0', 'D1', 'D2'): '0/Up: D0 (up)  1/Enter: D1 (select)  2/Down: D2 (down)  '
                        '!/Esc: hold D1 (back)  z: very long D1 (undo)  q: quit',
}
# the MacroPad: the same keys as the OLED board, said its way
LEGEND_MACROPAD = ('Up/u: encoder anticlockwise  Down/d: clockwise  Enter/s: push (select)  '
                   'Esc/S: hold (back)  z: very long (undo)  q: quit')


def legend(device):
    if device.board.NAME.startswith('Adafruit MacroPad'):
        return LEGEND_MACROPAD
    return LEGEND[tuple(device.names)]


class Device:
    # One board, its panel emulator, the firmware's App, and virtual time.
    def __init__(self, board_name, saves_dir, log=None):
        sys.path.insert(0, os.path.join(ROOT, 'firmware'))
        self.board, self.panel = panels.load(board_name)
        self.display, self.buttons, self.led = self.board.open()
        if log:
            start_from_log(log, saves_dir)
        from trackside.ui.app import App
        self.clock = keyscript.Clock()
        if hasattr(self.buttons, 'clock'):     # CircuitPython boards: device time
            self.buttons.clock = lambda: self.clock.now
        self.app = App(self.display, self.board.KEYMAP, saves_dir, self.led)
        self.app.tick(self.buttons.pressed(), self.clock.now)
        self.names = self.board.BUTTONS

    def press(self, index, hold):
        # Hold the button for `hold` ms of device time, then let go.
        t = 0
        panels.press(self.board, index, True)
        while t < hold:
            self.app.tick(self.buttons.pressed(), self.clock.now)
            self.clock.now += keyscript.TICK
            t += keyscript.TICK
        panels.press(self.board, index, False)
        for _ in range(4):
            self.app.tick(self.buttons.pressed(), self.clock.now)
            self.clock.now += keyscript.TICK

    def status(self):
        # One line for people (and the tmux test): the screen, the prompt.
        top = self.app.stack[-1]
        words = [type(top).__name__]
        if getattr(top, 'title', ''):
            words.append(top.title)
        s = self.app.session
        if s:
            words.append('%d actions' % s.cursor)
            if s.over():
                words.append('over: %s wins' % s.standings().get('winner'))
        return ' | '.join(words)


def start_from_log(path, saves_dir):
    # A game log becomes a new saved game, which the device then resumes.
    sys.path.insert(0, os.path.join(ROOT, 'firmware'))
    from trackside.session import replay
    from trackside.journal import Saves, create
    with open(path, encoding='utf-8') as f:
        session, error = replay(f)
    if session is None or error:
        raise SystemExit('%s: %s' % (path, error[2] if error else 'no game'))
    saves = Saves(saves_dir)
    slot = saves.new(session)
    return slot


def hold_of(kind):
    if kind == 'tap':
        return keyscript.SHORT
    from trackside.ui import keys
    return keys.HOLD_MS + 100 if kind == 'hold' else keys.VERY_MS + 100


def key_press(device, key):
    # A keyboard key -> (button index, ms) or None.
    table = KEYS[tuple(device.names)]
    for kind in ('tap', 'hold', 'very'):
        if key in table[kind]:
            return table[kind][key], hold_of(kind)
    return None


def write_png(device, path, scale):
    w, h = device.panel.width, device.panel.height
    from host_sim.screenshot import scaled
    png.write_png(path, w * scale, h * scale, scaled(device.panel.rgb(), w, h, scale))


# --- the terminal ------------------------------------------------------------------

def terminal_frame(rgb, w, h, cols):
    # Half-block cells: each character is two pixels, top (foreground) and
    # bottom (background), in 24-bit colour; shrunk to fit `cols` columns.
    step = max(1, -(-w // cols))
    out = []
    for y in range(0, h - step + 1, 2 * step):
        line = []
        last = None
        for x in range(0, w - step + 1, step):
            i = (y * w + x) * 3
            j = (min(h - 1, y + step) * w + x) * 3
            cell = (rgb[i], rgb[i + 1], rgb[i + 2], rgb[j], rgb[j + 1], rgb[j + 2])
            if cell != last:
                line.append('\x1b[38;2;%d;%d;%dm\x1b[48;2;%d;%d;%dm' % cell)
                last = cell
            line.append('\u2580')
        out.append(''.join(line) + '\x1b[0m')
    return out


def run_terminal(device):
    import termios
    import tty
    import shutil
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    arrows = {'A': 'Up', 'B': 'Down', 'C': 'Right', 'D': 'Left'}
    out = sys.stdout
    try:
        tty.setcbreak(fd)
        out.write('\x1b[2J')
        while True:
            cols = shutil.get_terminal_size((120, 40)).columns
            frame = terminal_frame(device.panel.rgb(), device.panel.width, device.panel.height, cols)
            out.write('\x1b[H' + '\n'.join(frame) + '\n\x1b[K' + device.status()[:cols] +
                      '\n\x1b[K' + legend(device)[:cols] + '\n')
            out.flush()
            ch = os.read(fd, 1).decode('latin-1')
            if ch in ('q', '\x03'):
                break
            key = {'\n': 'Return', '\r': 'Return', '\x7f': 'BackSpace', ' ': 'space'}.get(ch, ch)
            if ch == '\x1b':
                rest = os.read(fd, 2).decode('latin-1') if select_ready(fd) else ''
                key = arrows.get(rest[1:2], 'Escape') if rest.startswith('[') else 'Escape'
            hit = key_press(device, key)
            if hit:
                device.press(*hit)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        out.write('\x1b[0m\n')


def select_ready(fd):
    import select
    return bool(select.select([fd], [], [], 0.05)[0])


# --- a window --------------------------------------------------------------------------

def open_window():
    # A Tk window, or None (with why) where there is no tkinter or no display.
    try:
        import tkinter
        return tkinter.Tk(), None
    except Exception as e:      # ImportError, tkinter.TclError
        return None, str(e) or type(e).__name__


def run_window(device, scale, root):
    import tkinter
    root.title('Trackside: %s' % device.board.NAME)
    w, h = device.panel.width, device.panel.height
    image = tkinter.PhotoImage(width=w * scale, height=h * scale)
    tkinter.Label(root, image=image).pack()
    status = tkinter.Label(root, anchor='w')
    status.pack(fill='x')
    tkinter.Label(root, text=legend(device), anchor='w').pack(fill='x')

    def show():
        rgb = device.panel.rgb()
        rows = []
        for y in range(h):
            row = ' '.join('#%02x%02x%02x' % tuple(rgb[(y * w + x) * 3:(y * w + x) * 3 + 3])
                           for x in range(w) for _ in range(scale))
            rows.append('{' + row + '}')
        data = ' '.join(r for r in rows for _ in range(scale))
        image.put(data)
        status.config(text=device.status())

    def on_key(event):
        key = event.keysym if len(event.keysym) > 1 else event.char
        if key == 'q':
            root.destroy()
            return
        hit = key_press(device, key)
        if hit:
            device.press(*hit)
            show()

    root.bind('<Key>', on_key)
    show()
    root.mainloop()


# --- the command -----------------------------------------------------------------------

def main(args):
    saves = os.path.abspath(args.saves or os.path.join(ROOT, 'saves', args.board))
    os.makedirs(saves, exist_ok=True)
    device = Device(args.board, saves, args.log)
    script = args.keys or ''
    if args.keys_file:
        with open(args.keys_file) as f:
            script += ' ' + f.read()
    if args.png:
        os.makedirs(args.png, exist_ok=True)
        write_png(device, os.path.join(args.png, '0000.png'), args.scale)
    if script.strip():
        presses = list(keyscript.presses(script, device.names))   # a bad word stops it before any press
        for i, (index, hold) in enumerate(presses, 1):
            device.press(index, hold)
            if args.png:
                write_png(device, os.path.join(args.png, '%04d.png' % i), args.scale)
        print(device.status())
        return 0
    if args.png:
        print(device.status())
        return 0
    if not args.terminal and os.environ.get('DISPLAY'):
        root, why = open_window()
        if root is not None:
            run_window(device, args.scale, root)
            return 0
        print('No window (%s): the simulator runs in the terminal.' % why)
    if not sys.stdin.isatty():
        raise SystemExit('no display and no terminal: use --keys and --png')
    run_terminal(device)
    return 0
