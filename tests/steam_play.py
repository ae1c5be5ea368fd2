# Test helpers for Steam: sessions in a chosen situation, and (from
# host_sim.randplay) random lines built from the rules' prompt or from nothing.
from trackside.session import new_session
from host_sim.randplay import NAMES, legal_line, junk_line, random_game  # noqa: F401


def game(n=4, extra=''):
    # A first-game start: players in turn order as listed, cash $0, $1, ...
    return new_session('steam base players=%s start=firstgame %s' % (','.join(NAMES[:n]), extra))


def auction(n=4, extra=''):
    return new_session('steam base players=%s %s' % (','.join(NAMES[:n]), extra))


def take_tiles(session, *tiles):
    # Each player in the prompt's order takes the next tile in the list.
    for t in tiles:
        p = session.prompt()['player']
        session.do_text('%s tile %s' % (session.setup['players'][p], t))
    return session


def everyone(session, verb):
    # Everyone still to act in this step (phase, Move Goods round) does the
    # same thing, e.g. "pass".
    step = (session.state['phase'], session.state['round'])
    while (session.state['phase'], session.state['round']) == step and session.prompt()['player'] >= 0:
        p = session.prompt()['player']
        session.do_text('%s %s' % (session.setup['players'][p], verb))
    return session


def at(session, name, **values):
    # Put a player in a situation (cash, income, vp, loco) for a rule test.
    p = session.setup['players'].index(name)
    for k, v in values.items():
        session.state[k][p] = v
    session._prompt = None
    return p


def row(session, name):
    # The player's row of the standings.
    for r in session.standings()['players']:
        if r['name'] == name:
            return r

