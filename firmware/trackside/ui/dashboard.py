# What an entry changed, and the game screen that says it: each player's
# numbers the game names (NUMBERS), taken before and after an entry
# (ui/app.py) and written as words ("Blu $0→1; Red VP 2→4"), for the status
# line, the history (ui/menu.py) and the tall screen's lines (ui/roomy.py);
# and the Dashboard, the screen of a game in play: the shared game screen
# (ui/table.py) with what comes next and what the last entry did.
from trackside.ui.screens import Screen, HINTS
from trackside.ui.table import game_screen, lines, inline
from trackside.ui.rows import more_rows, turn_rows


def numbers(app, s=None):
    # The numbers the game names (its UI module's NUMBERS: (label, series)),
    # for each player, now (or in the state s).
    s = s or app.session.state
    return [s[f][:] if isinstance(f, str) else f(s) for label, f in app.gui.NUMBERS]


def changes(app, before, after):
    # What moved, in words: "Blu $0→1 income 0→-1; Red VP 2→4". Put together
    # as UTF-8 bytes and made a str once: every str made on MicroPython is
    # looked up among all the interned strings (thousands of instructions),
    # and a phase's end changes every player's numbers.
    money = app.session.game.CURRENCY
    out = []
    for q in range(len(app.shorts)):
        cells = []
        for i in range(len(after)):
            a, b = before[i][q], after[i][q]
            if a != b:
                label = app.gui.NUMBERS[i][0]
                cells.append(b'%s%s%d\xe2\x86\x92%d' % (label.encode(), b'' if label == money else b' ',
                                                       a, b))
        if cells:
            out.append(b'%s %s' % (app.shorts[q].encode(), b' '.join(cells)))
    return b'; '.join(out).decode()


def status_text(app):
    # What the last entry did and what it changed, and if it ended a phase,
    # what the phase did (app.status: (what, changes, phase summary)).
    what, moved, phase = app.status if isinstance(app.status, tuple) else (app.status, '', '')
    # (one str made, not one a +: each is looked up among the interned strings)
    return '%s%s%s%s%s' % (what, ': ' if moved else '', moved, '. ' if phase else '', phase)


class Dashboard(Screen):
    # The game screen with what comes next at the bottom, and under it what
    # the last entry did and what it changed (app.status: (what, changes,
    # the summary of a phase it ended)),
    # or what the keys do. A acts (the game's prompt), B opens the menu,
    # holding B undoes; up or down act too, their step already taken in the
    # question they open (one press fewer when the answer is not the first).
    def draw(self, p, app):
        room = game_screen(p, app, HINTS['dashboard'].get(app.buttons, ''))
        pr = app.session.prompt()
        hint = HINTS['act' if pr['options'] else 'over'].get(app.buttons, '')
        text = pr['text'] if pr['options'] else 'Game over'
        if not pr['options'] and not inline(p):
            # (the OLED's one line: the header says the game is over)
            text = 'up/dn more hold=menu' if more_rows(p, app) else hint
        if app.status and room:
            # written out above (game_screen): the answer's line has the hint
            lines(p, text, '' if pr['options'] else hint, p.small, hint if pr['options'] else '')
        elif app.status:
            lines(p, text, status_text(app), p.small, hint)
        elif pr['options']:
            lines(p, text, hint)
        else:
            lines(p, text, hint, p.small)       # the game is over: what is left to do

    def key(self, app, key, n):
        if key == 'select':
            app.act()
        elif key == 'back':
            app.menu()
        elif key in ('up', 'down', 'advance'):
            if not app.session.over():
                app.act_by(key, n)
            elif more_rows(app.p, app):
                turn_rows(app.p, app, -1 if key == 'up' else 1)
                self.draw(app.p, app)
            else:
                app.menu()
