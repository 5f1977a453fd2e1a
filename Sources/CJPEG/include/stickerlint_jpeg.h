/* stickerlint's entry to the vendored libjpeg-turbo: jpeglib.h needs size_t and FILE declared first. */
#ifndef STICKERLINT_JPEG_H
#define STICKERLINT_JPEG_H
#include <stddef.h>
#include <stdio.h>
#include "jpeglib.h"
#endif
