#!/bin/sh
# Refreshes the vendored image libraries, Sources/CPNG, Sources/CGIF and Sources/CJPEG, from unpacked
# source trees:
#   scripts/vendor-c-libraries.sh LIBPNG_TREE GIFLIB_TREE LIBJPEG_TURBO_TREE
# Vendored at present (each target's VENDORED file says the same):
#   - libpng 1.6.58: `git archive v1.6.58` of https://github.com/pnggroup/libpng (PNG Reference Library
#     License version 2);
#   - giflib 5.2.1 with Debian 12's patches (giflib_5.2.1-2.5+deb12u1: CVE-2026-23868, CVE-2026-26740 and
#     the rest), unpacked by `apt-get source giflib` (MIT);
#   - libjpeg-turbo 2.1.5 with Debian 12's patches (libjpeg-turbo_2.1.5-2, the version Debian 12's
#     libjpeg62-turbo is built from), unpacked by `apt-get source libjpeg-turbo` (IJG, BSD-3-Clause, zlib).
# Only the library sources are copied, unchanged; the configuration headers that their build systems
# generate (libpng's pnglibconf.h is its own prebuilt copy; libjpeg-turbo's jconfig.h, jconfigint.h and
# jversion.h) are this project's files, kept in scripts/vendor/ and copied from there.
# Why vendored rather than linked from the system: see the comment in Package.swift.
set -eu
png=${1:?usage: $0 LIBPNG_TREE GIFLIB_TREE LIBJPEG_TURBO_TREE}
gif=${2:?usage: $0 LIBPNG_TREE GIFLIB_TREE LIBJPEG_TURBO_TREE}
jpeg=${3:?usage: $0 LIBPNG_TREE GIFLIB_TREE LIBJPEG_TURBO_TREE}
root=$(cd "$(dirname "$0")/.." && pwd)
ours="$root/scripts/vendor"

fresh() {
    # Keeps the target's module map and shim (ours); everything else is replaced.
    dir="$root/Sources/$1"
    find "$dir" -mindepth 1 \( -name module.modulemap -o -name 'stickerlint_*.h' -o -name VENDORED \) -prune -o -type f -print \
        | while read -r f; do rm -f "$f"; done
    mkdir -p "$dir/include"
}

# libpng: the library's C files and private headers; png.h, pngconf.h and the prebuilt pnglibconf.h public.
fresh CPNG
for f in png.c pngerror.c pngget.c pngmem.c pngpread.c pngread.c pngrio.c pngrtran.c pngrutil.c pngset.c \
         pngtrans.c pngwio.c pngwrite.c pngwtran.c pngwutil.c pngpriv.h pngstruct.h pnginfo.h pngdebug.h LICENSE; do
    cp "$png/$f" "$root/Sources/CPNG/$f"
done
cp "$png/png.h" "$png/pngconf.h" "$root/Sources/CPNG/include/"
cp "$png/scripts/pnglibconf.h.prebuilt" "$root/Sources/CPNG/include/pnglibconf.h"

# giflib: the library (no utilities, no quantizer).
fresh CGIF
for f in dgif_lib.c egif_lib.c gif_err.c gif_hash.c gifalloc.c openbsd-reallocarray.c gif_hash.h gif_lib_private.h COPYING; do
    cp "$gif/$f" "$root/Sources/CGIF/$f"
done
cp "$gif/gif_lib.h" "$root/Sources/CGIF/include/"

# libjpeg-turbo: the libjpeg API library without SIMD (jsimd_none.c), arithmetic coding included, as its
# CMakeLists.txt builds it (JPEG_SOURCES). The files that other C files #include (jccolext.c ...) are
# excluded from compilation in Package.swift.
fresh CJPEG
for f in jcapimin.c jcapistd.c jccoefct.c jccolor.c jcdctmgr.c jchuff.c jcicc.c jcinit.c jcmainct.c \
         jcmarker.c jcmaster.c jcomapi.c jcparam.c jcphuff.c jcprepct.c jcsample.c jctrans.c jdapimin.c \
         jdapistd.c jdatadst.c jdatasrc.c jdcoefct.c jdcolor.c jddctmgr.c jdhuff.c jdicc.c jdinput.c \
         jdmainct.c jdmarker.c jdmaster.c jdmerge.c jdphuff.c jdpostct.c jdsample.c jdtrans.c jerror.c \
         jfdctflt.c jfdctfst.c jfdctint.c jidctflt.c jidctfst.c jidctint.c jidctred.c jquant1.c jquant2.c \
         jutils.c jmemmgr.c jmemnobs.c jaricom.c jcarith.c jdarith.c jsimd_none.c \
         jccolext.c jdcolext.c jdcol565.c jdmrg565.c jdmrgext.c jstdhuff.c \
         jchuff.h jdct.h jdhuff.h jinclude.h jmemsys.h jpegcomp.h jsimd.h jsimddct.h \
         jdcoefct.h jdmainct.h jdmaster.h jdmerge.h jdsample.h jpeg_nbits_table.h LICENSE.md README.ijg; do
    cp "$jpeg/$f" "$root/Sources/CJPEG/$f"
done
cp "$jpeg/jpeglib.h" "$jpeg/jpegint.h" "$jpeg/jmorecfg.h" "$jpeg/jerror.h" "$root/Sources/CJPEG/include/"
cp "$ours/jconfig.h" "$root/Sources/CJPEG/include/jconfig.h"
cp "$ours/jconfigint.h" "$ours/jversion.h" "$root/Sources/CJPEG/"
echo "vendored: libpng from $png, giflib from $gif, libjpeg-turbo from $jpeg"
