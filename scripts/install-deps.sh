#!/bin/sh
# Installs the packages given as arguments (Debian/Ubuntu names) when they are missing; quiet when
# none are. On Debian/Ubuntu with apt-get; on macOS with Homebrew, under the formula names mapped below
# (what macOS already has, such as zlib, xmllint and git, maps to nothing). POSIX sh.
set -eu

# The Homebrew formula for a Debian package name ("" when macOS or Xcode's tools already provide it).
brew_formula() {
    case "$1" in
        libvips-tools) echo vips ;;
        libvpx-dev) echo libvpx ;;
        zlib1g-dev|libxml2-utils|git|time|ruby|unzip) echo "" ;;   # macOS has them (unzip: Info-ZIP in /usr/bin)
        chromium) echo "" ;;   # the tests also use Google Chrome, which macOS runners have
        *) echo "$1" ;;
    esac
}

if [ "$(uname -s)" = Darwin ]; then
    if ! command -v brew >/dev/null 2>&1; then
        echo "install-deps: Homebrew (https://brew.sh) is needed to install: $*" >&2
        exit 1
    fi
    missing=""
    for package in "$@"; do
        formula=$(brew_formula "$package")
        [ -n "$formula" ] || continue
        brew list --formula "$formula" >/dev/null 2>&1 || missing="$missing $formula"
    done
    [ -z "$missing" ] && exit 0
    echo "install-deps: brew install$missing"
    # shellcheck disable=SC2086
    HOMEBREW_NO_AUTO_UPDATE=1 brew install $missing
    exit 0
fi

if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "install-deps: neither Debian/Ubuntu nor macOS with Homebrew; make sure these are installed: $*" >&2
    exit 0
fi
missing=""
for package in "$@"; do
    status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
    [ "$status" = "install ok installed" ] || missing="$missing $package"
done
[ -z "$missing" ] && exit 0
echo "install-deps: installing$missing"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
