/* The system libjpeg-turbo (libjpeg-dev; the SystemCodecs trait): jpeglib.h needs size_t and FILE first. */
#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>
