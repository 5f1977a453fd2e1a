#!/bin/sh
# Packs a release binary as the release workflow publishes it:
#   scripts/package-release.sh BINARY NAME OUTDIR
# writes OUTDIR/NAME.tar.gz (a folder NAME/ holding bin/stickerlint, README.md, and licenses/: stickerlint's
# own and those of everything linked into the binary: libpng, giflib, libjpeg-turbo, libdeflate, libwebp,
# swift-argument-parser, and the Swift runtime's when it is linked statically) and OUTDIR/NAME.tar.gz.sha256
# (`sha256sum` format). The archive is reproducible: sorted names, fixed times and owners.
set -eu
binary=${1:?usage: $0 BINARY NAME OUTDIR}
name=${2:?usage: $0 BINARY NAME OUTDIR}
outdir=${3:?usage: $0 BINARY NAME OUTDIR}
root=$(cd "$(dirname "$0")/.." && pwd)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
dir="$stage/$name"
mkdir -p "$dir/bin" "$dir/licenses"
cp "$binary" "$dir/bin/stickerlint"
chmod 0755 "$dir/bin/stickerlint"
cp "$root/README.md" "$dir/README.md"
cp "$root/LICENSE" "$dir/licenses/stickerlint.txt"
cp "$root/Sources/CPNG/LICENSE" "$dir/licenses/libpng.txt"
cp "$root/Sources/CGIF/COPYING" "$dir/licenses/giflib.txt"
cat "$root/Sources/CJPEG/LICENSE.md" "$root/Sources/CJPEG/README.ijg" > "$dir/licenses/libjpeg-turbo.txt"
cp "$root/Sources/CDeflate/COPYING" "$dir/licenses/libdeflate.txt"
cat "$root/Sources/CWebP/COPYING" "$root/Sources/CWebP/PATENTS" > "$dir/licenses/libwebp.txt"
cat "$root/Sources/CRLottie/COPYING" "$root/Sources/CRLottie/licenses/COPYING.MIT" "$root/Sources/CRLottie/licenses/COPYING.FTL" "$root/Sources/CRLottie/licenses/COPYING.RPD" "$root/Sources/CRLottie/licenses/COPYING.STB" "$root/Sources/CRLottie/licenses/COPYING.SKIA" > "$dir/licenses/rlottie.txt"
parser=$(find "$root/.build/checkouts" -maxdepth 2 -path '*swift-argument-parser/LICENSE.txt' 2>/dev/null | head -1)
if [ -z "$parser" ]; then echo "package-release: swift-argument-parser's LICENSE.txt not found under .build/checkouts (build first)" >&2; exit 1; fi
cp "$parser" "$dir/licenses/swift-argument-parser.txt"
cat > "$dir/licenses/swift-runtime.txt" <<TXT
The Swift standard library and runtime linked into this binary (statically on Linux, from the OS on macOS)
are part of the Swift project, licensed under the Apache License v2.0 with Runtime Library Exception:
https://swift.org/LICENSE.txt. The Runtime Library Exception waives the attribution requirement for
binaries compiled with Swift; this file names it anyway.
TXT
mkdir -p "$outdir"
outdir=$(cd "$outdir" && pwd)
# Reproducible: POSIX tar of a sorted list, every file dated 2000-01-01 and owned by 0:0 where tar allows.
find "$dir" -exec touch -t 200001010000 {} +
(cd "$stage" && find "$name" | LC_ALL=C sort > "$stage/list")
if tar --version 2>/dev/null | grep -q GNU; then
    (cd "$stage" && tar --owner=0 --group=0 --numeric-owner --no-recursion -cf - -T list) | gzip -n -9 > "$outdir/$name.tar.gz"
else
    (cd "$stage" && tar --uid 0 --gid 0 -n -cf - -T list) | gzip -n -9 > "$outdir/$name.tar.gz"
fi
(cd "$outdir" && if command -v sha256sum > /dev/null 2>&1; then sha256sum "$name.tar.gz"; else shasum -a 256 "$name.tar.gz"; fi) > "$outdir/$name.tar.gz.sha256"
cat "$outdir/$name.tar.gz.sha256"
