#!/usr/bin/env python3
"""`stickerlint pack` against sticker-convert's iMessage export (issue #28), on the same art.

For each corpus and tool: the time, the stickers written and those that failed, the grid and sizes
written, `stickerlint check` on the catalog each wrote, the bytes of the sticker files, and the PSNR of
each sticker's first frame against its source (the mean over finite values; also over art at least as
large as the sticker, where no tool needs to invent pixels). The reference for PSNR is the source placed as a
sticker of the output's size without invention: scaled down (Pillow's LANCZOS in premultiplied alpha)
when it is larger, centred unscaled when it is smaller; premultiplied RGBA is compared, so colours
under transparent pixels do not count. Frames are counted to show what an animation kept.

Usage: pack_bench.py [--work DIR]     (make bench-pack: release build first)
"""
import argparse
import glob
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

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("STICKERLINT_BIN") or os.path.join(ROOT, ".build/release/stickerlint")


def sticker_convert():
    found = shutil.which("sticker-convert")
    if found:
        return [found]
    return [sys.executable, "-m", "sticker_convert"]


def corpora(work):
    """SamplePacks/Art, and a messenger-style batch: the WebP corpus's stills and animations (other
    messengers' packs are WebP) with twenty PNG stickers of the benchmark corpus."""
    art = os.path.join(ROOT, "SamplePacks/Art")
    batch = os.path.join(work, "sources", "messenger")
    if not os.path.isdir(batch):
        os.makedirs(batch)   # (sources apart from outputs: sticker-convert writes beside its output folder)
        webp = os.path.join(ROOT, "Tests/Fixtures/webp")
        for name in sorted(os.listdir(webp)):
            if name.startswith(("still-", "anim-")) and "1x1" not in name and "odd-size" not in name:
                shutil.copy(os.path.join(webp, name), batch)
        static = os.path.join(ROOT, ".build-bench/static600")
        if not os.path.isdir(static):
            subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks/make_corpus.py"), static, "600"], check=True)
        for name in sorted(n for n in os.listdir(static) if n.endswith(".png"))[:20]:
            shutil.copy(os.path.join(static, name), batch)
    count = len([n for n in os.listdir(art) if not n.startswith(".")])
    return [(f"SamplePacks/Art ({count} files)", art), ("messenger batch (WebP corpus + 20 PNG)", batch)]


def premultiplied(im):
    a = numpy.asarray(im.convert("RGBA"), dtype=numpy.float64)
    a[..., :3] *= a[..., 3:4] / 255.0
    return a


def reference(source, size, enlarge=False):
    """The source as a sticker of `size`: scaled down to fit when larger, centred unscaled when smaller
    (with `enlarge`, scaled up to fit too, as a store's exact canvas needs)."""
    src = source.convert("RGBA")
    w, h = src.size
    scale = min(size[0] / w, size[1] / h) if enlarge else min(1.0, size[0] / w, size[1] / h)
    if scale != 1:
        nw, nh = max(1, round(w * scale)), max(1, round(h * scale))
        pre = Image.fromarray(premultiplied(src).round().clip(0, 255).astype(numpy.uint8), "RGBA")
        # Resampled premultiplied, then back to straight alpha.
        small = numpy.asarray(pre.resize((nw, nh), Image.LANCZOS), dtype=numpy.float64)
        alpha = small[..., 3:4]
        straight = numpy.where(alpha > 0, small[..., :3] * 255.0 / numpy.maximum(alpha, 1), 0)
        src = Image.fromarray(numpy.concatenate([straight, alpha], axis=2).round().clip(0, 255).astype(numpy.uint8), "RGBA")
        w, h = nw, nh
    canvas = Image.new("RGBA", size, (0, 0, 0, 0))
    canvas.paste(src, ((size[0] - w) // 2, (size[1] - h) // 2))
    return canvas


def psnr(a, b):
    mse = numpy.mean((premultiplied(a) - premultiplied(b)) ** 2)
    return math.inf if mse == 0 else 10 * math.log10(255 * 255 / mse)


def frames(path):
    with Image.open(path) as im:
        return getattr(im, "n_frames", 1)


def check(catalog):
    out = subprocess.run([BIN, "check", "--no-cache", "--format", "json", catalog], capture_output=True, text=True)
    doc = json.loads(out.stdout)
    findings = {}
    for d in doc["diagnostics"]:
        findings.setdefault(d["severity"], {}).setdefault(d["rule"], 0)
        findings[d["severity"]][d["rule"]] += 1
    return doc["summary"], findings


def measure(tool, sources, stickers, catalog, seconds, failed):
    """The row of one tool on one corpus. `stickers`: source name (stem) → written sticker file."""
    values, large, sizes, total = [], [], set(), 0
    kept = []
    for stem, path in sorted(stickers.items()):
        source = sources.get(stem)
        with Image.open(path) as out:
            sizes.add(out.size)
            first = out.convert("RGBA")
        total += os.path.getsize(path)
        if source:
            with Image.open(source) as src:
                value = psnr(first, reference(src, first.size))
                values.append(value)
                if max(src.size) >= max(first.size):
                    large.append(value)
                kept.append((stem, frames(source), frames(path)))
    grid = None
    if catalog:
        for pack in glob.glob(os.path.join(catalog, "*.stickerpack/Contents.json")):
            grid = json.load(open(pack)).get("properties", {}).get("grid-size")
    summary, findings = check(catalog) if catalog else ({}, {})
    def mean(vs):
        finite = [v for v in vs if math.isfinite(v)]
        return "∞" if vs and not finite else (f"{statistics.mean(finite):.1f}" if finite else "–")
    animations = [k for k in kept if k[1] > 1]
    return {
        "tool": tool, "seconds": seconds, "written": len(stickers), "failed": failed,
        "grid": grid, "sizes": sorted(f"{w}×{h}" for w, h in sizes), "bytes": total,
        "psnr_mean": mean(values), "psnr_large": mean(large), "psnr_min": min(values) if values else None,
        "exact": sum(1 for v in values if math.isinf(v)),
        "frames_kept": sum(k[2] for k in animations), "frames_source": sum(k[1] for k in animations),
        "check": summary, "findings": findings,
    }


def run_stickerlint(folder, work):
    out = os.path.join(work, "stickerlint", "Stickers.xcstickers")
    shutil.rmtree(os.path.dirname(out), ignore_errors=True)
    start = time.perf_counter()
    proc = subprocess.run([BIN, "pack", folder, "-o", out, "--grid", "regular", "--pad", "--format", "json",
                           "--icon", sorted(glob.glob(os.path.join(folder, "*.png")))[0]], capture_output=True, text=True)
    seconds = time.perf_counter() - start
    report = json.loads(proc.stdout)
    stickers = {os.path.splitext(os.path.basename(s["source"]))[0]: os.path.join(report["pack"], s["folder"], s["file"])
                for s in report["stickers"]}
    failed = [f"{os.path.basename(s['path'])}: {s['reason']}" for s in report["skipped"]]
    return stickers, out, seconds, failed


def run_sticker_convert(folder, work):
    out = os.path.join(work, "sticker-convert")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    start = time.perf_counter()
    proc = subprocess.run(sticker_convert() + ["--input-dir", folder, "--output-dir", out, "--export-imessage", "--preset", "imessage_medium",
                                               "--no-confirm", "--no-progress", "--author", "Bench", "--title", "Bench"],
                          capture_output=True, text=True)
    seconds = time.perf_counter() - start
    failed = [line.split("[F] Failed Compression ")[1].split(" -> ")[0] + ": " + line.split(", ", 1)[1]
              for line in proc.stdout.splitlines() if "[F] Failed Compression" in line]
    catalogs = glob.glob(os.path.join(out, "*", "*StickerPackExtension", "Stickers.xcstickers"))
    if catalogs:
        files = glob.glob(os.path.join(catalogs[0], "*.stickerpack", "*.sticker", "*"))
    else:
        files = [f for f in glob.glob(os.path.join(out, "*")) if os.path.isfile(f) and not os.path.basename(f).startswith(("Messages", "App-Store", "iPhone", "iPad"))
                 and not f.endswith(".txt")]
    stickers = {os.path.splitext(os.path.basename(f))[0]: f for f in files if not f.endswith(".json")}
    return stickers, (catalogs[0] if catalogs else None), seconds, failed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--work", default=os.path.join(ROOT, ".build-bench", "pack"))
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    version = subprocess.run(sticker_convert() + ["--version"], capture_output=True, text=True).stdout.strip().splitlines()
    print(f"sticker-convert: {version[-1] if version else '?'}; stickerlint: {subprocess.run([BIN, '--version'], capture_output=True, text=True).stdout.strip()}")
    rows = []
    for name, folder in corpora(args.work):
        sources = {os.path.splitext(f)[0]: os.path.join(folder, f) for f in os.listdir(folder)}
        work = os.path.join(args.work, "out", name.split(" ")[0].replace("/", "-"))
        for tool, runner in [("stickerlint pack", run_stickerlint), ("sticker-convert --export-imessage", run_sticker_convert)]:
            stickers, catalog, seconds, failed = runner(folder, work)
            row = measure(tool, sources, stickers, catalog, seconds, failed)
            row["corpus"] = name
            rows.append(row)
    print()
    print("| corpus | tool | seconds | written / failed | grid; sizes | check: errors / warnings / notes | bytes "
          "| PSNR mean / min (dB) | PSNR mean, art ≥ the sticker | exact | animation frames kept |")
    print("|---|---|---:|---|---|---|---:|---|---|---:|---|")
    for r in rows:
        c = r["check"]
        checked = f"{c.get('errors', '?')} / {c.get('warnings', '?')} / {c.get('notes', '?')}" if c else "no catalog written"
        mean = r["psnr_mean"]
        low = "–" if r["psnr_min"] is None else ("∞" if math.isinf(r["psnr_min"]) else f"{r['psnr_min']:.1f}")
        print(f"| {r['corpus']} | {r['tool']} | {r['seconds']:.1f} | {r['written']} / {len(r['failed'])} | {r['grid']}; {', '.join(r['sizes'])} "
              f"| {checked} | {r['bytes']:,} | {mean} / {low} | {r['psnr_large']} | {r['exact']} | {r['frames_kept']} of {r['frames_source']} |")
    print()
    for r in rows:
        if r["findings"]:
            print(f"{r['corpus']}, {r['tool']}: " + "; ".join(f"{sev} " + ", ".join(f"{rule} ×{n}" for rule, n in sorted(rules.items()))
                                                              for sev, rules in sorted(r["findings"].items())))
        for f in r["failed"]:
            print(f"{r['corpus']}, {r['tool']} failed: {f}")


if __name__ == "__main__":
    main()
