# Russian Railroads: the pages of text the device shows from its menu (the
# UI module's VIEWS): every board's scoring line by line (§13), to check
# against the physical boards; the boards; the final table (§11). Plain text
# of the state, loaded only while a page is shown. names: the players' short
# names.
from trackside.games.russianrailroads import board as B
from trackside.games.russianrailroads.questions import line_text, ind_text

ORDINAL = ('1st', '2nd', '3rd', '4th')


def breakdown(s, q):
    # A board's scoring, a line of text per railway line (§13), to check
    # against the physical board.
    out = []
    for L in range(3):
        r = B.reach(s, q, L)
        # from space 1 on: the rearmost colour first, its spaces:points
        sp = B.spaces(s, q, L)
        parts = ['%s%d:%d' % (B.LETTERS[c], sp[c][0], sp[c][1])
                 for c in range(len(sp) - 1, -1, -1) if sp[c][0]]
        pts = B.line_points(s, q, L)
        extra = ''
        if L == B.SP and B.doubled(s, q):
            extra = ' x2'
        if L == B.KV:
            st = B.stars(s, q, s['k8'])
            if st:
                extra += ' *%d' % st
            if B.star8_needed(s, q) and s['k8'] < 0:
                extra += ' *8?'
            if B.medal(s, q):
                extra += ' m20'
            pts += st + B.medal(s, q)
        head = '%s r%d%s' % (B.LINE_TITLES[L], r, ' x%d' % s['db'][q] if L == B.TS and s['db'][q] else '')
        out.append(' %s: %s%s =%d' % (head, ' '.join(parts) or '-', extra, pts))
    out.append(' ' + ind_text(s, q))
    return out


def scoring(s, names):
    lines = []
    for q in s['order']:
        sc = B.round_score(s, q, s['il'], s['k8'])
        lines.append('%s %d: TS%d StP%d Kv%d I%d' % (
            names[q], sum(sc), sc[0], sc[1], sc[2], sc[3]))
        lines += breakdown(s, q)
    return 'R%d scoring now' % s['turn'], lines


def boards(s, names):
    lines = []
    for q in s['order']:
        lines.append('%s %d VP %s' % (names[q], s['vp'][q], B.pawn_text(s['vp'][q])))
        for L in range(3):
            lines.append(' ' + line_text(s, q, L))
        lines.append(' ' + ind_text(s, q))
        tk = [B.TOKENS[t - 1] for t in s['tk'][q]]
        if B.circles(s, q):
            lines.append(' tokens %d/%d %s' % (len(tk), len(B.circles(s, q)), ' '.join(tk)))
        if B.workers(s, q):
            lines.append(' workers +%d' % B.workers(s, q))
        if s['en'][q]:
            lines.append(' engineers ' + ' '.join('#%d' % e for e in s['en'][q]))
    return 'Boards', lines


def final(s, names):
    if not s['fin']:
        return 'Final score', ['After the last round: bonus cards', 'and the engineer majority']
    lines = ['name rounds +in cards eng total']
    for q in sorted(s['order'], key=lambda q: (s['rank'][q], s['order'].index(q))):
        f = s['fin'][q]
        lines.append('%s %d +%d +%d +%d =%d %s' % (names[q], f[0], f[1], f[2], f[3],
                                                f[4], ORDINAL[s['rank'][q] - 1]))
    return 'Final score', lines
