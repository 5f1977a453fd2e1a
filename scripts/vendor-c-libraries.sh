#!/bin/sh
# Refreshes the vendored image libraries, Sources/CPNG, Sources/CGIF, Sources/CJPEG and Sources/CWebP,
# from unpacked source trees:
#   scripts/vendor-c-libraries.sh LIBPNG_TREE GIFLIB_TREE LIBJPEG_TURBO_TREE [LIBWEBP_TREE]
# Vendored at present (each target's VENDORED file says the same):
#   - libpng 1.6.58: `git archive v1.6.58` of https://github.com/pnggroup/libpng (PNG Reference Library
#     License version 2);
#   - giflib 5.2.1 with Debian 12's patches (giflib_5.2.1-2.5+deb12u1: CVE-2026-23868, CVE-2026-26740 and
#     the rest), unpacked by `apt-get source giflib` (MIT);
#   - libjpeg-turbo 2.1.5 with Debian 12's patches (libjpeg-turbo_2.1.5-2, the version Debian 12's
#     libjpeg62-turbo is built from), unpacked by `apt-get source libjpeg-turbo` (IJG, BSD-3-Clause, zlib);
#   - libwebp 1.2.4 with Debian 12's patches (libwebp_1.2.4-0.2+deb12u1, CVE-2023-4863 included), unpacked
#     by `apt-get source libwebp` (BSD-3-Clause, with Google's patent grant): the decoder and demuxer only.
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
# libwebp: what its Makefile.am builds into libwebpdecoder and libwebpdemux (src/dec, src/demux's demux.c
# and anim_decode.c, the decoding half of src/utils and src/dsp with their SSE2, SSE4.1 and NEON files,
# each compiled only where its instruction set is on) and the public headers; src/dsp/lossless.h
# includes two encoder headers (declarations only), copied too. No threads (WEBP_USE_THREAD unset).
if [ -n "${4:-}" ]; then
    webp=$4
    fresh CWebP
    for d in dec demux dsp utils webp enc; do mkdir -p "$root/Sources/CWebP/src/$d"; done
    cp "$webp"/src/dec/*.c "$webp"/src/dec/*.h "$root/Sources/CWebP/src/dec/"
    cp "$webp/src/demux/demux.c" "$webp/src/demux/anim_decode.c" "$root/Sources/CWebP/src/demux/"
    for f in alpha_processing alpha_processing_neon alpha_processing_sse2 alpha_processing_sse41 cpu dec dec_clip_tables \
             dec_neon dec_sse2 dec_sse41 filters filters_neon filters_sse2 lossless lossless_neon lossless_sse2 lossless_sse41 \
             rescaler rescaler_neon rescaler_sse2 upsampling upsampling_neon upsampling_sse2 upsampling_sse41 yuv yuv_neon \
             yuv_sse2 yuv_sse41; do
        cp "$webp/src/dsp/$f.c" "$root/Sources/CWebP/src/dsp/"
    done
    cp "$webp"/src/dsp/common_sse2.h "$webp"/src/dsp/common_sse41.h "$webp"/src/dsp/cpu.h "$webp"/src/dsp/dsp.h \
       "$webp"/src/dsp/lossless.h "$webp"/src/dsp/lossless_common.h "$webp"/src/dsp/neon.h "$webp"/src/dsp/yuv.h "$root/Sources/CWebP/src/dsp/"
    for f in bit_reader_utils color_cache_utils filters_utils huffman_utils quant_levels_dec_utils random_utils rescaler_utils \
             thread_utils utils; do
        cp "$webp/src/utils/$f.c" "$webp/src/utils/$f.h" "$root/Sources/CWebP/src/utils/"
    done
    cp "$webp/src/utils/bit_reader_inl_utils.h" "$webp/src/utils/endian_inl_utils.h" "$root/Sources/CWebP/src/utils/"
    cp "$webp"/src/webp/decode.h "$webp"/src/webp/demux.h "$webp"/src/webp/encode.h "$webp"/src/webp/format_constants.h \
       "$webp"/src/webp/mux_types.h "$webp"/src/webp/types.h "$root/Sources/CWebP/src/webp/"
    cp "$webp/src/enc/histogram_enc.h" "$webp/src/enc/backward_references_enc.h" "$root/Sources/CWebP/src/enc/"
    cp "$webp/COPYING" "$webp/PATENTS" "$root/Sources/CWebP/"
fi
echo "vendored: libpng from $png, giflib from $gif, libjpeg-turbo from $jpeg${4:+, libwebp from $4}"
