# Steam on the device: the dashboard, and the answers the generic screens
# cannot give alone (a delivery). Imported when a Steam game is played.
from trackside.ui.screens import Screen, HINTS
from trackside.ui import ask
from trackside.ui import theme
from trackside.games import steam

LABELS = {'bid': 'Bid', 'pass': 'Pass', 'tile': 'Take a tile', 'build': 'Build track',
          'deliver': 'Deliver a cube', 'loco': 'Upgrade locomotive', 'income': 'Income',
          'links': 'Completed links', 'capital': 'Buy capital', 'decline': 'Decline the tile'}
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
        bottom = ask.height(p) if ask.inline(p) else p.small.height
        draw_top(p, app, p.h - bottom, HINTS['dashboard'].get(app.buttons))
        pr = app.session.prompt()
        status = app.status or (pr['text'] if pr['options'] else '')
        y = p.h - bottom
        if ask.inline(p):
            p.fill(0, y, p.w, 1, theme.BAR)
            y += 2
        p.text(2, y, status[:(p.w - 4) // p.small.width], p.small, theme.DIM)
        if ask.inline(p) and pr['options']:
            hint = HINTS['act'].get(app.buttons, '')
            p.text(2, p.h - p.medium.height - 1, hint, p.medium)

    def key(self, app, key, n):
        if key == 'select':
            app.act()
        elif key == 'back':
            app.menu()
        elif key in ('up', 'down', 'advance') and app.session.over():
            app.menu()


def draw_top(p, app, bottom, hint):
    # The header (turn, phase, the keys) and one row per player above y=bottom.
    s = app.session.state
    names = app.session.setup['players']
    order = [q for q in s['order']] + [q for q in range(len(names)) if q not in s['order']]
    mover = app.session.prompt()['player']
    p.clear()
    head = 'T%d/%d %s' % (s['turn'], s['last'], PHASES.get(s['phase'], s['phase']))
    if s['phase'] == 'over':
        head = 'Game over: %s wins' % names[s['winner']] if s['winner'] >= 0 else 'Game over'
    hh = p.small.height + 1
    p.line_of(0, hh, head, p.small, theme.TEXT, theme.BAR, right=hint)
    room = bottom - hh
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
    y = hh
    for q in order:
        here = q == mover
        bg = theme.BAR if here else theme.BACKGROUND
        p.fill(0, y, p.w, rh, bg)
        p.swatch(1, y + 1, 6, rh - 2, theme.colour_index(names[q]))
        text = row(s, q, names[q], font, p.w - 10)
        fg = theme.DIM if s['out'][q] else theme.TEXT
        p.text(9, y + (rh - font.height) // 2, text, font, fg, bg)
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
