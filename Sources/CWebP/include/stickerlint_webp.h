// The libwebp decoding API stickerlint uses: still images (decode.h) and animations through the
// demuxer (demux.h: WebPAnimDecoder composes frames with their blend and dispose methods).
#ifndef STICKERLINT_WEBP_H
#define STICKERLINT_WEBP_H
#include "../src/webp/decode.h"
#include "../src/webp/demux.h"
#endif
