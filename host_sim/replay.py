# Replay a game log (docs/log-format.md) through the firmware's rules and
# report the standings, or the first line the rules refuse.
import io
import json

from trackside import need
from trackside.journal import SaveError
from trackside.replay import replay


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
        lines, n = saved_lines(path)
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


def saved_lines(path):
    # The lines of GAME.log, and of GAME.tail beside it where its records
    # follow the log (a device's newest records, not yet folded in:
    # firmware/trackside/journal.py), read as the device reads them. Returns
    # (lines, how many are the log's). Raises OSError, UnicodeError, or
    # ValueError for a tail the device would call damaged.
    with open(path, 'rb') as f:
        data = f.read()
    found = None
    if data[:16] == bytes(16):
        # one copy of a save on CIRCUITPY (firmware/trackside/fixed.py): the
        # log is what follows its first 4 KB, up to the first NUL
        return saved_lines_fixed(data)
    if path.endswith('.log'):
        try:
            found = need('trackside.resume').follows(path)
        except SaveError as e:
            raise ValueError(str(e))
    log = _lines(data[:found[0]] if found else data)
    tail = _lines(found[2]) if found else []
    return log + tail, len(log)


def saved_lines_fixed(data):
    from trackside.fixed_log import HEAD
    log = _lines(data[HEAD:].split(b'\0')[0])
    return log, len(log)


def _lines(data):
    # as open(path, encoding='utf-8').readlines() reads them (universal newlines)
    return io.TextIOWrapper(io.BytesIO(data), encoding='utf-8').readlines()


def _error(error):
    if error is None:
        return None
    return {'line': error[0], 'text': error[1], 'message': error[2]}
