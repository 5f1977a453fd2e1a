#!/bin/sh
# Byte-identical outputs across a redesign: builds the baseline commit (scripts/outputs-baseline.rev, or
# the commit given) and the working tree, runs `check` with both on SamplePacks/ and the benchmark
# corpora (Benchmarks/make_corpus.py, the same files `make bench` uses) in every format, and compares
# the outputs byte for byte (JUnit's timestamp masked). Then the same between the working tree's two
# routes to the image libraries: the vendored copies (the default trait) and the system's
# (--traits SystemCodecs, where libpng-dev, libgif-dev, libjpeg-dev and libwebp-dev are installed; under
# CI they must be). Exits 1 on any difference, naming it.
#
# A change that alters output on purpose moves the baseline: after review, write the new commit's
# hash into scripts/outputs-baseline.rev in the same change.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
base=${1:-$(cat "$root/scripts/outputs-baseline.rev")}
work="$root/.build-compare"
corpora="$root/.build-bench"
mkdir -p "$work" "$corpora"

(cd "$root" && ./scripts/python-deps.sh PIL)
PATH="$root/.build/venv/bin:$PATH"
export PATH

if ! git -C "$root" cat-file -e "$base^{commit}" 2>/dev/null; then
    echo "compare-outputs: the baseline commit $base is not in this clone (a shallow clone?); fetch it or pass another" >&2
    exit 2
fi
baseline="$work/base-$base"
if [ ! -x "$baseline/.build/release/stickerlint" ]; then
    echo "compare-outputs: building the baseline $base"
    rm -rf "$baseline"
    mkdir -p "$baseline"
    git -C "$root" archive "$base" | tar -x -C "$baseline"
    (cd "$baseline" && swift build -c release --product stickerlint > "$work/base-build.log" 2>&1) || {
        tail -20 "$work/base-build.log" >&2; exit 2; }
fi
# The working tree is built from a copy, so that editing the project during a comparison is safe.
echo "compare-outputs: building the working tree"
python3 "$root/scripts/sync-tree.py" "$work/current"
(cd "$work/current" && swift build -c release --product stickerlint > "$work/build.log" 2>&1) || { tail -20 "$work/build.log" >&2; exit 2; }
old="$baseline/.build/release/stickerlint"
new="$work/current/.build/release/stickerlint"
system=""
if [ "$(uname -s)" = Linux ] && command -v dpkg-query >/dev/null 2>&1; then
    echo "compare-outputs: building the working tree on the system libraries (SystemCodecs)"
    (cd "$work/current" && swift build -c release --product stickerlint --traits SystemCodecs --disable-default-traits \
        --scratch-path .build-system > "$work/build-system.log" 2>&1) || { tail -20 "$work/build-system.log" >&2; exit 2; }
    system="$work/current/.build-system/release/stickerlint"
elif [ -n "${CI:-}" ]; then
    echo "compare-outputs: the system-library route cannot be built here (no Debian/Ubuntu packages)" >&2
    exit 2
fi

# The benchmark corpora, generated once and shared with `make bench`.
[ -d "$corpora/static600" ] || python3 "$root/Benchmarks/make_corpus.py" "$corpora/static600" 600
[ -d "$corpora/mix1000" ] || python3 "$root/Benchmarks/make_corpus.py" "$corpora/mix1000" 1000 --mix
[ -d "$corpora/variants120" ] || python3 "$root/Benchmarks/make_corpus.py" "$corpora/variants120" 120 --side 618

mask() { sed 's/timestamp="[0-9T:-]*"/timestamp="<timestamp>"/g'; }
differences=0
compared=0
run() {   # run LABEL ARGS...: one check, both builds, from the project root
    label=$1
    shift
    pair "$old" "$new" "$label" "$@"
    [ -z "$system" ] || pair "$new" "$system" "$label; vendored and system libraries" "$@"
}
pair() {   # pair FIRST SECOND LABEL ARGS...: the same check with two binaries
    first=$1 second=$2 label=$3
    shift 3
    (cd "$root" && "$first" check "$@" 2>"$work/old.err" | mask > "$work/old.out") || true
    (cd "$root" && "$second" check "$@" 2>"$work/new.err" | mask > "$work/new.out") || true
    compared=$((compared + 1))
    if ! cmp -s "$work/old.out" "$work/new.out" || ! cmp -s "$work/old.err" "$work/new.err"; then
        differences=$((differences + 1))
        echo "compare-outputs: DIFFERS: check $* ($label)"
        diff "$work/old.out" "$work/new.out" | head -10
        diff "$work/old.err" "$work/new.err" | head -5
    fi
}
for format in text json sarif junit github markdown html; do
    run "SamplePacks" --quiet --format "$format" SamplePacks
    run "SamplePacks, loose on a grid" --format "$format" --grid regular SamplePacks/Loose
    for corpus in static600 mix1000 variants120; do
        run "$corpus" --quiet --format "$format" "$corpora/$corpus"
    done
done
for corpus in static600 mix1000; do
    run "$corpus, strict, one job" --quiet --strict --jobs 1 --format json "$corpora/$corpus"
done
echo "compare-outputs: $compared outputs compared (with $base${system:+, and the vendored route with the system one}), $differences differ"
[ "$differences" -eq 0 ]
