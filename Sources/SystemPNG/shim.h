/* The system libpng (libpng-dev; the SystemCodecs trait). */
#include <png.h>
