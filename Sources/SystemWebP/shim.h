/* The system libwebp (libwebp-dev; the SystemCodecs trait): the decoder and demuxer, the encoder and
   the animation encoder (mux.h: WebPAnimEncoder, in libwebpmux). */
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <webp/mux.h>
