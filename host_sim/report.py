# python -m host_sim report GAME.log --html game.html: one game as one
# self-contained page (docs/report.md). This module reads the game as the
# device would and gathers what the page shows, in the device's words;
# report_html.py writes the page, svgchart.py its charts.
import json
import os
import shutil
import tempfile

from trackside import need
from trackside.journal import SaveError
from trackside.replay import replay
from host_sim.replay import saved_lines
from host_sim import report_games


class Refused(Exception):
    # Input the report cannot be made from: the message, the exit status.
    def __init__(self, message, status):
        Exception.__init__(self, message)
        self.status = status


def run(path, html, out, err):
    try:
        session, note = read_game(path)
    except Refused as e:
        err.write(str(e) + '\n')
        return e.status
    page = need('host_sim.report_html').page(gather(session, os.path.basename(path), note))
    with open(html, 'w', encoding='utf-8') as f:
        f.write(page)
    if note:
        err.write('%s: %s\n' % (path, note))
    out.write('%s: %s\n' % (html, 'the game so far' if not session.over() else 'the whole game'))
    return 0


# --- reading the game ------------------------------------------------------------------

def read_game(path):
    # (session, note): the game as far as it is readable, and None or what
    # the device's reading said of it (an entry cut off and dropped, where
    # a damaged save stops). A log that is not a game's, another version's,
    # or with a line the rules refuse raises Refused, as `replay` reports it.
    try:
        lines, n = saved_lines(path)
    except UnicodeError:
        raise Refused('%s: not a game log: it is not UTF-8 text' % path, 2)
    except OSError as e:
        raise Refused('%s: cannot read: %s' % (path, e), 2)
    except ValueError:                  # a damaged tail: the device's reading says more
        return recovered(path)
    session, error = replay(lines)
    if error is None:
        return session, None
    if session is not None and error[2].startswith('checksum does not match') and \
            need('trackside.reader').valid_start(path):
        return recovered(path)          # a device's save with a damaged record
    where = path
    if error[0] > n:                    # a line of the tail beside the log
        where, error = path[:-4] + '.tail', (error[0] - n + 1,) + error[1:]
    raise Refused('%s:%d: %s\n  %s' % ((where,) + error), 2 if session is None else 1)


def recovered(path):
    # The device's own reading of a save: opened as the device opens it (a
    # last entry cut short by a power cut is dropped), else what "Recover
    # what is readable" keeps. On copies in a folder of our own: the save
    # itself is only read.
    tmp = tempfile.mkdtemp(prefix='ts-report-')
    try:
        shutil.copyfile(path, os.path.join(tmp, 'game1.log'))
        if os.path.exists(path[:-4] + '.tail'):
            shutil.copyfile(path[:-4] + '.tail', os.path.join(tmp, 'game1.tail'))
        saves = need('trackside.saves').Saves(tmp)
        try:
            return saves.open(1)
        except SaveError as e:
            why = str(e).split(' Choose ')[0]
        try:
            session, note = saves.recover(1)
        except SaveError as e:
            raise Refused('%s: %s' % (path, e), 2)
        return session, '%s The report stops there: it shows the %d entries before it, what ' \
                        'the device\'s "Recover what is readable" keeps.' % (why, session.cursor)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


# --- what the page shows ---------------------------------------------------------------

def game_part(session, part):
    # The game's own module of this part ('ui': what the device's shared
    # screens show for it), from its folder: trackside.games.NAME.part.
    return need('%s.%s' % (session.game.__name__, part))


class View:
    # What the device's shared screens read of the App (ui/dashboard.py's
    # numbers and changes): the session, the game's UI module, the short names.
    def __init__(self, session, gui):
        theme = need('trackside.ui.theme')
        self.session = session
        self.gui = gui
        self.shorts = [theme.short(n) for n in session.setup['players']]


def gather(session, source, note=None):
    setup = session.setup
    game = session.game
    gui = game_part(session, 'ui')
    theme = need('trackside.ui.theme')
    settings = need('trackside.settings')
    names = setup['players']
    st = session.standings()
    st['error'] = None             # (as replay --json has it)
    extra = report_games.extra(session) if st['over'] else None
    return {
        'source': source,
        'title': game.TITLE,
        'variant': settings.variant_title(game, setup['variant']) if len(game.VARIANTS) > 1 else '',
        'clock': game.clock(session.state, True),
        'over': st['over'],
        'next': st['next'],
        'note': note,
        'players': names,
        'colours': ['#%02x%02x%02x' % theme.rgb(c) for c in theme.player_colours(names)],
        'standings': st,
        'json': json.dumps(st, ensure_ascii=False),
        'final': final_table(setup, st['players'], extra) if st['over'] else None,
        'ties': report_games.explain(setup, st['players']) if st['over'] else [],
        'now': now_table(gui, session),
        'charts': charts(session, gui),
        'turns': history(session, gui),
        'settings': setting_lines(session),
        'setup_line': session.setup_line(),
    }


def final_table(setup, rows, extra):
    # (headings, rows of cells), a row per player in the order of their places.
    cols = report_games.FINAL.get(setup['game'])
    if cols is None:
        cols = [(k, k) for k in rows[0] if k not in ('name', 'rank')]
    # a column no player has a value in is not shown (Brass's Rail era columns in the
    # introductory game, its intro columns in a whole one)
    cols = [(key, head) for key, head in cols
            if any((key(r, extra) if callable(key) else r.get(key)) is not None for r in rows)]
    heads = []
    for key, head in cols:
        if key == 'rounds' and isinstance(rows[0].get('rounds'), list):
            heads += ['%s %d' % (head, i + 1) for i in range(len(rows[0]['rounds']))]
        else:
            heads.append(head)
    out = []
    for q, r in sorted(enumerate(rows), key=lambda qr: (qr[1].get('rank') or 99, qr[0])):
        cells = []
        for key, head in cols:
            v = key(r, extra) if callable(key) else r.get(key)
            cells += v if isinstance(v, list) else [v]
        out.append((q, r.get('rank'), cells))
    return heads, out


def now_table(gui, session):
    # The numbers the device names after every entry (the UI module's
    # NUMBERS: "£", "inc", "VP"), each player's as they stand now.
    nums = need('trackside.ui.dashboard').numbers(View(session, gui))
    heads = [label for label, f in gui.NUMBERS]
    return heads, [[nums[i][q] for i in range(len(heads))] for q in range(len(session.setup['players']))]


def short_turn(name):
    # "turn 3" T3, "round 2" R2, "canal round 1" C1: as the device's clock.
    words = name.split()
    return words[0][:1].upper() + words[-1]


def charts(session, gui):
    # Each series of the game's CHART (the device's chart screen), each
    # player's value at the start of the game, at the end of each turn, and
    # at the end (or now): as ui/chart.py draws it (its turn_history).
    past = need('trackside.ui.history')
    series = gui.CHART
    values = need('trackside.ui.chart').turn_history(session, [f for title, f in series])
    marks = [0] + [k for k in session.turn_starts() if 0 < k < session.cursor] + [session.cursor]
    labels, tips = ['start'], ['at the start']
    for i in range(1, len(marks)):
        last = i == len(marks) - 1
        t = session.turn_of(marks[i] - 1) if marks[i] else 1
        name = past.turn_name(session, t)
        if last and not session.over():
            labels.append('now')
            tips.append('now, in %s' % name if marks[i] != marks[i - 1] else 'now')
        else:
            labels.append(short_turn(name))
            tips.append('after %s' % name)
    word = past.turn_name(session, 1).split()[-2]
    return [{'title': title, 'labels': labels, 'tips': tips, 'points': values[i], 'marks': marks,
             'caption': 'at the end of each %s' % word} for i, (title, f) in enumerate(series)]


def history(session, gui):
    # Every entry in effect, turn by turn, each with what it changed and,
    # where it ended a phase, what the phase changed: what the device says
    # under the game after each entry (ui/app.py, done and phase_over) and
    # in its history (ui/history.py).
    dashboard = need('trackside.ui.dashboard')
    past = need('trackside.ui.history')
    view = View(session, gui)
    state = json.loads(json.dumps(session.state_at(0)))
    numbers = dashboard.numbers(view, state)
    phase = (state.get('phase'), numbers)
    turns = []
    for k in range(session.cursor):
        t = session.turn_of(k)
        if not turns or turns[-1]['turn'] != t:
            turns.append({'turn': t, 'name': past.turn_name(session, t), 'entries': [],
                          'start': numbers})
        session.game.apply(state, session.parse(session.lines[k]))
        after = dashboard.numbers(view, state)
        moved = dashboard.changes(view, numbers, after)
        summary = ''
        ph = state.get('phase')
        if ph != phase[0]:
            total = dashboard.changes(view, phase[1], after)
            if total and total != moved:
                summary = '%s: %s' % (getattr(gui, 'PHASES', {}).get(phase[0]) or phase[0], total)
            phase = (ph, after)
        turns[-1]['entries'].append({'n': k + 1, 'line': session.line(k), 'moved': moved,
                                     'phase': summary})
        numbers = after
        turns[-1]['moved'] = dashboard.changes(view, turns[-1]['start'], after)
    return turns


def setting_lines(session):
    # Each setting as the new-game screens name it, and its value in their words.
    settings = need('trackside.settings')
    game = session.game
    texts = settings.texts(game)
    out = []
    for spec in settings.specs(game, session.setup['variant']):
        key = spec[0]
        value = session.setup['settings'].get(key)
        label, helptext, words = texts.get(key, (key, '', None))
        shown = '%s' % value
        if words and isinstance(spec[2], tuple) and value in spec[2] and \
                not isinstance(spec[2][0], int) and len(words) == len(spec[2]):
            shown = words[spec[2].index(value)]
        out.append((label, shown, helptext))
    return out
