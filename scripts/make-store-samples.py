#!/usr/bin/env python3
"""Makes Tests/Fixtures/stores/: the files of SamplePacks/Stores (issue #40), exported the way artists
export for each store: stills resized and saved by Pillow (PNG) and cwebp (WebP), animations by Pillow
(APNG, with its loop count and frame times) and img2webp (animated WebP), from the art in
SamplePacks/Art. The fixtures are committed; `make samples` copies them into SamplePacks/Stores, and
`make demo` checks each store's Good and Bad folder under its profile (.stickerlint.yml maps them).

Telegram's video stickers are made by ffmpeg (libvpx-vp9, yuva420p, as Telegram's guide and sticker tools
make them) and its animated stickers are Lottie JSON, as Bodymovin exports it, gzip'd as TGS.

Needs Pillow, cwebp and img2webp (Debian `webp`, Homebrew `webp`), and ffmpeg with libvpx and libopus
(Debian and Homebrew `ffmpeg`).

usage: scripts/make-store-samples.py"""
import gzip
import json
import os
import subprocess
import sys
import tempfile

from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ART = os.path.join(ROOT, "SamplePacks", "Art")
OUT = os.path.join(ROOT, "Tests", "Fixtures", "stores")


def art(name):
    """An art file as RGBA (the first frame of an animation)."""
    with Image.open(os.path.join(ART, name)) as image:
        return image.convert("RGBA")


def frames(name):
    """Every frame of an animated art file, as RGBA."""
    out = []
    with Image.open(os.path.join(ART, name)) as image:
        for index in range(getattr(image, "n_frames", 1)):
            image.seek(index)
            out.append(image.convert("RGBA"))
    return out


def fit(image, width, height):
    """`image` scaled to fit width×height, centred on a transparent canvas of exactly that size."""
    scaled = image.copy()
    scaled.thumbnail((width, height), Image.LANCZOS)
    canvas = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    canvas.paste(scaled, ((width - scaled.width) // 2, (height - scaled.height) // 2))
    return canvas


def png(image, name):
    image.save(os.path.join(OUT, name), optimize=True)


def apng(images, name, duration, loop):
    """An APNG as Pillow writes it: `duration` ms a frame, `loop` plays (0: forever)."""
    images[0].save(os.path.join(OUT, name), save_all=True, append_images=images[1:], duration=duration, loop=loop,
                   default_image=False)


def webp(image, name, *options):
    with tempfile.TemporaryDirectory() as work:
        source = os.path.join(work, "source.png")
        image.save(source)
        subprocess.run(["cwebp", "-quiet", *options, source, "-o", os.path.join(OUT, name)], check=True)


def animated_webp(images, name, delay, *options):
    with tempfile.TemporaryDirectory() as work:
        paths = []
        for index, image in enumerate(images):
            paths.append(os.path.join(work, f"frame-{index}.png"))
            image.save(paths[-1])
        subprocess.run(["img2webp", "-loop", "0", "-d", str(delay), *options, *paths, "-o", os.path.join(OUT, name)],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def contents(name, stickers):
    """A WhatsApp contents.json of one pack, its fields in the order WhatsApp's sample writes them."""
    pack = {
        "identifier": "cats", "name": "Cats", "publisher": "stickerlint samples", "tray_image_file": "tray.png",
        "image_data_version": "1", "avoid_cache": False, "publisher_email": "", "publisher_website": "",
        "privacy_policy_website": "", "license_agreement_website": "", "animated_sticker_pack": False,
        "stickers": [{"image_file": file, "emojis": emojis, "accessibility_text": f"a {os.path.splitext(file)[0]} sticker"}
                     for file, emojis in stickers]}
    document = {"android_play_store_link": "", "ios_app_store_link": "", "sticker_packs": [pack]}
    with open(os.path.join(OUT, name), "w", encoding="utf-8") as out:
        json.dump(document, out, ensure_ascii=False, indent=2)
        out.write("\n")


def webm(images, name, rate, hold, audio=False):
    """A video sticker as ffmpeg makes it: each image held for `hold` frames at `rate` fps, VP9 with
    alpha; with `audio`, an Opus track of a tone. Deterministic: one thread, no version strings."""
    with tempfile.TemporaryDirectory() as work:
        index = 0
        for image in images:
            for _ in range(hold):
                image.save(os.path.join(work, f"frame-{index:03d}.png"))
                index += 1
        args = ["ffmpeg", "-v", "error", "-y", "-framerate", str(rate), "-i", os.path.join(work, "frame-%03d.png")]
        if audio:
            args += ["-f", "lavfi", "-i", f"sine=frequency=440:duration={index / rate}"]
        args += ["-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-b:v", "400k", "-deadline", "good", "-cpu-used", "4",
                 "-row-mt", "0", "-threads", "1"]
        args += ["-c:a", "libopus", "-b:a", "32k"] if audio else ["-an"]
        args += ["-fflags", "+bitexact", "-flags:v", "+bitexact", "-map_metadata", "-1", "-f", "webm",
                 os.path.join(OUT, name)]
        subprocess.run(args, check=True)


def tgs(name, side, rate, seconds, mask=False, gzipped=True, peak=0.3):
    """An animated sticker as Bodymovin exports one and Telegram takes it: Lottie JSON of a disc that
    bounces across a `side`-pixel canvas at `rate` fps, up to `peak` of the side from the top, gzip'd
    (mtime 0, so the bytes do not change). With `mask`, the disc's layer has a mask, which Telegram's
    animated stickers may not use. Without `gzipped`, the JSON as Bodymovin writes it (Discord's Lottie
    stickers). A `peak` under 0.2 (the disc's radius) bounces it off the canvas's top edge."""
    frames = int(rate * seconds)

    def static(value):
        return {"a": 0, "k": value}

    half = side // 2
    position = {"a": 1, "k": [
        {"t": 0, "s": [half, side * 0.7, 0], "i": {"x": [0.5], "y": [1]}, "o": {"x": [0.5], "y": [0]}},
        {"t": frames // 2, "s": [half, side * peak, 0], "i": {"x": [0.5], "y": [1]}, "o": {"x": [0.5], "y": [0]}},
        {"t": frames, "s": [half, side * 0.7, 0]}]}
    layer = {
        "ddd": 0, "ind": 1, "ty": 4, "nm": "Disc", "sr": 1, "ao": 0, "ip": 0, "op": frames, "st": 0, "bm": 0,
        "ks": {"o": static(100), "r": static(0), "p": position, "a": static([0, 0, 0]), "s": static([100, 100, 100])},
        "shapes": [{"ty": "gr", "nm": "Disc", "it": [
            {"ty": "el", "nm": "Ellipse", "p": static([0, 0]), "s": static([side * 0.4, side * 0.4])},
            {"ty": "fl", "nm": "Fill", "c": static([0.98, 0.55, 0.1, 1]), "o": static(100), "r": 1},
            {"ty": "tr", "p": static([0, 0]), "a": static([0, 0]), "s": static([100, 100]), "r": static(0),
             "o": static(100)}]}]}
    if mask:
        layer["hasMask"] = True
        layer["masksProperties"] = [{"inv": False, "mode": "a", "o": static(100), "pt": static(
            {"i": [[0, 0]] * 4, "o": [[0, 0]] * 4, "v": [[-half, -half], [half, -half], [half, half], [-half, half]],
             "c": True})}]
    document = {"v": "5.7.4", "fr": rate, "ip": 0, "op": frames, "w": side, "h": side, "nm": name, "ddd": 0,
                "assets": [], "layers": [layer]}
    text = json.dumps(document, separators=(",", ":")).encode()
    with open(os.path.join(OUT, name), "wb") as out:
        out.write(gzip.compress(text, compresslevel=9, mtime=0) if gzipped else text)


def main():
    os.makedirs(OUT, exist_ok=True)
    for old in os.listdir(OUT):
        os.remove(os.path.join(OUT, old))
    cat, confetti, grain, tiny = art("happy-cat.png"), art("confetti.png"), art("grain.png"), art("tiny.png")
    wave, bounce = frames("wave_hello.png"), frames("bounce.gif")

    # WhatsApp: 512×512 WebP; still at most 100 KiB, animated frames of 8 ms or more.
    webp(fit(cat, 512, 512), "whatsapp-cat.webp", "-q", "80")
    webp(fit(confetti, 512, 512), "whatsapp-confetti.webp", "-q", "75")
    webp(fit(wave[0], 512, 512), "whatsapp-wave.webp", "-q", "80")
    webp(fit(grain, 512, 512), "whatsapp-grain.webp", "-q", "60")  # over 100 KiB
    webp(fit(cat, 400, 400), "whatsapp-cat-400.webp", "-q", "80")  # not 512×512
    png(fit(cat, 96, 96), "whatsapp-tray.png")  # the pack's tray icon
    # contents.json as WhatsApp's sample apps write it (Android assets/contents.json, one pack).
    contents("whatsapp-contents.json", [("cat.webp", ["🐱"]), ("confetti.webp", ["🎉", "🥳"]), ("wave.webp", ["👋"])])
    contents("whatsapp-contents-bad.json", [("grain.webp", ["🌾"]), ("cat 400.webp", ["🐱", "😺", "😸", "😻"])])  # 4 emoji
    png(fit(cat, 128, 128), "whatsapp-tray-128.png")  # a tray icon not 96×96
    animated_webp([fit(f, 512, 512) for f in wave], "whatsapp-wave-5ms.webp", 5, "-lossy", "-q", "70")  # frames under 8 ms

    # Telegram: one side exactly 512, the other at most 512; stills only (animated is TGS or WebM).
    png(fit(cat, 512, 384), "telegram-cat-512x384.png")
    animated_webp([fit(f, 512, 512) for f in wave], "telegram-wave.webp", 90, "-lossy", "-q", "70")
    # Telegram's video stickers: WebM VP9, no audio, one side 512, at most 3 s and 30 fps, 256 KiB.
    webm([fit(f, 512, 512) for f in wave], "telegram-wave.webm", 30, 15)  # 60 frames: 2 s
    webm([fit(f, 512, 512) for f in wave], "telegram-wave-60fps-sound.webm", 60, 30, audio=True)  # 60 fps, a tone
    # Telegram's animated stickers: TGS, 512×512, 60 fps, at most 3 s and 64 KiB, no masks.
    tgs("telegram-bounce.tgs", 512, 60, 2)
    tgs("telegram-bounce-masked.tgs", 500, 30, 4, mask=True)  # 500 px, 30 fps, 4 s, a mask
    tgs("telegram-bounce-high.tgs", 512, 60, 2, peak=0.05)  # bounces past the top edge

    # Telegram's set thumbnail: WebP or PNG 100×100 (a pack file named thumb, not a sticker).
    webp(fit(cat, 100, 100), "telegram-thumb.webp", "-q", "80")
    # Telegram custom emoji (the telegram-emoji profile): 100×100 WebP, TGS and WebM.
    webp(fit(cat, 100, 100), "telegram-emoji-cat.webp", "-q", "80")
    webm([fit(f, 100, 100) for f in wave], "telegram-emoji-wave.webm", 30, 8)  # 32 frames
    tgs("telegram-emoji-bounce.tgs", 100, 60, 1)

    # Signal: PNG, APNG (square, looping forever) or WebP, at most 300 KiB.
    png(fit(cat, 512, 512), "signal-cat.png")
    apng([fit(f, 256, 256) for f in wave], "signal-wave.png", 90, 0)
    apng([fit(f, 256, 256) for f in wave], "signal-wave-once.png", 90, 1)  # plays once

    # LINE: still PNG at most 370×320 with even sides (a pack of 8, 16, 24, 32 or 40); animated APNG of
    # 5–20 frames, 1–4 loops, 4 s at most.
    stills = [cat, confetti, tiny] + wave + bounce[:1]
    for index, image in enumerate(stills):
        png(fit(image, 370, 320), f"line-{index + 1:02d}.png")
    png(fit(cat, 371, 320), "line-odd-371x320.png")
    apng([fit(f, 320, 270) for f in wave], "line-wave-4-frames.png", 90, 2)  # under 5 frames
    png(fit(cat, 240, 240), "line-main.png")  # the set's main image
    png(fit(cat, 96, 74), "line-tab.png")  # its chat tab image

    # Discord: PNG, APNG or GIF at 320×320, animations 5 s at most.
    png(fit(cat, 320, 320), "discord-cat.png")
    apng([fit(f, 320, 320) for f in wave], "discord-wave.png", 90, 0)
    apng([fit(f, 320, 320) for f in wave], "discord-wave-6s.png", 1500, 0)  # 4 × 1.5 s
    webp(fit(cat, 320, 320), "discord-cat.webp", "-q", "80")  # not a format Discord takes
    # Discord's Lottie stickers: the JSON itself, 320×320, at most 5 s.
    tgs("discord-bounce.json", 320, 60, 2, gzipped=False)
    tgs("discord-bounce-6s.json", 320, 30, 6, gzipped=False)  # 6 s
    print(f"wrote {len(os.listdir(OUT))} files under {os.path.relpath(OUT, ROOT)}/")


if __name__ == "__main__":
    sys.exit(main())
