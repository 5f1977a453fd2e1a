#!/usr/bin/env python3
"""`stickerlint pack --for STORE` against sticker-convert's preset for the same store, on the same art
(issue #41).

For each store both tools make packs for (WhatsApp, Telegram, Telegram custom emoji, Signal, LINE,
Discord) and each corpus (SamplePacks/Art, and the messenger batch of pack_bench.py: the WebP corpus
and twenty PNG stickers), it runs both tools, then measures each tool's output the same way: the time,
the stickers written, the bytes per sticker, the PSNR and SSIM of each sticker's first frame against its
source, the animation frames kept, and how many of the files `stickerlint check --profile STORE` accepts
(no error on the file; a pack-level error, such as a count or a mixed pack, is listed apart).

The reference for PSNR and SSIM is the source fitted whole into the sticker's canvas and centred
(Pillow's LANCZOS in premultiplied alpha, enlarged or reduced as the store's canvas needs, exactly as
either tool must), compared on premultiplied RGBA, so colours under transparent pixels do not count.
SSIM is the mean over 8×8 windows of the premultiplied luminance (the constants of Wang et al. 2004).

Usage: store_pack_bench.py [--work DIR]     (make bench-pack: release build first)
"""
import argparse
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import time

import numpy
from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pack_bench import BIN, ROOT, corpora, premultiplied, psnr, reference, sticker_convert  # noqa: E402
from peer_check import frames  # noqa: E402

# sticker-convert's preset, stickerlint's --for (and the profile its output is checked under).
STORES = [("whatsapp", "whatsapp", "whatsapp"), ("telegram", "telegram", "telegram"),
          ("telegram_emoji", "telegram --emoji-set", "telegram-emoji"), ("signal", "signal", "signal"),
          ("line", "line", "line"), ("discord", "discord", "discord")]


def ssim(a, b):
    """Mean SSIM over 8×8 windows of premultiplied luminance."""
    def luma(im):
        p = premultiplied(im)
        return 0.299 * p[..., 0] + 0.587 * p[..., 1] + 0.114 * p[..., 2]
    x, y = luma(a), luma(b)
    h, w = (x.shape[0] // 8) * 8, (x.shape[1] // 8) * 8
    if h == 0 or w == 0:
        return 1.0
    bx = x[:h, :w].reshape(h // 8, 8, w // 8, 8).swapaxes(1, 2).reshape(-1, 64)
    by = y[:h, :w].reshape(h // 8, 8, w // 8, 8).swapaxes(1, 2).reshape(-1, 64)
    mx, my = bx.mean(axis=1), by.mean(axis=1)
    vx, vy = bx.var(axis=1), by.var(axis=1)
    cov = ((bx - mx[:, None]) * (by - my[:, None])).mean(axis=1)
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    return float(numpy.mean(((2 * mx * my + c1) * (2 * cov + c2)) / ((mx ** 2 + my ** 2 + c1) * (vx + vy + c2))))


def stem(name):
    return os.path.splitext(os.path.basename(name))[0]


def run_stickerlint(flag, folder, out):
    shutil.rmtree(out, ignore_errors=True)
    started = time.perf_counter()
    proc = subprocess.run([BIN, "pack", folder, "--for", *flag.split(), "-o", out, "--format", "json", "--name", "Bench",
                           "--publisher", "Bench"], capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if proc.returncode not in (0, 1):
        return {}, seconds, [proc.stderr.strip()[:200]]
    report = json.loads(proc.stdout)
    store = report["stores"][0]
    # A pack file (tray icon, thumbnail, main and tab images) is made from a sticker's art: stickers only.
    packfiles = {"tray", "thumb", "main", "tab"}
    stickers = {}
    for file in store["files"]:
        name = stem(file["path"])
        if name in packfiles:
            continue
        stickers[stem(file["source"])] = os.path.join(out, file["path"])
    failed = [f"{os.path.basename(s['path'])}: {s['reason']}" for s in store["skipped"]]
    return stickers, seconds, failed


def run_sticker_convert(preset, folder, out):
    shutil.rmtree(out, ignore_errors=True)
    started = time.perf_counter()
    subprocess.run(sticker_convert() + ["--no-confirm", "--no-progress", "--input-dir", folder, "--output-dir", out,
                                        "--preset", preset, "--processes", "1"], capture_output=True, text=True)
    seconds = time.perf_counter() - started
    names = sorted(os.listdir(out)) if os.path.isdir(out) else []
    stickers = {stem(n): os.path.join(out, n) for n in names
                if not n.startswith(".") and os.path.isfile(os.path.join(out, n)) and not n.endswith((".json", ".txt"))}
    return stickers, seconds, []


def check(profile, folder):
    proc = subprocess.run([BIN, "check", "--no-cache", "--profile", profile, "--format", "json", folder], capture_output=True, text=True)
    if proc.returncode not in (0, 1):
        return None, []
    diagnostics = json.loads(proc.stdout)["diagnostics"]
    errors = [d for d in diagnostics if d["severity"] == "error"]
    files = {os.path.abspath(d["path"]) for d in errors}
    pack = sorted({d["rule"] for d in errors if os.path.isdir(d["path"])})
    return files, pack


def measure(stickers, sources, profile, folder):
    values, similar, total, kept, source_frames = [], [], 0, 0, 0
    for name, path in sorted(stickers.items()):
        total += os.path.getsize(path)
        source = sources.get(name)
        try:
            with Image.open(path) as out:
                first = out.convert("RGBA")
        except Exception:
            continue   # a WebM or TGS: not compared
        if source:
            with Image.open(source) as src:
                ref = reference(src, first.size, enlarge=True)
                values.append(psnr(first, ref))
                similar.append(ssim(first, ref))
            n = frames(source) or 1
            if n > 1:
                source_frames += n
                kept += frames(path) or 0
    refused, pack = check(profile, folder) if os.path.isdir(folder) else (set(), [])
    accepted = None if refused is None else sum(1 for p in stickers.values() if os.path.abspath(p) not in refused)
    finite = [v for v in values if math.isfinite(v)]
    return {
        "written": len(stickers), "bytes": total // max(1, len(stickers)),
        "psnr": f"{statistics.mean(finite):.1f}" if finite else ("∞" if values else "–"),
        "ssim": f"{statistics.mean(similar):.3f}" if similar else "–",
        "frames": f"{kept} of {source_frames}", "accepted": accepted, "pack": pack,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", default=os.path.join(ROOT, ".build-bench", "store-pack"))
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    try:
        from importlib.metadata import version as installed
        version = [installed("sticker-convert")]
    except Exception:
        version = subprocess.run(sticker_convert() + ["--version"], capture_output=True, text=True).stdout.strip().splitlines()
    print(f"sticker-convert: {version[-1] if version else '?'}; stickerlint: "
          f"{subprocess.run([BIN, '--version'], capture_output=True, text=True).stdout.strip()}")
    print()
    print("| corpus | store | tool | seconds | written / art | bytes a sticker | PSNR mean (dB) | SSIM mean | animation frames kept "
          "| files check accepts | pack errors |")
    print("|---|---|---|---:|---|---:|---:|---:|---|---|---|")
    notes = []
    for corpus, folder in corpora(os.path.join(ROOT, ".build-bench", "pack")):
        sources = {stem(n): os.path.join(folder, n) for n in sorted(os.listdir(folder)) if not n.startswith(".")}
        for preset, flag, profile in STORES:
            for tool in ("stickerlint pack --for", "sticker-convert --preset"):
                out = os.path.join(args.work, corpus.split(" ")[0].replace("/", "-"), preset, "stickerlint" if tool.startswith("stickerlint") else "sc")
                if tool.startswith("stickerlint"):
                    stickers, seconds, failed = run_stickerlint(flag, folder, out)
                else:
                    stickers, seconds, failed = run_sticker_convert(preset, folder, out)
                row = measure(stickers, sources, profile, out)
                accepted = "–" if row["accepted"] is None else f"{row['accepted']} of {row['written']}"
                print(f"| {corpus} | {profile} | {tool} | {seconds:.1f} | {row['written']} / {len(sources)} | {row['bytes']:,} "
                      f"| {row['psnr']} | {row['ssim']} | {row['frames']} | {accepted} | {', '.join(row['pack']) or '–'} |")
                notes += [f"{corpus}, {profile}, {tool} left out {f}" for f in failed]
    print()
    for note in notes:
        print(note)


if __name__ == "__main__":
    main()
