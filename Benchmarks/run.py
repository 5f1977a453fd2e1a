#!/usr/bin/env python3
"""stickerlint's benchmark: one table of medians, with ratios computed pair by pair in the same run.

usage: Benchmarks/run.py [--runs N] [--work DIR]
Expects a release build (.build/release/stickerlint, or the binary named by STICKERLINT_BIN); `make bench`
builds it and runs this.
See Benchmarks/README.md for what each figure measures."""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# STICKERLINT_BIN benchmarks another build (an earlier commit's, to compare) through the same harness.
BIN = os.environ.get("STICKERLINT_BIN") or os.path.join(ROOT, ".build/release/stickerlint")


def sh(cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)


def measure(cmd):
    """(wall seconds, peak RSS in MB) of one run, from /usr/bin/time."""
    start = time.perf_counter()
    proc = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    # A stickerlint run that could not do its job (exit 2) measures nothing: stop, saying why.
    if cmd[0] == BIN and proc.returncode not in (0, 1):
        sys.exit(f"run.py: {' '.join(cmd)} exited {proc.returncode}: {proc.stderr.strip()[:400]}")
    rss_kb = int(proc.stderr.strip().splitlines()[-1])
    return wall, rss_kb / 1024


def corpus(work):
    """Generates the corpora once (kept between runs of the harness)."""
    paths = {
        "static600": os.path.join(work, "static600"),
        "mix1000": os.path.join(work, "mix1000"),
        "tree10k": os.path.join(work, "tree10k"),
        "variants120": os.path.join(work, "variants120"),
    }
    make = os.path.join(ROOT, "Benchmarks/make_corpus.py")
    if not os.path.isdir(paths["static600"]):
        sh([sys.executable, make, paths["static600"], "600"])
    if not os.path.isdir(paths["mix1000"]):
        sh([sys.executable, make, paths["mix1000"], "1000", "--mix"])
    if not os.path.isdir(paths["tree10k"]):
        # Ten folders of the 1,000-file mix, hard-linked: 10,000 files in a tree.
        for i in range(10):
            folder = os.path.join(paths["tree10k"], f"part{i:02d}", "stickers")
            os.makedirs(folder)
            for name in os.listdir(paths["mix1000"]):
                os.link(os.path.join(paths["mix1000"], name), os.path.join(folder, name))
    if not os.path.isdir(paths["variants120"]):
        sh([sys.executable, make, paths["variants120"], "120", "--side", "618"])
    return paths


def files(folder, ext=None):
    return sorted(os.path.join(folder, n) for n in os.listdir(folder) if ext is None or n.endswith(ext))


def pairs(runs, a, b):
    """Runs a and b alternately; returns (median a, median b, median of the per-pair ratios a/b, max RSS a, max RSS b)."""
    ta, tb, ratios, ma, mb = [], [], [], 0.0, 0.0
    for _ in range(runs):
        wa, ra = measure(a)
        wb, rb = measure(b)
        ta.append(wa); tb.append(wb); ratios.append(wa / wb)
        ma, mb = max(ma, ra), max(mb, rb)
    return statistics.median(ta), statistics.median(tb), statistics.median(ratios), ma, mb


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--work", default=os.path.join(ROOT, ".build-bench"))
    args = parser.parse_args()
    args.work = os.path.abspath(args.work)
    # Run outside the repository, so that no .stickerlint.yml (this repository has one) applies.
    os.chdir(tempfile.gettempdir())
    os.makedirs(args.work, exist_ok=True)
    floor = os.path.join(args.work, "decode_floor")
    pkg = subprocess.run(["pkg-config", "--cflags", "--libs", "libpng16", "libjpeg", "libgif"], capture_output=True, text=True).stdout.split()
    sh(["cc", "-O2", "-o", floor, os.path.join(ROOT, "Benchmarks/decode_floor.c")] + pkg)
    c = corpus(args.work)
    n = args.runs
    rows, goals = [], []

    def row(name, seconds, rss, count, note=""):
        rows.append((name, f"{seconds:.3f}", f"{seconds / count * 1000:.2f}" if count else "", f"{rss:.0f}", note))

    static = files(c["static600"], ".png")
    check1 = [BIN, "check", "--quiet", "--jobs", "1", c["static600"]]
    check_all = [BIN, "check", "--quiet", c["static600"]]
    t1, tf, ratio_floor, m1, mf = pairs(n, check1, [floor] + static)
    row("check --jobs 1, 600 static PNGs", t1, m1, 600)
    row("decode floor (C, libpng only), same files", tf, mf, 600)
    goals.append(("check --jobs 1 / decode floor, 600 static PNGs", ratio_floor, "<= 1.25", ratio_floor <= 1.25))
    ta, tpng, _, ma, mp = pairs(n, check_all, ["pngcheck", "-q"] + static)
    row("check (all cores), 600 static PNGs", ta, ma, 600)
    row("pngcheck -q, same files", tpng, mp, 600)
    tp, ta2, ratio_pillow, mpil, _ = pairs(max(1, n // 2), [sys.executable, os.path.join(ROOT, "Benchmarks/pillow_check.py"), c["static600"]], check_all)
    row("Pillow checker (Python), same files", tp, mpil, 600)
    goals.append(("Pillow checker / check (all cores)", ratio_pillow, ">= 2", ratio_pillow >= 2))

    mix = files(c["mix1000"])
    t1k, t10k, _, m1k, m10k = pairs(max(1, n // 2), [BIN, "check", "--quiet", c["mix1000"]], [BIN, "check", "--quiet", c["tree10k"]])
    row("check (all cores), 1,000 mixed files (PNG, APNG, GIF, JPEG)", t1k, m1k, 1000)
    row("check (all cores), 10,000-file tree", t10k, m10k, 10000)
    _, tfm, _, _, mfm = pairs(1, [BIN, "check", "--quiet", "--jobs", "1", c["mix1000"]], [floor] + mix)
    row("decode floor, 1,000 mixed files", tfm, mfm, 1000)
    goals.append(("peak memory, 1,000 files (MB)", m1k, "<= 150", m1k <= 150))
    goals.append(("10,000 files / 1,000 files time", t10k / t1k, "<= 10.5", t10k / t1k <= 10.5))

    one = [measure([BIN, "check", "--quiet", static[1]]) for _ in range(max(10, n * 4))]
    one_time = statistics.median(w for w, _ in one)
    row("one-file check (the pre-commit case)", one_time, max(r for _, r in one), 1)
    goals.append(("one-file check wall time (ms)", one_time * 1000, "<= 25", one_time <= 0.025))

    out = os.path.join(args.work, "variants-out")
    def variants_cmd():
        shutil.rmtree(out, ignore_errors=True)
        os.makedirs(out)
        return [BIN, "variants", "--out", out, c["variants120"]]
    masters = files(c["variants120"], ".png")
    tv = statistics.median(measure(variants_cmd())[0] for _ in range(max(1, n // 2)))
    vbytes = sum(os.path.getsize(os.path.join(out, f)) for f in os.listdir(out))
    def vips():
        shutil.rmtree(out, ignore_errors=True); os.makedirs(out)
        w2, _ = measure(["vipsthumbnail", "-s", "412x412", "-o", out + "/%s@2x.png"] + masters)
        w1, _ = measure(["vipsthumbnail", "-s", "206x206", "-o", out + "/%s@1x.png"] + masters)
        return w2 + w1
    tvips = statistics.median(vips() for _ in range(max(1, n // 2)))
    vipsbytes = sum(os.path.getsize(os.path.join(out, f)) for f in os.listdir(out))
    def magick():
        shutil.rmtree(out, ignore_errors=True); os.makedirs(out + "/2x"); os.makedirs(out + "/1x")
        w2, _ = measure(["mogrify", "-path", out + "/2x", "-filter", "Lanczos", "-resize", "412x412"] + masters)
        w1, _ = measure(["mogrify", "-path", out + "/1x", "-filter", "Lanczos", "-resize", "206x206"] + masters)
        return w2 + w1
    tim = statistics.median(magick() for _ in range(max(1, n // 2)))
    imbytes = sum(os.path.getsize(os.path.join(d, f)) for d in (out + "/2x", out + "/1x") for f in os.listdir(d))
    rows.append(("variants @2x+@1x, 120 618 px masters: stickerlint", f"{tv:.3f}", f"{tv / 120 * 1000:.1f}", "", f"{vbytes:,} bytes"))
    rows.append(("  vipsthumbnail (one process per size)", f"{tvips:.3f}", f"{tvips / 120 * 1000:.1f}", "", f"{vipsbytes:,} bytes"))
    rows.append(("  ImageMagick mogrify -filter Lanczos", f"{tim:.3f}", f"{tim / 120 * 1000:.1f}", "", f"{imbytes:,} bytes"))

    hostile = os.path.join(args.work, "hostile")
    sh([sys.executable, os.path.join(ROOT, "Benchmarks/hostile.py"), hostile])
    for name in ("many-frames.gif", "inflate-4g.png", "huge.jpg"):
        path = os.path.join(hostile, name)
        runs = [measure([BIN, "check", "--quiet", path]) for _ in range(3)]
        worst = max(w for w, _ in runs)
        rows.append((f"hostile: {name} ({os.path.getsize(path):,} bytes), slowest of 3", f"{worst:.3f}", "",
                     f"{max(r for _, r in runs):.0f}", "budget diagnostic"))
        goals.append((f"{name}: under 1 s and 100 MB (s)", worst, "< 1", worst < 1 and max(r for _, r in runs) < 100))

    print(f"\nMedians of {n} runs (pairs interleaved). Machine: {os.cpu_count()} cores.\n")
    print("| measurement | seconds | ms per file | peak MB | note |")
    print("|---|---:|---:|---:|---|")
    for r in rows:
        print("| " + " | ".join(r) + " |")
    print("\n| goal | measured | target | holds |")
    print("|---|---:|---|---|")
    for name, value, target, ok in goals:
        print(f"| {name} | {value:.2f} | {target} | {'yes' if ok else 'NO'} |")


if __name__ == "__main__":
    main()
