# What every game module shares: the rule error and the shapes of a prompt.
#
# A game module (trackside/games/<game>.py) answers four questions over plain
# data (see ../../README.md and docs/engine.md):
#   new_game(setup) -> state       prompt(state) -> what happens next
#   apply(state, action)           standings(setup, state) -> table
# An action is a tuple (actor, verb, args): actor is a player index or -1
# when nobody in particular acts (e.g. "income"), args is a tuple.


class RuleError(Exception):
    # Raised when an action breaks a rule. The message is for a player:
    # which rule, and what would be legal instead.
    pass


# Shapes of the legal answers, as the UI sees them. Each option in a prompt
# is a tuple whose first two items are (verb, kind):
NONE = 'none'        # (verb, NONE): the verb takes nothing, e.g. pass
AMOUNT = 'amount'    # (verb, AMOUNT, lo, hi[, default[, note]]): a whole number
                     # lo..hi; the UI starts at default; note says more
PICK = 'pick'        # (verb, PICK, [(args_text, label), ...]): one of these
AMOUNTS = 'amounts'  # (verb, AMOUNTS, most, lo, hi, total): 1..most numbers
                     # lo..hi each, adding up to at most total
# A game may add its own kinds (Steam adds 'delivery'); the UI builds them
# from the generic screens.


def ask(turn, phase, player, text, options, blocked=None):
    # One prompt: whose move, which phase, and the legal answers. blocked
    # lists (verb, reason) for verbs of this phase that are not legal now.
    return {'turn': turn, 'phase': phase, 'player': player,
            'text': text, 'options': options, 'blocked': blocked or []}


def verbs(prompt):
    return [o[0] for o in prompt['options']]


def clone(v):
    # Deep copy of plain state data (dicts and lists; everything else in a
    # state is immutable and can be shared).
    if isinstance(v, list):
        return [clone(x) for x in v]
    if isinstance(v, dict):
        return {k: clone(x) for k, x in v.items()}
    return v
