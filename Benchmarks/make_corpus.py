#!/usr/bin/env python3
"""Generates benchmark corpora of realistic 408 px RGBA stickers (Pillow).

usage: make_corpus.py OUT_DIR COUNT [--mix] [--side N]

Each sticker is a shaded blob with soft anti-aliased edges, texture and a transparent background,
so it compresses like real artwork (tens to a few hundred KB). --mix adds APNG, GIF and JPEG files.
"""
import math
import os
import random
import sys

from PIL import Image, ImageDraw, ImageFilter


def sticker(seed, side=408):
    rnd = random.Random(seed)
    img = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    for _ in range(rnd.randint(3, 7)):
        r = rnd.randint(side // 8, side // 3)
        cx, cy = rnd.randint(r, side - r), rnd.randint(r, side - r)
        color = tuple(rnd.randint(0, 255) for _ in range(3)) + (255,)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=color)
    # Texture: a little noise inside the shape, then soft edges.
    noise = Image.effect_noise((side, side), rnd.randint(10, 40)).convert("L")
    r, g, b, a = img.split()
    r = Image.blend(r, noise, 0.15)
    g = Image.blend(g, noise, 0.1)
    img = Image.merge("RGBA", (r, g, b, a.filter(ImageFilter.GaussianBlur(2))))
    return img


def main():
    out, count = sys.argv[1], int(sys.argv[2])
    mix = "--mix" in sys.argv
    side = int(sys.argv[sys.argv.index("--side") + 1]) if "--side" in sys.argv else 408
    os.makedirs(out, exist_ok=True)
    for i in range(count):
        img = sticker(i, side)
        kind = i % 10 if mix else 0
        if kind == 7:
            frames = [sticker(i * 100 + k, side) for k in range(4)]
            frames[0].save(f"{out}/s{i:05d}.png", save_all=True, append_images=frames[1:], duration=100, loop=0)
        elif kind == 8:
            frames = [sticker(i * 100 + k, side).convert("P", palette=Image.ADAPTIVE) for k in range(3)]
            frames[0].save(f"{out}/s{i:05d}.gif", save_all=True, append_images=frames[1:], duration=100, loop=0,
                           transparency=0, disposal=2)
        elif kind == 9:
            img.convert("RGB").save(f"{out}/s{i:05d}.jpg", quality=90)
        else:
            img.save(f"{out}/s{i:05d}.png", optimize=False, compress_level=6)


if __name__ == "__main__":
    main()
