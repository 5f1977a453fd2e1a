#!/usr/bin/env bash
# Runs every libFuzzer target for SECONDS seconds or RUNS executions, whichever comes first, seeded from
# ../shared/conformance and SamplePacks/. Crashes, hangs and leaks land in .build-fuzz/artifacts/TARGET/.
# usage: scripts/fuzz.sh SECONDS [RUNS] [TARGET...]
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
seconds=${1:-60}; runs=${2:-1000000}; shift 2 2>/dev/null || shift $#
targets=("$@"); [[ ${#targets[@]} -gt 0 ]] || targets=(png gif jpeg webp tgs webm motion tgs-fields lottie-fields webm-fields webp-fields webm-roundtrip lottie-render probe catalog yaml contents cache report roundtrip)
# The cache and report seeds are written by stickerlint itself (`make fuzz` builds it first).
stickerlint=.build/debug/stickerlint
bin=.build-fuzz/debug/stickerfuzz
conformance=../shared/conformance
work=.build-fuzz/work
mkdir -p "$work"

seed() {   # target → seed folder
    local target=$1 dir="$work/seeds-$1"
    rm -rf "$dir"; mkdir -p "$dir"
    case $target in
        png) cp "$conformance"/{pngsuite,png-invalid,apng,ios-cgbi}/*.png "$dir" 2>/dev/null
             find SamplePacks -name '*.png' -size -200k -exec cp {} "$dir" \; ;;
        gif) cp "$conformance"/gif/*.gif "$dir" 2>/dev/null; find SamplePacks -name '*.gif' -exec cp {} "$dir" \; ;;
        roundtrip) cp "$conformance"/{pngsuite,apng}/*.png "$conformance"/gif/*.gif "$dir" 2>/dev/null
             find SamplePacks \( -name '*.png' -o -name '*.gif' \) -size -100k -exec cp {} "$dir" \; ;;
        jpeg) cp "$conformance"/jpeg/*.jpeg "$dir" 2>/dev/null; find SamplePacks -name '*.jpg' -exec cp {} "$dir" \; ;;
        webp) cp Tests/Fixtures/webp/*.webp "$dir" ;;
        tgs) cp Tests/Fixtures/lottie/*.tgs Tests/Fixtures/lottie/*.json "$dir" ;;
        webm) cp Tests/Fixtures/webm/*.webm Tests/Fixtures/webm/*.mkv "$dir" ;;
        motion) cp Tests/Fixtures/lottie/*.tgs Tests/Fixtures/lottie/*.json Tests/Fixtures/webm/*.webm "$dir" ;;
        lottie-render)
            cp Tests/Fixtures/lottie/*.tgs Tests/Fixtures/lottie/*.json "$dir"
            for f in Tests/Fixtures/lottie/rlottie/*.json; do cp "$f" "$dir/rlottie-${f##*/}"; done ;;
        # The numeric-field targets read numbers from their input (FieldDraws): the regression inputs, and
        # runs of each selector, are their seeds.
        tgs-fields|lottie-fields|webm-fields|webp-fields|webm-roundtrip)
            cp Tests/Fixtures/fuzz/"$target"/* "$dir" 2>/dev/null
            for s in 0 8 16 24 32 40 48 56 63; do head -c 40 /dev/zero | tr '\0' "\\$(printf '%03o' "$s")" > "$dir/edge$s"; done ;;
        probe) cp "$conformance"/pngsuite/*.png "$conformance"/gif/*.gif "$conformance"/jpeg/*.jpeg Tests/Fixtures/webp/*.webp "$dir" 2>/dev/null ;;
        catalog)
            # Each seed: root, pack, sticker, sequence and icon set Contents.json, separated by NUL bytes.
            local i=0
            while IFS= read -r pack; do
                sticker=$(find "$pack" -name '*.sticker' -type d | head -1)
                sequence=$(find SamplePacks -name '*.stickersequence' -type d | head -1)
                icons=$(find SamplePacks -name '*.stickersiconset' -type d | head -1)
                { cat "$(dirname "$pack")/Contents.json"; printf '\0'; cat "$pack/Contents.json"; printf '\0'
                  [[ -n $sticker ]] && cat "$sticker/Contents.json"; printf '\0'; cat "$sequence/Contents.json"; printf '\0'
                  cat "$icons/Contents.json"; } > "$dir/seed$i"
                i=$((i + 1))
            done < <(find SamplePacks -name '*.stickerpack' -type d) ;;
        yaml)
            cp .stickerlint.yml "$dir/seed-repository.yml"
            # The README's example, and forms the reader refuses (anchors, several documents, tabs).
            sed -n '/^```yaml$/,/^```$/p' README.md | grep -v '^```' > "$dir/seed-readme.yml"
            printf 'grid: &g regular\nprofile: *g\n' > "$dir/seed-anchor.yml"
            printf 'grid: regular\n---\ngrid: large\n' > "$dir/seed-documents.yml"
            printf 'rules:\n\tsquare: off\n{a: [b, "c"]}\n' > "$dir/seed-tabs.yml" ;;
        contents)
            local i=0
            while IFS= read -r file; do cp "$file" "$dir/seed$i.json"; i=$((i + 1)); done < <(find SamplePacks -name Contents.json) ;;
        cache)
            "$stickerlint" check --quiet --cache-path "$dir/cache" SamplePacks/Good.xcstickers SamplePacks/Loose > /dev/null 2>&1
            find "$dir/cache" -type f -exec mv {} "$dir/" \; ; rm -rf "$dir/cache" ;;
        report)
            "$stickerlint" check --quiet --no-cache --format json -o "$dir/good.json" SamplePacks/Good.xcstickers > /dev/null 2>&1
            "$stickerlint" check --quiet --no-cache --format json --embed-thumbnails -o "$dir/loose.json" SamplePacks/Loose > /dev/null 2>&1 ;;
    esac
    echo "$dir"
}

status=0
for target in "${targets[@]}"; do
    seeds=$(seed "$target")
    corpus="$work/corpus-$target"; artifacts=".build-fuzz/artifacts/$target"
    mkdir -p "$corpus" "$artifacts"
    echo "== fuzzing $target for ${seconds}s or $runs runs"
    STICKERFUZZ_TARGET=$target ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$PWD/scripts/lsan-fuzz.supp "$bin" -max_total_time="$seconds" -runs="$runs" \
        -max_len=65536 -timeout=10 -rss_limit_mb=1024 -artifact_prefix="$artifacts/" -print_final_stats=1 \
        "$corpus" "$seeds" > "$work/$target.log" 2>&1
    code=$?
    grep -E "^(#[0-9]+ +DONE|Done [0-9]+ runs|stat::number_of_executed_units)" "$work/$target.log" | tail -2
    if [[ $code -ne 0 ]] || ls "$artifacts"/* >/dev/null 2>&1; then
        echo "!! $target found something: see $work/$target.log and $artifacts/"; status=1
    fi
done
exit $status
