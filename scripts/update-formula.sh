#!/bin/sh
# Writes Formula/stickerlint.rb for a release into OUT (a tap's Formula/stickerlint.rb):
#   scripts/update-formula.sh VERSION SOURCE_SHA256 OUT
# VERSION without the "v" (0.2.0); SOURCE_SHA256 the SHA-256 of GitHub's tarball of the tag
# (https://github.com/OWNER/stickerlint/archive/refs/tags/vVERSION.tar.gz). Refuses values that are not
# a version and a SHA-256, so that a placeholder never reaches a tap.
set -eu
version=${1:?usage: $0 VERSION SOURCE_SHA256 OUT}
sha=${2:?usage: $0 VERSION SOURCE_SHA256 OUT}
out=${3:?usage: $0 VERSION SOURCE_SHA256 OUT}
echo "$version" | grep -Eq '^[0-9]+\.[0-9]+\.[0-9]+$' || { echo "update-formula: not a version: $version" >&2; exit 2; }
echo "$sha" | grep -Eq '^[0-9a-f]{64}$' || { echo "update-formula: not a SHA-256: $sha" >&2; exit 2; }
formula="$(dirname "$0")/../Formula/stickerlint.rb"
grep -q STICKERLINT_VERSION "$formula" && grep -q STICKERLINT_SOURCE_SHA256 "$formula" \
    || { echo "update-formula: $formula lacks its placeholders" >&2; exit 2; }
tmp="$out.tmp.$$"
sed -e "s/STICKERLINT_VERSION/$version/g" -e "s/STICKERLINT_SOURCE_SHA256/$sha/g" "$formula" > "$tmp"
mv "$tmp" "$out"
