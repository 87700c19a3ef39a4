#!/usr/bin/env python3
"""png_colour.py FILE R G B MIN: exit 0 when the PNG holds at least MIN
pixels of colour (R, G, B), each channel within 8. For the report's
screenshots (test_report_chromium.sh): what a person sees, with the
standard library only (8-bit RGB or RGBA PNGs, as Chromium writes them)."""
import struct
import sys
import zlib


def pixels(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and ctype in (2, 6) and interlace == 0, "unsupported PNG"
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw, stride, prev, at = zlib.decompress(idat), width * bpp, None, 0
    for _ in range(height):
        f, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        prev = prev or bytearray(stride)
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prev = line
        for x in range(0, stride, bpp):
            yield line[x], line[x + 1], line[x + 2]


def main():
    path, r, g, b, least = sys.argv[1], *map(int, sys.argv[2:6])
    hits = sum(1 for p in pixels(path) if abs(p[0] - r) <= 8 and abs(p[1] - g) <= 8 and abs(p[2] - b) <= 8)
    print("# %d pixels of (%d, %d, %d) in %s" % (hits, r, g, b, path))
    sys.exit(0 if hits >= least else 1)


main()
