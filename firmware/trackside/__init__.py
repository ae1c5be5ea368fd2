# Trackside: banker and scorekeeper for heavy economic train games.
# Runs unchanged on MicroPython (the device) and CPython (host_sim, tests).
import sys


_torn = False       # an import ran out of memory: mend() is due
try:
    # compiled from source as it is imported (CircuitPython; CPython), or loaded
    # from .mpy files (MicroPython boards: trackside/__init__.mpy)
    FROM_SOURCE = __file__.endswith('.py')
except NameError:                               # (a port without __file__)
    FROM_SOURCE = True


def need(name):
    # The module called name ('trackside.settings'), imported if it is not
    # loaded: every import the firmware makes after it has started goes
    # through here, so that one cut short by a MemoryError is mended.
    global _torn
    if _torn:
        mend()
    m = sys.modules.get(name)
    if m is None:
        sys.modules.pop(name, None)
        try:
            __import__(name)
        except MemoryError:
            _torn = True        # (mended at the next need: the heap is full now)
            raise
        m = sys.modules[name]
    return m


def mend():
    # MicroPython's import puts a module's name in sys.modules before it
    # makes the module (py/objmodule.c, mp_obj_new_module; seen under gdb):
    # a MemoryError between the two leaves the name there with no module,
    # and every later import of it gives nothing ("local variable referenced
    # before assignment") for as long as the device runs. The module being
    # imported or any it imports may be left so. Such names are dropped, ours
    # only (CPython may block a module with None on purpose).
    global _torn
    for name in [k for k in sys.modules if k[:9] == 'trackside' and sys.modules.get(k) is None]:
        sys.modules.pop(name, None)
    _torn = False


def unload(name):
    # Let a module that is used once in a while go (the settings' checks,
    # the new-game screens, the chart): its code's RAM comes back as soon as
    # nothing else holds it, and the next import loads it again.
    sys.modules.pop(name, None)
    dot = name.rfind('.')
    parent = sys.modules.get(name[:dot])
    if parent is not None and hasattr(parent, name[dot + 1:]):
        delattr(parent, name[dot + 1:])
