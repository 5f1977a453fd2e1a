/* The system giflib (libgif-dev, which installs no .pc file; the SystemCodecs trait). */
#include <gif_lib.h>
