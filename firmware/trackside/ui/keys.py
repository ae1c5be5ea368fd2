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

    def poll(self, mask, now):
        # mask: bit i set while button i is held (the board's buttons.pressed()).
        # Most polls find every button up, as before: answer at once, making
        # nothing (an allocation costs thousands of instructions here).
        if mask == 0 and self.idle:
            return NOTHING
        out = self.out
        del out[:]
        busy = mask != 0
        raw = self.raw              # (locals: a poll runs 100 times a second)
        since = self.since
        down = self.down
        for i in range(len(raw)):
            level = (mask >> i) & 1 == 1
            if level != raw[i]:
                raw[i] = level
                since[i] = now
            held = down[i]
            if level != held and now - since[i] >= DEBOUNCE_MS:
                down[i] = held = level
                if level:
                    self._pressed(i, now, out)
                else:
                    self._released(i, now, out)
            elif held:
                self._held(i, now, out)
            if held or level:
                busy = True
        self.idle = not busy
        return out

    def _pressed(self, i, now, out):
        short, hold, very = self.keymap[i]
        self.down_at[i] = now
        self.fired[i] = 0
        if hold == 'repeat':
            # answer at once; repeats start after HOLD_MS
            out.append((short, 0))
            self.repeats[i] = 0
            self.repeat_at[i] = now + HOLD_MS

    def _held(self, i, now, out):
        short, hold, very = self.keymap[i]
        held = now - self.down_at[i]
        if hold == 'repeat':
            while now >= self.repeat_at[i]:
                self.repeats[i] += 1
                out.append((short, self.repeats[i]))
                self.repeat_at[i] += REPEAT_MS
        elif very:
            if held >= VERY_MS and self.fired[i] < 2:
                self.fired[i] = 2
                out.append((very, 0))
        elif hold and held >= HOLD_MS and not self.fired[i]:
            self.fired[i] = 1
            out.append((hold, 0))

    def _released(self, i, now, out):
        short, hold, very = self.keymap[i]
        if hold == 'repeat' or self.fired[i]:
            return
        held = now - self.down_at[i]
        if held < HOLD_MS or not hold:
            out.append((short, 0))
        elif very and held < VERY_MS:
            out.append((hold, 0))
