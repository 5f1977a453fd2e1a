#ifndef CSTICKERVIDEO_H
#define CSTICKERVIDEO_H

#include <stddef.h>
#include <stdint.h>

/* VP9 through libvpx: an encoder of I420 frames at a constant quality, and a decoder back to I420.
   libvpx's macros (vpx_codec_enc_init, vpx_codec_control) and its ABI versions stay here; Swift sees
   plain functions. Every call returns 0 on success, or -1 with a message in the object's `error`. */

typedef struct sv_encoder sv_encoder;
typedef struct sv_decoder sv_decoder;

/* An encoder of width×height frames on a millisecond time base: VP9 "good" quality at `speed`
   (cpu-used, 0 slowest to 8), constant quality `cq_level` (0 best to 63), no lag, no alt-ref frames and
   no dropped frames, so that each encode gives exactly one packet. NULL when libvpx refuses (the reason
   in `error`). */
sv_encoder *sv_encoder_create(int width, int height, int cq_level, int speed, int threads, char *error, size_t error_size);

/* Encodes one frame (8-bit I420 planes: y of width×height, u and v of ((width+1)/2)×((height+1)/2)) shown
   at `pts` for `duration` milliseconds; a key frame when `keyframe`. The packet is then read with
   sv_encoder_packet (valid until the next call). */
int sv_encoder_encode(sv_encoder *e, const uint8_t *y, const uint8_t *u, const uint8_t *v, int64_t pts, unsigned long duration, int keyframe);

/* The packet of the last encode: its bytes, and whether it is a key frame. 0 when there is one, 1 when none. */
int sv_encoder_packet(sv_encoder *e, const uint8_t **data, size_t *size, int *keyframe);

const char *sv_encoder_error(const sv_encoder *e);
void sv_encoder_destroy(sv_encoder *e);

/* A VP9 decoder (one thread). NULL when libvpx refuses. */
sv_decoder *sv_decoder_create(char *error, size_t error_size);

/* Decodes one packet; then sv_decoder_frame gives its frame. */
int sv_decoder_decode(sv_decoder *d, const uint8_t *data, size_t size);

/* The frame the last packet decoded to: its size, and its I420 planes copied into y, u, v when their
   capacities hold them (call with NULL planes to learn the size). 0 with a frame, 1 when none, -1 on error
   (a frame that is not 8-bit I420, or planes too small). */
int sv_decoder_frame(sv_decoder *d, int *width, int *height, uint8_t *y, size_t y_capacity, uint8_t *u, uint8_t *v, size_t uv_capacity);

const char *sv_decoder_error(const sv_decoder *d);
void sv_decoder_destroy(sv_decoder *d);

#endif
