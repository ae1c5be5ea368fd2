# Replay a game log (docs/log-format.md) through the firmware's rules and
# report the standings, or the first line the rules refuse.
import json
import os

from trackside import logfmt

from trackside.session import replay


def table(st, session):
    # A readable table of the same standings. The head line: the game (and
    # variant), the turn or round as the game words it, the phase.
    game = session.game
    name = game.TITLE + (' ' + st['variant'] if len(game.VARIANTS) > 1 else '')
    head = '%s, %s, %s' % (name, game.clock(session.state, True), st['phase'])
    rows = st['players']
    cols = [c for c in rows[0].keys()] if rows else []
    cells = [[c for c in cols]] + [['-' if r[c] is None else str(r[c]).lower()
                                    if isinstance(r[c], bool) else str(r[c]) for c in cols]
                                   for r in rows]
    width = [max(len(row[i]) for row in cells) for i in range(len(cols))]
    lines = [head]
    for row in cells:
        lines.append('  '.join(row[i].ljust(width[i]) if i == 0 else row[i].rjust(width[i])
                               for i in range(len(cols))).rstrip())
    if st.get('over'):
        lines.append('Winner: %s' % (st.get('winner') or 'nobody'))    # (all bankrupt: none)
    elif st.get('next'):
        lines.append('Next: %s' % st['next'])
    return '\n'.join(lines)


def run(path, as_json, out, err):
    try:
        with open(path, encoding='utf-8') as f:
            lines = f.readlines()
        n = len(lines)
        lines += tail_lines(path)
    except (OSError, UnicodeError, ValueError) as e:
        err.write('%s: cannot read: %s\n' % (path, e))
        return 2
    session, error = replay(lines)
    if error:
        where = path
        if error[0] > n:            # a line of the tail beside the log
            where, error = path[:-4] + '.tail', (error[0] - n + 1,) + error[1:]
        err.write('%s:%d: %s\n  %s\n' % ((where,) + error))
    if session is None:
        if as_json:
            out.write(json.dumps({'error': _error(error)}, indent=1) + '\n')
        return 2
    st = session.standings()
    if as_json:
        st['error'] = _error(error)
        out.write(json.dumps(st, indent=1, ensure_ascii=False) + '\n')
    else:
        out.write(table(st, session) + '\n')
    return 1 if error else 0


def tail_lines(path):
    # The lines of GAME.tail beside GAME.log: a device's newest records,
    # not yet folded into the log (firmware/trackside/journal.py). Its first
    # line, "after N", is the log's size it follows; a tail for another
    # size is one already folded in.
    tail = path[:-4] + '.tail'
    if not path.endswith('.log') or not os.path.exists(tail):
        return []
    with open(tail, 'rb') as f:
        head, _, rest = f.read().partition(b'\n')
    text = logfmt.unseal(head)
    if not text or not text.startswith(b'after ') or not text[6:].isdigit():
        raise ValueError('%s does not begin with "after N"' % tail)
    if int(text[6:]) != os.path.getsize(path):
        return []
    return rest.decode('utf-8').splitlines(True)


def _error(error):
    if error is None:
        return None
    return {'line': error[0], 'text': error[1], 'message': error[2]}
