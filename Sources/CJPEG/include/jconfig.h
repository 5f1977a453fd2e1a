/* jconfig.h for stickerlint's vendored libjpeg-turbo 2.1.5 (scripts/vendor-c-libraries.sh): what
 * libjpeg-turbo's CMake build writes from jconfig.h.in for the libjpeg v6b API (as Debian's
 * libjpeg62-turbo), 8-bit samples, arithmetic coding and memory source/destination managers on,
 * SIMD off (jsimd_none.c). */

#define JPEG_LIB_VERSION  62

#define LIBJPEG_TURBO_VERSION  2.1.5

#define LIBJPEG_TURBO_VERSION_NUMBER  2001005

#define C_ARITH_CODING_SUPPORTED 1

#define D_ARITH_CODING_SUPPORTED 1

#define MEM_SRCDST_SUPPORTED 1

/* #undef WITH_SIMD */

#define BITS_IN_JSAMPLE  8      /* use 8 or 12 */

/* #undef RIGHT_SHIFT_IS_UNSIGNED */
