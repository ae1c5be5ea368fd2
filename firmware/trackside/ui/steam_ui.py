# Steam on the device: the dashboard, and the answers the generic screens
# cannot give alone (a delivery). Imported when a Steam game is played.
from trackside.ui.screens import Screen, HINTS
from trackside.ui import ask
from trackside.ui import theme
from trackside.games import steam

LABELS = {'bid': 'Bid', 'pass': 'Pass', 'tile': 'Tile', 'build': 'Build',
          'deliver': 'Deliver', 'loco': 'Loco +1', 'income': 'Income',
          'links': 'Links', 'capital': 'Capital', 'decline': 'Decline'}
MONEY = ('bid',)
PHASES = {'auction': 'Auction', 'bidding': 'Auction', 'capital': 'Capital', 'tiles': 'Tiles',
          'build': 'Build', 'move': 'Move', 'income': 'Income', 'links': 'Final score',
          'over': 'Game over'}
ORDINAL = ('1st', '2nd', '3rd', '4th', '5th', '6th')


def label(verb):
    return LABELS.get(verb, verb)


def signed(n):
    return '+%d' % n if n > 0 else '%d' % n


def confirm(app, verb):
    # Lines to show before an action that takes no answer, or None.
    if verb != 'income':
        return None
    s = app.session.state
    names = app.session.setup['players']
    cells = []
    for p in s['order']:
        net = s['income'][p] - (s['loco'][p] if s['std'] else 0)
        cells.append('%s %s' % (theme.short(names[p]), signed(net) if net else '0'))
    return [' '.join(cells)]


class Dashboard(Screen):
    # Every player in turn order: colour, cash, income, VP, locomotive; the
    # player to move is highlighted. Below: what comes next, and the keys.
    # A acts, B opens the menu, holding B undoes.
    def draw(self, p, app):
        ask.game_screen(p, app, HINTS['dashboard'].get(app.buttons))
        pr = app.session.prompt()
        status = app.status or (pr['text'] if pr['options'] else '')
        hint = HINTS['act'].get(app.buttons, '') if pr['options'] else ''
        ask.lines(p, status, hint)

    def key(self, app, key, n):
        if key == 'select':
            app.act()
        elif key == 'back':
            app.menu()
        elif key in ('up', 'down', 'advance') and app.session.over():
            app.menu()


def header(app):
    s = app.session.state
    names = app.session.setup['players']
    if s['phase'] == 'over':
        return 'Game over: %s wins' % names[s['winner']] if s['winner'] >= 0 else 'Game over'
    return 'T%d/%d %s' % (s['turn'], s['last'], PHASES.get(s['phase'], s['phase']))


def draw_rows(p, app, top, bottom):
    # One row per player in turn order (the bankrupt last), between top and
    # bottom; the player to move highlighted.
    s = app.session.state
    names = app.session.setup['players']
    order = [q for q in s['order']] + [q for q in range(len(names)) if q not in s['order']]
    mover = app.session.prompt()['player']
    room = bottom - top
    font = p.medium
    if font.height + 1 > room // len(order):
        font = p.small if p.small.height <= room // len(order) else TINY()
    rh = max(font.height, min(font.height + 6, room // len(order)))
    shown = room // rh
    if shown < len(order):
        # too many players for this screen: the rows around the one to move
        at = order.index(mover) if mover in order else 0
        first = max(0, min(at - 1, len(order) - shown))
        order = order[first:first + shown]
    geometry = (len(order), rh, font)
    if p.slots.get('#rows') != geometry:
        # a different table (a player gone, another font): start it afresh
        p.fill(0, top, p.w, bottom - top, theme.BACKGROUND)
        for i in range(6):
            p.slots.pop('row%d' % i, None)
            p.slots.pop('mark%d' % i, None)
        p.slots['#rows'] = geometry
    y = top
    for i in range(len(order)):
        q = order[i]
        fg = theme.DIM if s['out'][q] else theme.TEXT
        p.put('row%d' % i, 0, y, p.w, rh, row(s, q, names[q], font, p.w - 16), font, fg,
              theme.BACKGROUND, theme.colour_index(names[q]))
        # the player to move: a bar beside their colour (moving it to the
        # next player redraws two narrow strips, not two rows)
        mark = theme.TEXT if q == mover else theme.BACKGROUND
        p.put('mark%d' % i, 8, y + 1, 4, rh - 2, '', font, mark, mark)
        y += rh


def TINY():
    from trackside.ui import font
    return font.load('tiny')


def row(s, q, name, font, width):
    # The player's numbers for this phase, as many as fit.
    name = theme.short(name)
    if s['out'][q]:
        return '%-3s bankrupt' % name
    ph = s['phase']
    if ph == 'over':
        rank = s['ranking'].index(q) + 1 if q in s['ranking'] else 0
        cells = ['%d pts' % s['score'][q], ORDINAL[rank - 1] if rank else '']
    elif ph == 'bidding':
        cells = ['$%d' % s['cash'][q], bid_status(s, q)]
    elif ph == 'capital':
        cells = ['$%d' % s['cash'][q], 'i%s' % signed(s['income'][q]), 'upkeep $%d' % s['loco'][q]]
    else:
        cells = ['$%d' % s['cash'][q], 'i%s' % signed(s['income'][q]), '%dvp' % s['vp'][q],
                 'L%d' % s['loco'][q]]
    text = '%-3s' % name
    for cell in cells:
        trial = text + ' ' + cell
        if font.measure(trial) > width:
            break
        text = trial
    return text

def bid_status(s, q):
    # The standard auction (§7.4): high bid, out and where, free pass.
    if q in s['slots']:
        return 'out %s' % ORDINAL[s['slots'].index(q)]
    words = []
    if s['high_by'] == q:
        words.append('high $%d' % s['high'])
    if s['free'] == q:
        words.append('free pass')
    return ' '.join(words)




# --- a delivery: the mover's links, then each other owner's --------------------------

def answer(app, pr, opt, head, title):
    if opt[1] == steam.DELIVERY:
        Delivery(app, pr, opt[2], head).own()


class Delivery:
    # Steps: the mover's own links and where their points go; then, until
    # "done", another owner (or unowned links), their links, their choice.
    def __init__(self, app, pr, most, head):
        self.app = app
        self.mover = pr['player']
        self.most = most
        self.head = head
        self.parts = []
        self.names = app.session.setup['players']

    def left(self):
        return self.most - sum(links for who, links, choice in self.parts)

    def own(self):
        self.app.amount('%s: own links' % self.names[self.mover], 1, self.most, 1,
                        lambda app, v: self.choice(self.mover, v))

    def choice(self, who, links):
        if who < 0:
            self.parts.append(('unowned', links, ''))
            self.others()
            return
        items = [('Income +%d' % links, 'income'), ('VP +%d' % links, 'vp')]
        self.app.choose('%s: %d points to' % (self.names[who], links), items,
                        lambda app, c: self.chose(who, links, c))

    def chose(self, who, links, c):
        self.parts.append((self.names[who], links, c))
        self.others()

    def others(self):
        s = self.app.session.state
        named = [w for w, l, c in self.parts]
        items = [('Done: deliver', 'done')]
        if self.left() > 0:
            for q in s['order']:
                if self.names[q] not in named:
                    items.append((self.names[q], q, theme.colour_index(self.names[q])))
            items.append(('Unowned links', -1))
        self.app.choose('More links? (%d left)' % self.left(), items, self.other)

    def other(self, app, who):
        if who == 'done':
            words = ' '.join('%s %d %s' % part for part in self.parts)
            app.submit(self.head + ' ' + words.replace('  ', ' ').strip())
            return
        own = self.parts[0][1]
        top = min(self.left(), own) if who >= 0 else self.left()
        name = self.names[who] if who >= 0 else 'Unowned'
        app.amount('%s: links' % name, 1, top, 1, lambda app, v: self.choice(who, v))
