# What a damaged slot of CIRCUITPY's saves (fixed.py) can still give: a game
# whose other copy a power cut spoiled, moved to a free slot's two copies, and
# "Recover what is readable". Needed only after damage, so apart from the
# slots: loaded for it and let go after (fixed.py), never compiled otherwise.
from trackside import need
from trackside.files import SaveError, explain, read_at
from trackside.fixed_log import HEAD, Journal, _put
from trackside.fixed import _mend


def move(saves, path, end):
    # The game in path (its only good copy) into a free slot's two
    # copies, then blanked here; returns the new slot, or None. (Cut
    # between, the game is in both slots for a while: nothing is lost.)
    free = saves._free()
    if not free:
        return None
    j = Journal(saves.copy(free[0], 'a'), saves.copy(free[0], 'b'), HEAD)
    j.start(read_at(path, HEAD, end - HEAD))
    _put(path, HEAD, b'\0')
    return free[0]


def recover(saves, slot):
    # Keep the records before the first damaged one, or the first one the
    # rules refuse; the rest is dropped (there is no room here to keep it).
    # Returns whether any was dropped (the save is opened after: Saves.recover).
    try:
        best, other = saves._pick(slot)
        if not best or not best[1]:
            raise SaveError('There is no save %d any more.' % slot)
        r = need('trackside.reader')._replay(best[0], False)
        good_end, why, cut = r[1], r[4], r[3]
        if other is not None:
            _mend(best[0], good_end, other)
        _put(best[0], good_end, b'\0')
    except SaveError:
        raise
    except Exception as e:
        raise SaveError('Could not recover save %d: %s. Nothing was changed.' % (slot, explain(e)))
    return bool(why or cut)
