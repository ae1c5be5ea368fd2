# Colours. The canvas holds palette indices (docs/device.md): these are the
# 16 colours of a colour screen, and what each is used for. On a mono
# screen every role is 0 (dark) or 1 (lit).

# The 16 colours: what each index is called, and its red, green, blue. (A
# string and a bytes object, not 16 tuples: a device keeps them in a few
# hundred bytes, and from a ROMFS image in flash.)
NAMES = ('background text dim bar alert '     # labels and hints dim; the header a bar
         'red blue green yellow purple orange black white brown pink grey')
RGB = (b'\x00\x00\x00' b'\xff\xff\xff' b'\x96\x96\x96' b'\x1e\x3c\x8c' b'\xc8\x28\x28'
       # player colours: those of the pieces in the box, as players pick them
       # (black is drawn dark grey, to be seen on black)
       b'\xe6\x28\x28' b'\x28\x6e\xff' b'\x28\xbe\x46' b'\xf5\xd7\x28' b'\xa0\x46\xdc'
       b'\xfa\x8c\x14' b'\x46\x46\x46' b'\xeb\xeb\xeb' b'\x8c\x5a\x28' b'\xfa\x78\xb4'
       b'\x78\x78\x82')
BACKGROUND, TEXT, DIM, BAR, ALERT = 0, 1, 2, 3, 4
FIRST_PLAYER_COLOUR = 5
PLAYER_COLOURS = tuple(NAMES.split()[FIRST_PLAYER_COLOUR:])
# three letters each, all different (Green and Grey, Blue and Black...)
SHORT = 'Red Blu Grn Yel Pur Org Blk Wht Brn Pnk Gry'


def rgb(index):
    return RGB[3 * index], RGB[3 * index + 1], RGB[3 * index + 2]


def short(name):
    # A player's name in three letters for the dashboard.
    low = name.lower()
    if low in PLAYER_COLOURS:
        k = 4 * PLAYER_COLOURS.index(low)
        return SHORT[k:k + 3]
    return name[:3]


def rgb_list():
    return [rgb(i) for i in range(16)]


def colour_index(name):
    # A player's colour by name (players on the device are called by colour).
    low = name.lower()
    if low in PLAYER_COLOURS:
        return FIRST_PLAYER_COLOUR + PLAYER_COLOURS.index(low)
    return DIM          # a name that is no colour (a game from a log): grey


def contrast(index):
    # Text colour to write on a swatch of this colour.
    r, g, b = rgb(index)
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
