/* Compiles libdeflate's lib/deflate_decompress.c (vendored, unchanged) without the warnings this project's
 * stricter flags raise in code it does not own. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"
#include "../lib/deflate_decompress.c"
#pragma GCC diagnostic pop
