#!/usr/bin/env python3
"""Writes the three hostile files of the hardening issue into OUT_DIR (once; they are reused):
  many-frames.gif   a 1×1 GIF with 10,000 frames
  inflate-4g.png    a 65,536 × 65,536 grey PNG whose IDAT really inflates to 4 GiB of zero rows
  huge.jpg          a JPEG whose frame header claims 65,500 × 65,500
usage: hostile.py OUT_DIR"""
import os
import struct
import sys
import zlib


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def gif(path):
    out = bytearray(b"GIF89a" + struct.pack("<HH", 1, 1) + bytes([0x80, 0, 0]) + bytes([0, 0, 0, 255, 255, 255]))
    out += b"\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00"
    for _ in range(10_000):
        out += b"\x21\xf9\x04\x00\x02\x00\x00\x00"           # 20 ms, no transparency
        out += b"\x2c" + struct.pack("<HHHH", 0, 0, 1, 1) + b"\x00"
        out += b"\x02\x02\x44\x01\x00"                      # LZW: clear, index 0, end
    out += b"\x3b"
    open(path, "wb").write(out)


def png(path):
    width = height = 65536
    row = b"\x00" * (width + 1)                             # filter byte + 65,536 grey samples
    compressor = zlib.compressobj(9)
    idat = bytearray()
    block = row * 256
    for _ in range(height // 256):
        idat += compressor.compress(block)
    idat += compressor.flush()
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr))
        for i in range(0, len(idat), 1 << 20):
            f.write(chunk(b"IDAT", bytes(idat[i:i + (1 << 20)])))
        f.write(chunk(b"IEND", b""))


def jpeg(path):
    sof = bytes([8]) + struct.pack(">HH", 65500, 65500) + bytes([3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
    open(path, "wb").write(b"\xff\xd8\xff\xc0" + struct.pack(">H", len(sof) + 2) + sof + b"\xff\xd9")


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for name, make in (("many-frames.gif", gif), ("inflate-4g.png", png), ("huge.jpg", jpeg)):
        path = os.path.join(out, name)
        if not os.path.exists(path):
            make(path)


if __name__ == "__main__":
    main()
