# The canvas's 4-bit pixels to the panel's RGB565, a band of rows at a time, in
# machine code: MicroPython's viper emitter compiles it on the board when it is
# imported, for whatever CPU that is (so tools/deploy.py ships this file as
# source: mpy-cross would need to be told the CPU). st7789.py uses it where it
# compiles, and framebuf's blit through a palette elsewhere (CPython, a
# MicroPython built without native code): the same bytes either way
# (tests/test_boards.py runs both on the real interpreter).
#
# Why: framebuf's palette blit reads the source pixel, the palette and writes
# the destination each through a function call, about 65 instructions a pixel
# on the unix port and 38 ms of a Pico's CPU for a full 240x135 frame, four
# times what the SPI bus needs to send it. pairs() takes a canvas byte (two
# pixels) to one 32-bit word of a 256-entry table, 19 instructions a pixel
# there (a full frame); band() does any window (an odd x or width) a pixel
# at a time, 37 (docs/boards.md).
#
# The canvas is framebuf.GS4_HMSB: each byte two pixels, the left one in the
# high nibble; a row is (width + 1) // 2 bytes. pal: the 16 colours as
# 16-bit words in wire order (st7789.py's palette); pair_table(pal) the 256
# pairs of them. dst goes out on SPI as it is.
import micropython


def pair_table(pal, t=None):
    # The two pixels of each canvas byte as the 4 bytes that go on the wire:
    # byte b's left pixel (high nibble) first, into t (1024 bytes, made if
    # None). Built bytewise, so it does not depend on the CPU's byte order.
    if t is None:
        t = bytearray(1024)
    for b in range(256):
        hi = (b >> 4) * 2
        lo = (b & 15) * 2
        t[4 * b] = pal[hi]
        t[4 * b + 1] = pal[hi + 1]
        t[4 * b + 2] = pal[lo]
        t[4 * b + 3] = pal[lo + 1]
    return t


@micropython.viper
def pairs(src: ptr8, dst: ptr32, table: ptr32, spec: ptr16):
    # A band whose x and width are even: each canvas byte is one word of the
    # table (dst and table are word-aligned: heap blocks are). spec as band's.
    at = spec[0]
    half = spec[2] >> 1
    n = spec[3]
    stride = spec[4]
    j = 0
    while n > 0:
        i = at
        stop = at + half
        while i + 3 < stop:         # four bytes a turn: less loop per pixel
            dst[j] = table[src[i]]
            dst[j + 1] = table[src[i + 1]]
            dst[j + 2] = table[src[i + 2]]
            dst[j + 3] = table[src[i + 3]]
            i += 4
            j += 4
        while i < stop:
            dst[j] = table[src[i]]
            i += 1
            j += 1
        at += stride
        n -= 1


@micropython.viper
def band(src: ptr8, dst: ptr16, pal: ptr16, spec: ptr16):
    # spec (16-bit words): the band's first byte in src, 1 if its first
    # pixel is a byte's low nibble (an odd x), its width in pixels, its rows,
    # the canvas's bytes a row. dst gets width * rows pixels, row after row.
    at = spec[0]
    odd = spec[1]
    w = spec[2]
    n = spec[3]
    stride = spec[4]
    j = 0
    while n > 0:
        i = at
        k = 0
        if odd:
            dst[j] = pal[src[i] & 15]
            i += 1
            j += 1
            k = 1
        while k + 1 < w:
            b = src[i]
            dst[j] = pal[b >> 4]
            dst[j + 1] = pal[b & 15]
            i += 1
            j += 2
            k += 2
        if k < w:
            dst[j] = pal[src[i] >> 4]
            j += 1
        at += stride
        n -= 1
