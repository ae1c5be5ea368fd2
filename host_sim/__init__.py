# The host side of Trackside: the same firmware, run by CPython on a PC.
import os
import sys

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'firmware')
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)
