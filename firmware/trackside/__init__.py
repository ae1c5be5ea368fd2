# Trackside: banker and scorekeeper for heavy economic train games.
# Runs unchanged on MicroPython (the device) and CPython (host_sim, tests).
