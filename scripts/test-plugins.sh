#!/bin/sh
# The SwiftPM plugins as a user's package sees them: a scratch package that depends on this one by
# path, with a library target holding a sticker catalog and the build-tool plugin applied. With the
# bad sample catalog, `swift package plugin stickerlint` and `swift build` both report the catalog's
# errors as `path:1:1: error:` diagnostics and fail; with the good one both succeed. Run by `make test`.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
work="$root/.build-plugins"
user="$work/StickerApp"
mkdir -p "$user/Sources/Stickers"
cat > "$user/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "StickerApp",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "stickerlint", path: "$root")],
    targets: [
        .target(
            name: "Stickers",
            exclude: ["Stickers.xcstickers"],
            plugins: [.plugin(name: "StickerlintBuildTool", package: "stickerlint")]),
    ]
)
SWIFT
echo 'public let stickerCount = 1' > "$user/Sources/Stickers/Stickers.swift"

fail=0
expect() { # expect STATUS LOG PATTERN WHAT EXPECTED-STATUS (0, or 1 for any failure)
    status=$1; log=$2; pattern=$3; what=$4
    if [ "$status" = 0 ] && [ "$5" != 0 ]; then echo "  FAILED: $what: exit 0, expected a failure" >&2; fail=1; return; fi
    if [ "$status" != 0 ] && [ "$5" = 0 ]; then echo "  FAILED: $what: exit $status, expected success" >&2; tail -20 "$log" >&2; fail=1; return; fi
    if [ -n "$pattern" ] && ! grep -q -e "$pattern" "$log"; then
        echo "  FAILED: $what: no line matching $pattern" >&2; tail -20 "$log" >&2; fail=1; return
    fi
    echo "  ok: $what"
}

for catalog in Bad Good; do
    rm -rf "$user/Sources/Stickers/Stickers.xcstickers"
    # -p keeps the files' times: a file modified in the last seconds is never cached.
    cp -Rp "$root/SamplePacks/$catalog.xcstickers" "$user/Sources/Stickers/Stickers.xcstickers"
    expected=1; [ "$catalog" = Good ] && expected=0
    pattern=""; [ "$catalog" = Bad ] && pattern="Stickers.xcstickers/Problems.stickerpack/Huge.sticker/huge.png:1:1: error: file is 540,212 bytes"
    echo "test-plugins: the $catalog sample catalog"
    set +e
    (cd "$user" && swift package plugin stickerlint --format xcode Sources) > "$work/command.log" 2>&1
    status=$?
    set -e
    expect "$status" "$work/command.log" "$pattern" "swift package plugin stickerlint ($catalog)" "$expected"
    set +e
    (cd "$user" && swift build) > "$work/build.log" 2>&1
    status=$?
    set -e
    expect "$status" "$work/build.log" "$pattern" "swift build with the build-tool plugin ($catalog)" "$expected"
done
# Both plugins keep the fact cache in their own work directory (the build sandbox allows nothing else).
for plugin in StickerlintCommand StickerlintBuildTool; do
    if find "$user/.build/plugins" -path "*$plugin*/cache/facts-*.cache" | grep -q .; then
        echo "  ok: $plugin keeps its fact cache in its work directory"
    else
        echo "  FAILED: no fact cache under $user/.build/plugins for $plugin" >&2; find "$user/.build/plugins" -name 'facts-*' >&2; fail=1
    fi
done
[ "$fail" -eq 0 ] && echo "test-plugins: passed"
exit "$fail"
