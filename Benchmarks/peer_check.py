#!/usr/bin/env python3
"""What sticker-convert exports for each store, checked by `stickerlint check --profile STORE` (issue #40).

sticker-convert (PyPI `sticker-convert`) converts one folder of art into each store's format with its
presets, and never checks the result. For each store both tools know, this runs sticker-convert's preset
on the same art (SamplePacks/Art: stills and animations in PNG, APNG, GIF, JPEG and WebP, two over
500 KB, one of 200 px), then checks its output folder under stickerlint's profile for that store (the
folder is the pack), and counts: the files written, the art it wrote nothing for, the animations that
came out still, the files a store would refuse (with an error) and the rules that refuse them.

Usage: peer_check.py [--work DIR] [--art DIR]     (make bench-peer: release build first)
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from collections import Counter

from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("STICKERLINT_BIN") or os.path.join(ROOT, ".build/release/stickerlint")

# sticker-convert's preset, stickerlint's profile.
STORES = [("whatsapp", "whatsapp"), ("telegram", "telegram"), ("telegram_emoji", "telegram-emoji"), ("signal", "signal"),
          ("line", "line"), ("discord", "discord")]


def sticker_convert():
    found = shutil.which("sticker-convert")
    return [found] if found else [sys.executable, "-m", "sticker_convert"]


def frames(path):
    """Frames of an image Pillow reads (a WebM or TGS: None)."""
    try:
        with Image.open(path) as image:
            return getattr(image, "n_frames", 1)
    except Exception:
        return None


def stem(name):
    return os.path.splitext(name)[0]


def run(preset, profile, art, work):
    out = os.path.join(work, preset)
    shutil.rmtree(out, ignore_errors=True)
    started = time.monotonic()
    proc = subprocess.run(sticker_convert() + ["--no-confirm", "--no-progress", "--input-dir", art, "--output-dir", out,
                                               "--preset", preset, "--processes", "1"], capture_output=True, text=True)
    seconds = time.monotonic() - started
    if proc.returncode != 0 and not os.path.isdir(out):
        sys.exit(f"peer_check: sticker-convert --preset {preset} failed:\n{proc.stderr[-2000:]}")
    sources = {stem(n): os.path.join(art, n) for n in sorted(os.listdir(art)) if not n.startswith(".")}
    written = {stem(n): os.path.join(out, n) for n in sorted(os.listdir(out)) if not n.startswith(".")}
    missing = sorted(set(sources) - set(written))
    stilled = sorted(s for s in written if (frames(sources.get(s, "")) or 1) > 1 and frames(written[s]) == 1)
    report = subprocess.run([BIN, "check", "--no-cache", "--profile", profile, "--format", "json", out], capture_output=True, text=True)
    if report.returncode not in (0, 1):
        sys.exit(f"peer_check: stickerlint check failed: {report.stderr}")
    diagnostics = json.loads(report.stdout)["diagnostics"]
    errors = [d for d in diagnostics if d["severity"] == "error"]
    refused = sorted({os.path.basename(d["path"]) for d in errors if os.path.abspath(d["path"]) != os.path.abspath(out)})
    pack = sorted({d["rule"] for d in errors if os.path.abspath(d["path"]) == os.path.abspath(out)})
    rules = Counter(d["rule"] for d in errors)
    warnings = Counter(d["rule"] for d in diagnostics if d["severity"] == "warning")
    messages = sorted({f"{os.path.basename(d['path'])}: {d['message']} [{d['rule']}]" for d in errors})
    return {"preset": preset, "profile": profile, "seconds": seconds, "sources": len(sources), "written": len(written),
            "missing": missing, "stilled": stilled, "refused": refused, "pack": pack, "rules": rules, "warnings": warnings,
            "messages": messages}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", default=os.path.join(ROOT, ".build-bench/peer"))
    parser.add_argument("--art", default=os.path.join(ROOT, "SamplePacks/Art"))
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    # sticker-convert writes beside its output folder: the art is copied apart from the outputs.
    art = os.path.join(args.work, "art")
    shutil.rmtree(art, ignore_errors=True)
    shutil.copytree(args.art, art)
    version = subprocess.run(sticker_convert() + ["--version"], capture_output=True, text=True).stdout.strip().splitlines()
    print(f"sticker-convert {version[-1] if version else '?'}; stickerlint {subprocess.run([BIN, '--version'], capture_output=True, text=True).stdout.strip()}")
    print()
    print("| store (preset → profile) | time | written of art | no output | animation made still | files refused | pack refused | "
          "refusing rules (errors) | warnings |")
    print("|---|---:|---:|---|---|---:|---|---|---|")
    results = [run(preset, profile, art, args.work) for preset, profile in STORES]
    for r in results:
        rules = ", ".join(f"`{rule}` {count}" for rule, count in sorted(r["rules"].items())) or "—"
        warnings = ", ".join(f"`{rule}` {count}" for rule, count in sorted(r["warnings"].items())) or "—"
        print(f"| {r['preset']} → `{r['profile']}` | {r['seconds']:.1f} s | {r['written']} of {r['sources']} | "
              f"{', '.join(r['missing']) or '—'} | {', '.join(r['stilled']) or '—'} | {len(r['refused'])} | "
              f"{', '.join('`' + p + '`' for p in r['pack']) or '—'} | {rules} | {warnings} |")
    print()
    for r in results:
        if r["messages"]:
            print(f"{r['preset']}:")
            for message in r["messages"]:
                print(f"  {message}")


if __name__ == "__main__":
    main()
