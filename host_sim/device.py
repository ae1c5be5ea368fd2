# One board on the host: the real board module and firmware on the fake bus
# (host_sim/shim/machine.py, or cphost for the CircuitPython boards), its panel
# emulator (host_sim/panels.py), the firmware's App and device time. Key scripts and
# the terminal press each button for a set time of device time, all at once
# (Device.press): the same presses always give the same pictures.
import os
import sys

from host_sim import panels, keyscript
from host_sim.keymap import is_macropad

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TICK = keyscript.TICK


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
        self.board, self.panel = load_board(board_name)
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
            press_button(self.board, control, down)

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
        from trackside.ui import dashboard
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
        if top is not None and not isinstance(top, dashboard.Dashboard) and getattr(top, 'title', ''):
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


# The CircuitPython boards: Adafruit's displayio for CPython on stand-in hardware
# (host_sim/cphost.py), their panels emulated from the bytes displayio sends. The
# MicroPython boards: the fake `machine` bus and panels.py's emulators.
CP_BOARDS = ('reverse_tft', 'macropad')


def load_board(board_name):
    """(board module, panel): the board imported as on a device, its panel attached."""
    import importlib
    if board_name in CP_BOARDS:
        from host_sim import cphost
        host = cphost.install(board_name)
        return importlib.import_module(board_name), host.panel
    panel = panels.attach(board_name)
    return importlib.import_module(board_name), panel


def press_button(board, index, down=True):
    """Hold (or let go of) button `index` of a board module: its pin goes to the
    pressed level (low on the MicroPython boards) or is let go to its pull-up; on the
    CircuitPython boards through cphost (the MacroPad's UP and DOWN turn its encoder)."""
    if not hasattr(board, 'PINS_BUTTONS'):
        from host_sim import cphost
        cphost.host().button(index, down)
        return
    import machine
    machine.host.set_input(board.PINS_BUTTONS[index], 0 if down else None)
