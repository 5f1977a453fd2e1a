#!/bin/sh
# Prints the PKG_CONFIG_PATH the build needs, after writing into .build/pkgconfig the .pc files that a
# Homebrew-style install lacks, so that SwiftPM finds every C library's headers and libraries:
#   - libgif.pc: Homebrew's giflib (like Debian's libgif-dev) installs none, and on Apple Silicon
#     /opt/homebrew/include is not searched by default, so gif_lib.h would not be found;
#   - zlib.pc: libpng16.pc says "Requires.private: zlib", and without a zlib.pc SwiftPM drops every
#     libpng flag (Homebrew's pkgconf ships one for the SDK's zlib; plain pkg-config may not).
# Prefixes searched, first match wins: $STICKERLINT_DEPS_PREFIX, the Homebrew formulas' own prefixes
# (`brew --prefix giflib` ...), Homebrew's prefix, /opt/homebrew, /usr/local, /usr.
# POSIX sh: runs the same on Linux and macOS.
set -eu
out="${1:-.build/pkgconfig}"
mkdir -p "$out"
out=$(cd "$out" && pwd)

prefixes="${STICKERLINT_DEPS_PREFIX:-}"
if command -v brew >/dev/null 2>&1; then
    for formula in giflib libpng jpeg-turbo; do
        p=$(brew --prefix "$formula" 2>/dev/null) && prefixes="$prefixes $p"
    done
    prefixes="$prefixes $(brew --prefix)"
fi
prefixes="$prefixes /opt/homebrew /usr/local /usr"

search="$out"
for p in $prefixes; do
    for d in "$p/lib/pkgconfig" "$p/share/pkgconfig"; do
        [ -d "$d" ] && search="$search:$d"
    done
done
[ -n "${PKG_CONFIG_PATH:-}" ] && search="$search:$PKG_CONFIG_PATH"

# Whether a .pc file is visible: to pkg-config (which also knows its default folders and honours
# PKG_CONFIG_LIBDIR), or, without pkg-config, in the folders above.
has_pc() {
    if command -v pkg-config >/dev/null 2>&1; then
        PKG_CONFIG_PATH="$search" pkg-config --exists "$1" && return 0
        return 1
    fi
    old_ifs=$IFS; IFS=:
    for d in $search; do
        if [ -f "$d/$1.pc" ]; then IFS=$old_ifs; return 0; fi
    done
    IFS=$old_ifs
    return 1
}

# The first prefix holding this header.
prefix_with() {
    for p in $prefixes; do
        [ -f "$p/include/$1" ] && { echo "$p"; return 0; }
    done
    return 1
}

if ! has_pc libgif && p=$(prefix_with gif_lib.h); then
    cat > "$out/libgif.pc" <<PC
prefix=$p
includedir=\${prefix}/include
libdir=\${prefix}/lib

Name: libgif
Description: giflib, found under $p (written by stickerlint's scripts/pkg-config-path.sh)
Version: 5
Cflags: -I\${includedir}
Libs: -L\${libdir} -lgif
PC
fi

if ! has_pc zlib; then
    # zlib comes with the system (the macOS SDK, or zlib1g-dev): no flags but the library.
    cat > "$out/zlib.pc" <<PC
Name: zlib
Description: the system's zlib (written by stickerlint's scripts/pkg-config-path.sh)
Version: 1.2
Cflags:
Libs: -lz
PC
fi

echo "$search"
