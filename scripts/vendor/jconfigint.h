/* jconfigint.h for stickerlint's vendored libjpeg-turbo 2.1.5 (scripts/vendor-c-libraries.sh): what
 * libjpeg-turbo's CMake build writes from jconfigint.h.in for clang and gcc, with the size of size_t
 * taken from the compiler so that one file serves every target (64-bit and 32-bit). */

/* libjpeg-turbo build number */
#define BUILD  "stickerlint"

/* Compiler's inline keyword */
#undef inline

/* How to obtain function inlining. */
#define INLINE  __inline__ __attribute__((always_inline))

/* How to obtain thread-local storage */
#define THREAD_LOCAL  __thread

/* Define to the full name of this package. */
#define PACKAGE_NAME  "libjpeg-turbo"

/* Version number of package */
#define VERSION  "2.1.5"

/* The size of `size_t', as computed by sizeof. */
#define SIZEOF_SIZE_T  __SIZEOF_SIZE_T__

/* Define if your compiler has __builtin_ctzl() and sizeof(unsigned long) == sizeof(size_t). */
#define HAVE_BUILTIN_CTZL

/* #undef HAVE_INTRIN_H */

#if defined(__has_attribute)
#if __has_attribute(fallthrough)
#define FALLTHROUGH  __attribute__((fallthrough));
#else
#define FALLTHROUGH
#endif
#else
#define FALLTHROUGH
#endif
