#!/usr/bin/env python3
"""Time and memory per animated sticker, per store: `stickerlint pack --for STORE` of one animation at a
time, before a change (STICKERLINT_BEFORE, a build of the commit before) and now, against
sticker-convert's preset for the store on the same file (issue #54).

The art: SamplePacks/Art's animations, and a party-parrot-like APNG made here (250×250, 212 frames of
30 ms, every frame moved and recoloured: nothing alike between frames, the hard case; the real file is
not in the project). Each run makes one sticker (WhatsApp, whose packs hold 3 at the least, and LINE, whose
sets hold 8, that many copies: the time is divided by their number), on one core (--jobs 1, --processes 1), so its time is
the time of one animated sticker. Memory is the run's peak resident size (os.wait4).

Beside each: the bytes written, the frames kept, and the PSNR over the timeline measured here the same way
for every tool: each source frame, fitted into the sticker's canvas (pack_bench.reference), against the
output frames shown while it is (times scaled to the output's length, as a speed-up keeps every frame's
share), weighted by how long they overlap, on premultiplied RGBA. WebM is decoded by FFmpeg's libvpx-vp9
decoder (alpha included); Telegram's rows also say what `check --profile telegram` makes of each file.
--min-psnr 1 (the least it takes): no tool refuses for quality, so every row shows what each tool makes.

Usage: animated_pack_bench.py [--work DIR] [--art TEXT] [--store STORE] [--no-peer]
       (make bench-pack: release build first; --art and --store keep the rows whose art name holds TEXT and
       whose store is STORE, --no-peer leaves sticker-convert out: a rerun of one row after a change)
"""
import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import time

import numpy
from PIL import Image, ImageDraw, ImageSequence

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pack_bench import BIN, ROOT, premultiplied, reference, sticker_convert  # noqa: E402

STORES = [("whatsapp", "whatsapp"), ("telegram", "telegram"), ("signal", "signal"), ("line", "line"), ("discord", "discord")]
ANIMATED = (".gif", ".apng", ".png", ".webp")


def parrot(path):
    """A made-up party parrot: a bird-like shape that bobs, turns and changes hue every frame."""
    frames = []
    for n in range(212):
        im = Image.new("RGBA", (250, 250), (0, 0, 0, 0))
        draw = ImageDraw.Draw(im)
        angle = 2 * math.pi * n / 10
        cx, cy = 125 + 30 * math.cos(angle), 130 + 18 * math.sin(angle)
        hue = (n * 37) % 360
        colour = tuple(int(127 + 127 * math.cos(math.radians(hue + k * 120))) for k in range(3)) + (255,)
        draw.ellipse((cx - 70, cy - 60, cx + 70, cy + 80), fill=colour)
        draw.ellipse((cx - 30, cy - 95, cx + 45, cy - 20), fill=colour)
        draw.ellipse((cx + 5, cy - 70, cx + 20, cy - 55), fill=(0, 0, 0, 255))
        draw.polygon([(cx + 40, cy - 60), (cx + 70, cy - 45), (cx + 38, cy - 38)], fill=(250, 200, 40, 255))
        for stripe in range(6):
            y = cy - 40 + stripe * 18 + (n % 6) * 3
            draw.line((cx - 60, y, cx + 60, y + 8), fill=((hue + 90) % 256, 255 - stripe * 30, stripe * 40, 200), width=3)
        frames.append(im)
    frames[0].save(path, save_all=True, append_images=frames[1:], duration=30, loop=0, disposal=1)


def timeline(path):
    """(RGBA frame, milliseconds) of every frame of an image Pillow reads, or of a WebM (decoded by FFmpeg's
    libvpx-vp9 decoder, which reads VP9's alpha stream: its own VP9 decoder shows none)."""
    if path.lower().endswith(".webm"):
        return webm_timeline(path)
    out = []
    with Image.open(path) as image:
        for frame in ImageSequence.Iterator(image):
            out.append((frame.convert("RGBA"), max(1, int(frame.info.get("duration", 100) or 100))))
    return out


def webm_timeline(path):
    probe = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height:format=duration:packet=pts_time",
                            "-of", "json", path], capture_output=True, text=True, check=True)
    facts = json.loads(probe.stdout)
    width, height = facts["streams"][0]["width"], facts["streams"][0]["height"]
    starts = sorted(float(packet["pts_time"]) for packet in facts["packets"])
    end = float(facts["format"]["duration"])
    raw = subprocess.run(["ffmpeg", "-v", "error", "-c:v", "libvpx-vp9", "-i", path, "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgba", "-"],
                         capture_output=True, check=True).stdout
    size = width * height * 4
    frames = [Image.frombytes("RGBA", (width, height), raw[i:i + size]) for i in range(0, len(raw) - size + 1, size)]
    ends = starts[1:] + [end]
    return [(frame, max(1, round((stop - start) * 1000))) for frame, start, stop in zip(frames, starts, ends)]


def timeline_psnr(source, output):
    """PSNR over the source's timeline against what `output` shows over the same share of its length: each
    source frame against every output frame shown while it is, weighted by how long the two overlap (a
    retimed output, its frames on a 30 fps grid, is judged by what it shows, not by one instant)."""
    shown = timeline(output)
    frames = timeline(source)
    # A short animation a store plays over and over inside one file (LINE's 5-frame minimum: "its 2 frames
    # played 3 times over"): the source is compared with the first pass.
    passes = len(shown) // len(frames) if len(shown) >= 2 * len(frames) else 1
    total_shown = sum(d for _, d in shown) / passes
    spans, t = [], 0
    for _, d in shown:
        spans.append((t / total_shown, (t + d) / total_shown))
        t += d
    total = sum(d for _, d in frames)
    size = shown[0][0].size
    sum_error, weight, t = 0.0, 0.0, 0
    for image, d in frames:
        begin, end = t / total, (t + d) / total
        ref = premultiplied(reference(image, size, enlarge=True))
        for index, (s0, s1) in enumerate(spans):
            overlap = min(end, s1) - max(begin, s0)
            if overlap > 1e-12:
                sum_error += float(numpy.mean((ref - premultiplied(shown[index][0])) ** 2)) * overlap
                weight += overlap
        t += d
    mse = sum_error / weight
    return math.inf if mse == 0 else 10 * math.log10(255 * 255 / mse)


def run(command):
    """Wall seconds, peak resident MB and exit status of one command, its peak measured by time(1) (a
    child forked from this Python would count this process's memory as its own until it execs)."""
    report = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"animated-pack-bench-{os.getpid()}.time")
    if sys.platform == "darwin":
        wrapped = ["/usr/bin/time", "-l"] + command
    else:
        wrapped = ["/usr/bin/time", "-f", "%M", "-o", report] + command
    started = time.perf_counter()
    proc = subprocess.run(wrapped, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - started
    if sys.platform == "darwin":
        # "  123456  maximum resident set size" (bytes).
        lines = [line for line in proc.stderr.splitlines() if "maximum resident set size" in line]
        peak = int(lines[-1].split()[0]) / (1024 * 1024) if lines else 0.0
    else:
        with open(report) as file:
            peak = int(file.read().split()[-1]) / 1024
        os.remove(report)
    return seconds, peak, proc.returncode


def made(out):
    """The sticker a run wrote (the one image file under `out` that is not a pack file), or None."""
    found = []
    for folder, _, names in os.walk(out):
        for name in names:
            stem = os.path.splitext(name)[0].lower()
            if name.lower().endswith((".png", ".apng", ".webp", ".gif", ".webm")) and stem not in ("tray", "thumb", "main", "tab"):
                found.append(os.path.join(folder, name))
    return sorted(found)[0] if found else None


def row(art, store, tool, command, out, copies=1):
    shutil.rmtree(out, ignore_errors=True)
    seconds, peak, status = run(command)
    seconds /= copies
    sticker = made(out)
    if not sticker:
        return f"| {os.path.basename(art)} | {store} | {tool} | {seconds:.1f} | {peak:.0f} | left out (exit {status}) | – | – | – |"
    frames = len(timeline(sticker))
    value = timeline_psnr(art, sticker)
    text = "exact" if math.isinf(value) else f"{value:.1f}"
    return (f"| {os.path.basename(art)} | {store} | {tool} | {seconds:.1f} | {peak:.0f} | {os.path.getsize(sticker):,} | {frames} | {text} | "
            f"{judged(sticker, store)} |")


def judged(sticker, store):
    """What `stickerlint check --profile STORE` says of the one file: "passes", or its failing rules."""
    proc = subprocess.run([BIN, "check", "--profile", store, "--format", "json", sticker], capture_output=True, text=True)
    if proc.returncode == 0:
        return "passes"
    try:
        rules = sorted({d["rule"] for d in json.loads(proc.stdout)["diagnostics"] if d["severity"] == "error"})
    except (ValueError, KeyError):
        return f"exit {proc.returncode}"
    return "fails: " + ", ".join(rules) if rules else f"exit {proc.returncode}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", default=os.path.join(ROOT, ".build-bench", "animated-pack"))
    parser.add_argument("--art", default="", help="only the art whose file name holds this text")
    parser.add_argument("--store", choices=[store for store, _ in STORES], help="only this store")
    parser.add_argument("--no-peer", action="store_true", help="leave sticker-convert out")
    args = parser.parse_args()
    work = os.path.abspath(args.work)
    os.makedirs(work, exist_ok=True)
    before = os.environ.get("STICKERLINT_BEFORE", "")
    art_folder = os.path.join(ROOT, "SamplePacks", "Art")
    arts = []
    for name in sorted(os.listdir(art_folder)):
        path = os.path.join(art_folder, name)
        if name.lower().endswith(ANIMATED):
            with Image.open(path) as image:
                if getattr(image, "n_frames", 1) > 1:
                    arts.append(path)
    parrot_path = os.path.join(work, "parrot.png")
    if not os.path.exists(parrot_path):
        parrot(parrot_path)
    arts.append(parrot_path)
    arts = [art for art in arts if args.art in os.path.basename(art)]
    print(f"stickerlint now: {subprocess.run([BIN, '--version'], capture_output=True, text=True).stdout.strip()}; before: "
          f"{subprocess.run([before, '--version'], capture_output=True, text=True).stdout.strip() if before else '(STICKERLINT_BEFORE unset)'}")
    print()
    print("| art | store | tool | seconds | peak MB | bytes | frames | PSNR over the timeline (dB) | check --profile STORE |")
    print("|---|---|---|---:|---:|---:|---:|---:|---|")
    for art in arts:
        one = os.path.join(work, "in", os.path.splitext(os.path.basename(art))[0])
        shutil.rmtree(one, ignore_errors=True)
        os.makedirs(one)
        shutil.copy(art, one)
        # A WhatsApp pack holds 3 at the least and a LINE set 8: that many copies, the time divided by it.
        stem, ext = os.path.splitext(os.path.basename(art))
        for copies in (3, 8):
            many = f"{one}-{copies}"
            shutil.rmtree(many, ignore_errors=True)
            os.makedirs(many)
            for n in range(1, copies + 1):
                shutil.copy(art, os.path.join(many, f"{stem} {n}{ext}"))
        for store, preset in STORES:
            if args.store and store != args.store:
                continue
            copies = {"whatsapp": 3, "line": 8}.get(store, 1)
            folder = one if copies == 1 else f"{one}-{copies}"
            base = os.path.join(work, "out", os.path.basename(one), store)
            tools = ([("stickerlint before", before)] if before else []) + [("stickerlint now", BIN)]
            for tool, binary in tools:
                command = [binary, "pack", folder, "--for", store, "-o", os.path.join(base, tool.split()[-1]), "--jobs", "1", "--min-psnr", "1",
                           "--name", "Bench", "--publisher", "Bench"]
                print(row(art, store, tool, command, os.path.join(base, tool.split()[-1]), copies), flush=True)
            if args.no_peer:
                continue
            sc_out = os.path.join(base, "sc")
            command = sticker_convert() + ["--no-confirm", "--no-progress", "--input-dir", folder, "--output-dir", sc_out, "--preset",
                                           preset, "--processes", "1"]
            print(row(art, store, "sticker-convert", command, sc_out, copies), flush=True)


if __name__ == "__main__":
    main()
