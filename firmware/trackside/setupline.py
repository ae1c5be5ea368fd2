# The setup line (docs/log-format.md): "steam base players=Ann,Bob,Cid
# start=auction format=1 rules=2", read, its names checked, and written out.
# Needed when a game is opened or begun (ui/app.py lets it go when the game
# is shown: while it is played, its RAM is the game's).
from trackside.rules import RuleError
from trackside.logfmt import FORMAT, SESSION_VERBS, NAME_MAX, number

_BAD_NAME_CHARS = ',=#~$:'


def parse_setup(text):
    # "steam base players=Ann,Bob,Cid start=auction format=1 rules=2"
    # -> {'game', 'variant', 'players', 'settings', 'format', 'rules'}
    # The game module checks and completes the settings.
    i = text.find('#')
    if i >= 0:
        text = text[:i]
    w = text.split()
    if not w or '=' in w[0]:
        raise RuleError('The first line must name the game, e.g. "steam base players=Ann,Bob,Cid"')
    setup = {'game': w[0].lower(), 'variant': None, 'players': None,
             'settings': {}, 'format': FORMAT, 'rules': None}
    rest = w[1:]
    if rest and '=' not in rest[0]:
        setup['variant'] = rest[0].lower()
        rest = rest[1:]
    for word in rest:
        i = word.find('=')      # (str.partition is optional in MicroPython builds)
        k, v = word[:i].lower(), word[i + 1:]
        if i <= 0 or not v:
            raise RuleError('Setup words are key=value, not "%s"' % word)
        if k == 'players':
            setup['players'] = [p for p in v.split(',') if p]
        elif k in ('format', 'rules'):
            if number(v) < 0:
                raise RuleError('%s= must be a number, not "%s"' % (k, v))
            setup[k] = number(v)
        elif k in setup['settings']:
            raise RuleError('Setting %s is given twice' % k)
        else:
            setup['settings'][k] = v.lower()
    if setup['format'] > FORMAT:
        raise RuleError('This log is format %d; this Trackside reads format %d or older. '
                        'Update Trackside.' % (setup['format'], FORMAT))
    if not setup['players']:
        raise RuleError('The first line must list the players, e.g. players=Ann,Bob,Cid')
    return setup


def check_names(players, reserved):
    # reserved: the game's words a name would be confused with.
    # Player names are words of a log line: no spaces or punctuation the
    # format uses, unique (ignoring case), and not a verb.
    seen = []
    for p in players:
        low = p.encode().lower().decode()     # A-Z only, as on MicroPython
        if len(p) > NAME_MAX:
            raise RuleError('Name "%s" is too long (at most %d letters)' % (p, NAME_MAX))
        for c in _BAD_NAME_CHARS:
            if c in p:
                raise RuleError('Name "%s" may not contain "%s"' % (p, c))
        if p.lstrip('-+').isdigit():        # (-3 is a number too: the score pad's points)
            raise RuleError('Name "%s" is a number; use a word' % p)
        if low in reserved or low in SESSION_VERBS:
            raise RuleError('"%s" is a word of the log; pick another name' % p)
        if low in seen:
            raise RuleError('Two players are called "%s"' % p)
        seen.append(low)


def format_setup(setup, settings_order, variant):
    # The canonical setup line. Every setting is written out, so a save
    # means the same thing even if a later version changes a default.
    parts = [setup['game']]
    if variant:
        parts.append(variant)
    parts.append('players=' + ','.join(setup['players']))
    s = setup['settings']
    for k in settings_order:
        parts.append('%s=%s' % (k, s[k]))
    parts.append('format=%d' % setup['format'])
    parts.append('rules=%d' % setup['rules'])
    return ' '.join(parts)


def describe(slot, setup):
    # A saved game's line in the list of saves (saves.py, fixed.py), from
    # setup(slot): its setup line (bytes), or None.
    try:
        line = setup(slot)
        if line:
            s = parse_setup(line.decode())
            return '%d: %s %s, %s' % (slot, s['game'], s['variant'] or '', ' '.join(s['players']))
    except MemoryError:             # (not the save's fault: never call it damaged)
        return '%d: not read, the working memory is full' % slot
    except Exception:
        pass
    return '%d: damaged save' % slot

