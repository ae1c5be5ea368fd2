# Test helpers (no tests) for Russian Railroads: sessions, boards put in a given state
# (the digest's test vectors give boards, not the moves that made them), and
# whole rounds of entries.
from trackside.session import new_session
from trackside.games.russianrailroads import board as B
NAMES = ['Ann', 'Bob', 'Cid', 'Dee']


def game(n=4, extra='', names=None, start=True):
    # A new game, players in turn order as listed; with start=True the
    # starting cards are taken (the last player's black TS step, then
    # industry, then the doubler) so the action phase is open.
    names = names or NAMES[:n]
    s = new_session('russianrailroads players=%s %s' % (','.join(names), extra))
    if start:
        picks = ['start rouble', 'start doubler', 'start ind']
        for k in range(n - 1):
            p = s.prompt()['player']
            s.do_text('%s %s' % (names[p], picks[k]))
    return s


def board(s, p, ts=(), sp=(), kv=(), locos=None, db=None, rv=None, md=None, im=None, fa=None):
    # Put player p's board in a state: ts/sp/kv are the spaces of the
    # colours from black on (0 = absent); locos [ts, ts2, sp, kv]. The
    # board is then checked as the rules check every board (§13).
    st = s.state
    for L, row in ((0, ts), (1, sp), (2, kv)):
        for c in range(len(row)):
            st['tr'][p][5 * L + c] = row[c]
    if locos is not None:
        st['lo'][p] = list(locos)
    for key, v in (('db', db), ('rv', rv), ('md', md), ('fa', fa)):
        if v is not None:
            st[key][p] = v
    if im is not None:
        st['im'][p] = list(im)
    check_board(st, p)
    s._prompt = None
    return st


def score(s, p):
    # Player p's end-of-round score now: (TS, StP, Kiev, industry).
    st = s.state
    return B.round_score(st, p, st['il'], st['k8'])


def everyone_passes(s):
    # The players not yet passed pass, in turn order.
    st = s.state
    for q in list(st['order']):
        if not st['ps'][q] and st['phase'] == 'actions':
            s.do_text('%s pass' % s.setup['players'][q])
    return s


def check_board(s, p):
    # The board's own consistency (§13 "Validation"): the device checks
    # every change before it is made; this checks the boards the tests make.
    tr = s['tr'][p]
    for L in range(3):
        row = B.rowof(s, p, L)
        last = B.LEN[L] + 1
        for c in range(len(row)):
            if row[c]:
                if not B.gained(s, p, c) or row[c] >= last:
                    raise AssertionError('%s %s: impossible board' % (B.LINE_TITLES[L], B.COLOURS[c]))
                last = row[c]
        for c in range(B.NCOL[L], 5):
            if tr[5 * L + c]:
                raise AssertionError('%s takes no %s' % (B.LINE_TITLES[L], B.COLOURS[c]))
    if tr[0] < 1 or tr[5] < 1 or tr[10] < 1:
        raise AssertionError('black tracks start on space 1')
