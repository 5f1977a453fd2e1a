#!/usr/bin/env python3
"""Animated @3x masters as artists' tools export them, for the variants tests (issue #52, point 4).

Written with Pillow (as Photoshop's, Aseprite's and ezgif's exports are: frames cropped to what changed,
RGBA APNGs, one global GIF palette), deterministic (a seeded generator), into the folder given:

- mummy.gif      600×600, a detailed still background in 256 colours and a small figure that walks over
                 it for 24 frames (as an octodex GIF: most of each frame unchanged); optimized again by
                 gifsicle -O3 when it is on PATH.
- parrot.png     pixel art (a 32×32 sprite shown at 12×) as an RGBA APNG of 10 frames, a few colours.
- explody.png    618×618 RGBA APNG of 9 frames, soft shading in thousands of colours on transparency
                 (within 500,000 bytes).
- blink.png      an RGBA APNG of 6 frames whose frames change only in a 40×40 eye.

Usage: animated_masters.py FOLDER
"""
import math
import os
import random
import shutil
import subprocess
import sys

from PIL import Image, ImageDraw


def mummy(path):
    rng = random.Random(52)
    side = 600
    base = Image.new("RGB", (side, side))
    draw = ImageDraw.Draw(base)
    for _ in range(900):
        x, y = rng.randrange(side), rng.randrange(side)
        r = rng.randrange(4, 30)
        colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)
    frames = []
    for i in range(24):
        frame = base.copy()
        d = ImageDraw.Draw(frame)
        x = 60 + i * 18
        d.rectangle((x, 380, x + 80, 500), fill=(235, 230, 210))
        for k in range(5):
            d.line((x, 390 + k * 22, x + 80, 396 + k * 22), fill=(120, 110, 90), width=3)
        d.ellipse((x + 20, 400, x + 34, 414), fill=(0, 0, 0))
        d.ellipse((x + 46, 400, x + 60, 414), fill=(0, 0, 0))
        frames.append(frame)
    palette = frames[0].quantize(colors=256, method=Image.Quantize.MEDIANCUT)
    indexed = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
    indexed[0].save(path, save_all=True, append_images=indexed[1:], duration=60, loop=0, optimize=False)
    gifsicle = shutil.which("gifsicle")
    if gifsicle:
        subprocess.run([gifsicle, "-O3", "-b", path], check=True)


def parrot(path):
    colours = [(0, 0, 0, 0), (20, 20, 20, 255), (240, 80, 60, 255), (250, 200, 40, 255), (60, 200, 90, 255),
               (60, 120, 240, 255), (200, 80, 220, 255), (255, 255, 255, 255)]
    rng = random.Random(7)
    sprite = [[0] * 32 for _ in range(32)]
    for y in range(32):
        for x in range(32):
            if (x - 16) ** 2 + (y - 17) ** 2 < 180:
                sprite[y][x] = 2 + (x * 3 + y) // 19 % 3
    sprite[12][13] = sprite[12][19] = 1
    sprite[13][13] = sprite[13][19] = 7
    frames = []
    for i in range(10):
        image = Image.new("RGBA", (32, 32))
        shift = int(round(3 * math.sin(i / 10 * 2 * math.pi)))
        hue = i % 5
        for y in range(32):
            for x in range(32):
                v = sprite[y][(x - shift) % 32]
                if v >= 2:
                    v = 2 + (v - 2 + hue) % 5
                image.putpixel((x, y), colours[v])
        frames.append(image.resize((384, 384), Image.Resampling.NEAREST))
    del rng
    frames[0].save(path, save_all=True, append_images=frames[1:], duration=50, loop=0)


def explody(path):
    side = 618
    frames = []
    for i in range(9):
        image = Image.new("RGBA", (side, side))
        px = image.load()
        radius = 90 + i * 14
        cx = cy = side // 2
        for y in range(cy - radius, cy + radius):
            for x in range(cx - radius, cx + radius):
                d = math.hypot(x - cx, y - cy)
                if d < radius:
                    t = d / radius
                    angle = math.atan2(y - cy, x - cx)
                    wave = 0.5 + 0.5 * math.sin(angle * 7 + i)
                    px[x, y] = (255, int(200 * (1 - t) + 40 * wave), int(60 * (1 - t)), int(255 * min(1, (1 - t) * 2.5)))
        frames.append(image)
    frames[0].save(path, save_all=True, append_images=frames[1:], duration=40, loop=0)


def blink(path):
    side = 420
    rng = random.Random(3)
    base = Image.new("RGBA", (side, side))
    draw = ImageDraw.Draw(base)
    draw.ellipse((10, 10, side - 10, side - 10), fill=(250, 210, 120, 255))
    for _ in range(300):
        x, y = rng.randrange(60, side - 60), rng.randrange(60, side - 60)
        draw.point((x, y), fill=(200, 150, 80, 255))
    frames = []
    for i in range(6):
        frame = base.copy()
        d = ImageDraw.Draw(frame)
        h = [20, 14, 6, 1, 6, 14][i]
        d.ellipse((140, 160 - h, 180, 160 + h), fill=(30, 20, 10, 255))
        frames.append(frame)
    frames[0].save(path, save_all=True, append_images=frames[1:], duration=80, loop=0)


def main():
    folder = sys.argv[1]
    os.makedirs(folder, exist_ok=True)
    mummy(os.path.join(folder, "mummy.gif"))
    parrot(os.path.join(folder, "parrot.png"))
    explody(os.path.join(folder, "explody.png"))
    blink(os.path.join(folder, "blink.png"))


if __name__ == "__main__":
    main()
