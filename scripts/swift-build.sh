#!/usr/bin/env bash
# swift build that fails on any warning in the project's own sources (dependencies are not ours).
set -uo pipefail
mkdir -p .build
swift build "$@" 2>&1 | tee .build/build.log
status=${PIPESTATUS[0]}
[[ $status -eq 0 ]] || exit "$status"
if grep -E "warning:" .build/build.log | grep -v -E "/\.build/|/checkouts/" | grep -q .; then
    echo "swift-build: warnings in the project's sources (zero allowed):" >&2
    grep -E "warning:" .build/build.log | grep -v -E "/\.build/|/checkouts/" | sort -u >&2
    exit 1
fi
