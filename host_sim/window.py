# The device in a Tk window. The parts that need no Tk (the layout of the device and
# what a click hits) are plain code, so the tests run them without a display;
# Window only wires them to Tk.
import time

from host_sim import keyscript
from host_sim.keymap import is_macropad, legend, window_keys, window_key
from host_sim.live import Live, Keyboard
from host_sim.picture import Picture, region, hex_colour

TICK = keyscript.TICK

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
