#!/usr/bin/env python3
"""stickerlint's benchmark: one table of medians, with ratios computed pair by pair in the same run.

usage: Benchmarks/run.py [--runs N] [--work DIR]
Expects a release build (.build/release/stickerlint, or the binary named by STICKERLINT_BIN); `make bench`
builds it and runs this.
See Benchmarks/README.md for what each figure measures."""
import argparse
import hashlib
import json
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# STICKERLINT_BIN benchmarks another build (an earlier commit's, to compare) through the same harness.
BIN = os.environ.get("STICKERLINT_BIN") or os.path.join(ROOT, ".build/release/stickerlint")


def sh(cmd, quiet=False, **kw):
    if quiet:
        kw.setdefault("stdout", subprocess.DEVNULL)
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


def linked_tree(source, target, copies, pattern):
    """`copies` folders target/<pattern>/stickers, each holding hard links to every file of `source`."""
    for i in range(copies):
        folder = os.path.join(target, pattern.format(i), "stickers")
        os.makedirs(folder)
        for name in os.listdir(source):
            os.link(os.path.join(source, name), os.path.join(folder, name))


def make_pack(root, images):
    """root/Stickers.xcstickers/Pack.stickerpack: a sticker per image (copied), listed in name order."""
    pack = os.path.join(root, "Stickers.xcstickers", "Pack.stickerpack")
    os.makedirs(pack)
    with open(os.path.join(root, "Stickers.xcstickers", "Contents.json"), "w") as f:
        f.write('{"info":{"author":"xcode","version":1}}\n')
    stickers = []
    for image in images:
        name = os.path.basename(image)
        base = name[:-4]
        folder = os.path.join(pack, base + ".sticker")
        os.makedirs(folder)
        shutil.copyfile(image, os.path.join(folder, name))
        with open(os.path.join(folder, "Contents.json"), "w") as f:
            f.write('{"info":{"author":"xcode","version":1},"properties":{"filename":"%s"}}\n' % name)
        stickers.append('{"filename":"%s.sticker"}' % base)
    with open(os.path.join(pack, "Contents.json"), "w") as f:
        f.write('{"info":{"author":"xcode","version":1},"properties":{"grid-size":"regular"},"stickers":[%s]}\n' % ",".join(stickers))




def report_corpora(paths):
    """The report rows' packs of issue #39: 39 small APNGs (party-parrot-like: 128 px, 10 frames, a
    few KB each), 40 large photo-like 618 px PNGs (about 400 KB each), 493 small 96 px PNGs
    (Pokémon-sprite-like). Each a catalog with one pack."""
    from PIL import Image, ImageDraw
    import random
    def art(side, seed, noise=0):
        rnd = random.Random(seed)
        image = Image.new("RGBA", (side, side), (0, 0, 0, 0))
        draw = ImageDraw.Draw(image)
        for _ in range(6):
            box = sorted(rnd.randrange(side) for _ in range(2)), sorted(rnd.randrange(side) for _ in range(2))
            draw.ellipse((box[0][0], box[1][0], box[0][1] + 1, box[1][1] + 1), fill=tuple(rnd.randrange(256) for _ in range(3)) + (255,))
        if noise:
            pixels = image.load()
            for y in range(side):
                for x in range(side):
                    r, g, b, a = pixels[x, y]
                    if a:
                        pixels[x, y] = (min(255, r + rnd.randrange(noise)), min(255, g + rnd.randrange(noise)), b, a)
        return image
    for key, count in (("parrots", 39), ("large", 40), ("small", 493)):
        folder = paths[key] + "-art"
        os.makedirs(folder, exist_ok=True)
        images = []
        for i in range(count):
            path = os.path.join(folder, f"{key}{i:03d}.png")
            if key == "parrots":
                frames = [art(128, i * 100 + f) for f in range(10)]
                frames[0].save(path, save_all=True, append_images=frames[1:], duration=70, loop=0)
            elif key == "large":
                art(618, i, noise=64).save(path)
            else:
                art(96, i).save(path)
            images.append(path)
        make_pack(paths[key], images)


def corpus(work):
    """Generates the corpora once (kept between runs of the harness)."""
    paths = {
        "static600": os.path.join(work, "static600"),
        "mix1000": os.path.join(work, "mix1000"),
        "tree10k": os.path.join(work, "tree10k"),
        "variants120": os.path.join(work, "variants120"),
        "pack500": os.path.join(work, "pack500"),
        "pack5000": os.path.join(work, "pack5000"),
        "parrots": os.path.join(work, "parrots39"),
        "large": os.path.join(work, "large40"),
        "small": os.path.join(work, "small493"),
        "tree100k": os.path.join(work, "tree100k"),
    }
    make = os.path.join(ROOT, "Benchmarks/make_corpus.py")
    if not os.path.isdir(paths["static600"]):
        sh([sys.executable, make, paths["static600"], "600"])
    if not os.path.isdir(paths["mix1000"]):
        sh([sys.executable, make, paths["mix1000"], "1000", "--mix"])
    # Ten and a hundred folders of the 1,000-file mix, hard-linked: 10,000 and 100,000 files in a tree.
    if not os.path.isdir(paths["tree10k"]):
        linked_tree(paths["mix1000"], paths["tree10k"], 10, "part{:02d}")
    if not os.path.isdir(paths["tree100k"]):
        linked_tree(paths["mix1000"], paths["tree100k"], 100, "part{:03d}")
    if not os.path.isdir(paths["pack500"]):
        # A catalog with one pack of 500 stickers (copies of the static corpus: a commit rewrites one).
        names = sorted(n for n in os.listdir(paths["static600"]) if n.endswith(".png"))[:500]
        make_pack(paths["pack500"], [os.path.join(paths["static600"], n) for n in names])
    if not os.path.isdir(paths["pack5000"]):
        # A catalog with one pack of 5,000 stickers, each its own drawing (small flat art: 15 MB in all).
        art = os.path.join(work, "art5000")
        os.makedirs(art, exist_ok=True)
        from PIL import Image, ImageDraw
        for i in range(5000):
            image = Image.new("RGBA", (320, 320), (0, 0, 0, 0))
            draw = ImageDraw.Draw(image)
            colour = ((i * 37) % 256, (i * 91) % 256, (i * 173) % 256, 255)
            draw.ellipse((10 + i % 50, 10 + (i // 50) % 50, 250 + i % 60, 250 + (i // 60) % 60), fill=colour)
            draw.rectangle((100, 100, 100 + i % 97, 140), fill=(255 - colour[0], 255 - colour[1], 255 - colour[2], 255))
            image.save(os.path.join(art, "s%05d.png" % i))
        make_pack(paths["pack5000"], [os.path.join(art, "s%05d.png" % i) for i in range(5000)])
    if not os.path.isdir(paths["parrots"]) or not os.path.isdir(paths["large"]) or not os.path.isdir(paths["small"]):
        report_corpora(paths)
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


def vendored_libraries():
    """The compiler arguments that build the vendored libpng, libjpeg-turbo and giflib into the decode
    floor, as Package.swift builds them into stickerlint: the same library code on both sides."""
    args = []
    for target in ("CPNG", "CJPEG", "CGIF"):
        folder = os.path.join(ROOT, "Sources", target)
        args += ["-I", os.path.join(folder, "include"), "-I", folder]
        # CJPEG's files that other files #include are not compiled on their own (Package.swift's
        # jpegIncludedFiles): wrapper/ compiles them once per sample size (8, 12, 16 bits).
        with open(os.path.join(ROOT, "Package.swift")) as f:
            package = f.read()
        listed = package[package.index("let jpegIncludedFiles = ["):]
        included = {name + ".c" for name in re.findall(r'"(\w+)"', listed[:listed.index("]")])}
        args += sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".c") and f not in included)
        wrapper = os.path.join(folder, "wrapper")
        if os.path.isdir(wrapper):
            args += sorted(os.path.join(wrapper, f) for f in os.listdir(wrapper) if f.endswith(".c"))
    for opt in ("ARM_NEON", "MIPS_MSA", "MIPS_MMI", "POWERPC_VSX", "LOONGARCH_LSX", "RISCV_RVV", "INTEL_SSE"):
        args.append(f"-DPNG_{opt}_OPT=0")
    return args + ["-lz", "-lm"]


def startup_section(args, static, n, row, goals):
    """The start-up rows (make bench, or alone with --startup-only)."""
    # One file: the start-up, a cold check, a warm check, and pngcheck on the same file. Timed by
    # hyperfine (-N: no shell; median of many runs) where it is installed, else by measure(), which adds
    # Python's and /usr/bin/time's process start to every row alike. With --before, the same rows for
    # another build (the commit before a start-up change), measured in the same way, interleaved.
    one_file = static[1]
    # Each build keeps its own cache, warmed with this file alone, so that before and after compare.
    def cache_for(binary):
        folder = os.path.join(args.work, "cache-startup-" + hashlib.sha256(binary.encode()).hexdigest()[:12])
        shutil.rmtree(folder, ignore_errors=True)
        return folder
    def cached_one(binary, folder):
        return [binary, "check", "--quiet", "--cache-path", folder, one_file]
    def median_of(cmd, count=max(20, n * 6)):
        rss = max(measure(cmd)[1] for _ in range(3))
        if shutil.which("hyperfine"):
            out = os.path.join(args.work, "hyperfine.json")
            sh(["hyperfine", "-N", "-i", "--warmup", "10", "--runs", str(count * 5), "--export-json", out, "--",
                " ".join(shlex.quote(part) for part in cmd)], quiet=True)
            with open(out) as f:
                return statistics.median(json.load(f)["results"][0]["times"]), rss
        runs = [measure(cmd) for _ in range(count)]
        return statistics.median(w for w, _ in runs), rss
    def startup_rows(binary, label):
        folder = cache_for(binary)
        for _ in range(2):
            measure(cached_one(binary, folder))
        tver, mver = median_of([binary, "--version"])
        tone_cold, mone_cold = median_of([binary, "check", "--quiet", "--no-cache", one_file])
        tone, mone = median_of(cached_one(binary, folder))
        row("--version (start-up alone)" + label, tver, mver, 1)
        row("one-file check (the pre-commit case), warm cache" + label, tone, mone, 1)
        row("  same file, cold (--no-cache)" + label, tone_cold, mone_cold, 1)
        return tone, tone_cold
    if args.before:
        startup_rows(os.path.abspath(args.before), " [before]")
    tone, tone_cold = startup_rows(BIN, "")
    tpng1, mpng1 = median_of(["pngcheck", "-q", one_file])
    row("  pngcheck -q, same file", tpng1, mpng1, 1)
    goals.append(("one-file check, warm: ms (goal <= 6)", tone * 1000, "<= 6", tone <= 0.006))
    goals.append(("one-file check, warm / pngcheck", tone / tpng1, "< 2", tone / tpng1 < 2))
    goals.append(("one-file check, cold / pngcheck", tone_cold / tpng1, "<= 3", tone_cold / tpng1 <= 3))



def commit_section(args, c, n, row, goals):
    """The commit-loop rows (make bench, or alone with --commit-only)."""
    # A commit that touches one sticker of a 500- and of a 5,000-sticker pack: the hook checks that
    # sticker, whose pack-wide rules need them all. The sticker is rewritten (new content, new mtime)
    # before each run. With --before, the same rows for the other build, interleaved run by run.
    builds = [(BIN, "")] + ([(os.path.abspath(args.before), " [before]")] if args.before else [])
    for corpus_name, size, goal in (("pack500", "500", 40), ("pack5000", "5,000", 60)):
        times, git = commit_rows(args, c[corpus_name], builds, n)
        for (binary, label), (warm, warm_rss, cold, cold_rss) in zip(builds, times):
            row(f"commit touching 1 sticker of a {size}-sticker pack, warm cache" + label, warm, warm_rss, 1)
            row("  same, cold (--no-cache)" + label, cold, cold_rss, 1)
        if git:
            # What git itself does at that commit, on the same tree: this machine's cost of a stat per file.
            row(f"  reference: git status of the {size}-sticker tree", git[0], git[1], 1)
        warm = times[0][0]
        goals.append((f"commit in a {size}-sticker pack, warm cache (ms)", warm * 1000, f"<= {goal}", warm * 1000 <= goal))
        if args.before:
            goals.append((f"commit in a {size}-sticker pack, warm: before / now", times[1][0] / warm, ">= 1", times[1][0] >= warm))


def commit_rows(args, pack_corpus, builds, n):
    """For each build: the median (wall, peak RSS) of a warm and of a cold check of the pack's first
    sticker, rewritten before every run; each build with its own cache, warmed on the whole pack."""
    pack = os.path.join(pack_corpus, "Stickers.xcstickers", "Pack.stickerpack")
    names = sorted(n for n in os.listdir(pack) if n.endswith(".sticker"))
    touched = os.path.join(pack, names[0], names[0].replace(".sticker", ".png"))
    other = os.path.join(pack, names[1], names[1].replace(".sticker", ".png"))
    with open(touched, "rb") as f:
        original = f.read()
    def commit(cmd):
        with open(touched, "rb") as f:
            current = f.read()
        shutil.copyfile(other if current == original else touched + ".orig", touched + ".new")
        os.replace(touched + ".new", touched)
        return measure(cmd + [touched])
    with open(touched + ".orig", "wb") as f:
        f.write(original)
    caches = []
    for binary, _ in builds:
        cache = os.path.join(args.work, "cache-commit-" + hashlib.sha256((binary + pack).encode()).hexdigest()[:12])
        shutil.rmtree(cache, ignore_errors=True)
        measure([binary, "check", "--quiet", "--cache-path", cache, pack_corpus])
        caches.append(cache)
    time.sleep(2.5)  # files modified in the last two seconds are not cached
    for (binary, _), cache in zip(builds, caches):
        measure([binary, "check", "--quiet", "--cache-path", cache, pack_corpus])
    warm = [[] for _ in builds]
    cold = [[] for _ in builds]
    for _ in range(max(5, n * 2)):
        for i, ((binary, _), cache) in enumerate(zip(builds, caches)):
            warm[i].append(commit([binary, "check", "--quiet", "--cache-path", cache]))
    for _ in range(max(3, n)):
        for i, (binary, _) in enumerate(builds):
            cold[i].append(commit([binary, "check", "--quiet", "--no-cache"]))
    with open(touched + ".orig", "rb") as f:
        data = f.read()
    with open(touched, "wb") as f:
        f.write(data)
    os.remove(touched + ".orig")
    git = git_reference(pack_corpus, touched, other, n)
    return [(statistics.median(w for w, _ in warm[i]), max(r for _, r in warm[i]),
             statistics.median(w for w, _ in cold[i]), max(r for _, r in cold[i])) for i in range(len(builds))], git


def git_reference(pack_corpus, touched, other, n):
    """(median wall, peak RSS) of `git status --porcelain` over the pack's tree, made a repository once,
    with the same sticker rewritten before every run (git stats every tracked file and lists every
    folder); None without git."""
    if not shutil.which("git"):
        return None
    if not os.path.isdir(os.path.join(pack_corpus, ".git")):
        for cmd in (["init", "-q"], ["add", "-A"], ["-c", "user.name=bench", "-c", "user.email=bench@localhost", "commit", "-qm", "corpus"]):
            subprocess.run(["git"] + cmd, cwd=pack_corpus, check=True, stdout=subprocess.DEVNULL)
    with open(touched, "rb") as f:
        original = f.read()
    with open(other, "rb") as f:
        replacement = f.read()
    times = []
    for i in range(max(5, n * 2)):
        with open(touched + ".new", "wb") as f:
            f.write(replacement if i % 2 == 0 else original)
        os.replace(touched + ".new", touched)
        times.append(measure(["git", "-C", pack_corpus, "status", "--porcelain"]))
    with open(touched, "wb") as f:
        f.write(original)
    return statistics.median(w for w, _ in times), max(r for _, r in times)




def catalog_copies(pack_corpus, target, copies):
    """A folder of `copies` catalogs, each a hard-linked copy of the 500-sticker catalog: 500 × copies stickers."""
    if os.path.isdir(target):
        return target
    source = os.path.join(pack_corpus, "Stickers.xcstickers")
    for i in range(copies):
        root = os.path.join(target, f"Studio{i:02d}.xcstickers")
        for folder, _, names in os.walk(source):
            into = os.path.join(root, os.path.relpath(folder, source))
            os.makedirs(into, exist_ok=True)
            for name in names:
                os.link(os.path.join(folder, name), os.path.join(into, name))
    return target


def first_paint(browser, page, work):
    """Seconds from starting headless Chromium on `page` to its first screen captured (--screenshot of a
    1200×900 window), less the same for an empty page: the browser's own start-up taken out. Median of 3."""
    blank = os.path.join(work, "blank.html")
    with open(blank, "w") as f:
        f.write("<!DOCTYPE html><title>blank</title>")
    def shot(path):
        start = time.perf_counter()
        subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1200,900",
                        "--screenshot=" + os.path.join(work, "paint.png"), "file://" + path],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        return time.perf_counter() - start
    return statistics.median(shot(page) - shot(blank) for _ in range(3))


def report_section(args, c, n, row, rows, goals):
    """The batch-report rows (issue #29): report against check, cold and warm; bytes per sticker; the
    first paint of a 5,000-sticker report in headless Chromium (make bench, or alone with --report-only)."""
    for name, tree, count in (("1,000 mixed files", c["mix1000"], 1000), ("500-sticker pack", c["pack500"], 500),
                              ("39 small APNGs (party-parrot-like)", c["parrots"], 39), ("40 large PNGs", c["large"], 40),
                              ("493 small PNGs", c["small"], 493)):
        out = os.path.join(args.work, "report.html")
        cold_report = [BIN, "report", "--quiet", "--no-cache", "-o", out, tree]
        cold_check = [BIN, "check", "--quiet", "--no-cache", tree]
        tr, tc, ratio, mr, mc = pairs(max(1, n // 2), cold_report, cold_check)
        size = os.path.getsize(out)
        row(f"report, {name}, cold", tr, mr, count, f"{size:,} bytes, {size // count:,} per sticker")
        row(f"  check, same, cold", tc, mc, count)
        goals.append((f"report / check, {name}, cold", ratio, "<= 2", ratio <= 2))
        cache = os.path.join(args.work, "cache-report")
        shutil.rmtree(cache, ignore_errors=True)
        measure([BIN, "report", "--quiet", "--cache-path", cache, "-o", out, tree])
        time.sleep(2.5)   # files modified in the last two seconds are not cached
        measure([BIN, "report", "--quiet", "--cache-path", cache, "-o", out, tree])
        twr, twc, wratio, mwr, mwc = pairs(max(3, n), [BIN, "report", "--quiet", "--cache-path", cache, "-o", out, tree],
                                          [BIN, "check", "--quiet", "--cache-path", cache, tree])
        row(f"report, {name}, warm cache", twr, mwr, count)
        row(f"  check, same, warm cache", twc, mwc, count)
        goals.append((f"report / check, {name}, warm", wratio, "<= 2", wratio <= 2))
    studio = catalog_copies(c["pack500"], os.path.join(args.work, "studio5000"), 10)
    single = os.path.join(args.work, "studio.html")
    folder = os.path.join(args.work, "studio-pages")
    shutil.rmtree(folder, ignore_errors=True)
    t5, m5 = measure([BIN, "report", "--quiet", "--no-cache", "-o", single, studio])
    tp, mp = measure([BIN, "report", "--quiet", "--no-cache", "-o", folder + "/", studio])
    pages = sorted(os.listdir(folder))
    biggest = max(os.path.getsize(os.path.join(folder, p)) for p in pages)
    row("report, 5,000 stickers (10 catalogs), one file", t5, m5, 5000, f"{os.path.getsize(single):,} bytes")
    row("report, 5,000 stickers, -o DIR/ (index + a page per pack)", tp, mp, 5000,
        f"{len(pages)} pages, index {os.path.getsize(os.path.join(folder, 'index.html')):,} bytes, largest page {biggest:,}")
    browser = next((shutil.which(b) for b in ("chromium", "chromium-browser", "google-chrome") if shutil.which(b)), None)
    if browser:
        fp_single = first_paint(browser, single, args.work)
        fp_index = first_paint(browser, os.path.join(folder, "index.html"), args.work)
        fp_page = first_paint(browser, os.path.join(folder, "pack-1.html"), args.work)
        rows.append(("Chromium first screen, 5,000-sticker report, one file", f"{fp_single:.3f}", "", "", "headless --screenshot, less a blank page"))
        rows.append(("  same, the index page of -o DIR/", f"{fp_index:.3f}", "", "", ""))
        rows.append(("  same, one pack's page (500 stickers)", f"{fp_page:.3f}", "", "", ""))
        goals.append(("first screen of the 5,000-sticker index page (s)", fp_index, "<= 1", fp_index <= 1))
    else:
        rows.append(("Chromium first screen", "", "", "", "Chromium not installed: not measured"))


def print_report(n, rows, goals):
    print(f"\nMedians of {n} runs (pairs interleaved). Machine: {os.cpu_count()} cores.\n")
    print("| measurement | seconds | ms per file | peak MB | note |")
    print("|---|---:|---:|---:|---|")
    for r in rows:
        print("| " + " | ".join(r) + " |")
    print("\n| goal | measured | target | holds |")
    print("|---|---:|---|---|")
    for name, value, target, ok in goals:
        print(f"| {name} | {value:.2f} | {target} | {'yes' if ok else 'NO'} |")



def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--work", default=os.path.join(ROOT, ".build-bench"))
    parser.add_argument("--startup-only", action="store_true", help="only the start-up rows (one file, --version)")
    parser.add_argument("--before", help="another stickerlint binary whose start-up and commit-loop rows are measured too (before a change)")
    parser.add_argument("--commit-only", action="store_true", help="only the commit-loop rows (one sticker of a 500- and a 5,000-sticker pack)")
    parser.add_argument("--report-only", action="store_true", help="only the batch-report rows (report against check, Chromium)")
    args = parser.parse_args()
    args.work = os.path.abspath(args.work)
    # Run outside the repository, so that no .stickerlint.yml (this repository has one) applies.
    os.chdir(tempfile.gettempdir())
    os.makedirs(args.work, exist_ok=True)
    floor = os.path.join(args.work, "decode_floor")
    sh(["cc", "-O2", "-o", floor, os.path.join(ROOT, "Benchmarks/decode_floor.c")] + vendored_libraries())
    c = corpus(args.work)
    n = args.runs
    rows, goals = [], []

    def row(name, seconds, rss, count, note=""):
        rows.append((name, f"{seconds:.3f}", f"{seconds / count * 1000:.2f}" if count else "", f"{rss:.0f}", note))

    static = files(c["static600"], ".png")
    if args.startup_only:
        startup_section(args, static, n, row, goals)
        print_report(n, rows, goals)
        return
    if args.commit_only:
        commit_section(args, c, n, row, goals)
        print_report(n, rows, goals)
        return
    if args.report_only:
        report_section(args, c, n, row, rows, goals)
        print_report(n, rows, goals)
        return
    # Every row but the cache rows measures a cold run: --no-cache.
    check1 = [BIN, "check", "--quiet", "--no-cache", "--jobs", "1", c["static600"]]
    check_all = [BIN, "check", "--quiet", "--no-cache", c["static600"]]
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
    t1k, t10k, _, m1k, m10k = pairs(max(1, n // 2), [BIN, "check", "--quiet", "--no-cache", c["mix1000"]],
                                    [BIN, "check", "--quiet", "--no-cache", c["tree10k"]])
    row("check (all cores), 1,000 mixed files (PNG, APNG, GIF, JPEG)", t1k, m1k, 1000)
    row("check (all cores), 10,000-file tree", t10k, m10k, 10000)
    _, tfm, _, _, mfm = pairs(1, [BIN, "check", "--quiet", "--no-cache", "--jobs", "1", c["mix1000"]], [floor] + mix)
    row("decode floor, 1,000 mixed files", tfm, mfm, 1000)
    goals.append(("peak memory, 1,000 files (MB)", m1k, "<= 150", m1k <= 150))
    goals.append(("10,000 files / 1,000 files time", t10k / t1k, "<= 10.5", t10k / t1k <= 10.5))

    # The fact cache (SPEC §10): its own folder, warmed first.
    cache = os.path.join(args.work, "cache")
    shutil.rmtree(cache, ignore_errors=True)
    def cached(*paths):
        return [BIN, "check", "--quiet", "--cache-path", cache] + list(paths)
    for _ in range(2):
        measure(cached(c["mix1000"]))
    warm_runs = [measure(cached(c["mix1000"])) for _ in range(max(3, n))]
    warm1k = statistics.median(w for w, _ in warm_runs)
    row("check, 1,000 mixed files, warm cache", warm1k, max(r for _, r in warm_runs), 1000)
    goals.append(("1,000 files: warm cache / cold", warm1k / t1k, "<= 0.15", warm1k / t1k <= 0.15))

    commit_section(args, c, n, row, goals)

    startup_section(args, static, n, row, goals)

    # 100,000 files: wall time and peak memory of one cold run, against the 10,000-file row.
    t100k, m100k = measure([BIN, "check", "--quiet", "--no-cache", "--format", "json", "-o", os.path.join(args.work, "100k.json"), c["tree100k"]])
    row("check (all cores), 100,000-file tree, JSON report", t100k, m100k, 100000)
    goals.append(("100,000 files / 10,000 files time", t100k / t10k, "<= 10.5", t100k / t10k <= 10.5))
    goals.append(("peak memory, 100,000 files (MB)", m100k, "<= 150", m100k <= 150))

    # Shards: four parts of the 10,000-file tree, one after another, then merge.
    parts, slowest, shard_peak = [], 0.0, 0.0
    for i in range(1, 5):
        report = os.path.join(args.work, f"shard{i}.json")
        wall, peak = measure([BIN, "check", "--quiet", "--no-cache", "--shard", f"{i}/4", "--format", "json", "-o", report, c["tree10k"]])
        slowest, shard_peak = max(slowest, wall), max(shard_peak, peak)
        parts.append(report)
    merged = os.path.join(args.work, "merged.json")
    tmerge, mmerge = measure([BIN, "merge", "--format", "json", "-o", merged] + parts)
    whole = os.path.join(args.work, "whole.json")
    twhole, _ = measure([BIN, "check", "--quiet", "--no-cache", "--format", "json", "-o", whole, c["tree10k"]])
    identical = open(merged, "rb").read() == open(whole, "rb").read()
    row("slowest of 4 shards, 10,000-file tree", slowest, shard_peak, 2500)
    row("  merge of the 4 JSON reports", tmerge, mmerge, 10000, "identical to unsharded" if identical else "DIFFERS from unsharded")
    goals.append(("slowest shard / unsharded, 10,000 files", slowest / twhole, "<= 0.30", slowest / twhole <= 0.30 and identical))

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
        runs = [measure([BIN, "check", "--quiet", "--no-cache", path]) for _ in range(3)]
        worst = max(w for w, _ in runs)
        rows.append((f"hostile: {name} ({os.path.getsize(path):,} bytes), slowest of 3", f"{worst:.3f}", "",
                     f"{max(r for _, r in runs):.0f}", "budget diagnostic"))
        goals.append((f"{name}: under 1 s and 100 MB (s)", worst, "< 1", worst < 1 and max(r for _, r in runs) < 100))

    report_section(args, c, n, row, rows, goals)
    print_report(n, rows, goals)

if __name__ == "__main__":
    main()
