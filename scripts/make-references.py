#!/usr/bin/env python3
"""Reference pixels for the GIF and JPEG conformance corpora, made with Pillow (a decoder other than ours).

Writes Tests/Fixtures/reference/{gif,jpeg}/<name>.png: every frame of the file as 8-bit RGBA, stacked
top to bottom (a GIF's frames composited as Pillow shows them), plus expected.json with each file's
size and frame count. The conformance tests compare stickerlint's decoder against these files.

Run from the project root with ../shared beside it:  python3 scripts/make-references.py
"""
import json
import os
import sys

from PIL import Image, ImageSequence

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
CORPUS = os.path.join(ROOT, "..", "shared", "conformance")
OUT = os.path.join(ROOT, "Tests", "Fixtures", "reference")


def frames_of(path):
    with Image.open(path) as image:
        image.load()
        return image.size, [frame.convert("RGBA").copy() for frame in ImageSequence.Iterator(image)]


def main():
    if not os.path.isdir(CORPUS):
        sys.exit("make-references: ../shared/conformance is missing")
    for folder, suffix in (("gif", ".gif"), ("jpeg", ".jpeg")):
        os.makedirs(os.path.join(OUT, folder), exist_ok=True)
        table = {}
        for name in sorted(os.listdir(os.path.join(CORPUS, folder))):
            if not name.endswith(suffix) or ".truncated." in name:
                continue
            (width, height), frames = frames_of(os.path.join(CORPUS, folder, name))
            sheet = Image.new("RGBA", (width, height * len(frames)))
            for index, frame in enumerate(frames):
                sheet.paste(frame, (0, index * height))
            sheet.save(os.path.join(OUT, folder, name + ".png"), optimize=True)
            table[name] = {"width": width, "height": height, "frames": len(frames)}
        with open(os.path.join(OUT, folder, "expected.json"), "w") as out:
            json.dump(table, out, indent=2, sort_keys=True)
            out.write("\n")
        print(f"make-references: {len(table)} {folder} references, Pillow {Image.__version__}")


if __name__ == "__main__":
    main()
