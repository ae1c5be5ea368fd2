# What every game module shares: the rule error, who may act, and the
# shapes of a prompt's answers. docs/engine.md describes the whole interface
# a game provides; this is its vocabulary.
#
# An action is a tuple (actor, verb, args): actor is a player index, or
# NOBODY for a verb that stands alone on its line ("income"); args is a tuple.


class RuleError(Exception):
    # Raised when an action breaks a rule. The message is for a player:
    # which rule, and what would be legal instead.
    pass


NOBODY = -1         # the actor of a verb that stands alone (e.g. "income")
ANYONE = -2         # prompt['player'] when any player may make the move

# Shapes of the legal answers, as the UI sees them. Each option in a prompt
# is a tuple whose first two items are (verb, kind); a step of a sequence
# has the same shape with a question's title in place of the verb.
NONE = 'none'        # (verb, NONE): the verb takes nothing, e.g. pass
AMOUNT = 'amount'    # (verb, AMOUNT, lo, hi[, default[, note[, unit[, then[, skip]]]]]):
                     # a whole number lo..hi; the UI starts at default; note says
                     # more; unit is the game's currency ('$', '£') for money,
                     # else ''; one press up from lo goes to then (from "0 =
                     # done" straight to the likeliest next amount); the numbers
                     # in skip are passed over (not legal now)
PICK = 'pick'        # (verb, PICK, [(word, label), ...][, word]): one of these,
                     # the cursor starting on the word given (else the first);
                     # the answer is its word (one or more words of the line)
SUBSET = 'subset'    # (verb, SUBSET, [(word, label), ...], lo, hi): tick lo..hi
                     # of these; the answer is the ticked words, in list order
FORM = 'form'        # (verb, FORM, [(label, lo, hi, default), ...]): several
                     # numbers on one screen; the answer is them, in order
SEQUENCE = 'sequence'  # (verb, SEQUENCE): questions one after another, each
                     # asked by the game's step() from the answers so far
CONFIRM = 'confirm'  # (title, CONFIRM, [line, ...]): in a sequence, what the entry
                     # will cost and change, to be said yes to (never skipped);
                     # the answer is True and adds nothing to the line


def ask(turn, phase, player, text, options, blocked=None, anytime=None, actors=None):
    # One prompt: whose move (a player, NOBODY or ANYONE), which phase, the
    # legal answers. blocked lists (verb, reason) for verbs of this phase
    # that are not legal now; anytime lists (actors, option) for entries
    # that are not the current player's move (a correction, a VP event),
    # where actors are the players who may make it now. With ANYONE, actors
    # may say which players may make the move, in the order to offer them.
    return {'turn': turn, 'phase': phase, 'player': player,
            'text': text, 'options': options, 'blocked': blocked or [],
            'anytime': anytime or [], 'actors': actors}


def verbs(prompt):
    return [o[0] for o in prompt['options']]


def answer_words(kind, value):
    # The words an answer adds to a line (a sequence's step, or an option).
    if kind == AMOUNT:
        return '%d' % value
    if kind == SUBSET or kind == FORM:
        return ' '.join('%s' % v for v in value)
    return value if kind == PICK else ''


def clone(v):
    # Deep copy of plain state data (dicts and lists; everything else in a
    # state is immutable and can be shared).
    if isinstance(v, list):
        return [clone(x) for x in v]
    if isinstance(v, dict):
        return {k: clone(x) for k, x in v.items()}
    return v
