# Button levels to key events (firmware/trackside/ui/keys.py; docs/device.md).
from trackside.ui.keys import Keys, DEBOUNCE_MS, HOLD_MS, VERY_MS, REPEAT_MS

FOUR = (('select', None, None), ('back', 'undo', None), ('up', 'repeat', None), ('down', 'repeat', None))
SEL = (('select', 'back', 'undo'),)


def run(keymap, timeline, until):
    # timeline: [(ms, levels)] changes of the levels; poll every 5 ms.
    keys = Keys(keymap)
    events = []
    levels = [False] * len(keymap)
    changes = dict(timeline)
    for now in range(0, until, 5):
        if now in changes:
            levels = changes[now]
        mask = sum(1 << i for i in range(len(levels)) if levels[i])
        for key, n in keys.poll(mask, now):
            events.append((now, key, n))
    return events


def test_a_short_press_is_sent_on_release_after_debounce():
    ev = run(FOUR, [(100, [True, False, False, False]), (200, [False] * 4)], 400)
    assert [(k, n) for t, k, n in ev] == [('select', 0)]
    assert 200 <= ev[0][0] <= 200 + DEBOUNCE_MS + 5


def test_bounce_shorter_than_debounce_is_ignored():
    ev = run(FOUR, [(100, [True, False, False, False]), (110, [False] * 4),
                    (115, [True, False, False, False]), (120, [False] * 4)], 400)
    assert ev == []


def test_hold_sends_the_hold_key_once_and_nothing_on_release():
    ev = run(FOUR, [(100, [False, True, False, False]), (100 + HOLD_MS + 300, [False] * 4)], 1500)
    assert [(k, n) for t, k, n in ev] == [('undo', 0)]
    assert ev[0][0] - 100 >= HOLD_MS


def test_repeat_key_answers_at_once_then_repeats_with_a_count():
    ev = run(FOUR, [(100, [False, False, True, False]), (100 + HOLD_MS + 3 * REPEAT_MS + 50, [False] * 4)], 2000)
    keys = [(k, n) for t, k, n in ev]
    assert keys[0] == ('up', 0) and ev[0][0] <= 100 + DEBOUNCE_MS + 5
    assert keys[1:] == [('up', 1), ('up', 2), ('up', 3), ('up', 4)]


def test_three_ways_to_press_one_button():
    short = run(SEL, [(0, [True]), (100, [False])], 300)
    hold = run(SEL, [(0, [True]), (HOLD_MS + 200, [False])], 2000)
    very = run(SEL, [(0, [True]), (VERY_MS + 200, [False])], 3000)
    assert [k for t, k, n in short] == ['select']
    assert [k for t, k, n in hold] == ['back']
    assert [k for t, k, n in very] == ['undo']
    assert very[0][0] < VERY_MS + 200              # sent while still held


def test_a_steady_poll_answers_as_a_full_look_at_every_button_would():
    # keys.py skips the polls of buttons held steady until a debounce, hold
    # or repeat time is due. Random presses, holds, bounces and uneven poll
    # gaps on each keymap: the same events at the same polls as a Keys that
    # looks at every button on every poll (its due time never in the future).
    import random
    rnd = random.Random(11)
    three = (('select', 'back', 'undo'), ('up', 'repeat', None), ('down', 'repeat', None))
    for keymap in (FOUR, SEL, three):
        for _ in range(40):
            quick, full = Keys(keymap), Keys(keymap)
            now, mask, skipped = 0, 0, 0
            for _ in range(300):
                if rnd.random() < 0.08:
                    mask = rnd.randrange(1 << len(keymap)) if rnd.random() < 0.7 else 0
                now += rnd.choice((1, 5, 10, 10, 10, 30, 200))
                before = quick.due
                got = list(quick.poll(mask, now))
                full.due = -1
                want = list(full.poll(mask, now))
                assert got == want, (keymap, now, mask)
                skipped += mask != 0 and mask == quick.mask and now < before
            assert skipped > 0          # (the quick way was taken)
