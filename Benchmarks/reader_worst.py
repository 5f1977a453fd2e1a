#!/usr/bin/env python3
"""The worst case of each reader (issue #51): for TGS, Lottie JSON, WebM, animated WebP and PNG, the
file that costs the most time and memory that stickerlint still reads (at its budgets), and the hostile
files of the issue that it must refuse at once. Each is checked alone (`check --no-cache --profile P
FILE`, one job) under /usr/bin/time; the table gives the slowest of RUNS runs, the peak resident
memory, the exit status and the finding.
usage: reader_worst.py STICKERLINT WORK_DIR [RUNS]"""
import gzip
import os
import struct
import subprocess
import sys
import zlib


def lottie(values, fr="60", ip="0", op="180", extra=b""):
    # A Lottie document of 512×512 and `values` JSON values in all (the object, 7 members, the array).
    zeros = b"[" + b",".join([b"0"] * max(0, values - 9)) + b"]"
    return (b'{"v":"5.7.4","fr":%s,"ip":%s,"op":%s,"w":512,"h":512,"layers":[],"x":' % (fr.encode(), ip.encode(), op.encode())
            + zeros + extra + b"}")


RENDER_SEEDS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Fixtures", "fuzz", "lottie-render")


def tgs(document):
    return gzip.compress(document, 9)


def nested(bytes_wanted):
    # The 16 MB of nested arrays, as a Lottie document's extra member.
    depth = 500
    unit = b"[" * depth + b"]" * depth
    return b'{"v":"5.7.4","fr":60,"ip":0,"op":180,"w":512,"h":512,"layers":[],"x":[' + b",".join([unit] * (bytes_wanted // (len(unit) + 1))) + b"]}"


def ebml_element(ident, payload):
    size = len(payload)
    return ident + bytes([0x01]) + size.to_bytes(7, "big") + payload


def webm(blocks, duration=None, scale=1_000_000):
    header = ebml_element(b"\x1a\x45\xdf\xa3", ebml_element(b"\x42\x82", b"webm"))
    info = ebml_element(b"\x2a\xd7\xb1", scale.to_bytes(8, "big"))
    if duration is not None:
        info += ebml_element(b"\x44\x89", struct.pack(">d", duration))
    track = ebml_element(b"\xae", ebml_element(b"\xd7", b"\x01") + ebml_element(b"\x83", b"\x01") + ebml_element(b"\x86", b"V_VP9")
                         + ebml_element(b"\xe0", ebml_element(b"\xb0", b"\x02\x00") + ebml_element(b"\xba", b"\x02\x00")))
    block = ebml_element(b"\xa3", b"\x81\x00\x00\x80" + b"\x00" * 4)
    cluster = ebml_element(b"\x1f\x43\xb6\x75", ebml_element(b"\xe7", b"\x00") + block * blocks)
    return header + ebml_element(b"\x18\x53\x80\x67", ebml_element(b"\x15\x49\xa9\x66", info) + ebml_element(b"\x16\x54\xae\x6b", track) + cluster)


def riff_chunk(tag, payload):
    return tag + struct.pack("<I", len(payload)) + payload + (b"\x00" if len(payload) & 1 else b"")


def vp8l_bitstream(side):
    """The VP8L chunk's payload of a side×side lossless WebP made by Pillow (libwebp)."""
    import io
    from PIL import Image
    out = io.BytesIO()
    Image.new("RGBA", (side, side), (255, 128, 0, 255)).save(out, "WEBP", lossless=True)
    data = out.getvalue()
    offset = 12
    while offset + 8 <= len(data):
        tag, size = data[offset:offset + 4], struct.unpack("<I", data[offset + 4:offset + 8])[0]
        if tag == b"VP8L":
            return data[offset + 8:offset + 8 + size]
        offset += 8 + size + (size & 1)
    raise SystemExit("Pillow wrote no VP8L chunk")


def webp(frames, side=2):
    vp8l = vp8l_bitstream(side)
    le24 = lambda v: struct.pack("<I", v)[:3]
    chunks = riff_chunk(b"VP8X", bytes([0x02, 0, 0, 0]) + le24(side - 1) + le24(side - 1))
    chunks += riff_chunk(b"ANIM", b"\x00" * 6)
    frame = riff_chunk(b"ANMF", le24(0) + le24(0) + le24(side - 1) + le24(side - 1) + le24(40) + b"\x00" + riff_chunk(b"VP8L", vp8l))
    chunks += frame * frames
    return b"RIFF" + struct.pack("<I", 4 + len(chunks)) + b"WEBP" + chunks


def png(width, height):
    row = b"\x00" + b"\x80" * (width * 4)
    data = zlib.compress(row * height, 6)
    def chunk(kind, payload):
        return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload) & 0xFFFFFFFF)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)) + chunk(b"IDAT", data) + chunk(b"IEND", b"")


CASES = [
    # (name, profile, maker, what)
    ("budget-values.tgs", "telegram", lambda: tgs(lottie(1_000_000)), "TGS at the value budget (1,000,000 values, 2 MB inflated)"),
    ("over-values.tgs", "telegram", lambda: tgs(lottie(1_000_001)), "TGS one value over the budget"),
    ("nested-16mb.tgs", "telegram", lambda: tgs(nested(16_000_000)), "the issue's TGS: 16 MB of nested arrays (refused from its trailer)"),
    ("op-1e20.tgs", "telegram", lambda: tgs(lottie(10, op="1e20")), "the issue's TGS: \"op\":1e20"),
    ("budget-4mib.json", "discord", lambda: lottie(1_000_000) + b" " * ((4 << 20) - len(lottie(1_000_000)) - 0), "Lottie JSON of 4 MiB at the value budget"),
    ("sixty-mb.json", "discord", lambda: lottie(30_000_000), "the issue's 60 MB Discord JSON (refused from its first bytes)"),
    ("many-blocks.webm", "telegram", lambda: webm(499_990), "WebM near the element budget (1,000,000 elements)"),
    ("duration-inf.webm", "telegram", lambda: webm(3, duration=float("inf")), "the issue's WebM: Duration +Inf"),
    ("frames-4096.webp", "whatsapp", lambda: webp(4096), "animated WebP at the frame budget (4,096 frames)"),
    ("frames-100k.webp", "whatsapp", lambda: webp(100_000), "the issue's animated WebP: 100,000 frames (refused from its chunk headers)"),
    ("frames-1m.webp", "whatsapp", lambda: webp(1_000_000), "1,000,000 frames (what the 64 MiB read cap allows)"),
    ("wide-16384x3906.png", "sticker", lambda: png(16384, 3906), "the issue's PNG: 16,384×3,906 (64 Mpx, within the pixel budget)"),
] + [
    # The Lottie renderer's hostile files (issue #55's attacker rounds, kept as fuzz seeds), each as a TGS under
    # Telegram's profile, whose lottie-canvas rule draws it: refused or drawn within a second or two.
    (f"render-{seed}.tgs", "telegram", (lambda seed=seed: tgs(open(os.path.join(RENDER_SEEDS, seed + ".json"), "rb").read())), what)
    for seed, what in [
        ("dash-zig-500", "500 points dashed every 0.25 px (crashed rlottie)"),
        ("dash-negative", "a negative dash (11 GB)"),
        ("ellipses-2341", "an outline over 32,767 points (hung for ever)"),
        ("trim-minus-150", "a trim starting at -150 % (an assert)"),
        ("gradient-quadratic", "1,000 x 1,001 gradient stops, keyframed"),
        ("gradient-end-values", "gradient stops in a keyframe's end"),
        ("repeater-gradients", "a gradient repeated 4,000 times (23 s)"),
        ("motion-path-1e10", "a motion path 10^10 px long (28 s)"),
        ("zigzag-500-rows", "500 edges across every row (17 s)"),
        ("dash-curves-1e8", "dashes along 20 curves 10^8 px long (12.8 s)"),
    ]
]


def main():
    binary, work = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    os.makedirs(work, exist_ok=True)
    print("| file | what | bytes | slowest of %d (s) | peak memory (MB) | exit | finding |" % runs)
    print("|---|---|---:|---:|---:|---:|---|")
    for name, profile, make, what in CASES:
        path = os.path.join(work, name)
        if not os.path.exists(path):
            with open(path, "wb") as f:
                f.write(make())
        worst, peak, status, finding = 0.0, 0, 0, ""
        for _ in range(runs):
            result = subprocess.run(["/usr/bin/time", "-f", "%e %M", binary, "check", "--no-cache", "--jobs", "1", "--profile", profile,
                                     "--format", "json", path], capture_output=True, text=True)
            seconds, kilobytes = result.stderr.strip().splitlines()[-1].split()
            worst, peak, status = max(worst, float(seconds)), max(peak, int(kilobytes)), result.returncode
            import json
            try:
                findings = json.loads(result.stdout).get("diagnostics", [])
                finding = "; ".join(sorted({f["rule"] + ": " + f["message"][:90] for f in findings}))[:200]
            except ValueError:
                finding = result.stdout[:120]
        print(f"| `{name}` | {what} | {os.path.getsize(path):,} | {worst:.2f} | {peak / 1024:.0f} | {status} | {finding} |")
    # The wide PNG twice, on two jobs: the decode gate lets one decode at a time, so the peak stays one image's.
    folder = os.path.join(work, "two-wide")
    os.makedirs(folder, exist_ok=True)
    for copy in ("a.png", "b.png"):
        target = os.path.join(folder, copy)
        if not os.path.exists(target):
            with open(os.path.join(work, "wide-16384x3906.png"), "rb") as source, open(target, "wb") as out:
                out.write(source.read())
    worst, peak = 0.0, 0
    for _ in range(runs):
        result = subprocess.run(["/usr/bin/time", "-f", "%e %M", binary, "check", "--no-cache", "--jobs", "2", folder],
                                capture_output=True, text=True)
        seconds, kilobytes = result.stderr.strip().splitlines()[-1].split()
        worst, peak = max(worst, float(seconds)), max(peak, int(kilobytes))
    print(f"| `two-wide/` | two of the 16,384×3,906 PNGs on `--jobs 2` (one decode at a time) | 521,624 | {worst:.2f} | {peak / 1024:.0f} | {result.returncode} | as above, twice |")


if __name__ == "__main__":
    main()
