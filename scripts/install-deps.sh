#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages given as arguments when they are missing; quiet when none are.
set -euo pipefail
if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "install-deps: not a Debian/Ubuntu system; make sure these are installed: $*" >&2
    exit 0
fi
missing=()
for package in "$@"; do
    status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || missing+=("$package")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0
echo "install-deps: installing ${missing[*]}"
sudo=""
[[ $(id -u) -eq 0 ]] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
