# Run by MicroPython: the Python CRC-32 (for ports without binascii.crc32)
# gives the same numbers as binascii.crc32, which the device uses if it has it,
# also going on from a CRC so far.
import sys
sys.path.insert(0, sys.argv[1])
import json
from trackside import logfmt
import binascii

bad = []
seed = 12345
for n in range(0, 120, 7):
    data = bytearray(n)
    for i in range(n):
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        data[i] = seed >> 16 & 255
    if logfmt.crc32_py(bytes(data)) != binascii.crc32(bytes(data)):
        bad.append(n)
    # and going on from a CRC so far (the journal's chain of records)
    h = n // 2
    if logfmt.crc32_py(bytes(data[h:]), binascii.crc32(bytes(data[:h]))) != binascii.crc32(bytes(data)):
        bad.append(-n)
print(json.dumps({'checked': 18, 'bad': bad, 'hello': logfmt.checksum(b'hello')}))
