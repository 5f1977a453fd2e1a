#!/bin/sh
# Builds stickerlint against C libraries laid out as Homebrew lays them out, on Linux: libpng,
# libjpeg-turbo and giflib under a prefix outside the default search paths, with the .pc files Homebrew
# ships (libpng16.pc requiring zlib, libjpeg.pc, no libgif.pc) and pkg-config blind to the system's own
# (PKG_CONFIG_LIBDIR). Passes when the build succeeds, `swift build -v` compiles with the prefix's
# include folders and links with its lib folder, and the binary loads the prefix's libraries.
# The libraries are copies of the system's (same sonames); on Linux the loader is pointed at the prefix
# with LD_LIBRARY_PATH, where macOS would follow Homebrew's absolute install names.
set -eu
cd "$(dirname "$0")/.."
scratch=.build-homebrew
prefix="$(pwd)/$scratch/prefix"
rm -rf "$prefix" "$scratch/pkgconfig"
mkdir -p "$prefix/include/libpng16" "$prefix/lib/pkgconfig"

# Headers and libraries, copied from the system packages.
multiarch=$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)
cp /usr/include/libpng16/png.h /usr/include/libpng16/pngconf.h /usr/include/libpng16/pnglibconf.h "$prefix/include/libpng16/"
cp /usr/include/jpeglib.h /usr/include/jmorecfg.h /usr/include/jerror.h "$prefix/include/"
cp "/usr/include/$multiarch/jconfig.h" "$prefix/include/" 2>/dev/null || cp /usr/include/jconfig.h "$prefix/include/"
cp /usr/include/gif_lib.h "$prefix/include/"
for lib in libpng16 libjpeg libgif; do
    # cp -L copies what the development link leads to (POSIX; no GNU-only link resolving).
    cp -L "/usr/lib/$multiarch/$lib.so" "$prefix/lib/$lib.real"
    soname=$(objdump -p "$prefix/lib/$lib.real" | awk '/SONAME/ { print $2 }')
    mv "$prefix/lib/$lib.real" "$prefix/lib/$soname"
    ln -sf "$soname" "$prefix/lib/$lib.so"
done

# The .pc files Homebrew's formulas install (none for giflib).
cat > "$prefix/lib/pkgconfig/libpng16.pc" <<PC
prefix=$prefix
exec_prefix=\${prefix}
libdir=\${exec_prefix}/lib
includedir=\${prefix}/include/libpng16

Name: libpng
Description: Loads and saves PNG files
Version: 1.6.43
Requires.private: zlib
Cflags: -I\${includedir}
Libs: -L\${libdir} -lpng16
Libs.private: -lz
PC
cat > "$prefix/lib/pkgconfig/libjpeg.pc" <<PC
prefix=$prefix
exec_prefix=\${prefix}
libdir=\${exec_prefix}/lib
includedir=\${prefix}/include

Name: libjpeg
Description: A SIMD-accelerated JPEG codec that provides the libjpeg API
Version: 3.0.4
Libs: -L\${libdir} -ljpeg
Cflags: -I\${includedir}
PC

echo "simulate-homebrew: building against $prefix"
log="$scratch/build-v.log"
STICKERLINT_DEPS_PREFIX="$prefix" PKG_CONFIG_LIBDIR="$prefix/lib/pkgconfig" STICKERLINT_PKGCONFIG_DIR="$scratch/pkgconfig" \
    ./scripts/swift-build.sh --scratch-path "$scratch" --product stickerlint -v > "$log" 2>&1 || {
    tail -30 "$log" >&2
    echo "simulate-homebrew: the build failed (log: $log)" >&2
    exit 1
}
fail=0
check() {
    if grep -q -e "$1" "$log"; then echo "  ok: $2"; else echo "  MISSING: $2" >&2; fail=1; fi
}
echo "simulate-homebrew: what swift build -v shows"
check "-I$prefix/include/libpng16" "libpng's include folder from libpng16.pc"
check "-I$prefix/include " "giflib's and libjpeg's include folder (libgif.pc written by pkg-config-path.sh)"
check "-L$prefix/lib" "the prefix's lib folder on the link line"
for pc in libgif zlib; do
    if [ -f "$scratch/pkgconfig/$pc.pc" ]; then echo "  ok: $pc.pc written, as Homebrew has none"; else echo "  MISSING: $pc.pc" >&2; fail=1; fi
done
binary="$scratch/debug/stickerlint"
echo "simulate-homebrew: ldd $binary (LD_LIBRARY_PATH=$prefix/lib)"
LD_LIBRARY_PATH="$prefix/lib" ldd "$binary" | grep -E 'libpng16|libjpeg|libgif' | tee "$scratch/ldd.txt"
for lib in libpng16 libjpeg libgif; do
    grep -q "$lib.* => $prefix/lib/" "$scratch/ldd.txt" || { echo "  MISSING: $lib from the prefix" >&2; fail=1; }
done
LD_LIBRARY_PATH="$prefix/lib" "$binary" check SamplePacks/Good.xcstickers > /dev/null || { echo "  the simulated build does not check the good sample cleanly" >&2; fail=1; }
[ "$fail" -eq 0 ] && echo "simulate-homebrew: passed"
exit "$fail"
