#!/bin/sh
# Vendors the five C libraries of the default route (VendoredCodecs) into Sources/CPNG, CGIF, CJPEG, CWebP
# and CDeflate, from the pinned upstream releases in scripts/vendor/sources, as swift-nio-ssl vendors
# BoringSSL: each archive is fetched (or handed over in a folder), checked against its SHA-256, unpacked,
# patched with the security fixes in scripts/vendor/patches/LIBRARY/ (one file per fix, named after it),
# and the files the library's own build compiles are copied unchanged; the configuration headers its
# build would generate are generated the same way from its templates; each target's VENDORED file is
# written (version, source, checksum, patches). This project's own files there (module maps, the
# stickerlint_*.h entry headers, CDeflate/build/) are kept.
#
# usage: scripts/vendor-c-libraries.sh [--archives DIR] [--check] [LIBRARY...]
#   --archives DIR  take each archive from DIR when it is there (named as the URL's last part, or
#                   LIBRARY-VERSION.tar for a git pin) instead of fetching it; fetched ones are kept there
#   --check         vendor into a scratch folder and compare with Sources/: exit 1 when anything differs
#   LIBRARY         libpng, giflib, libjpeg-turbo, libwebp, libdeflate, rlottie (all six when none is named)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
pins="$root/scripts/vendor/sources"
archives=""; check=no; only=""
while [ $# -gt 0 ]; do
    case $1 in
        --archives) archives=${2:?--archives needs a folder}; shift 2 ;;
        --check) check=yes; shift ;;
        -h|--help) sed -n '2,/^set -eu/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        -*) echo "vendor: unknown option $1 (see --help)" >&2; exit 2 ;;
        *) only="$only $1"; shift ;;
    esac
done
work=$(mktemp -d "${TMPDIR:-/tmp}/stickerlint-vendor.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
die() { echo "vendor: $*" >&2; exit 1; }
[ -z "$archives" ] || { mkdir -p "$archives"; archives=$(cd "$archives" && pwd); }

sha256() {
    if command -v sha256sum > /dev/null 2>&1; then sha256sum "$1" | cut -d ' ' -f 1; else shasum -a 256 "$1" | cut -d ' ' -f 1; fi
}

# The destination: Sources/ itself, or under --check a scratch copy holding only this project's files.
target_of() { case $1 in libpng) echo CPNG ;; giflib) echo CGIF ;; libjpeg-turbo) echo CJPEG ;; libwebp) echo CWebP ;; libdeflate) echo CDeflate ;; rlottie) echo CRLottie ;; esac; }
ours() { # ours TARGET: this project's files in a vendored target, relative to it
    (cd "$root/Sources/$1" && find . -type f \( -name module.modulemap -o -name 'stickerlint_*.h' -o -path './build/*' \) | sort)
}
if [ "$check" = yes ]; then sources="$work/Sources"; else sources="$root/Sources"; fi
fresh() { # fresh TARGET: empties the target but for this project's own files
    dir="$sources/$1"
    if [ "$check" = yes ]; then
        mkdir -p "$dir"
        ours "$1" | while read -r f; do mkdir -p "$dir/$(dirname "$f")"; cp "$root/Sources/$1/$f" "$dir/$f"; done
    else
        keep="$work/keep-$1"; ours "$1" > "$keep"
        find "$dir" -type f | while read -r f; do grep -qxF "./${f#"$dir"/}" "$keep" || rm -f "$f"; done
        find "$dir" -depth -mindepth 1 -type d -empty -exec rmdir {} \;
    fi
    mkdir -p "$dir/include"
}

# obtain NAME VERSION KIND WHERE TAG SUM: the checked archive's path
obtain() {
    case $3 in archive) file=${4##*/} ;; git|commit) file="$1-$2.tar" ;; *) die "$1: unknown kind $3 in $pins" ;; esac
    path="$work/$file"
    if [ -n "$archives" ] && [ -f "$archives/$file" ]; then
        cp "$archives/$file" "$path"
    elif [ "$3" = archive ]; then
        curl -fsSL --retry 2 -o "$path" "$4" || die "$1: could not fetch $4 (hand it over with --archives DIR)"
    elif [ "$3" = commit ]; then
        # A commit, not a tag: fetched by its hash (GitHub serves any commit of the repository).
        { git init -q "$work/clone-$1" && git -C "$work/clone-$1" fetch -q --depth 1 "$4" "$5"; } > /dev/null 2>&1 \
            || die "$1: could not fetch $5 of $4 (hand over $file with --archives DIR)"
        git -C "$work/clone-$1" archive --format=tar --prefix="$1-$2/" "$5" > "$path"
    else
        git clone -q --depth 1 --branch "$5" "$4" "$work/clone-$1" > /dev/null 2>&1 || die "$1: could not clone $4 at $5 (hand over $file with --archives DIR)"
        git -C "$work/clone-$1" archive --format=tar --prefix="$1-$2/" "$5" > "$path"
    fi
    [ -z "$archives" ] || [ -f "$archives/$file" ] || cp "$path" "$archives/$file"
    actual=$(sha256 "$path")
    [ "$actual" = "$6" ] || die "$1 $2: $file has SHA-256 $actual, the pin says $6"
    echo "$path"
}

# unpack NAME ARCHIVE: the patched tree's path
unpack() {
    mkdir -p "$work/tree-$1"
    case $2 in *.tar) tar -xf "$2" -C "$work/tree-$1" ;; *) gzip -dc "$2" | tar -xf - -C "$work/tree-$1" ;; esac
    tree=$(find "$work/tree-$1" -mindepth 1 -maxdepth 1 -type d | head -n 1)
    for p in "$root/scripts/vendor/patches/$1"/*.patch; do
        [ -f "$p" ] || continue
        (cd "$tree" && patch -p1 -s < "$p") || die "$1: ${p##*/} does not apply"
    done
    echo "$tree"
}

patches_of() { # the patch files' names, or "none"
    list=$(find "$root/scripts/vendor/patches/$1" -name '*.patch' 2>/dev/null | sed 's|.*/||' | sort | tr '\n' ' ' | sed 's/ $//; s/ /, /g' || true)
    echo "${list:-none}"
}

# vendored TARGET NAME VERSION KIND WHERE TAG SUM LICENCE WHAT: writes TARGET/VENDORED
vendored() {
    if [ "$4" = git ] || [ "$4" = commit ]; then from="\`git archive --format=tar --prefix=$2-$3/ $6\` of $5"; else from=$5; fi
    {
        echo "$2 $3 ($8), vendored by scripts/vendor-c-libraries.sh from the pin in scripts/vendor/sources."
        echo "Source: $from"
        echo "SHA-256: $7"
        echo "Patches (scripts/vendor/patches/$2/): $(patches_of "$2")"
        echo
        printf '%s\n' "$9"
    } > "$sources/$1/VENDORED"
}

# configure TEMPLATE OUTPUT NAME=VALUE...: what CMake's configure_file writes: @NAME@ replaced, and
# `#cmakedefine NAME ...` a #define when NAME is given as ON, otherwise `/* #undef NAME */`.
configure() {
    template=$1; output=$2; shift 2
    script="$work/configure.sed"; : > "$script"
    for pair in "$@"; do
        key=${pair%%=*}; value=${pair#*=}
        if [ "$value" = ON ]; then
            printf 's|^#cmakedefine %s\\([[:space:]]\\)|#define %s\\1|\ns|^#cmakedefine %s$|#define %s|\n' "$key" "$key" "$key" "$key" >> "$script"
        else
            printf 's|@%s@|%s|g\n' "$key" "$(printf '%s' "$value" | sed 's/[|&\\]/\\&/g')" >> "$script"
        fi
    done
    printf '%s\n' 's|^#cmakedefine \([A-Za-z0-9_]*\).*|/* #undef \1 */|' >> "$script"
    sed -f "$script" "$template" > "$output"
}

vendor_libpng() { # tree version
    fresh CPNG; d="$sources/CPNG"
    for f in png.c pngerror.c pngget.c pngmem.c pngpread.c pngread.c pngrio.c pngrtran.c pngrutil.c pngset.c \
             pngtrans.c pngwio.c pngwrite.c pngwtran.c pngwutil.c pngpriv.h pngstruct.h pnginfo.h pngdebug.h LICENSE; do
        cp "$1/$f" "$d/$f"
    done
    cp "$1/png.h" "$1/pngconf.h" "$d/include/"
    cp "$1/scripts/pnglibconf.h.prebuilt" "$d/include/pnglibconf.h"
}

vendor_giflib() {
    fresh CGIF; d="$sources/CGIF"
    for f in dgif_lib.c egif_lib.c gif_err.c gif_hash.c gifalloc.c openbsd-reallocarray.c gif_hash.h gif_lib_private.h COPYING; do
        cp "$1/$f" "$d/$f"
    done
    cp "$1/gif_lib.h" "$d/include/"
}

vendor_libjpeg_turbo() {
    fresh CJPEG; d="$sources/CJPEG"; src="$1/src"; jpeg_version=$2
    # What CMakeLists.txt compiles into libjpeg (JPEG_SOURCES, with arithmetic coding on and no SIMD),
    # the wrappers that compile a file for 8-, 12- and 16-bit samples included; then what those files
    # #include ("../jcapistd.c", "jccolext.c", ...).
    sed -n '/^set(JPEG_SOURCES src\//,/)/p' "$1/CMakeLists.txt" | tr ' ()' '\n' | grep '^src/.*\.c$' | sed 's|^src/||' > "$work/jpeg-sources"
    printf '%s\n' jaricom.c jcarith.c jdarith.c >> "$work/jpeg-sources"
    mkdir -p "$d/wrapper"
    while read -r f; do cp "$src/$f" "$d/$f"; done < "$work/jpeg-sources"
    for round in 1 2; do
        find "$d" -name '*.c' -exec sed -n 's|^#include "\(\.\./\)\{0,1\}\([a-z0-9_]*\.c\)"|\2|p' {} + | sort -u | while read -r f; do
            cp "$src/$f" "$d/$f"
        done
        : "$round"
    done
    for f in "$src"/*.h; do
        case ${f##*/} in
            cdjpeg.h|cderror.h|cmyk.h|tjutil.h|transupp.h|turbojpeg.h) ;;
            jpeglib.h|jpegint.h|jmorecfg.h|jerror.h) cp "$f" "$d/include/" ;;
            *) cp "$f" "$d/" ;;
        esac
    done
    cp "$1/LICENSE.md" "$1/README.ijg" "$d/"
    major=${jpeg_version%%.*}; rest=${jpeg_version#*.}; minor=${rest%%.*}; revision=${rest#*.}
    number=$(printf '%d%03d%03d' "$major" "$minor" "$revision")
    year=$(sed -n 's/^set(COPYRIGHT_YEAR "\(.*\)")/\1/p' "$1/CMakeLists.txt")
    configure "$src/jconfig.h.in" "$d/include/jconfig.h" JPEG_LIB_VERSION=62 VERSION="$jpeg_version" \
        LIBJPEG_TURBO_VERSION_NUMBER="$number" C_ARITH_CODING_SUPPORTED=ON D_ARITH_CODING_SUPPORTED=ON
    configure "$src/jconfigint.h.in" "$d/jconfigint.h" BUILD=stickerlint 'HIDDEN=__attribute__((visibility("hidden")))' \
        'INLINE=__inline__ __attribute__((always_inline))' THREAD_LOCAL=__thread CMAKE_PROJECT_NAME=libjpeg-turbo \
        VERSION="$jpeg_version" SIZE_T=__SIZEOF_SIZE_T__ HAVE_BUILTIN_CTZL=ON C_ARITH_CODING_SUPPORTED=ON \
        D_ARITH_CODING_SUPPORTED=ON SIMD_ARCHITECTURE=NONE
    configure "$src/jversion.h.in" "$d/jversion.h" COPYRIGHT_YEAR="$year"
}

vendor_libwebp() {
    fresh CWebP; d="$sources/CWebP"
    for sub in src/dec src/demux src/dsp src/enc src/mux src/utils src/webp sharpyuv; do
        mkdir -p "$d/$sub"
        for f in "$1/$sub"/*.c "$1/$sub"/*.h; do [ -f "$f" ] && cp "$f" "$d/$sub/"; done
    done
    cp "$1/COPYING" "$1/PATENTS" "$d/"
}

vendor_libdeflate() {
    fresh CDeflate; d="$sources/CDeflate"
    (cd "$1" && find lib -type f ! -name 'gzip_*' | sort) | while read -r f; do
        mkdir -p "$d/$(dirname "$f")"; cp "$1/$f" "$d/$f"
    done
    cp "$1/common_defs.h" "$1/COPYING" "$d/"
    cp "$1/libdeflate.h" "$d/include/"
}

vendor_rlottie() {
    fresh CRLottie; d="$sources/CRLottie"
    # The library as its CMakeLists.txt builds it, without the 32-bit ARM assembly (src/vector/pixman: its
    # only user, vdrawhelper_neon.cpp, compiles to nothing where __ARM_NEON__ is not defined, as on x86-64
    # and arm64) and without vinterpolator.cpp (MPL-2.0): build/vinterpolator.cpp is this project's own.
    (cd "$1" && find src/lottie src/vector src/binding/c -type f \( -name '*.cpp' -o -name '*.h' \) \
        ! -path 'src/vector/pixman/*' ! -name vinterpolator.cpp | sort) | while read -r f; do
        mkdir -p "$d/$(dirname "$f")"; cp "$1/$f" "$d/$f"
    done
    cp "$1/inc/rlottie.h" "$1/inc/rlottie_capi.h" "$1/inc/rlottiecommon.h" "$d/include/"
    mkdir -p "$d/licenses"
    cp "$1/COPYING" "$d/"
    for f in COPYING.MIT COPYING.FTL COPYING.RPD COPYING.STB COPYING.SKIA; do cp "$1/licenses/$f" "$d/licenses/"; done
    # No image loader module (images in a Lottie file are decoded by the vendored stb_image), thread-safe
    # shared state, and no model cache (every file is parsed afresh: a cache keyed by name would hold them).
    configure "$1/cmake/config.h.in" "$d/config.h" LOTTIE_THREAD=ON LOTTIE_MODULE_PATH=""
}

what_of() { # what is copied, for VENDORED
    case $1 in
        libpng) cat <<'EOF'
The library's C files and private headers; png.h and pngconf.h public, with
scripts/pnglibconf.h.prebuilt as include/pnglibconf.h (the standard configuration).
EOF
        ;;
        giflib) cat <<'EOF'
The library only (what its Makefile builds into libgif): no utilities, no quantizer.
EOF
        ;;
        libjpeg-turbo) cat <<'EOF'
The libjpeg API library as its CMakeLists.txt builds it (JPEG_SOURCES: the 8-, 12- and 16-bit
wrappers in wrapper/ and the files they include), with arithmetic coding and without SIMD; the libjpeg v6b
API (JPEG_LIB_VERSION 62, as Debian's libjpeg62-turbo). include/jconfig.h, jconfigint.h and jversion.h are
generated from its templates as CMake's configure_file would (size_t from the compiler, so one file serves
64- and 32-bit targets).
EOF
        ;;
        libwebp) cat <<'EOF'
libwebp, libwebpdemux, libwebpmux and libsharpyuv as its Makefile.am builds them: src/dec, src/demux,
src/dsp, src/enc, src/mux, src/utils, the public headers in src/webp and sharpyuv/ (the C files of every
instruction set; each compiles only where its set is on). BSD-3-Clause (COPYING) with Google's patent grant
(PATENTS). No threads (WEBP_USE_THREAD is not defined).
EOF
        ;;
        rlottie) cat <<'EOF'
src/lottie (with RapidJSON and the zip reader for dotLottie), src/vector (with the FreeType-derived
rasteriser and stroker, and stb_image), src/binding/c, and the three public headers as include/ (Swift reads
only rlottie_capi.h: include/module.modulemap). Not copied: src/vector/pixman (32-bit ARM assembly) and
src/vector/vinterpolator.cpp (MPL-2.0): build/vinterpolator.cpp is this project's own cubic Bezier easing,
MIT like the rest. config.h generated from cmake/config.h.in: LOTTIE_THREAD on, no image module, no cache.
A commit of the main branch, not v0.2 (2020): the commits since add the safety limits on precomps,
repeaters, polystars and shape content that hostile stickers need.
EOF
        ;;
        libdeflate) cat <<'EOF'
lib/ without the gzip wrapper, common_defs.h and libdeflate.h (as include/); build/ holds this
project's files that compile the compressor's and the raw decompressor's parts of lib/ (TGS stickers are gzip'd:
the gzip wrapper is read in Swift). Vendored on both routes: fix needs its
strongest levels, newer than Debian 12's 1.14.
EOF
        ;;
    esac
}

licence_of() { case $1 in libpng) echo "PNG Reference Library License version 2: LICENSE" ;; giflib) echo "MIT: COPYING" ;;
    libjpeg-turbo) echo "IJG, BSD-3-Clause and zlib licences: LICENSE.md, README.ijg" ;; libwebp) echo "BSD-3-Clause: COPYING, PATENTS" ;;
    libdeflate) echo "MIT: COPYING" ;; rlottie) echo "MIT: COPYING, licenses/ (FreeType FTL, RapidJSON MIT, stb MIT or public domain, Skia BSD-3-Clause)" ;; esac; }

done_any=no
grep -v '^#' "$pins" | grep -v '^[[:space:]]*$' > "$work/pins"
while read -r name version kind where tag sum; do
    case " $only " in "  "|*" $name "*) ;; *) continue ;; esac
    archive=$(obtain "$name" "$version" "$kind" "$where" "$tag" "$sum")
    tree=$(unpack "$name" "$archive")
    function=$(echo "$name" | tr '-' '_')
    "vendor_$function" "$tree" "$version"
    vendored "$(target_of "$name")" "$name" "$version" "$kind" "$where" "$tag" "$sum" "$(licence_of "$name")" "$(what_of "$name")"
    echo "vendor: $name $version ($(patches_of "$name" | sed 's/^none$/no patches/'))"
    done_any=yes
done < "$work/pins"
[ "$done_any" = yes ] || die "no library named$only (see $pins)"

if [ "$check" = yes ]; then
    status=0
    for dir in "$sources"/*; do
        target=${dir##*/}
        if diff -r "$dir" "$root/Sources/$target" > "$work/diff" 2>&1; then
            echo "vendor: Sources/$target is reproduced exactly"
        else
            head -n 20 "$work/diff"; echo "vendor: Sources/$target differs from what its pin gives"; status=1
        fi
    done
    exit $status
fi
