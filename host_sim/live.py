# The device in real time, for the window and the terminal: a button is down while
# its key or the mouse button is, so a held arrow key is a held button, with the
# device's own hold time and repeat; only the PC's own key auto-repeat is dropped
# (Keyboard). A quick tap is run ahead of the clock (a tap always lasts keyscript.SHORT
# of device time, and what it does is drawn at once, not after the debounce time has
# passed on the wall clock).
from host_sim import keyscript

TICK = keyscript.TICK


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
