/* The system libwebp decoder and demuxer (libwebp-dev; the SystemCodecs trait). */
#include <webp/decode.h>
#include <webp/demux.h>
