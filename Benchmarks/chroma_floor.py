#!/usr/bin/env python3
"""The PSNR an animation keeps through 4:2:0 colour alone, with no coding: each frame fitted into a square
canvas (pack_bench.reference, as the other benchmarks), converted to BT.601 limited-range Y'CbCr with chroma
averaged over 2×2 pixels weighted by their alpha (what stickerlint's I420 conversion does), converted back
(each chroma sample over its 2×2 pixels), and compared on premultiplied RGBA, weighted by each frame's time.
It is the most a VP9 video sticker (4:2:0, as Telegram's are) can keep of the art (issue #55's bounce.gif).

Usage: chroma_floor.py ART [SIDE]   (SIDE: the canvas, 512 unless told)
"""
import math
import os
import sys

import numpy
from PIL import Image, ImageSequence

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pack_bench import premultiplied, reference  # noqa: E402


def round_trip(rgba):
    rgb, alpha = rgba[..., :3], rgba[..., 3]
    h, w = alpha.shape
    y = numpy.clip(numpy.round(16 + (65.481 * rgb[..., 0] + 128.553 * rgb[..., 1] + 24.966 * rgb[..., 2]) / 255), 0, 255)
    cb = 128 + (-37.797 * rgb[..., 0] - 74.203 * rgb[..., 1] + 112 * rgb[..., 2]) / 255
    cr = 128 + (112 * rgb[..., 0] - 93.786 * rgb[..., 1] - 18.214 * rgb[..., 2]) / 255

    def down(plane):
        blocks = (plane * alpha).reshape(h // 2, 2, w // 2, 2).sum((1, 3))
        weights = alpha.reshape(h // 2, 2, w // 2, 2).sum((1, 3))
        plain = plane.reshape(h // 2, 2, w // 2, 2).mean((1, 3))
        return numpy.clip(numpy.round(numpy.where(weights > 0, blocks / numpy.maximum(weights, 1e-9), plain)), 0, 255)

    cb, cr = (down(p).repeat(2, 0).repeat(2, 1) - 128 for p in (cb, cr))
    luma = 1.164 * (y - 16)
    back = numpy.stack([luma + 1.596 * cr, luma - 0.392 * cb - 0.813 * cr, luma + 2.017 * cb], -1)
    return numpy.concatenate([numpy.clip(numpy.round(back), 0, 255), alpha[..., None]], -1).astype(numpy.uint8)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__.strip().splitlines()[-1])
    side = int(sys.argv[2]) if len(sys.argv) > 2 else 512
    total, weight = 0.0, 0.0
    with Image.open(sys.argv[1]) as image:
        for frame in ImageSequence.Iterator(image):
            ms = max(1, int(frame.info.get("duration", 100) or 100))
            fitted = reference(frame.convert("RGBA"), (side, side), enlarge=True)
            source = numpy.asarray(fitted).astype(numpy.float64)
            shown = Image.fromarray(round_trip(source))
            total += float(numpy.mean((premultiplied(fitted) - premultiplied(shown)) ** 2)) * ms
            weight += ms
    mse = total / weight
    print("exact" if mse == 0 else f"{10 * math.log10(255 * 255 / mse):.1f} dB")


if __name__ == "__main__":
    main()
