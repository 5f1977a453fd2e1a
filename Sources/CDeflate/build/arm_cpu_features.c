/* Compiles libdeflate's lib/arm/cpu_features.c (vendored, unchanged) without the warnings this project's
 * stricter flags raise in code it does not own. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"
#include "../lib/arm/cpu_features.c"
#pragma GCC diagnostic pop
