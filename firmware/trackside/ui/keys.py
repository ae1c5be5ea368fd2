# From button levels to key events: debounce, short press, hold, very long
# hold, auto-repeat. The board's KEYMAP says what each button does
# (docs/device.md, "Keys").
#
# poll(mask, now) is called every few milliseconds with the raw levels (bit
# i: button i held) and the time in ms; it returns the events since the last
# call as a list of
# (key, n): n is 0 for a press, and counts up for the repeats of a held
# button, so an amount can speed up the longer it is held.

DEBOUNCE_MS = 20    # a level must hold this long to count: contact bounce is shorter
HOLD_MS = 500       # a press this long is a hold: long enough not to happen by accident
VERY_MS = 1500      # the very long hold (undo on boards without a back button)
REPEAT_MS = 120     # while held: about 8 steps a second


NOTHING = ()
LATER = 0x3FFFFFFF  # a due time of never (the biggest small int on a 32-bit MicroPython; ticks_ms stays under it)


class Keys:
    def __init__(self, keymap):
        self.keymap = keymap
        n = len(keymap)
        self.raw = [False] * n          # the last level read
        self.since = [0] * n            # when that level was first read
        self.down = [False] * n         # the debounced level
        self.down_at = [0] * n
        self.fired = [0] * n            # 1: the hold was sent, 2: the very long hold
        self.repeat_at = [0] * n
        self.repeats = [0] * n
        self.idle = True                # all up and settled
        self.out = []                   # the events of a poll (one list, used again)
        self.mask = 0                   # the levels at the last poll
        self.due = LATER                # when something is next to happen if they stay so

    # Every function here keeps its frame to MicroPython's 11 words (the
    # arguments, locals and stack: py/objfun.c, VM_MAX_STATE_ON_STACK). A
    # bigger frame is allocated on the heap at each call, a search of the
    # heap that costs thousands of instructions, and poll() runs 100 times
    # a second (tools/mpy_frames.py lists the frames; tests/test_frames.py
    # holds the ones on every poll and press to this). Hence self.out
    # rather than an argument, and one button at a time.

    def poll(self, mask, now):
        # mask: bit i set while button i is held (the board's buttons.pressed()).
        # Most polls find every button up, as before: answer at once, making
        # nothing (an allocation costs thousands of instructions here).
        if mask == 0 and self.idle:
            return NOTHING
        # A button held steady has nothing to say until its debounce, hold
        # or repeat time comes: most polls of a press (a tap is eight or so)
        if mask == self.mask and now < self.due:
            return NOTHING
        if self.out:                # (emptied only when it has something: a
            del self.out[:]         # slice is an allocation too)
        self.idle = mask == 0
        self.mask = mask
        self.due = LATER
        for i in range(len(self.raw)):
            if (mask >> i) & 1 or self.raw[i] or self.down[i]:
                self._button(i, mask, now)      # (one up and settled has nothing to do)
        return self.out

    def _button(self, i, mask, now):
        # Button i at this poll: debounced, then pressed, held or released.
        level = (mask >> i) & 1 == 1
        if level != self.raw[i]:
            self.raw[i] = level
            self.since[i] = now
        held = self.down[i]
        if level != held and now - self.since[i] >= DEBOUNCE_MS:
            self.down[i] = held = level
            if level:
                self._pressed(i, now)
            else:
                self._released(i, now)
        elif held:
            self._held(i, now)
        if held or level:
            self.idle = False
        if level != held and self.since[i] + DEBOUNCE_MS < self.due:
            self.due = self.since[i] + DEBOUNCE_MS      # (a change not yet debounced)
        if held:                    # (still down while its release is debounced)
            self._next(i)

    def _next(self, i):
        # When button i, held, is next to do something (its hold, very long
        # hold or next repeat), if that is sooner than what is due already.
        short, hold, very = self.keymap[i]
        if hold == 'repeat':
            t = self.repeat_at[i]
        elif very and self.fired[i] < 2:
            t = self.down_at[i] + VERY_MS
        elif hold and not self.fired[i]:
            t = self.down_at[i] + HOLD_MS
        else:
            return
        if t < self.due:
            self.due = t

    def _pressed(self, i, now):
        short, hold, very = self.keymap[i]
        self.down_at[i] = now
        self.fired[i] = 0
        if hold == 'repeat':
            # answer at once; repeats start after HOLD_MS
            self.out.append((short, 0))
            self.repeats[i] = 0
            self.repeat_at[i] = now + HOLD_MS

    def _held(self, i, now):
        short, hold, very = self.keymap[i]
        if hold == 'repeat':
            while now >= self.repeat_at[i]:
                self.repeats[i] += 1
                self.out.append((short, self.repeats[i]))
                self.repeat_at[i] += REPEAT_MS
        elif very:
            if now - self.down_at[i] >= VERY_MS and self.fired[i] < 2:
                self.fired[i] = 2
                self.out.append((very, 0))
        elif hold and now - self.down_at[i] >= HOLD_MS and not self.fired[i]:
            self.fired[i] = 1
            self.out.append((hold, 0))

    def _released(self, i, now):
        short, hold, very = self.keymap[i]
        if hold == 'repeat' or self.fired[i]:
            return
        held = now - self.down_at[i]
        if held < HOLD_MS or not hold:
            self.out.append((short, 0))
        elif very and held < VERY_MS:
            self.out.append((hold, 0))
