#!/bin/sh
# Refreshes Sources/CDeflate from a libdeflate git checkout (https://github.com/ebiggers/libdeflate):
#   scripts/vendor-libdeflate.sh /path/to/libdeflate v1.25
# Copies lib/ (without the gzip wrapper, which stickerlint does not use), common_defs.h, libdeflate.h
# (as the target's public header) and COPYING (MIT) at the tag given, unchanged. Sources/CDeflate/build/
# holds this project's own files that compile the compressor's parts of lib/.
set -eu
repo=${1:?usage: $0 LIBDEFLATE_CHECKOUT TAG}
tag=${2:?usage: $0 LIBDEFLATE_CHECKOUT TAG}
dest=$(cd "$(dirname "$0")/.." && pwd)/Sources/CDeflate
rm -rf "${dest:?}/lib" "${dest:?}/include" "${dest:?}/common_defs.h" "${dest:?}/COPYING"
mkdir -p "$dest/include"
git -C "$repo" ls-tree -r --name-only "$tag" | grep -E '^lib/|^common_defs\.h$' | grep -v '^lib/gzip_' | while read -r file; do
    mkdir -p "$dest/$(dirname "$file")"
    git -C "$repo" show "$tag:$file" > "$dest/$file"
done
git -C "$repo" show "$tag:libdeflate.h" > "$dest/include/libdeflate.h"
git -C "$repo" show "$tag:COPYING" > "$dest/COPYING"
echo "Sources/CDeflate: libdeflate $tag ($(git -C "$repo" rev-parse "$tag^{commit}"))"
