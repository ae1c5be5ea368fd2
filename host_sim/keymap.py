# The keyboard keys that stand for each board's buttons, in the window and the terminal,
# and the key map shown under the screen.
from host_sim import keyscript

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
