#!/bin/sh
# Makes the Python modules named as arguments (import names: jsonschema, PIL) importable by the
# `python3` the tests and benchmarks run. pip installs them for the user's python3; where pip refuses
# (PEP 668: Homebrew's Python, newer Debian), they go into a virtual environment .build/venv, which
# the Makefile puts first on PATH. POSIX sh.
set -eu
venv=.build/venv
missing=""
for module in "$@"; do
    python=python3
    [ -x "$venv/bin/python3" ] && python="$venv/bin/python3"
    "$python" -c "import $module" >/dev/null 2>&1 || missing="$missing $module"
done
[ -z "$missing" ] && exit 0
packages=""
for module in $missing; do
    case "$module" in
        PIL) packages="$packages Pillow" ;;
        oxipng) packages="$packages pyoxipng" ;;
        yaml) packages="$packages PyYAML" ;;
        sticker_convert) packages="$packages sticker-convert" ;;
        rlottie_python) packages="$packages rlottie-python" ;;
        *) packages="$packages $module" ;;
    esac
done
echo "python-deps: installing$packages"
# shellcheck disable=SC2086
if [ ! -x "$venv/bin/python3" ] && python3 -m pip install -q $packages 2>/dev/null; then
    exit 0
fi
[ -x "$venv/bin/python3" ] || python3 -m venv --system-site-packages "$venv"
# shellcheck disable=SC2086
"$venv/bin/python3" -m pip install -q $packages
