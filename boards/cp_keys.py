# Buttons on CircuitPython: keypad.Keys (and a rotary encoder) as the board interface's
# buttons.pressed() bit mask (docs/device.md), so firmware/trackside/ui/keys.py debounces,
# holds and repeats them as on every other board.
#
# keypad scans in the background and queues press and release events; pressed() drains
# the queues into the mask. Two things keys.py needs that keypad alone does not give:
#   - a press that keypad reports and ends between two polls (the loop was busy drawing)
#     must still be seen: each press is reported for at least MIN_POLLS polls;
#   - an encoder has no levels: each detent becomes a short virtual press of the
#     board's CW or CCW button (down MIN_POLLS polls, up MIN_POLLS polls), so a turn is
#     one 'down' or 'up' key event per detent. Detents turned faster than that wait in
#     a short queue; turning back drops the ones still waiting the other way.
# keys.py counts a level only once it has held DEBOUNCE_MS (20 ms); the loop polls
# every 10 ms or slower, so 3 polls always pass it.
import keypad

MIN_POLLS = 3
MOST_WAITING = 8            # detents queued at most (a fast spin does not run on and on)


def ticks_ms():
    # never wraps (supervisor.ticks_ms wraps every 2**29 ms)
    import time
    return time.monotonic_ns() // 1000000


class Levels:
    # groups: ((keypad.Keys, targets), ...): key k of a group sets targets[k], a bit of
    # the mask (BUTTONS[bit]) while it is held; or, if targets[k] is (bit, ms), a press
    # holds that bit down for ms and then lets it go, whatever the key does meanwhile:
    # a shortcut for a hold of another button (the MacroPad's back and undo keys).
    # encoder: a rotaryio.IncrementalEncoder or None; cw_bit, ccw_bit: the buttons one
    # of its detents presses; cw_sign: +1 if its position grows turning clockwise.
    # clock(): now in ms (the host's tests set a virtual one).
    def __init__(self, groups, nbits, encoder=None, cw_bit=0, ccw_bit=0, cw_sign=1):
        self.groups = groups
        self.event = keypad.Event()
        self.down = 0
        self.stretch = [0] * nbits
        self.held_bit = 0           # a shortcut's hold: its bit, and until when
        self.held_until = 0
        self.clock = ticks_ms
        self.encoder = encoder
        self.cw = 1 << cw_bit
        self.ccw = 1 << ccw_bit
        self.cw_sign = cw_sign
        self.last = encoder.position if encoder is not None else 0
        self.waiting = 0            # detents still to send: > 0 clockwise
        self.phase = 0              # polls left of the virtual press (> 0 down, < 0 up)
        self.turning = 0            # the bit held down now, 0 between detents

    def pressed(self):
        ev = self.event
        down = self.down
        stretch = self.stretch
        for keys, targets in self.groups:
            while keys.events.get_into(ev):
                t = targets[ev.key_number]
                if type(t) is tuple:
                    if ev.pressed and not self.held_bit:
                        self.held_bit = 1 << t[0]
                        self.held_until = self.clock() + t[1]
                elif ev.pressed:
                    down |= 1 << t
                    stretch[t] = MIN_POLLS
                else:
                    down &= ~(1 << t)
        self.down = down
        mask = down
        for i in range(len(stretch)):
            if stretch[i]:
                stretch[i] -= 1
                mask |= 1 << i
        if self.held_bit:
            if self.clock() < self.held_until:
                mask |= self.held_bit
            else:
                self.held_bit = 0
        if self.encoder is not None:
            mask |= self._turn()
        return mask
    def _turn(self):
        pos = self.encoder.position
        if pos != self.last:
            steps = (pos - self.last) * self.cw_sign
            self.last = pos
            if (steps > 0) != (self.waiting > 0) and self.waiting:
                self.waiting = 0    # turned back: forget what was still to come
            w = self.waiting + steps
            if w > MOST_WAITING:
                w = MOST_WAITING
            elif w < -MOST_WAITING:
                w = -MOST_WAITING
            self.waiting = w
        if self.phase > 0:
            self.phase -= 1
            if self.phase == 0:
                self.phase = 1 - MIN_POLLS   # this poll is the first one up
                self.turning = 0
            return self.turning
        if self.phase < 0:
            self.phase += 1
            return 0
        if self.waiting:
            if self.waiting > 0:
                self.turning = self.cw
                self.waiting -= 1
            else:
                self.turning = self.ccw
                self.waiting += 1
            self.phase = MIN_POLLS
            return self.turning
        return 0
