// The libwebp API stickerlint uses: still images (decode.h), animations through the demuxer (demux.h:
// WebPAnimDecoder composes frames with their blend and dispose methods), and for `pack --for` the
// encoder (encode.h) and the animation encoder (mux.h: WebPAnimEncoder).
#ifndef STICKERLINT_WEBP_H
#define STICKERLINT_WEBP_H
#include "../src/webp/decode.h"
#include "../src/webp/demux.h"
#include "../src/webp/encode.h"
#include "../src/webp/mux.h"
#endif
