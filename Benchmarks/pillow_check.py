#!/usr/bin/env python3
"""The checks stickerlint makes, written the way a user would with Pillow: for every image, its file
size, pixel dimensions, transparency over all frames, an opaque border, and animation facts.
usage: pillow_check.py PATH...   (files or folders, walked recursively)"""
import os
import sys

from PIL import Image, ImageSequence

LIMIT = 512_000
EXTS = (".png", ".apng", ".gif", ".jpg", ".jpeg")


def check(path):
    problems = []
    size = os.path.getsize(path)
    if size > LIMIT:
        problems.append(f"file-size {size}")
    try:
        with Image.open(path) as im:
            w, h = im.size
            if not (300 <= w <= 618 and 300 <= h <= 618):
                problems.append(f"pixel-dimensions {w}x{h}")
            if w != h:
                problems.append("square")
            frames = 0
            transparent = False
            border_opaque = True
            short = 0
            for frame in ImageSequence.Iterator(im):
                frames += 1
                rgba = frame.convert("RGBA")
                alpha = rgba.getchannel("A")
                if alpha.getextrema()[0] < 255:
                    transparent = True
                border = [alpha.crop((0, 0, w, 1)), alpha.crop((0, h - 1, w, h)),
                          alpha.crop((0, 0, 1, h)), alpha.crop((w - 1, 0, w, h))]
                if any(b.getextrema()[0] < 255 for b in border):
                    border_opaque = False
                if frame.info.get("duration", 100) < 20:
                    short += 1
            if not transparent:
                problems.append("transparency")
            elif border_opaque:
                problems.append("opaque-background")
            animated = getattr(im, "is_animated", False)
            if im.format in ("GIF",) or (im.format == "PNG" and animated):
                if frames == 1:
                    problems.append("animated-format")
                if short and frames > 1:
                    problems.append("frame-delay")
    except Exception as error:  # noqa: BLE001 - a checker reports every unreadable file
        problems.append(f"image-unreadable {error}")
    return problems


def files(paths):
    for path in paths:
        if os.path.isdir(path):
            for root, dirs, names in os.walk(path):
                dirs.sort()
                for name in sorted(names):
                    if name.lower().endswith(EXTS):
                        yield os.path.join(root, name)
        else:
            yield path


def main():
    count = errors = 0
    for path in files(sys.argv[1:]):
        count += 1
        found = check(path)
        errors += bool(found)
        for problem in found:
            print(f"{path}: {problem}")
    print(f"{count} files, {errors} with problems")


if __name__ == "__main__":
    main()
