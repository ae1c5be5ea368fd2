# Brass: the pages of text the device's menu shows (the tiles on the board,
# each stack's next tile, the scores so far). Imported only while a page is
# made, then let go (games/brass/ui.py): a page is read once in a while, its
# code need not stay in RAM. names: each player's short name.
from trackside.games.brass.data import TITLES, VP, val
from trackside.games.brass.act import next_level, FLP, TYP, LV, OWN, CUB


def tiles(s, names):
    lines = []
    for t in s['tiles']:
        text = '#%d %s %s L%d' % (t[0], names[t[OWN]], TITLES[t[TYP]], t[LV])
        lines.append(text + (' flipped' if t[FLP] else ' %dc' % t[CUB] if t[TYP] in (2, 3) else ''))
    return 'Tiles on the board', lines


STACKS = ('Mil', 'Prt', 'Min', 'Wks', 'Shp')    # (mill and mine both begin "Mi")


def stacks(s, names):
    lines = []
    for q in s['order']:
        parts = []
        for t in range(5):
            lv = next_level(s, q, t)
            parts.append('%s%s' % (STACKS[t], '-' if lv is None else lv))
        lines.append('%s %s' % (names[q], ' '.join(parts)))
    return 'Next tile of each stack', lines


def scores(s, names):
    # VP so far: from links (L), tiles (T), money (£), lost to shortfalls (-);
    # in play, (+N): what the flipped tiles now on the board would add.
    lines = []
    order = s['order']
    if s['phase'] == 'over':
        order = sorted(order, key=lambda q: s['rank'][q] * 8 + order.index(q))
    for q in order:
        now = sum(val(t[TYP], t[LV], VP) for t in s['tiles'] if t[OWN] == q and t[FLP])
        lines.append('%s %dVP L%d T%d £%d%s%s%s' % (
            names[q], s['vp'][q], s['vlinks'][q], s['vtiles'][q], s['vcash'][q],
            ' -%d' % s['vlost'][q] if s['vlost'][q] else '',
            ' +%d i%d' % (s['vagain'][q], s['vinc'][q]) if s['intro'] and s['phase'] == 'over' else '',
            ' (+%d)' % now if now and s['phase'] != 'over' else ''))
    return 'Scores: links, tiles, money', lines
