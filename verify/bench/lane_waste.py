#!/usr/bin/env python3
"""SIMD waste of the Vulkan tracer's marches, from a step-count image.

Build the tracer with the counters (render/shaders/trace.comp, AK_RT_COUNT_STEPS: each pixel's
colour is then R = the primary march's steps, G = its steps that scanned the ray's object list,
B = the shadow march's steps, each capped at 255), render a frame with --gpu, and give the PNG:

  python3 verify/bench/lane_waste.py counts.png [BXxBY]

llvmpipe runs 8 invocations as one batch; trace.comp gives a batch a 4x2 block of pixels (BXxBY,
default 4x2; 8x1 is the row it had before). A batch's loop runs until its slowest lane is done,
so it pays 8 times its largest count: printed is that over the sum of the lanes' counts (1.00:
no lane idles). Standard library only (zlib, struct); 8-bit RGB or RGBA PNG.
"""
import struct
import sys
import zlib


def fail(msg):
    """Bad input: the message on stderr, exit status 2."""
    print(f"lane_waste: {msg}", file=sys.stderr)
    sys.exit(2)


def read_png(path):
    try:
        data = open(path, "rb").read()
    except OSError as e:
        fail(f"{path}: cannot read: {e.strerror}")
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail(f"{path}: not a PNG file (expected the PNG signature)")
    pos, idat, ihdr = 8, b"", None
    while pos < len(data):
        if pos + 12 > len(data):
            fail(f"{path}: chunk at byte {pos}: truncated (expected length, type, data, CRC)")
        n, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body) if len(body) == 13 else ()
        elif kind == b"IDAT":
            idat += body
    if ihdr is None or len(ihdr) != 7:
        fail(f"{path}: IHDR: missing (expected the header chunk)")
    w, h, depth, ctype, _, _, interlace = ihdr
    if depth != 8 or ctype not in (2, 6) or interlace != 0:
        fail(f"{path}: IHDR: bit depth {depth}, colour type {ctype}, interlace {interlace} "
             "(expected an 8-bit RGB or RGBA PNG, not interlaced)")
    bpp = 3 if ctype == 2 else 4
    try:
        raw = zlib.decompress(idat)
    except zlib.error as e:
        fail(f"{path}: IDAT: {e} (expected zlib-compressed image data)")
    stride = w * bpp
    if len(raw) != h * (stride + 1):
        fail(f"{path}: IDAT: {len(raw)} bytes of image data (expected {h * (stride + 1)})")
    rows, prev, p = [], bytearray(stride), 0
    for _ in range(h):
        f, line = raw[p], bytearray(raw[p + 1 : p + 1 + stride])
        if f > 4:
            fail(f"{path}: IDAT: row filter {f} (expected 0 to 4)")
        p += 1 + stride
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return w, h, bpp, rows


def main():
    if len(sys.argv) not in (2, 3):
        fail("usage: lane_waste.py COUNTS.png [BXxBY]")
    w, h, bpp, rows = read_png(sys.argv[1])
    try:
        bx, by = (int(v) for v in (sys.argv[2] if len(sys.argv) == 3 else "4x2").split("x"))
    except ValueError:
        fail(f"block '{sys.argv[2]}': expected WxH, e.g. 4x2")
    if bx < 1 or by < 1 or bx > w or by > h:
        fail(f"block {bx}x{by}: expected at least 1x1 and at most the image, {w}x{h}")
    series = (
        ("primary steps", lambda r, x: r[x * bpp]),
        ("primary list steps", lambda r, x: r[x * bpp + 1]),
        ("shadow steps", lambda r, x: r[x * bpp + 2]),
        ("primary + shadow", lambda r, x: r[x * bpp] + r[x * bpp + 2]),
    )
    print(f"{w}x{h}, batches of {bx}x{by} pixels")
    for name, get in series:
        lanes = worst = top = 0
        for y0 in range(0, h - by + 1, by):
            for x0 in range(0, w - bx + 1, bx):
                v = [get(rows[y0 + j], x0 + i) for j in range(by) for i in range(bx)]
                lanes += sum(v)
                worst += max(v) * bx * by
                top = max(top, max(v))
        ratio = worst / lanes if lanes else 1.0
        print(f"{name:20s} mean {lanes / (w * h):6.2f} per pixel, max {top:3d}; "
              f"batch maxima x {bx * by} / lane sum {ratio:.3f} (lanes busy {100 / ratio:.1f} %)")


if __name__ == "__main__":
    main()
