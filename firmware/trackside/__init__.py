# Trackside: banker and scorekeeper for heavy economic train games.
# Runs unchanged on MicroPython (the device) and CPython (host_sim, tests).


def unload(name):
    # Let a module that is used once in a while go (the settings' checks,
    # the new-game screens, the chart): its code's RAM comes back as soon as
    # nothing else holds it, and the next import loads it again.
    import sys
    sys.modules.pop(name, None)
    dot = name.rfind('.')
    parent = sys.modules.get(name[:dot])
    if parent is not None and hasattr(parent, name[dot + 1:]):
        delattr(parent, name[dot + 1:])
