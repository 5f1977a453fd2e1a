#!/usr/bin/env python3
"""Makes Tests/Fixtures/lottie/: the Lottie and TGS conformance corpus (issue #40).

Twenty animations from rlottie's examples (github.com/Samsung/rlottie, example/resource, MIT: the
corpus's README.md names each), gzip'd as Telegram's TGS files are (one gzip member, no name, time 0),
three kept as Lottie JSON (what Discord takes), and damaged ones made from them: a truncated stream, a
wrong CRC-32, a trailer declaring 64 MiB (more than deflate can make of it), 17 MiB of JSON
whitespace (over the inflated limit), gzip'd text that is not JSON, JSON missing "op".

expected.json holds what rlottie (rlottie-python, an implementation independent of stickerlint's
reader) reads of each good file: canvas, frame rate and frame count. ConformanceLottieTests compares
stickerlint's reader with it, file by file, and asserts the counts.

usage: scripts/make-lottie-corpus.py RLOTTIE_CHECKOUT
Needs rlottie-python (pip install rlottie-python)."""
import gzip
import io
import json
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Tests", "Fixtures", "lottie")
CHOSEN = [
    "3d", "StickAndBall", "abstract_circle", "ao", "bell", "birth_stone_logo", "done", "emoji_wink", "gears",
    "gradient_animated_background", "happy", "heart", "image_test", "like", "loader_4", "mask",
    "matte_two_item_with_lowerlayer", "polystar_anim", "static_dynamic_dash", "telegram",
]
AS_JSON = ["bell", "done", "like"]


def tgs(data):
    """gzip as TGS files are written: one member, no file name, modification time 0."""
    out = io.BytesIO()
    with gzip.GzipFile(fileobj=out, mode="wb", compresslevel=9, mtime=0, filename="") as stream:
        stream.write(data)
    return out.getvalue()


def main():
    from rlottie_python import LottieAnimation

    if len(sys.argv) != 2:
        sys.exit(__doc__)
    resources = os.path.join(sys.argv[1], "example", "resource")
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(OUT)
    expected = {}
    for name in CHOSEN:
        with open(os.path.join(resources, name + ".json"), "rb") as f:
            data = f.read()
        files = [(name + ".tgs", tgs(data))] + ([(name + ".json", data)] if name in AS_JSON else [])
        for file, content in files:
            path = os.path.join(OUT, file)
            with open(path, "wb") as f:
                f.write(content)
            animation = LottieAnimation.from_tgs(path) if file.endswith(".tgs") else LottieAnimation.from_file(path)
            width, height = animation.lottie_animation_get_size()
            expected[file] = {
                "width": width, "height": height, "frameRate": animation.lottie_animation_get_framerate(),
                "frames": animation.lottie_animation_get_totalframe(), "duration": animation.lottie_animation_get_duration(),
            }
            animation.lottie_animation_destroy()
    good = tgs(open(os.path.join(resources, "done.json"), "rb").read())
    damaged = {
        "bad-truncated.tgs": good[: len(good) // 2],
        "bad-crc.tgs": good[:-8] + bytes([good[-8] ^ 0xFF]) + good[-7:],
        "bad-declares-64mib.tgs": good[:-4] + (64 << 20).to_bytes(4, "little"),
        "bad-inflates-17mib.tgs": tgs(b"[" + b" " * (17 << 20) + b"]"),
        "bad-not-json.tgs": tgs(b"this is not JSON"),
        "bad-no-op.tgs": tgs(json.dumps({"v": "5.5.2", "fr": 60, "ip": 0, "w": 512, "h": 512, "layers": []}).encode()),
    }
    for file, content in damaged.items():
        with open(os.path.join(OUT, file), "wb") as f:
            f.write(content)
    with open(os.path.join(OUT, "expected.json"), "w") as f:
        json.dump(expected, f, indent=1, sort_keys=True)
        f.write("\n")
    with open(os.path.join(OUT, "README.md"), "w") as f:
        f.write("# Lottie and TGS conformance corpus\n\nMade by `scripts/make-lottie-corpus.py` from rlottie's examples "
                "(https://github.com/Samsung/rlottie, example/resource, MIT; see licenses/COPYING.MIT there): "
                + ", ".join(f"`{n}.json`" for n in CHOSEN) + ". `expected.json` is what rlottie reads of each; the "
                "`bad-*.tgs` files are damaged on purpose.\n")
    print(f"wrote {len(os.listdir(OUT))} files under {os.path.relpath(OUT, ROOT)}/")


if __name__ == "__main__":
    main()
