# A game's setup checked against what its module declares (docs/engine.md):
# its variants, player range and settings. Shared by every game, so each
# game module only lists its settings and adds the checks no table can say.
#
# A setting is a tuple (key, default, allowed, variants):
#   default   a word or a number; or a function of the setup (e.g. Steam's
#             turns, which follow the player count)
#   allowed   the words it may be, or (lo, hi) for a whole number
#   variants  None (every variant), a variant, or a tuple of variants
# and what the settings screen says of it is a line of the game's
# SETTINGS_TEXT, "key | label | one line of help | what each word means,
# separated by commas" (one block of text costs a device far less memory
# than a string for each). SETTINGS_TEXT is in the game's module, or in
# NAME_text.py beside it, so that the game in play does not hold it: only
# the new-game screens read it (texts()).
from trackside import need, unload
from trackside.rules import RuleError
from trackside.logfmt import number


def applies(spec, variant):
    v = spec[3]
    return v is None or v == variant or (isinstance(v, tuple) and variant in v)


def specs(game, variant):
    # The settings of this variant, in the order the setup line lists them.
    return [s for s in game.SETTINGS if applies(s, variant)]


def order(game, variant):
    return [s[0] for s in specs(game, variant)]


def players(game, variant):
    # (fewest, most, default) players for this variant.
    p = game.PLAYERS
    return p.get(variant) if isinstance(p, dict) else p


def variant_title(game, variant):
    for v, title in game.VARIANTS:
        if v == variant:
            return title
    return variant or ''


def default(spec, setup):
    d = spec[1]
    return d if isinstance(d, (int, str)) else d(setup)


def is_number(spec):
    a = spec[2]
    return len(a) == 2 and isinstance(a[0], int)


def texts(game):
    # {key: (label, help, [what each allowed word means] or None)} from the
    # game's SETTINGS_TEXT; its text.py is let go again at once.
    name = game.__name__ + '.text'
    block = getattr(game, 'SETTINGS_TEXT', None)
    if block is None:
        block = need(name).SETTINGS_TEXT
        unload(name)
    out = {}
    for line in block.split('\n'):
        parts = [x.strip() for x in line.split('|')]
        if len(parts) > 2:
            words = [w.strip() for w in parts[3].split(',')] if len(parts) > 3 else None
            out[parts[0]] = (parts[1], parts[2], words)
    return out


def check(game, setup):
    # Complete and check a parsed setup (trackside.setupline.parse_setup) in
    # place: the variant, the player count, each setting (ints or words),
    # the rules version. Raises RuleError with what would be right.
    variants = [v for v, t in game.VARIANTS]
    if setup['variant'] is None:
        setup['variant'] = variants[0]
    variant = setup['variant']
    if variant not in variants:
        if len(variants) == 1:
            raise RuleError('%s has no variants: leave out "%s"' % (game.TITLE, variant))
        raise RuleError('%s variant "%s" is not available; choose: %s' % (
            game.TITLE, variant, ', '.join(variants)))
    lo, hi, dflt = players(game, variant)
    n = len(setup['players'])
    if not lo <= n <= hi:
        raise RuleError('%s%s is for %d to %d players, not %d' % (
            game.TITLE, '' if len(variants) == 1 else ' ' + variant, lo, hi, n))
    if setup['rules'] is None:
        setup['rules'] = game.RULES_VERSION
    elif setup['rules'] < 1:
        raise RuleError('rules= is a version, 1 or more, not %d' % setup['rules'])
    given = dict(setup['settings'])
    out = {}
    for spec in game.SETTINGS:
        key, allowed = spec[0], spec[2]
        if not applies(spec, variant):
            if key in given:
                # (named as a setup line writes it: "steam base", "brass w07")
                raise RuleError('Setting %s is for %s only' % (key, ', '.join(
                    '%s %s (%s)' % (game.NAME, v, variant_title(game, v))
                    for v in variants if applies(spec, v))))
            continue
        if key not in given:
            out[key] = default(spec, setup)
            continue
        v = given.pop(key)
        if is_number(spec):
            v = v if isinstance(v, int) else number_or_minus(v)
            if v is None or not allowed[0] <= v <= allowed[1]:
                raise RuleError('%s must be %d..%d' % (key, allowed[0], allowed[1]))
        elif v not in allowed:
            raise RuleError('%s must be one of: %s' % (key, ', '.join(allowed)))
        out[key] = v
    if given:
        raise RuleError('%s has no setting "%s"; it has: %s' % (
            game.TITLE, sorted(given)[0], ', '.join(order(game, variant))))
    setup['settings'] = out
    return setup


def number_or_minus(text):
    # A setting's whole number, which may be negative; None if it is not one.
    if text[:1] == '-':
        v = number(text[1:])
        return -v if v >= 0 else None
    v = number(text)
    return v if v >= 0 else None
