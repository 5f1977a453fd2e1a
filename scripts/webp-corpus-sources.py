#!/usr/bin/env python3
"""Source images for scripts/make-webp-corpus.sh, drawn with Pillow from a fixed seed; with --pillow,
the corpus files Pillow itself writes. Usage: webp-corpus-sources.py WORK | --pillow WORK OUT"""
import io
import math
import os
import random
import sys

from PIL import Image, ImageCms, ImageDraw, ImageFilter

rng = random.Random(28)


def art(size=(408, 408), phase=0.0):
    """Sticker-like art: a soft-edged blob with a gradient, an outline and a translucent shadow."""
    w, h = size
    im = Image.new("RGBA", size, (0, 0, 0, 0))
    shadow = Image.new("RGBA", size, (0, 0, 0, 0))
    ImageDraw.Draw(shadow).ellipse((w * 0.18, h * 0.22, w * 0.88, h * 0.92), fill=(0, 0, 0, 110))
    im.alpha_composite(shadow.filter(ImageFilter.GaussianBlur(8)))
    body = Image.new("RGBA", size, (0, 0, 0, 0))
    d = ImageDraw.Draw(body)
    cx, cy = w * (0.48 + 0.1 * math.sin(phase)), h * 0.5
    for r in range(int(w * 0.34), 0, -3):
        t = r / (w * 0.34)
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(int(250 - 90 * t), int(120 + 80 * t), int(60 + 150 * t), 255))
    d.ellipse((cx - w * 0.34, cy - w * 0.34, cx + w * 0.34, cy + w * 0.34), outline=(40, 20, 60, 255), width=6)
    d.ellipse((cx - 40, cy - 30, cx - 20, cy - 5), fill=(30, 30, 30, 255))
    d.ellipse((cx + 20, cy - 30, cx + 40, cy - 5), fill=(30, 30, 30, 255))
    d.arc((cx - 45, cy - 10, cx + 45, cy + 50), 20, 160, fill=(30, 30, 30, 255), width=5)
    im.alpha_composite(body)
    return im


def photo(size=(408, 408)):
    w, h = size
    im = Image.new("RGB", size)
    px = im.load()
    for y in range(h):
        for x in range(w):
            px[x, y] = (int(128 + 100 * math.sin(x / 37.0)), int(128 + 90 * math.cos(y / 23.0)), int((x + y) * 255 / (w + h)))
    noise = Image.effect_noise(size, 40).convert("RGB")
    return Image.blend(im, noise, 0.25).filter(ImageFilter.GaussianBlur(1.2))


def sources(work):
    art().save(os.path.join(work, "art.png"))
    photo().save(os.path.join(work, "photo.png"))
    photo((160, 160)).save(os.path.join(work, "photo-small.png"))
    small = Image.new("RGBA", (64, 64), (0, 0, 0, 0))
    d = ImageDraw.Draw(small)
    for i in range(12):
        x, y = rng.randrange(0, 56), rng.randrange(0, 56)
        d.rectangle((x, y, x + rng.randrange(2, 9), y + rng.randrange(2, 9)), fill=(rng.randrange(256), rng.randrange(256), rng.randrange(256), 255))
    small.resize((384, 384), Image.NEAREST).save(os.path.join(work, "pixel.png"))
    photo().convert("L").save(os.path.join(work, "grey.png"))
    art((37, 517)).save(os.path.join(work, "odd.png"))
    Image.new("RGBA", (1, 1), (200, 100, 50, 128)).save(os.path.join(work, "one.png"))
    icc = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    open(os.path.join(work, "srgb.icc"), "wb").write(icc)
    exif = Image.Exif()
    exif[0x010F] = "stickerlint corpus"   # Make
    exif[0x0112] = 1                      # Orientation
    photo().save(os.path.join(work, "photo-exif.jpg"), quality=90, exif=exif.tobytes(), icc_profile=icc)
    for i in range(6):
        art((300, 300), phase=i * 1.1).save(os.path.join(work, f"frame-{i}.png"))
    # A GIF with a transparent colour and restore-to-background disposal, as GIF exporters write.
    frames = []
    for i in range(5):
        f = Image.new("RGBA", (240, 240), (0, 0, 0, 0))
        d = ImageDraw.Draw(f)
        d.ellipse((20 + i * 30, 60, 110 + i * 30, 150), fill=(220, 60 + i * 30, 90, 255))
        d.rectangle((10, 200 - i * 20, 60, 230), fill=(40, 160, 220, 255))
        frames.append(f)
    frames[0].save(os.path.join(work, "dance.gif"), save_all=True, append_images=frames[1:], duration=[90, 60, 120, 60, 200],
                   loop=0, disposal=2, transparency=0)
    # Patches for frames placed by hand: the first covers the canvas.
    Image.new("RGBA", (200, 160), (250, 240, 220, 255)).save(os.path.join(work, "patch-0.png"))
    for i, (size, colour) in enumerate([((90, 70), (200, 30, 60, 160)), ((100, 80), (30, 180, 90, 255)), ((60, 50), (40, 60, 220, 90))], 1):
        p = Image.new("RGBA", size, (0, 0, 0, 0))
        ImageDraw.Draw(p).ellipse((0, 0, size[0] - 1, size[1] - 1), fill=colour)
        p.save(os.path.join(work, f"patch-{i}.png"))


def pillow(work, out):
    frames = [Image.open(os.path.join(work, f"frame-{i}.png")) for i in range(6)]
    frames[0].save(os.path.join(out, "anim-pillow-lossless.webp"), save_all=True, append_images=frames[1:],
                   duration=[40, 80, 120, 80, 40, 300], loop=0, lossless=True)
    frames[0].save(os.path.join(out, "anim-pillow-lossy.webp"), save_all=True, append_images=frames[1:],
                   duration=70, loop=2, quality=65, method=4)
    Image.open(os.path.join(work, "art.png")).save(os.path.join(out, "still-pillow-lossy.webp"), quality=80, method=6)


if __name__ == "__main__":
    if sys.argv[1] == "--pillow":
        pillow(sys.argv[2], sys.argv[3])
    else:
        sources(sys.argv[1])
