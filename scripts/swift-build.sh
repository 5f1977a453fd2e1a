#!/usr/bin/env bash
# swift build with the project's hygiene: every import must be a declared dependency of its target
# (--explicit-target-dependency-import-check error), and any compiler warning in the project's own
# sources fails the build. Warnings from dependencies, from the vendored C libraries (Sources/CPNG, CGIF,
# CJPEG, CWebP, CDeflate: upstream's code, built with the compiler's defaults, which print none), SwiftPM's
# own notes and the linker's notes are not ours and do not count. Arguments (a configuration, the codec
# traits) go to swift build.
# Our own C (CStickerCodecs, CSystem) turns -Wall -Wextra into errors with a pragma in each file: no flag
# here reaches the vendored libraries, whose warnings are upstream's and would bury ours.
set -uo pipefail
mkdir -p .build
swift build --explicit-target-dependency-import-check error "$@" 2>&1 | tee .build/build.log
status=${PIPESTATUS[0]}
[[ $status -eq 0 ]] || exit "$status"
root=$(pwd)
# Our warnings are the compiler's "<path>:<line>:<col>: warning:" lines for files under Sources/ or Tests/.
ours=$(grep -E "^${root}/(Sources|Tests|Benchmarks|Plugins)/[^:]+:[0-9]+:[0-9]+: warning:" .build/build.log \
    | grep -v -E "^${root}/Sources/(CPNG|CGIF|CJPEG|CWebP|CDeflate)/" | sort -u)
if [[ -n "$ours" ]]; then
    echo "swift-build: warnings in the project's sources (zero allowed):" >&2
    echo "$ours" >&2
    exit 1
fi
