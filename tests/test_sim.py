# The simulator (python -m host_sim sim): the real board modules on the fake
# bus, the panel emulators' picture, the PNG files, starting from a log.
import json
import os
import subprocess
import sys

import pytest

from conftest import ROOT
from host_sim import png, screenshot, keyscript
from host_sim import panels
from host_sim.device import Device
from host_sim.keymap import window_keys, window_key, hold_of
from host_sim.live import Live, Keyboard
from host_sim.picture import Picture, region, picture_of
from host_sim.terminal import terminal_view, needs, braille_frame, TEXT_LINES
from host_sim.window import Layout, MACROPAD_KEYS
from trackside.ui import theme

KEYS = os.path.join(ROOT, 'tests', 'keys')


def script(name):
    with open(os.path.join(KEYS, name)) as f:
        return f.read()


def four_to_three(words):
    # The Pico Display script on the OLED's three buttons (docs/device.md).
    out = []
    for w in words.split():
        if w.startswith('game:'):           # (the same on every board)
            out.append(w)
            continue
        base, _, times = w.partition('*')
        three = {'A': 'SEL', 'B': 'SEL-', 'X': 'UP', 'Y': 'DOWN'}[base]
        out.append(three + ('*' + times if times else ''))
    return ' '.join(out)


GAMES = {
    'pico_display': lambda: script('steam-base-3p.keys'),
    'pico_display2': lambda: script('steam-base-3p.keys'),
    'tdisplay': lambda: script('steam-base-3p-2buttons.keys'),
    'oled_ssd1306': lambda: four_to_three(script('steam-base-3p.keys')),
}


def st7789_565(c):
    r, g, b = c
    return ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)


def device(board, tmp_path):
    import machine
    machine.host.clear()
    return Device(board, str(tmp_path))


@pytest.mark.slow
@pytest.mark.parametrize('board', sorted(GAMES))
def test_the_panel_shows_the_canvas_after_every_press(board, tmp_path):
    # Only changed parts are pushed (CRC per row block): the panel must still
    # show exactly the canvas, through the real driver's bytes, every time.
    # The canvas: the same game drawn whole into a headless board's canvas (a colour
    # board's real driver has a band of the screen, drawn a band at a time: ui/paint.py),
    # pressed at the same device times.
    from host_sim.headless import Display
    from trackside.ui.app import App
    d = device(board, tmp_path)
    mono = d.display.mono
    whole = Display(d.display.width, d.display.height, mono, band=False)
    ref = App(whole, d.board.KEYMAP, str(tmp_path / 'ref'))
    ref.tick(0, 0)
    assert mono or d.display.rows < d.display.height
    # the UI's colours as the panel shows them: RGB565, expanded again
    colours = [panels._rgb565_to_rgb(st7789_565(c)) for c in theme.rgb_list()]
    clock = keyscript.Clock()
    for i, (index, hold) in enumerate(keyscript.presses(GAMES[board](), d.names, d.board.KEYMAP)):
        clock.now = d.clock.now
        d.press(index, hold)
        keyscript.press(ref, len(d.names), index, hold, clock)
        assert clock.now == d.clock.now
        want = screenshot.rgb(whole, colours)
        got = d.panel.rgb()
        if mono:       # lit or dark, whatever the colour of the glass
            want = bytes(1 if v else 0 for v in want)
            got = bytes(1 if v else 0 for v in got)
        assert got == want, 'press %d' % i
    assert d.app.session.standings()['winner'] == 'Red'
    assert d.display.bytes_written > 0


def test_sim_command_writes_a_screenshot_after_each_key(tmp_path):
    out = tmp_path / 'png'
    r = subprocess.run([sys.executable, '-m', 'host_sim', 'sim', '--saves', str(tmp_path / 'saves'),
                        '--keys', 'A A Y A', '--png', str(out), '--scale', '2'],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == 'ListScreen | Player 1 (first to bid)'
    files = sorted(os.listdir(str(out)))
    assert files == ['0000.png', '0001.png', '0002.png', '0003.png', '0004.png']
    w, h, rgb = png.read_png(str(out / '0004.png'))
    assert (w, h) == (480, 270) and len(set(rgb[i:i + 3] for i in range(0, len(rgb), 3))) > 3


def test_sim_starts_from_a_game_log(tmp_path):
    r = subprocess.run([sys.executable, '-m', 'host_sim', 'sim', '--saves', str(tmp_path),
                        '--log', os.path.join(ROOT, 'tests', 'scenarios', 'steam-base-short.log'),
                        '--png', str(tmp_path / 'png')], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == 'Dashboard | 36 actions | over: Cid wins'


def test_sim_refuses_a_key_the_board_does_not_have(tmp_path):
    r = subprocess.run([sys.executable, '-m', 'host_sim', 'sim', '--board', 'tdisplay',
                        '--saves', str(tmp_path), '--keys', 'A'], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode != 0 and 'no button "A" on this board (it has BTN1, BTN2)' in r.stderr


# -- the ST7789 emulator's fast path against the controller's rule, pixel by pixel -------

def reference_pixels(ram, madctl, cols, rows, start, data):
    # The datasheet's rule one pixel at a time (the emulator did it so before): the
    # window's columns, then its rows, wrapping; MV exchanges the counters, MX and MY
    # mirror the memory's column and row addresses; outside the memory nothing is written.
    mv, mx, my = madctl & 0x20, madctl & 0x40, madctl & 0x80
    (c0, c1), (r0, r1) = cols, rows
    c, r = start
    for i in range(0, len(data) & ~1, 2):
        pc, pr = (r, c) if mv else (c, r)
        if mx:
            pc = 239 - pc
        if my:
            pr = 319 - pr
        if 0 <= pc < 240 and 0 <= pr < 320:
            k = (pr * 240 + pc) * 2
            ram[k], ram[k + 1] = data[i], data[i + 1]
        c += 1
        if c > c1:
            c = c0
            r += 1
            if r > r1:
                r = r0


def reference_rgb(p):
    # The picture from the frame memory, pixel by pixel (the emulator's old rgb()).
    out = bytearray()
    dark = p.asleep or not p.display_on or not p.lit()
    for y in range(p.height):
        for x in range(p.width):
            if dark:
                out += b'\x00\x00\x00'
                continue
            r, g, b = panels._rgb565_to_rgb(p.pixel(x, y))
            if p.madctl & 0x08:
                r, b = b, r
            if p.ips != p.inverted:
                r, g, b = 255 - r, 255 - g, 255 - b
            out += bytes((r, g, b))
    return bytes(out)


def test_st7789_writes_and_picture_match_the_pixel_by_pixel_rule():
    import random
    rnd = random.Random(12)
    p = panels.ST7789Panel(visible=(52, 40, 135, 240), landscape=True)

    def send(cmd, data=b''):
        p.feed(bytes([cmd]), (0, 0))
        if data:
            p.feed(bytes(data), (1, 0))

    send(0x11)
    send(0x29)
    send(0x3A, b'\x55')
    ram = bytearray(p.ram)
    seen = bytearray(p.width * p.height * 3)        # the picture as a window would keep it
    for trial in range(200):
        madctl = rnd.choice((0x00, 0x60, 0x70, 0x20, 0x40, 0x80, 0xA0, 0xE0, 0xC0))
        if trial % 20 == 19:
            madctl |= 0x08                          # BGR now and then: a new picture
        # mostly a window on the glass (columns 52..186, rows 40..279 of the memory,
        # which MV takes from the window's rows and columns), now and then anywhere
        across, down = rnd.randint(40, 190), rnd.randint(30, 280)
        c0, r0 = (down, across) if madctl & 0x20 else (across, down)
        if trial % 5 == 4:
            c0, r0 = rnd.randint(0, 330), rnd.randint(0, 330)
        c1 = c0 + rnd.randint(-2, 40)               # sometimes end < start, or past the memory
        r1 = r0 + rnd.randint(-2, 30)
        send(0x36, [madctl])
        if trial % 37 == 0:
            send(0x21 if trial % 2 else 0x20)       # inversion on and off
        send(0x2A, [c0 >> 8, c0 & 255, max(c1, 0) >> 8, max(c1, 0) & 255])
        send(0x2B, [r0 >> 8, r0 & 255, max(r1, 0) >> 8, max(r1, 0) & 255])
        data = bytes(rnd.randrange(256) for _ in range(rnd.randint(0, 2000)))
        send(0x2C)
        cut = rnd.randint(0, len(data))             # a write split anywhere, even mid-pixel
        p.feed(data[:cut], (1, 0))
        p.feed(data[cut:], (1, 0))
        reference_pixels(ram, madctl, (c0, max(c1, 0)), (r0, max(r1, 0)), (c0, r0),
                         data if len(data) % 2 == 0 else data[:-1])
        assert p.ram == ram, 'trial %d' % trial
        # what the window redraws: only the damaged rectangle, and then it is whole
        image, rect = p.image(), p.take_damage()
        part = region(image, rect)
        if part is not None:
            ppm, (x, y, w, h) = part
            body = ppm[ppm.index(b'\n') + 1:]
            for row in range(h):
                i = ((y + row) * p.width + x) * 3
                seen[i:i + 3 * w] = body[row * 3 * w:(row + 1) * 3 * w]
        assert bytes(seen) == p.rgb(), 'trial %d: the damaged rectangles missed a change' % trial
        if trial % 15 == 0:
            assert p.rgb() == reference_rgb(p), 'trial %d' % trial


def test_rgb565_decoding_is_exact_for_every_value():
    data = bytes(b for v in range(65536) for b in (v >> 8, v & 255))
    for bgr in (False, True):
        for flip in (False, True):
            got = panels.rgb565_image(data, 256, 256, bgr, flip).tobytes()
            for v in range(0, 65536, 7):
                r, g, b = panels._rgb565_to_rgb(v)
                if bgr:
                    r, b = b, r
                if flip:
                    r, g, b = 255 - r, 255 - g, 255 - b
                assert got[3 * v:3 * v + 3] == bytes((r, g, b)), (v, bgr, flip)


def test_ssd1306_picture_matches_its_pixel_by_pixel_rule():
    import random
    rnd = random.Random(5)
    for trial in range(40):
        p = panels.SSD1306Panel(height=rnd.choice((64, 32)), colour=(rnd.randrange(256), 200, 30))
        p.ram[:] = bytes(rnd.randrange(256) for _ in range(len(p.ram)))
        p.display_on = trial % 9 != 0
        p.charge_pump = trial % 11 != 0
        p.seg_remap, p.com_reversed = rnd.random() < 0.5, rnd.random() < 0.5
        p.inverted, p.entire_on = rnd.random() < 0.3, rnd.random() < 0.1
        p.start_line = rnd.randrange(64)
        want = bytearray(p.width * p.height * 3)
        if p.display_on and p.charge_pump:
            for y in range(p.height):
                for x in range(p.width):
                    v = 1 if p.entire_on else p.lit(x, y)
                    if v != p.inverted:
                        want[(y * p.width + x) * 3:(y * p.width + x) * 3 + 3] = bytes(p.colour)
        assert p.rgb() == bytes(want), trial


# -- the window's parts, without a display ------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize('board', sorted(GAMES))
def test_the_window_redraws_only_what_changed_and_stays_whole(board, tmp_path):
    # The window's image, kept up to date only from the changed rectangles (Picture,
    # region: what Window.redraw puts into Tk), is the panel's whole picture after every
    # press of a whole game; most presses change only part of the screen.
    from PIL import Image
    d = device(board, tmp_path)
    pic = Picture(d.panel)
    window = None
    partial = 0
    areas = []
    for i, (index, hold) in enumerate(keyscript.presses(GAMES[board](), d.names, d.board.KEYMAP)):
        d.press(index, hold)
        image, rect = pic.changed()
        part = region(image, rect)
        if window is None:
            assert rect == (0, 0, d.panel.width, d.panel.height)   # the first look: all
            window = Image.new('RGB', image.size)
        if part is not None:
            ppm, (x, y, w, h) = part
            import io
            window.paste(Image.open(io.BytesIO(ppm)), (x, y))
            areas.append(w * h)
            if w * h < d.panel.width * d.panel.height:
                partial += 1
        assert window.tobytes() == bytes(d.panel.rgb()), 'press %d' % i
    assert partial > len(areas) // 2, (partial, len(areas))


def test_a_cursor_move_redraws_a_small_part(tmp_path):
    d = device('pico_display', tmp_path)
    pic = Picture(d.panel)
    pic.changed()
    d.press(3, keyscript.SHORT)                 # Y: down the new-game list
    image, rect = pic.changed()
    assert rect is not None and rect[2] * rect[3] < image.width * image.height // 2, rect
    image, rect = pic.changed()
    assert rect is None                         # nothing since


class FakeTime:
    # The wall clock and Tk's after/after_cancel, for Live and Keyboard without Tk.
    def __init__(self):
        self.now = 1000.0
        self.timers = {}
        self.next_id = 0

    def later(self, ms, fn):
        self.next_id += 1
        self.timers[self.next_id] = (self.now + ms, fn)
        return self.next_id

    def cancel(self, tid):
        self.timers.pop(tid, None)

    def run(self, ms, live, step=10):
        # let ms of wall time pass, the window's loop ticking every `step`
        end = self.now + ms
        while self.now < end:
            self.now += min(step, end - self.now)
            for tid, (due, fn) in sorted(self.timers.items()):
                if due <= self.now:
                    del self.timers[tid]
                    fn()
            live.tick()


def live_device(board, tmp_path):
    d = device(board, tmp_path)
    events = []
    handle = d.app.handle

    def record(key, n):
        events.append((key, n))
        handle(key, n)

    d.app.handle = record
    clock = FakeTime()
    live = Live(d, lambda: clock.now)
    kb = Keyboard(live, window_keys(d), clock.later, clock.cancel)
    return d, live, kb, clock, events


def events_of_a_held_button(board, tmp_path, index, ms):
    # what the device's own press of that length sends (the reference)
    d, live, kb, clock, events = live_device(board, tmp_path)
    d.press(index, ms)
    return events


def test_a_quick_key_tap_is_one_press_and_acts_at_once(tmp_path):
    d, live, kb, clock, events = live_device('pico_display', tmp_path)
    kb.press('y', 29)           # Y down ... and up within the same millisecond
    assert events == [('down', 0)]              # Y acts as it goes down: at once
    kb.release(29)
    clock.run(Keyboard.GRACE_MS, live)
    kb.press('a', 38)
    kb.release(38)
    assert events == [('down', 0)]              # A acts when let go: after the grace
    clock.run(Keyboard.GRACE_MS, live)
    assert events == [('down', 0), ('select', 0)]
    assert not live.held and not kb.down and not kb.pending


@pytest.mark.slow
@pytest.mark.parametrize('repeat', ['x11', 'presses', 'none'])
def test_holding_an_arrow_key_is_holding_the_button(repeat, tmp_path):
    # Down held 1.5 s: the firmware gets what a button held 1.5 s on the device sends
    # (one step, then its own repeats after its hold time), whatever the PC's
    # auto-repeat does meanwhile (X11: a release and a press again every 40 ms after
    # 660 ms; elsewhere: presses only).
    d, live, kb, clock, events = live_device('pico_display', tmp_path)
    held = 1500
    kb.press('Down', 116)
    t = 0
    next_repeat = 660
    while t < held:
        clock.run(10, live)
        t += 10
        if repeat != 'none' and t >= next_repeat:
            if repeat == 'x11':
                kb.release(116)
            kb.press('Down', 116)
            next_repeat += 40
    kb.release(116)
    clock.run(100, live)
    want = events_of_a_held_button('pico_display', tmp_path / 'ref', 3, held)
    from trackside.ui import keys
    assert [k for k, n in want] == ['down'] * (2 + (held - keys.HOLD_MS) // keys.REPEAT_MS)
    # the first press is run 30 ms ahead (past the debounce at once): at most one
    # repeat more than the reference, never one per PC repeat
    assert events[:len(want)] == want and len(events) - len(want) in (0, 1), events


def test_a_key_held_past_the_hold_time_does_the_hold(tmp_path):
    d, live, kb, clock, events = live_device('pico_display', tmp_path)
    kb.press('b', 56)
    clock.run(700, live)
    kb.release(56)
    clock.run(100, live)
    assert events == [('undo', 0)]              # held B: undo, and no back after it
    kb.press('B', 56)                           # Shift+B: the whole hold at one press
    assert events == [('undo', 0), ('undo', 0)]
    kb.press('B', 56)                           # its auto-repeat: nothing more
    kb.release(56)
    clock.run(100, live)
    assert events == [('undo', 0), ('undo', 0)]


def test_losing_the_keyboard_lets_go_of_every_button(tmp_path):
    d, live, kb, clock, events = live_device('pico_display', tmp_path)
    kb.press('Down', 116)
    assert live.held
    kb.release_all()
    clock.run(50, live)
    assert not live.held and not kb.down
    assert events == [('down', 0)]


def test_a_busy_pc_does_not_make_the_device_run_on(tmp_path):
    d, live, kb, clock, events = live_device('pico_display', tmp_path)
    before = d.clock.now
    clock.now += 10000                          # ten seconds without a look
    assert live.tick() == Live.MOST_TICKS
    assert d.clock.now == before + Live.MOST_TICKS * keyscript.TICK
    assert live.tick() == 0                     # and it goes on from there


@pytest.mark.parametrize('board', sorted(panels.BOARDS))
def test_the_drawn_buttons_are_labelled_as_on_the_board_and_a_click_hits_them(board, tmp_path):
    d = device(board, tmp_path)
    lay = Layout(d, 3)
    labels = [label for control, label, box in lay.controls]
    assert sorted(labels) == sorted(d.names)
    sx, sy, sw, sh = lay.screen
    assert (sw, sh) == (d.panel.width * 3, d.panel.height * 3)
    boxes = [box for c, l, box in lay.controls] + list(lay.lights.values()) + [
        (sx, sy, sx + sw, sy + sh)]
    for i, a in enumerate(boxes):
        assert 0 <= a[0] < a[2] <= lay.size[0] and 0 <= a[1] < a[3] <= lay.size[1], a
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    for control, label, (x0, y0, x1, y1) in lay.controls:
        assert control == d.names.index(label)
        assert lay.hit((x0 + x1) // 2, (y0 + y1) // 2) == control
        assert lay.hit(x0 - 1, (y0 + y1) // 2) is None
    assert lay.hit(sx + sw // 2, sy + sh // 2) is None      # the screen is not a button
    assert ('LED' in lay.lights) == (d.led is not None)


def test_window_keys_cover_every_key_of_the_key_map(tmp_path):
    # every key the legend and KEYS name reaches a control in the window, by its Tk
    # name or by its character (Shift+1: keysym 'exclam', char '!')
    d = device('tdisplay', tmp_path)
    keymap = window_keys(d)
    assert window_key('exclam', '!', keymap) == '!' and keymap['!'][0] == 0
    assert window_key('at', '@', keymap) == '@' and keymap['@'] == (1, hold_of('hold'))
    assert window_key('Return', '\r', keymap) == 'Return' and keymap['Return'] == (1, None)
    assert window_key('z', 'z', keymap) == 'z' and keymap['z'] == (1, hold_of('very'))
    assert window_key('F5', '', keymap) not in keymap


def test_a_click_is_a_press_and_a_long_click_a_hold(tmp_path):
    d, live, kb, clock, events = live_device('pico_display', tmp_path)
    lay = Layout(d, 3)
    centre = dict((label, ((x0 + x1) // 2, (y0 + y1) // 2))
                  for control, label, (x0, y0, x1, y1) in lay.controls)
    live.down(lay.hit(*centre['A']))
    live.up(lay.hit(*centre['A']))
    assert events == [('select', 0)]
    live.down(lay.hit(*centre['B']))
    clock.run(800, live)
    live.up(lay.hit(*centre['B']))
    assert events == [('select', 0), ('undo', 0)]


@pytest.mark.slow
@pytest.mark.parametrize('board', ['pico_display', 'pico_display2'])
def test_the_led_shows_the_colour_of_the_player_to_move(board, tmp_path):
    from trackside.ui import theme
    import machine
    machine.host.clear()
    log = os.path.join(ROOT, 'tests', 'scenarios', 'steam-base-short.log')
    with open(log) as f:
        lines = f.read().splitlines()
    part = tmp_path / 'part.log'
    part.write_text('\n'.join(lines[:12]) + '\n')
    d = Device(board, str(tmp_path / 'saves'), str(part))
    player = d.app.session.prompt()['player']
    assert player >= 0
    want = theme.rgb(d.app.colours[player])
    assert d.lights() == {'LED': tuple(want)}
    # every value the board can be asked for comes back from its PWM pins
    for v in range(256):
        d.led.rgb(v, 255 - v, v // 2)
        assert d.lights() == {'LED': (v, 255 - v, v // 2)}
    machine.host.clear()
    over = Device(board, str(tmp_path / 'saves2'), log)
    assert over.lights() == {'LED': (0, 0, 0)}              # game over: nobody to move
    machine.host.clear()
    assert Device('tdisplay', str(tmp_path / 'saves3')).lights() == {}   # no LED


@pytest.mark.slow
@pytest.mark.parametrize('name', ['reverse_tft', 'macropad'])
def test_the_circuitpython_boards_lights_in_the_window(name, tmp_path):
    # (a fresh interpreter: CircuitPython's displayio is set up for one board at a time)
    log = os.path.join(ROOT, 'tests', 'scenarios', 'steam-base-short.log')
    with open(log) as f:
        lines = f.read().splitlines()
    part = tmp_path / 'part.log'
    part.write_text('\n'.join(lines[:12]) + '\n')
    code = ('import json, sys; sys.path.insert(0, %r); from host_sim.device import Device; from host_sim.window import Layout; '
            'from trackside.ui import theme; '
            'd = Device(%r, %r, %r); p = d.app.session.prompt()["player"]; '
            'print(json.dumps([d.lights(), theme.rgb(d.app.colours[p]), '
            '[c for c, l, b in Layout(d, 3).controls]]))'
            % (ROOT, name, str(tmp_path / 'saves'), str(part)))
    r = subprocess.run([sys.executable, '-c', code], cwd=ROOT, capture_output=True, text=True,
                       timeout=900)
    assert r.returncode == 0, r.stderr[-2000:]
    lights, colour, controls = json.loads(r.stdout.strip().splitlines()[-1])
    # the LEDs are dimmed on the boards (1/8, 3/32): shown at full strength, within
    # the steps the dimming leaves
    def near(got):
        return all(abs(g - w) <= 12 for g, w in zip(got, colour))
    if name == 'reverse_tft':
        assert list(lights) == ['LED'] and near(lights['LED']), (lights, colour)
    else:
        lit = [k for k, c in sorted(lights.items()) if any(c)]
        assert lit == sorted('KEY%d' % k for k in MACROPAD_KEYS), lights
        assert all(near(lights[k]) for k in lit)
        assert sorted(c for c in controls if isinstance(c, int)) == [0, 1, 2]
        assert sorted(c for c in controls if isinstance(c, str)) == sorted(
            'KEY%d' % k for k in MACROPAD_KEYS)


def test_the_status_line_is_in_words(tmp_path):
    d = device('pico_display', tmp_path)
    assert d.status() == 'No game yet \u00b7 screen: New game'
    for i, (index, hold) in enumerate(keyscript.presses(GAMES['pico_display'](), d.names, d.board.KEYMAP)):
        d.press(index, hold)
        s = d.status()
        assert 'Screen |' not in s and 'Dashboard' not in s and '|' not in s, s
        if d.app.session:
            n = d.app.session.cursor
            assert s.startswith('Steam, Base game \u00b7 turn 1 of 1 \u00b7 ')
            assert ('%d entr' % n) in s
    assert d.status() == 'Steam, Base game \u00b7 turn 1 of 1 \u00b7 21 entries \u00b7 game over: Red wins'
    d.press(1, keyscript.SHORT)                 # B: the menu
    assert d.status().endswith('game over: Red wins \u00b7 screen: Menu')


def test_sim_refuses_a_bad_log_with_its_line_and_does_not_start(tmp_path):
    bad = tmp_path / 'bad.log'
    bad.write_text('steam base players=Ann,Bob,Cid turns=2\nAnn bid 2\nBob bid 1\nCid pass\n')
    saves = tmp_path / 'saves'
    shots = tmp_path / 'png'
    r = subprocess.run([sys.executable, '-m', 'host_sim', 'sim', '--saves', str(saves),
                        '--log', str(bad), '--png', str(shots)],
                       cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 1
    assert r.stderr.startswith('%s:3: Bob bid 1\n  Bid must be above $2' % bad), r.stderr
    assert 'did not start' in r.stderr and r.stdout == ''
    assert not saves.exists() and not shots.exists()        # nothing saved, nothing drawn
    for text, why in (('', 'empty'), ('stem base players=A,B\n', 'stem')):
        bad.write_text(text)
        r = subprocess.run([sys.executable, '-m', 'host_sim', 'sim', '--saves', str(saves),
                            '--log', str(bad), '--keys', 'A'],
                           cwd=ROOT, capture_output=True, text=True, timeout=600)
        assert r.returncode == 2 and '%s:1:' % bad in r.stderr and why in r.stderr.lower(), r.stderr
    r = subprocess.run([sys.executable, '-m', 'host_sim', 'sim', '--log', str(tmp_path / 'none.log')],
                       cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 2 and 'cannot read' in r.stderr
    assert not saves.exists()


@pytest.mark.slow
def test_make_sim_passes_the_board(tmp_path):
    # make sim BOARD=... runs that board: the OLED's SEL is no button of the default board
    r = subprocess.run(['make', '-s', 'sim', 'BOARD=oled_ssd1306',
                        'SIM=--keys SEL --saves %s' % (tmp_path / 'saves')],
                       cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.strip().splitlines()[-1].startswith('ListScreen | ')
    assert os.path.isdir(str(tmp_path / 'saves'))
    r = subprocess.run(['make', '-s', 'sim', 'BOARD=tdisplay', 'SIM=--keys SEL --saves %s' % tmp_path],
                       cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert r.returncode != 0 and 'no button "SEL" on this board (it has BTN1, BTN2)' in r.stderr


def test_screenshots_are_the_panel_scaled_pixel_for_pixel(tmp_path):
    out = tmp_path / 'png'
    r = subprocess.run([sys.executable, '-m', 'host_sim', 'sim', '--saves', str(tmp_path / 'saves'),
                        '--keys', 'A A', '--png', str(out), '--scale', '3'],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    d = device('pico_display', tmp_path / 'again')
    for index, hold in keyscript.presses('A A', d.names):
        d.press(index, hold)
    w, h, rgb = png.read_png(str(out / '0002.png'))
    small = d.panel.rgb()
    assert (w, h) == (3 * d.panel.width, 3 * d.panel.height)
    for y in range(0, h, 7):
        for x in range(0, w, 5):
            i = ((y // 3) * d.panel.width + x // 3) * 3
            assert rgb[(y * w + x) * 3:(y * w + x) * 3 + 3] == small[i:i + 3], (x, y)


# -- the terminal's drawings, without a terminal -------------------------------------------

def test_braille_cells_put_dots_where_the_second_colour_is():
    from PIL import Image
    im = Image.new('RGB', (4, 4), (0, 0, 0))
    for xy in ((0, 0), (1, 1), (0, 3), (3, 2)):
        im.putpixel(xy, (200, 100, 50))
    line, = braille_frame(im.tobytes(), 4, 4)
    cells = [ch for ch in line if 0x2800 <= ord(ch) <= 0x28FF]
    assert cells == [chr(0x2800 | 0x01 | 0x10 | 0x40), chr(0x2800 | 0x20)]
    assert '\x1b[38;2;200;100;50m\x1b[48;2;0;0;0m' in line


@pytest.mark.slow
@pytest.mark.parametrize('board', sorted(panels.BOARDS))
def test_the_terminal_view_fits_the_terminal_or_says_what_it_needs(board, tmp_path):
    d = device(board, tmp_path)
    pic = picture_of(d.panel)
    (hc, hl), (bc, bl) = needs(pic.width, pic.height)
    if board == 'pico_display':
        assert (hc, hl, bc, bl + 1) == (240, 70, 120, 37)
    for cols, lines in ((80, 24), (100, 30), (bc, bl + 1), (hc, hl), (300, 100)):
        notice, frame = terminal_view(pic, cols, lines)
        used = len(frame) + TEXT_LINES + (1 if notice else 0)
        assert used <= lines, (cols, lines, used)
        width = max(len([ch for ch in row if ord(ch) >= 0x2580]) for row in frame)
        assert width <= cols
        if cols >= hc and lines >= hl:
            assert notice is None and width == pic.width         # every pixel, in colour
        else:
            size = '%d\u00d7%d' % (cols, lines)
            assert notice.startswith('Terminal %s' % size) and len(notice) <= max(cols, 80)
            assert 'needs %d\u00d7%d (colour) or %d\u00d7%d (dots)' % (hc, hl, bc, bl + 1) in notice
            if cols >= bc and lines >= bl + 1:
                assert width == (pic.width + 1) // 2 and 'drawn in braille' in notice
            else:
                assert 'too small' in notice and 'drawn at' in notice


@pytest.mark.parametrize('script', ['', 'A', ' A  B\nX\t\tY-- Y*3 ', 'A*3 Y\r\nB-\n'])
def test_a_plan_of_a_key_script_holds_its_presses(script):
    # keyscript.plan(): two bytes a press, what the heap benchmarks play from
    plan = keyscript.plan(script, ('A', 'B', 'X', 'Y'))
    got = [(plan[i], keyscript.HOLDS[plan[i + 1]]) for i in range(0, len(plan), 2)]
    assert got == list(keyscript.presses(script, ('A', 'B', 'X', 'Y')))
    assert len(got) == sum(int(w.split('*')[1]) if '*' in w else 1 for w in script.split())
