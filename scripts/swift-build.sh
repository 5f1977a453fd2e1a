#!/usr/bin/env bash
# swift build with the project's hygiene: every import must be a declared dependency of its target
# (--explicit-target-dependency-import-check error), and any compiler warning in the project's own
# sources fails the build. Warnings from dependencies, SwiftPM's own notes and the linker's
# "built for newer macOS version" messages about Homebrew's libraries are not ours and do not count.
# C files get -Wall -Wextra here rather than through unsafeFlags in Package.swift, which would make the
# package unusable as a dependency.
# The C libraries' pkg-config files, with the ones a Homebrew-style install lacks written by
# scripts/pkg-config-path.sh (into $STICKERLINT_PKGCONFIG_DIR, .build/pkgconfig by default).
set -uo pipefail
mkdir -p .build
PKG_CONFIG_PATH=$(./scripts/pkg-config-path.sh "${STICKERLINT_PKGCONFIG_DIR:-.build/pkgconfig}") || exit 2
export PKG_CONFIG_PATH
swift build --explicit-target-dependency-import-check error -Xcc -Wall -Xcc -Wextra "$@" 2>&1 | tee .build/build.log
status=${PIPESTATUS[0]}
[[ $status -eq 0 ]] || exit "$status"
root=$(pwd)
# Our warnings are the compiler's "<path>:<line>:<col>: warning:" lines for files under Sources/ or Tests/.
ours=$(grep -E "^${root}/(Sources|Tests|Benchmarks|Plugins)/[^:]+:[0-9]+:[0-9]+: warning:" .build/build.log | sort -u)
if [[ -n "$ours" ]]; then
    echo "swift-build: warnings in the project's sources (zero allowed):" >&2
    echo "$ours" >&2
    exit 1
fi
