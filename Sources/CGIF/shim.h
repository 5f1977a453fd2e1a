#ifndef STICKERLINT_CGIF_SHIM_H
#define STICKERLINT_CGIF_SHIM_H
#include <gif_lib.h>
#endif
