# Brass (Lancashire): the numbers of the rules digest, ../shared/rules/brass.md
# (every "§" below is a section of it): the income track, the coal and iron
# markets, the distant cotton market, the industry tiles. Plain functions
# of ints; imports nothing of the other brass modules (no import loop).

# --- the income / VP track (§6) -------------------------------------------------

START_POS = 10          # §3: the income marker starts on space 10 (income 0)
TOP_POS = 99            # §6: no space 100; the marker stops at 99 (level 30)
LEVEL_MIN = -10         # §6.3: no loan below level -10


def level(pos):
    # §6: the income level printed at a track space (the grouped table of §6.1).
    if pos <= 10:
        return pos - 10
    if pos <= 30:
        return 1 + (pos - 11) // 2
    if pos <= 60:
        return 11 + (pos - 31) // 3
    if pos <= 96:
        return 21 + (pos - 61) // 4
    return 30


def top_of(lv):
    # §6.1: the highest space of a level (where a loan lands).
    if lv <= 0:
        return lv + 10
    if lv <= 10:
        return 10 + 2 * lv
    if lv <= 20:
        return 30 + 3 * (lv - 10)
    if lv <= 29:
        return 60 + 4 * (lv - 20)
    return TOP_POS


def advance(pos, spaces):
    # §6.3: income is gained in spaces, not levels, and stops at space 99.
    return min(TOP_POS, pos + spaces)


def after_loan(pos, amount):
    # §6.3: £10 a level down, to the highest space of the new level; None if
    # that would be below level -10 (the loan is refused).
    lv = level(pos) - amount // 10
    if lv < LEVEL_MIN:
        return None
    return top_of(lv)


LOANS = (10, 20, 30)    # §7: the loans there are


# --- coal and iron markets (§8) --------------------------------------------------

MARKET = 8              # §8: 8 spaces, £1 £1 £2 £2 £3 £3 £4 £4; they start full (§3)
CUBES_W07 = (30, 25)    # §1: W07's coal and iron cubes in all (RX18's supply is limitless)
NO_CUBE = 999           # the "price" of a cube the supply does not have (never affordable)


def buy_price(c):
    # §8: the next cube bought with c cubes in the market: ceil((9-c)/2);
    # £5 from the supply when the market is empty (c = 0).
    return (10 - c) // 2


def sell_price(c):
    # §8: money for the next cube sold into a market holding c: ceil((8-c)/2).
    return (9 - c) // 2


def sell(c, k):
    # §8: up to k cubes into the most expensive empty spaces: (£, cubes moved).
    gain = 0
    moved = 0
    while moved < k and c < MARKET:
        gain += sell_price(c)
        c += 1
        moved += 1
    return gain, moved


# --- the distant cotton market (§9) ---------------------------------------------

DISTANT_X = 8                       # index 8 is the X: no sale
BONUS = (3, 3, 2, 2, 1, 1, 0, 0)    # income spaces at the marker's new index
# the tiles: how many show 0, -1, -2, -3, -4
PILE_W07 = (2, 2, 4, 3, 1)          # W07, JAVA [1]: 12 tiles, all used
PILE_BY_COUNT = {4: (2, 2, 3, 3, 1), 3: (1, 1, 3, 3, 1), 2: (0, 1, 2, 3, 1)}   # RX18, ZD (§17)


# --- industry tiles (§10) --------------------------------------------------------

MILL, PORT, MINE, WORKS, SHIP = 0, 1, 2, 3, 4
TYPES = ('mill', 'port', 'mine', 'works', 'ship')     # the words of the log
TITLES = ('Mill', 'Port', 'Mine', 'Works', 'Ship')
ANY, CANAL, RAIL, NEVER = 0, 1, 2, 3                  # the era a level may be built in

# Each player's stacks, lowest level on top (§10 counts: 12, 8, 7, 4, 6).
# (bytes: a Pico keeps a table of small numbers in bytes for a fraction of
# the RAM a tuple of tuples takes)
STACKS = (b'\x01\x01\x01\x02\x02\x02\x03\x03\x03\x04\x04\x04',
          b'\x01\x01\x02\x02\x03\x03\x04\x04',
          b'\x01\x02\x02\x03\x03\x04\x04',
          b'\x01\x02\x03\x04',
          b'\x00\x00\x01\x01\x02\x02')

# cost £, coal, iron, cubes, income spaces, VP, era: 7 numbers for each
# type and level 0-4 (§10; level 0 only for the shipyard, never built)
COST, COAL, IRON, CUBES, INCOME, VP, ERA = 0, 1, 2, 3, 4, 5, 6
_TILES = bytes((
    0, 0, 0, 0, 0, 0, NEVER, 12, 0, 0, 0, 5, 3, CANAL, 14, 1, 0, 0, 4, 5, ANY,
    16, 1, 1, 0, 3, 9, ANY, 18, 1, 1, 0, 2, 12, ANY,                        # mill
    0, 0, 0, 0, 0, 0, NEVER, 6, 0, 0, 0, 3, 2, CANAL, 7, 0, 0, 0, 3, 4, ANY,
    8, 0, 0, 0, 4, 6, ANY, 9, 0, 0, 0, 4, 9, ANY,                           # port
    0, 0, 0, 0, 0, 0, NEVER, 5, 0, 0, 2, 4, 1, CANAL, 7, 0, 0, 3, 7, 2, ANY,
    8, 0, 1, 4, 6, 3, ANY, 10, 0, 1, 5, 5, 4, ANY,                          # coal mine
    0, 0, 0, 0, 0, 0, NEVER, 5, 1, 0, 4, 3, 3, CANAL, 7, 1, 0, 4, 3, 5, ANY,
    9, 1, 0, 5, 2, 7, ANY, 12, 1, 0, 6, 1, 9, ANY,                          # iron works
    0, 0, 0, 0, 0, 0, NEVER, 16, 1, 1, 0, 2, 10, CANAL, 25, 1, 1, 0, 1, 18, RAIL,
    0, 0, 0, 0, 0, 0, NEVER, 0, 0, 0, 0, 0, 0, NEVER))                      # shipyard


def val(t, lv, k):
    # One number of a tile's data: val(MILL, 2, COST) is 14.
    return _TILES[(t * 5 + lv) * 7 + k]


def tile_row(t, lv):
    # All seven numbers of a tile (as bytes: row[COST], row[VP], ...).
    i = (t * 5 + lv) * 7
    return _TILES[i:i + 7]


def salvage(t, lv):
    # §5.2: a tile removed for a shortfall returns half its printed cost,
    # rounded down (the coal and iron are not part of the cost).
    return val(t, lv, COST) // 2


# --- rounds (§4.1) ---------------------------------------------------------------

ROUNDS = {'w07': {3: 10, 4: 8}, 'rx18': {2: 10, 3: 9, 4: 8}}
LOAN_FREE_ROUNDS = 4    # §4.1: the Rail era's last 4 rounds have no loans (deck empty)
LINK_TILES = 14         # §2: link tiles per player
LINK_VP_MOST = 20       # the most one link can score, for the entry's range: our own
                        # bound against a slip of the finger, well above what two
                        # ends can show (§13.1 prints no cap: flipped tiles at both
                        # ends, 2 printed circles at six locations)
