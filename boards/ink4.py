# Text into a 4-bit canvas in machine code: MicroPython's viper emitter
# compiles it on the board when it is imported, for whatever CPU that is (so
# tools/deploy.py ships this file as source, as blit565.py). A colour board's
# display offers it as display.ink4 (st7789.py); the UI's Painter draws a
# run of glyphs with it where it can (docs/device.md) and with framebuf's
# blit elsewhere: the same pixels either way (tests/test_boards.py runs both
# on the real interpreter, and the UI tests compare whole games' canvases
# with CPython's).
#
# Why: each glyph through framebuf's blit, with the ink as a palette and the
# background as the key, reads the glyph's pixel, the palette and the canvas
# each through a function call, and the Python loop around it slices and
# copies each glyph: text was about a quarter of all the instructions a game
# takes (the UI bench, 2026-12-04). Here a glyph's row byte (8 pixels) is
# taken two pixels at a time, one canvas byte each, and a glyph's bytes in
# one loop (with the pairs' bytes picked by a shift and the canvas not read,
# a glyph took 30% fewer instructions than with the pairs tested three ways
# and read-and-changed, 2026-12-05).
#
# The canvas is framebuf.GS4_HMSB: each byte two pixels, the left one in the
# high nibble; a row is (width + 1) // 2 bytes. The font is one of
# trackside/ui/fonts/ (MONO_HLSB rows, the leftmost pixel in the high bit).
# A row's bits past the font's width are 0 in every glyph (tools/make_fonts.py;
# tests/test_fonts.py holds it), so a byte is drawn whole.
# Only the ink is drawn: the caller fills the glyphs' cells with the
# background first, as Painter.draw_glyphs does, and says which colour it is
# (spec's last word), so that a canvas byte with ink in it is written, not
# read and changed: its other pixel is the background. The caller also checks that the
# text starts at an even x, that the font's width is even, and that the text
# is wholly on the canvas: nothing here is clipped (a text that is not is
# left undrawn, so that no call writes past the canvas).
import micropython


@micropython.viper
def ink4(dst: ptr8, src: ptr8, codes: ptr8, spec: ptr16):
    # spec (16-bit words): x, the row of the glyphs' first stored row (y +
    # the font's TOP), the canvas's width, the number of codes, the font's
    # width, its bytes a glyph row, its rows a glyph, the code of glyph 0
    # (FIRST), the last glyph's number, the number of the glyph drawn for a
    # code with none ('?'), the ink's colour (0-15), the canvas's height, the
    # background's colour (0-15: the glyphs' cells are filled with it).
    # codes: a byte a glyph, its number + FIRST (the text's bytes, where it
    # is ASCII). A space is left as the background.
    x = int(spec[0])
    y = int(spec[1])
    cw = int(spec[2])
    n = int(spec[3])
    gw = int(spec[4])
    stride = int(spec[5])
    rows = int(spec[6])
    first = int(spec[7])
    last = int(spec[8])
    missing = int(spec[9])
    fg = int(spec[10])
    if x + n * gw > cw or y + rows > int(spec[11]) or x & 1:
        return                      # (not all on the canvas: the Painter uses framebuf there)
    bg = int(spec[12])
    both = (fg << 4) | fg           # a canvas byte: both pixels ink,
    hi = (fg << 4) | bg             # the left one (the high nibble),
    lo = (bg << 4) | fg             # the right one
    # the three, by the pair's bits: 01 right, 10 left, 11 both (a machine
    # word: on a 32-bit chip the top byte's sign is shifted along, then masked off)
    pick = (both << 24) | (hi << 16) | (lo << 8)
    row_bytes = (cw + 1) >> 1
    size = rows * stride
    start = y * row_bytes + (x >> 1)
    half = gw >> 1
    k = 0
    while k < n:
        c = int(codes[k])
        if c != 32:
            i = c - first
            if i < 0 or i > last:
                i = missing
            # the glyph's bytes in one run: stride of them a row
            g = i * size
            end = g + size
            row = start
            a = row
            j = 0
            while g < end:
                b = int(src[g])
                if b != 0:
                    # four pairs of pixels, each one canvas byte: the
                    # byte of pair p (1-3) is byte p of pick (8 * p its
                    # shift, from the pair's bits where they are in b).
                    # A pair with no ink is left alone: past the glyph's
                    # width it is another glyph's, or not the text's.
                    p = (b >> 3) & 0x18
                    if p:
                        dst[a] = (pick >> p) & 0xFF
                    p = (b >> 1) & 0x18
                    if p:
                        dst[a + 1] = (pick >> p) & 0xFF
                    p = (b << 1) & 0x18
                    if p:
                        dst[a + 2] = (pick >> p) & 0xFF
                    p = (b << 3) & 0x18
                    if p:
                        dst[a + 3] = (pick >> p) & 0xFF
                g += 1
                j += 1
                if j == stride:
                    j = 0
                    row += row_bytes
                    a = row
                else:
                    a += 4
        start += half
        k += 1
