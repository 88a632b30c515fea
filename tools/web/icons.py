#!/usr/bin/python3
"""Draws the page's icons (web/icon-192.png, web/icon-512.png): a 4x4 grid on a dark
square with X's winning diagonal, written as PNG with the standard library alone.

usage: tools/web/icons.py OUT_DIR"""
import os
import struct
import sys
import zlib

BACK, GRID, X, O = (0x2c, 0x3e, 0x50), (0x5d, 0x6d, 0x7e), (0xf1, 0xc4, 0x0f), (0xec, 0xf0, 0xf1)


def pixel(size, px, py):
    """The colour at (px, py): a 4x4 board filling the square's middle 80 %."""
    margin, cell = size * 0.1, size * 0.2
    x, y = (px - margin) / cell, (py - margin) / cell
    if not (0 <= x < 4 and 0 <= y < 4):
        return BACK
    fx, fy = x % 1, y % 1
    if min(fx, fy) < 0.06:
        return GRID
    r = ((fx - 0.5) ** 2 + (fy - 0.5) ** 2) ** 0.5
    if int(x) == int(y) and r < 0.32:
        return X  # X's four on the diagonal
    if int(x) == 3 - int(y) and int(x) in (0, 3) and 0.22 < r < 0.32:
        return O
    return BACK


def png(size):
    rows = b"".join(b"\0" + bytes(c for px in range(size) for c in pixel(size, px, py))
                    for py in range(size))
    chunk = lambda kind, data: (struct.pack(">I", len(data)) + kind + data +
                                struct.pack(">I", zlib.crc32(kind + data)))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


if __name__ == "__main__":
    for size in (192, 512):
        with open(os.path.join(sys.argv[1], "icon-%d.png" % size), "wb") as f:
            f.write(png(size))
