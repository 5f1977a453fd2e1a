/* Compiles libdeflate's lib/crc32.c (vendored, unchanged) without the warnings this project's
 * stricter flags raise in code it does not own. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"
#include "../lib/crc32.c"
#pragma GCC diagnostic pop
