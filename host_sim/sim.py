# The simulator: the real firmware and the real board module, on a fake bus
# (host_sim/shim/machine.py) whose bytes a panel emulator turns into the
# picture (host_sim/panels.py). Shown in a window where there is a display,
# in the terminal where there is none, or written as PNG files; keys of the
# keyboard, and the buttons drawn in the window, press the board's buttons.
#
# Two kinds of time:
#   - key scripts (--keys, the tests) and the terminal press each button for a
#     set time of device time, all at once (Device.press): the same presses
#     always give the same pictures;
#   - the window runs the device in real time (Live): a button is down while
#     its key or the mouse button is, so a held arrow key is a held button,
#     with the device's own hold time and repeat; only the PC's own key
#     auto-repeat is dropped (Keyboard). A quick tap is run ahead of the clock
#     (a tap always lasts keyscript.SHORT of device time, and what it does is
#     drawn at once, not after the debounce time has passed on the wall clock).
#
# The window's parts that need no Tk (the layout of the device and what a
# click hits, the image update from the rectangle a show() changed, the LED,
# the key-hold translation) are plain functions and classes here, so the tests
# run them without a display; run_window() only wires them to Tk.
import os
import sys
import time

from host_sim import panels, keyscript, png

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TICK = keyscript.TICK

# Keyboard keys for each board's buttons: 'tap' keys hold the button as long as the key
# is held (in the terminal, which sees no key going up: a tap); 'hold' and 'very' keys
# are a whole hold, or a very long hold, at one press (for boards that undo that way).
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
# In the window the MacroPad's arrow keys are its KEY2 and KEY8 (up and down, which run
# when held, as the encoder cannot be held); u and d still turn the encoder a detent.
MACROPAD_WINDOW_KEYS = {'Up': 'KEY2', 'Down': 'KEY8'}

LEGEND = {
    ('A', 'B', 'X', 'Y'): 'a/Enter: A (select)  b/Esc: B (back)  x/Up: X  y/Down: Y  '
                          'hold b or B or u: undo  q: quit',
    ('UP', 'DOWN', 'SEL'): 'u/Up: UP  d/Down: DOWN  s/Enter: SEL  S/Esc: hold SEL (back)  '
                           'z: very long SEL (undo)  q: quit',
    ('BTN1', 'BTN2'): '1/Space/Down: BTN1 (next)  2/Enter: BTN2 (select)  @/Esc: hold BTN2 (back)  '
                      'z: very long BTN2 (undo)  q: quit',
    ('D0', 'D1', 'D2'): '0/Up: D0 (up)  1/Enter: D1 (select)  2/Down: D2 (down)  '
                        '!/Esc: hold D1 (back)  z: very long D1 (undo)  q: quit',
}
# the MacroPad: the same keys as the OLED board, said its way
LEGEND_MACROPAD = ('Up/u: encoder anticlockwise  Down/d: clockwise  Enter/s: push (select)  '
                   'Esc/S: hold (back)  z: very long (undo)  q: quit')


def is_macropad(device):
    return device.board.NAME.startswith('Adafruit MacroPad')


def legend(device):
    if is_macropad(device):
        return LEGEND_MACROPAD
    return LEGEND[tuple(device.names)]


class LogRefused(Exception):
    """A game log the simulator cannot start from: the message says which line and
    why; code is the exit status (1: a line the rules refuse, 2: no game at all)."""

    def __init__(self, message, code):
        Exception.__init__(self, message)
        self.code = code


def check_log(path):
    """The session a game log replays to; LogRefused if any line of it is refused
    (the message as `host_sim replay` gives it: file:line: the line, then the rule)."""
    sys.path.insert(0, os.path.join(ROOT, 'firmware'))
    from trackside.replay import replay
    try:
        with open(path, encoding='utf-8') as f:
            lines = f.readlines()
    except (OSError, UnicodeError) as e:
        raise LogRefused('%s: cannot read: %s' % (path, e), 2)
    session, error = replay(lines)
    if error:
        raise LogRefused('%s:%d: %s\n  %s' % ((path,) + tuple(error)), 1 if session else 2)
    return session


def start_from_log(path_or_session, saves_dir):
    # A game log (or the session check_log made of it) becomes a new saved game, which
    # the device then resumes.
    session = path_or_session
    if isinstance(session, str):
        session = check_log(session)
    from trackside.saves import Saves
    return Saves(saves_dir).new(session)


class Device:
    # One board, its panel emulator, the firmware's App, and device time. log: a game
    # log (its path, or the session check_log made of it) to start from, as a new save.
    def __init__(self, board_name, saves_dir, log=None):
        sys.path.insert(0, os.path.join(ROOT, 'firmware'))
        if isinstance(log, str):
            log = check_log(log)    # a refused log: nothing is opened, nothing saved
        self.board_name = board_name
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

    def close(self):
        # The simulator stops as a device left alone does: the game's newest
        # entries go from its tail into its log (journal.py), so that
        # saves/<board>/gameN.log alone is the game.
        if self.app.session is not None:
            self.app.session.idle()

    def tick(self):
        # one poll of the firmware's loop, then TICK ms pass
        self.app.tick(self.buttons.pressed(), self.clock.now)
        self.clock.now += TICK

    def set_control(self, control, down):
        # A button of BUTTONS (its index) or, on the CircuitPython boards, a pin by
        # name (the MacroPad's keys) goes down or up.
        if isinstance(control, str):
            from host_sim import cphost
            cphost.host().press(control, down)
        else:
            panels.press(self.board, control, down)

    def press(self, index, hold):
        # Hold the button for `hold` ms of device time, then let go.
        t = 0
        self.set_control(index, True)
        while t < hold:
            self.tick()
            t += TICK
        self.set_control(index, False)
        for _ in range(4):
            self.tick()

    # -- what a person sees besides the screen ------------------------------------------

    def lights(self):
        """{name: (r, g, b)} of the board's LEDs as the pins drive them, or {} for a
        board without: 'LED' (the Display Packs' RGB LED, the Reverse TFT's NeoPixel) or
        'KEY1'..'KEY12' (the MacroPad's key lights)."""
        if self.led is None:
            return {}
        pwms = getattr(self.led, 'pwms', None)     # the MicroPython boards' RGBLed
        if pwms is not None:
            return {'LED': pwm_colour([p.pin for p in pwms], getattr(self.led, 'active_low', True))}
        from host_sim import cphost
        host = cphost.host()
        data = b''
        for pin, buf in reversed(host.pixels):     # the last write is what it shows
            if pin == 'NEOPIXEL':
                data = buf
                break
        scale = getattr(self.led, 'scale', 256)
        grb = [min(255, v * 256 // scale) for v in data]
        colours = [(grb[i + 1], grb[i], grb[i + 2]) for i in range(0, len(grb) - 2, 3)]
        if is_macropad(self):
            return dict(('KEY%d' % (k + 1), c) for k, c in enumerate(colours[:12]))
        return {'LED': colours[0] if colours else (0, 0, 0)}

    def status(self):
        # One line a player understands: the game, where it is, how many entries,
        # what it waits for (or who won), and the screen if it is not the game's.
        from trackside.ui import table
        top = self.app.stack[-1] if self.app.stack else None
        s = self.app.session
        words = []
        if s is None:
            words.append('No game yet')
        else:
            game = s.game
            name = game.TITLE
            if len(game.VARIANTS) > 1:
                name += ', ' + dict(game.VARIANTS).get(s.setup['variant'], s.setup['variant'])
            words.append(name)
            try:
                words.append(game.clock(s.state, True))
            except Exception:       # a game's clock for a state it does not expect
                pass
            words.append('1 entry' if s.cursor == 1 else '%d entries' % s.cursor)
            if s.over():
                winner = s.standings().get('winner')
                words.append('game over: %s wins' % winner if winner else 'game over')
            else:
                words.append(s.prompt()['text'])
        if top is not None and not isinstance(top, table.Dashboard) and getattr(top, 'title', ''):
            words.append('screen: ' + top.title)
        return ' \u00b7 '.join(w for w in words if w)

    def where(self):
        # The screen's kind and title, and the entries: what --keys prints at the end,
        # for scripts and tests that check where a key script left the device.
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


def pwm_colour(pins, active_low=True):
    # The colour an RGB LED on three PWM pins shows: the duty cycle's share of full
    # brightness, as the 0-255 value that asked for it (the boards square the value for
    # even steps to the eye, boards/pico_display.py RGBLed; a PC screen's gamma does the
    # same), so the window shows the colour the firmware set.
    import machine
    out = []
    for pin in pins:
        state = machine.host.pwm(pin)
        if not state or not state['on'] or not state['freq']:
            out.append(0)
            continue
        on = state['duty_u16']
        if active_low != state['invert']:
            on = 65535 - on
        out.append(min(255, int(round((on * 65025 / 65535.0) ** 0.5))))
    return tuple(out)


def hold_of(kind):
    if kind == 'tap':
        return keyscript.SHORT
    from trackside.ui import keys
    return keys.HOLD_MS + 100 if kind == 'hold' else keys.VERY_MS + 100


def key_press(device, key):
    # A keyboard key -> (button index, ms) or None: a whole press (the terminal).
    table = KEYS[tuple(device.names)]
    for kind in ('tap', 'hold', 'very'):
        if key in table[kind]:
            return table[kind][key], hold_of(kind)
    return None


def window_keys(device):
    # keysym -> (control, ms): ms None for a key that holds its control as long as it
    # is held, else a whole press of that length at once.
    table = KEYS[tuple(device.names)]
    out = {}
    for kind in ('tap', 'hold', 'very'):
        for key, index in table[kind].items():
            out[key] = (index, None if kind == 'tap' else hold_of(kind))
    if is_macropad(device):
        for key, pin in MACROPAD_WINDOW_KEYS.items():
            out[key] = (pin, None)
    return out


def window_key(keysym, char, keymap):
    # A Tk key event's key as KEYS names it: its name (Up, Return, a, B) or, where that
    # is not in the map, its character (Shift+1 is the keysym 'exclam', the character '!')
    if keysym not in keymap and char and char in keymap:
        return char
    return keysym


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


# --- real time, for the window ----------------------------------------------------------

class Live:
    """The device in real time: controls (button indices, or pin names) go down and up
    when the window says; tick() runs the firmware's loop up to now. wall_ms(): the wall
    clock in ms. Device time never falls behind the wall clock's pace and may run ahead
    of it: a tap is run to its end at once (at least keyscript.SHORT long, then the
    debounce time after it is let go), so what it does is drawn without waiting."""

    MOST_TICKS = 10     # a PC busy for longer than this many ticks: that time is skipped

    def __init__(self, device, wall_ms):
        self.device = device
        self.wall_ms = wall_ms
        self.ahead = device.clock.now - wall_ms()
        self.held = {}              # control -> device time it went down

    def tick(self):
        # Poll as often as the device would have since the last call; the number of polls.
        d = self.device
        target = self.wall_ms() + self.ahead
        n = 0
        while d.clock.now + TICK <= target:
            d.tick()
            n += 1
            if n >= self.MOST_TICKS:
                self.ahead = d.clock.now - self.wall_ms()
                break
        return n

    def forward(self, ms):
        # Run the device ms ahead now, without waiting for the wall clock.
        d = self.device
        end = d.clock.now + ms
        while d.clock.now < end:
            d.tick()
        self.ahead = max(self.ahead, d.clock.now - self.wall_ms())

    def down(self, control):
        from trackside.ui import keys
        if control in self.held:
            return
        self.tick()
        self.device.set_control(control, True)
        self.held[control] = self.device.clock.now
        # past the debounce at once: a button that acts as it goes down (up, down) is seen
        self.forward(keys.DEBOUNCE_MS + TICK)

    def up(self, control):
        from trackside.ui import keys
        at = self.held.pop(control, None)
        if at is None:
            return
        self.tick()
        short = at + keyscript.SHORT - self.device.clock.now
        if short > 0:
            self.forward(short)     # a tap quicker than a finger's still counts
        self.device.set_control(control, False)
        self.forward(keys.DEBOUNCE_MS + 3 * TICK)   # let go and seen let go: it acts now

    def press(self, control, ms):
        # A whole press of ms at once (a key that stands for a hold of a button).
        if control in self.held:
            return
        self.down(control)
        left = self.held.get(control, 0) + ms - self.device.clock.now
        if left > 0:
            self.forward(left)
        self.up(control)

    def release_all(self):
        for control in list(self.held):
            self.up(control)


class Keyboard:
    """Keyboard keys into Live: a key that stands for a button holds it as long as the
    key is down; a key that stands for a hold presses its button that long at once. The
    PC's own auto-repeat is dropped: on X11 it sends a key's release and press again
    together, so a release is acted on only GRACE_MS later if the key has not come down
    again (later(ms, fn) -> id and cancel(id): the window's timer, Tk's after); elsewhere
    it sends presses only, and a key already down is not pressed again."""

    GRACE_MS = 20

    def __init__(self, live, keymap, later, cancel):
        self.live = live
        self.keymap = keymap        # keysym -> (control, ms or None): window_keys()
        self.later = later
        self.cancel = cancel
        self.down = {}              # key code -> control held (None: a whole press)
        self.pending = {}           # key code -> timer of its release

    def press(self, keysym, code):
        if code in self.pending:                # released and pressed at once: repeat
            self.cancel(self.pending.pop(code))
            return True
        if code in self.down:                   # repeated presses of a held key
            return True
        hit = self.keymap.get(keysym)
        if hit is None:
            return False
        control, ms = hit
        if ms is None:
            self.down[code] = control
            self.live.down(control)
        else:
            self.down[code] = None
            self.live.press(control, ms)
        return True

    def release(self, code):
        if code not in self.down or code in self.pending:
            return
        self.pending[code] = self.later(self.GRACE_MS, lambda: self._release(code))

    def _release(self, code):
        self.pending.pop(code, None)
        control = self.down.pop(code, None)
        if control is not None:
            self.live.up(control)

    def release_all(self):
        # the window lost the keyboard: nothing stays held
        for code in list(self.pending):
            self.cancel(self.pending.pop(code))
        for code in list(self.down):
            self._release(code)


# --- the device drawn: screen, buttons, LED ----------------------------------------------

# Where each board's buttons are, beside its screen, roughly as on the board: (side,
# labels in BUTTONS order along that side) and where its LED is. The MacroPad is laid out
# on its own (macropad_face).
FACES = {
    'pico_display': ((('left', ('A', 'B')), ('right', ('X', 'Y'))), 'right'),
    'pico_display2': ((('left', ('A', 'B')), ('right', ('X', 'Y'))), 'right'),
    'tdisplay': ((('right', ('BTN1', 'BTN2')),), None),
    'oled_ssd1306': ((('below', ('UP', 'DOWN', 'SEL')),), None),
    'reverse_tft': ((('left', ('D0', 'D1', 'D2')),), 'right'),
}
# what each of the MacroPad's keys does (boards/macropad.py KEYS, KEY_DOES)
MACROPAD_KEYS = {1: 'back', 2: 'up', 3: 'undo', 5: 'select', 8: 'down'}


class Layout:
    """Where the screen, the buttons and the LEDs are in the window, in window pixels:
    screen (x, y, w, h); controls [(control, label, (x0, y0, x1, y1))]; lights
    {name: (x0, y0, x1, y1)}; size (w, h)."""

    def __init__(self, device, scale):
        self.scale = scale
        w, h = device.panel.width * scale, device.panel.height * scale
        u = 6 * max(2, scale)          # a button is 2u across
        self.unit = u
        self.controls = []
        self.lights = {}
        if is_macropad(device):
            self._macropad(device, w, h, u)
            return
        sides, led = FACES[device.board_name]
        side_w = 4 * u
        left = any(s == 'left' for s, _ in sides)
        right = any(s == 'right' for s, _ in sides) or led == 'right'
        below = any(s == 'below' for s, _ in sides)
        sx = side_w if left else u
        sy = u
        self.screen = (sx, sy, w, h)
        self.size = (sx + w + (side_w if right else u), sy + h + (3 * u if below else u))
        for side, labels in sides:
            n = len(labels)
            for k, label in enumerate(labels):
                index = device.names.index(label)
                if side == 'below':
                    cx, cy = sx + w * (k + 1) // (n + 1), sy + h + 3 * u // 2
                else:
                    cx = sx // 2 if side == 'left' else sx + w + side_w // 2
                    cy = sy + h * (k + 1) // (n + 1)
                self.controls.append((index, label, (cx - u, cy - u, cx + u, cy + u)))
        if led == 'right':
            # the column right of the screen, half way down (between X and Y)
            cx, cy, r = sx + w + side_w // 2, sy + h // 2, u // 2
            self.lights['LED'] = (cx - r, cy - r, cx + r, cy + r)

    def _macropad(self, device, w, h, u):
        # The screen at the top left, the encoder right of it (turn anticlockwise, push,
        # turn clockwise), the 3 x 4 keys under it: the keys that do something can be
        # clicked and light up in the colour of the player to move.
        self.screen = (u, u, w, h)
        ex = u + w + 3 * u
        for k, (control, label) in enumerate(((0, 'turn \u25c0'), (2, 'push'), (1, 'turn \u25b6'))):
            cy = u + h * (k + 1) // 4
            self.controls.append((control, label, (ex - 2 * u, cy - u, ex + 2 * u, cy + u)))
        key = (w - 2 * u) // 3
        top = 2 * u + h
        for n in range(12):
            col, row = n % 3, n // 3
            x0 = u + col * (key + u)
            y0 = top + row * (key // 2 + u)
            box = (x0, y0, x0 + key, y0 + key // 2)
            self.lights['KEY%d' % (n + 1)] = box
            if n + 1 in MACROPAD_KEYS:
                self.controls.append(('KEY%d' % (n + 1),
                                      'KEY%d %s' % (n + 1, MACROPAD_KEYS[n + 1]), box))
        self.size = (ex + 3 * u, top + 4 * (key // 2 + u))

    def hit(self, x, y):
        """The control at window pixel (x, y), or None."""
        for control, label, (x0, y0, x1, y1) in self.controls:
            if x0 <= x < x1 and y0 <= y < y1:
                return control
        return None


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


# --- the terminal ------------------------------------------------------------------

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


# --- a window --------------------------------------------------------------------------

def open_window():
    # A Tk window, or None (with why) where there is no tkinter or no display.
    try:
        import tkinter
        return tkinter.Tk(), None
    except Exception as e:      # ImportError, tkinter.TclError
        return None, str(e) or type(e).__name__


BOARD_COLOUR = '#1d2a24'        # the board around the screen
BUTTON_COLOUR, BUTTON_DOWN = '#3a3f44', '#8a9299'
LED_OFF = '#151515'


class Window:
    """The device in a Tk window: its screen (redrawn where a show() changed it), its
    buttons (click: a press; hold the mouse button: a hold), its LED, a status line and
    the key map; the keyboard as in Keyboard. after_draw(): called after each redraw
    (the benchmark's hook)."""

    def __init__(self, device, scale, root, wall_ms=None, after_draw=None):
        import tkinter
        self.device = device
        self.root = root
        self.scale = scale
        self.after_draw = after_draw
        root.title('Trackside: %s' % device.board.NAME)
        self.layout = lay = Layout(device, scale)
        self.canvas = c = tkinter.Canvas(root, width=lay.size[0], height=lay.size[1],
                                         background=BOARD_COLOUR, highlightthickness=0)
        c.pack()
        sx, sy, sw, sh = lay.screen
        c.create_rectangle(sx - 3, sy - 3, sx + sw + 2, sy + sh + 2, fill='#000000', outline='#555555')
        # the panel's picture at its own size, and the window's, scale times bigger
        self.small = tkinter.PhotoImage(width=device.panel.width, height=device.panel.height)
        self.photo = tkinter.PhotoImage(width=sw, height=sh)
        c.create_image(sx, sy, image=self.photo, anchor='nw')
        self.buttons = {}
        font = ('TkDefaultFont', max(7, lay.unit // 2))
        for control, label, (x0, y0, x1, y1) in lay.controls:
            if isinstance(control, str):        # a MacroPad key: drawn with the lights
                item = None
            else:
                item = c.create_oval(x0, y0, x1, y1, fill=BUTTON_COLOUR, outline='#888888')
                c.create_text((x0 + x1) // 2, (y0 + y1) // 2, text=label, fill='#ffffff', font=font)
            self.buttons[control] = item
        self.lamps = {}
        for name, (x0, y0, x1, y1) in lay.lights.items():
            if name == 'LED':
                self.lamps[name] = c.create_oval(x0, y0, x1, y1, fill=LED_OFF, outline='#666666')
            else:
                self.lamps[name] = c.create_rectangle(x0, y0, x1, y1, fill=LED_OFF, outline='#777777')
                label = [lb for ctl, lb, box in lay.controls if ctl == name]
                c.create_text((x0 + x1) // 2, (y0 + y1) // 2, text=label[0] if label else name,
                              fill='#dddddd', font=font)
        self.status = tkinter.Label(root, anchor='w', justify='left')
        self.status.pack(fill='x')
        tkinter.Label(root, text=legend(device), anchor='w', justify='left',
                      wraplength=max(300, lay.size[0])).pack(fill='x')
        self.picture = Picture(device.panel)
        wall_ms = wall_ms or (lambda: time.monotonic() * 1000.0)
        self.live = Live(device, wall_ms)
        self.keyboard = Keyboard(self.live, window_keys(device),
                                 lambda ms, fn: root.after(ms, lambda: self._then(fn)),
                                 root.after_cancel)
        self.mouse = None
        self.shown = {}             # what is drawn now: status text, lamp colours, held
        root.bind('<KeyPress>', self.on_key)
        root.bind('<KeyRelease>', lambda e: self.keyboard.release(e.keycode))
        root.bind('<FocusOut>', lambda e: self._then(self.keyboard.release_all))
        c.bind('<ButtonPress-1>', self.on_click)
        c.bind('<ButtonRelease-1>', self.on_unclick)
        root.protocol('WM_DELETE_WINDOW', root.destroy)
        self.redraw()
        root.after(TICK, self.loop)

    def _then(self, fn):
        fn()
        self.redraw()

    def on_key(self, event):
        key = window_key(event.keysym, event.char, self.keyboard.keymap)
        if key == 'q':
            self.root.destroy()
            return
        if self.keyboard.press(key, event.keycode):
            self.redraw()

    def on_click(self, event):
        control = self.layout.hit(event.x, event.y)
        if control is not None:
            self.mouse = control
            self.live.down(control)
            self.redraw()

    def on_unclick(self, event):
        if self.mouse is not None:
            self.live.up(self.mouse)
            self.mouse = None
            self.redraw()

    def loop(self):
        if self.live.tick():
            self.redraw()
        self.root.after(TICK, self.loop)

    def redraw(self):
        image, rect = self.picture.changed()
        part = region(image, rect)
        if part is not None:
            data, (x, y, w, h) = part
            k = self.scale
            self.small.put(data, to=(x, y))
            self.photo.tk.call(self.photo.name, 'copy', self.small.name, '-from', x, y, x + w, y + h,
                               '-to', x * k, y * k, '-zoom', k)
        c = self.canvas
        for name, colour in self.device.lights().items():
            fill = hex_colour(colour) if any(colour) else LED_OFF
            if name in self.lamps and self.shown.get(name) != fill:
                c.itemconfigure(self.lamps[name], fill=fill)
                self.shown[name] = fill
        for control, item in self.buttons.items():
            held = control in self.live.held
            if item is not None and self.shown.get(control) != held:
                c.itemconfigure(item, fill=BUTTON_DOWN if held else BUTTON_COLOUR)
                self.shown[control] = held
        if part is not None or 'status' not in self.shown:
            text = self.device.status()
            if text != self.shown.get('status'):
                self.status.config(text=text)
                self.shown['status'] = text
        if self.after_draw:
            self.after_draw(part is not None)


def run_window(device, scale, root):
    Window(device, scale, root)
    root.mainloop()


# --- the command -----------------------------------------------------------------------

def main(args):
    session = None
    if args.log:
        try:
            session = check_log(args.log)   # before anything starts or is saved
        except LogRefused as e:
            sys.stderr.write('%s\nThe simulator did not start.\n' % e)
            return e.code
    saves = os.path.abspath(args.saves or os.path.join(ROOT, 'saves', args.board))
    os.makedirs(saves, exist_ok=True)
    script = args.keys or ''
    if args.keys_file:
        with open(args.keys_file) as f:
            script += ' ' + f.read()
    device = Device(args.board, saves, session)
    try:
        return play(device, args, script)
    finally:
        device.close()


def play(device, args, script):
    if args.png:
        os.makedirs(args.png, exist_ok=True)
        write_png(device, os.path.join(args.png, '0000.png'), args.scale)
    if script.strip():
        presses = list(keyscript.presses(script, device.names, device.board.KEYMAP))   # a bad word stops it before any press
        for i, (index, hold) in enumerate(presses, 1):
            device.press(index, hold)
            if args.png:
                write_png(device, os.path.join(args.png, '%04d.png' % i), args.scale)
        print(device.where())
        return 0
    if args.png:
        print(device.where())
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
