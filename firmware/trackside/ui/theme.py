# Colours. The canvas holds palette indices (docs/device.md): these are the
# 16 colours of a colour screen, and what each is used for. On a mono
# screen every role is 0 (dark) or 1 (lit).

# index: (name, (r, g, b))
PALETTE = (
    ('background', (0, 0, 0)),
    ('text', (255, 255, 255)),
    ('dim', (150, 150, 150)),           # labels, hints
    ('bar', (30, 60, 140)),             # the selected row, the header
    ('alert', (200, 40, 40)),           # a refused action
    # player colours: those of the pieces in the box, as players pick them
    ('red', (230, 40, 40)),
    ('blue', (40, 110, 255)),
    ('green', (40, 190, 70)),
    ('yellow', (245, 215, 40)),
    ('purple', (160, 70, 220)),
    ('orange', (250, 140, 20)),
    ('black', (70, 70, 70)),            # drawn as dark grey, to be seen on black
    ('white', (235, 235, 235)),
    ('brown', (140, 90, 40)),
    ('pink', (250, 120, 180)),
    ('grey', (120, 120, 130)),
)
BACKGROUND, TEXT, DIM, BAR, ALERT = 0, 1, 2, 3, 4
FIRST_PLAYER_COLOUR = 5
PLAYER_COLOURS = tuple(PALETTE[i][0] for i in range(FIRST_PLAYER_COLOUR, 16))
# three letters each, all different (Green and Grey, Blue and Black...)
SHORT = {'red': 'Red', 'blue': 'Blu', 'green': 'Grn', 'yellow': 'Yel', 'purple': 'Pur',
         'orange': 'Org', 'black': 'Blk', 'white': 'Wht', 'brown': 'Brn', 'pink': 'Pnk',
         'grey': 'Gry'}


def short(name):
    # A player's name in three letters for the dashboard.
    return SHORT.get(name.lower(), name[:3])


def rgb_list():
    return [c[1] for c in PALETTE]


def colour_index(name):
    # A player's colour by name (players on the device are called by colour).
    low = name.lower()
    for i in range(FIRST_PLAYER_COLOUR, 16):
        if PALETTE[i][0] == low:
            return i
    return DIM          # a name that is no colour (a game from a log): grey


def contrast(index):
    # Text colour to write on a swatch of this colour.
    r, g, b = PALETTE[index][1]
    return BACKGROUND if r * 3 + g * 6 + b > 1300 else TEXT


def player_colours(names):
    # Each player's colour: a colour's name is that colour; any other name
    # gets the first colour no player has, in seating order, so that every
    # player's rows, chart line and LED differ.
    out = [colour_index(n) for n in names]
    taken = [c for c in out if c != DIM]
    free = [i for i in range(FIRST_PLAYER_COLOUR, 16) if i not in taken]
    for i in range(len(out)):
        if out[i] == DIM and free:
            out[i] = free.pop(0)
    return out
