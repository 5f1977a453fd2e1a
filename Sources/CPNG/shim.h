#ifndef STICKERLINT_CPNG_SHIM_H
#define STICKERLINT_CPNG_SHIM_H
#include <png.h>
#endif
