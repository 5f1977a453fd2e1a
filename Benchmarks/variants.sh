#!/usr/bin/env bash
# Variants benchmark: @2x and @1x of N 618 px stickers with stickerlint, vipsthumbnail and ImageMagick.
# usage: Benchmarks/variants.sh [COUNT] [RUNS]     (release build of stickerlint expected in .build/release)
# Prints one Markdown table: median wall time per image over RUNS runs, and output bytes.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-120}; runs=${2:-3}
work=$(mktemp -d /tmp/stickerlint-variants-XXXXXX)
trap 'rm -rf "$work"' EXIT
python3 Benchmarks/make_corpus.py "$work/src" "$count" --side 618
bin=.build/release/stickerlint
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
seconds() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N); echo "$e - $s" | bc -l; }
run_tool() {   # name, command that writes into $out
    local name=$1; shift
    local times=()
    for _ in $(seq "$runs"); do
        rm -rf "$work/out"; mkdir -p "$work/out/2x" "$work/out/1x"
        times+=("$(seconds "$@")")
    done
    local t; t=$(printf '%s\n' "${times[@]}" | median)
    local bytes; bytes=$(du -sb "$work/out" | cut -f1)
    printf '| %s | %.2f | %.1f | %s |\n' "$name" "$t" "$(echo "$t * 1000 / $count" | bc -l)" "$bytes"
}
echo "| tool | median s ($count masters, both sizes) | ms per master | output bytes |"
echo "|---|---|---|---|"
run_tool "stickerlint variants" "$bin" variants --out "$work/out/2x" "$work/src"
run_tool "vipsthumbnail (one process per size)" sh -c "vipsthumbnail -s 412x412 -o '$work/out/2x/%s@2x.png' '$work'/src/*.png && vipsthumbnail -s 206x206 -o '$work/out/1x/%s@1x.png' '$work'/src/*.png"
run_tool "ImageMagick mogrify (Lanczos)" sh -c "mogrify -path '$work/out/2x' -filter Lanczos -resize 412x412 '$work'/src/*.png && mogrify -path '$work/out/1x' -filter Lanczos -resize 206x206 '$work'/src/*.png"
