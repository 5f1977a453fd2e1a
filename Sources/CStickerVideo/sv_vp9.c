/* VP9 through libvpx (the VideoStickers trait): see CStickerVideo.h. */
#include "CStickerVideo.h"

#if __has_include(<vpx/vpx_encoder.h>)

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vpx/vpx_encoder.h>
#include <vpx/vpx_decoder.h>
#include <vpx/vp8cx.h>
#include <vpx/vp8dx.h>

/* Our own C is held to -Wall -Wextra as errors (a pragma needs no unsafe flag in Package.swift). */
#pragma clang diagnostic error "-Wall"
#pragma clang diagnostic error "-Wextra"

struct sv_encoder {
    vpx_codec_ctx_t codec;
    vpx_image_t image;
    int width, height;
    const vpx_codec_cx_pkt_t *packet;
    char error[256];
};

struct sv_decoder {
    vpx_codec_ctx_t codec;
    vpx_image_t *image;
    char error[256];
};

static void say(char *out, size_t size, const char *what, vpx_codec_ctx_t *codec) {
    if (out == NULL || size == 0) return;
    const char *detail = codec != NULL ? vpx_codec_error_detail(codec) : NULL;
    snprintf(out, size, "%s: %s%s%s", what, codec != NULL ? vpx_codec_error(codec) : "failed", detail ? " (" : "", detail ? detail : "");
    if (detail) {
        size_t length = strlen(out);
        if (length + 1 < size) { out[length] = ')'; out[length + 1] = 0; }
    }
}

sv_encoder *sv_encoder_create(int width, int height, int cq_level, int speed, int threads, char *error, size_t error_size) {
    if (width < 1 || height < 1 || width > 4096 || height > 4096 || cq_level < 0 || cq_level > 63 || speed < 0 || speed > 9) {
        if (error && error_size) snprintf(error, error_size, "VP9 encoder: settings out of range");
        return NULL;
    }
    vpx_codec_enc_cfg_t cfg;
    if (vpx_codec_enc_config_default(vpx_codec_vp9_cx(), &cfg, 0) != VPX_CODEC_OK) {
        if (error && error_size) snprintf(error, error_size, "VP9 encoder: libvpx has no default configuration");
        return NULL;
    }
    cfg.g_w = (unsigned)width;
    cfg.g_h = (unsigned)height;
    cfg.g_timebase.num = 1;
    cfg.g_timebase.den = 1000;
    cfg.g_threads = (unsigned)(threads < 1 ? 1 : threads);
    cfg.g_lag_in_frames = 0;
    cfg.g_pass = VPX_RC_ONE_PASS;
    cfg.g_error_resilient = 0;
    cfg.rc_end_usage = VPX_Q;
    cfg.rc_min_quantizer = 0;
    cfg.rc_max_quantizer = 63;
    cfg.rc_dropframe_thresh = 0;
    cfg.rc_resize_allowed = 0;
    cfg.kf_mode = VPX_KF_AUTO;
    cfg.kf_min_dist = 0;
    cfg.kf_max_dist = 100000;
    sv_encoder *e = calloc(1, sizeof *e);
    if (e == NULL) {
        if (error && error_size) snprintf(error, error_size, "VP9 encoder: out of memory");
        return NULL;
    }
    if (vpx_codec_enc_init(&e->codec, vpx_codec_vp9_cx(), &cfg, 0) != VPX_CODEC_OK) {
        say(error, error_size, "VP9 encoder", &e->codec);
        free(e);
        return NULL;
    }
    if (vpx_codec_control(&e->codec, VP8E_SET_CPUUSED, speed) != VPX_CODEC_OK
        || vpx_codec_control(&e->codec, VP8E_SET_CQ_LEVEL, (unsigned)cq_level) != VPX_CODEC_OK
        || vpx_codec_control(&e->codec, VP8E_SET_ENABLEAUTOALTREF, 0) != VPX_CODEC_OK
        || vpx_codec_control(&e->codec, VP9E_SET_ROW_MT, cfg.g_threads > 1 ? 1 : 0) != VPX_CODEC_OK) {
        say(error, error_size, "VP9 encoder settings", &e->codec);
        vpx_codec_destroy(&e->codec);
        free(e);
        return NULL;
    }
    if (vpx_img_alloc(&e->image, VPX_IMG_FMT_I420, (unsigned)width, (unsigned)height, 16) == NULL) {
        if (error && error_size) snprintf(error, error_size, "VP9 encoder: out of memory for a %d×%d frame", width, height);
        vpx_codec_destroy(&e->codec);
        free(e);
        return NULL;
    }
    e->width = width;
    e->height = height;
    return e;
}

static void copy_plane(unsigned char *to, int to_stride, const uint8_t *from, int width, int height) {
    for (int row = 0; row < height; row++) memcpy(to + (size_t)row * (size_t)to_stride, from + (size_t)row * (size_t)width, (size_t)width);
}

int sv_encoder_encode(sv_encoder *e, const uint8_t *y, const uint8_t *u, const uint8_t *v, int64_t pts, unsigned long duration, int keyframe) {
    int cw = (e->width + 1) / 2, ch = (e->height + 1) / 2;
    copy_plane(e->image.planes[VPX_PLANE_Y], e->image.stride[VPX_PLANE_Y], y, e->width, e->height);
    copy_plane(e->image.planes[VPX_PLANE_U], e->image.stride[VPX_PLANE_U], u, cw, ch);
    copy_plane(e->image.planes[VPX_PLANE_V], e->image.stride[VPX_PLANE_V], v, cw, ch);
    e->packet = NULL;
    if (vpx_codec_encode(&e->codec, &e->image, pts, duration, keyframe ? VPX_EFLAG_FORCE_KF : 0, VPX_DL_GOOD_QUALITY) != VPX_CODEC_OK) {
        say(e->error, sizeof e->error, "VP9 encoding", &e->codec);
        return -1;
    }
    vpx_codec_iter_t iter = NULL;
    const vpx_codec_cx_pkt_t *packet;
    while ((packet = vpx_codec_get_cx_data(&e->codec, &iter)) != NULL) {
        if (packet->kind == VPX_CODEC_CX_FRAME_PKT && e->packet == NULL) e->packet = packet;
    }
    return 0;
}

int sv_encoder_packet(sv_encoder *e, const uint8_t **data, size_t *size, int *keyframe) {
    if (e->packet == NULL) return 1;
    *data = e->packet->data.frame.buf;
    *size = e->packet->data.frame.sz;
    *keyframe = (e->packet->data.frame.flags & VPX_FRAME_IS_KEY) != 0;
    return 0;
}

const char *sv_encoder_error(const sv_encoder *e) { return e->error; }

void sv_encoder_destroy(sv_encoder *e) {
    if (e == NULL) return;
    vpx_img_free(&e->image);
    vpx_codec_destroy(&e->codec);
    free(e);
}

sv_decoder *sv_decoder_create(char *error, size_t error_size) {
    sv_decoder *d = calloc(1, sizeof *d);
    if (d == NULL) {
        if (error && error_size) snprintf(error, error_size, "VP9 decoder: out of memory");
        return NULL;
    }
    vpx_codec_dec_cfg_t cfg = {1, 0, 0};
    if (vpx_codec_dec_init(&d->codec, vpx_codec_vp9_dx(), &cfg, 0) != VPX_CODEC_OK) {
        say(error, error_size, "VP9 decoder", &d->codec);
        free(d);
        return NULL;
    }
    return d;
}

int sv_decoder_decode(sv_decoder *d, const uint8_t *data, size_t size) {
    d->image = NULL;
    if (size > 0xFFFFFFFFu || vpx_codec_decode(&d->codec, data, (unsigned)size, NULL, 0) != VPX_CODEC_OK) {
        say(d->error, sizeof d->error, "VP9 decoding", &d->codec);
        return -1;
    }
    vpx_codec_iter_t iter = NULL;
    d->image = vpx_codec_get_frame(&d->codec, &iter);
    return 0;
}

int sv_decoder_frame(sv_decoder *d, int *width, int *height, uint8_t *y, size_t y_capacity, uint8_t *u, uint8_t *v, size_t uv_capacity) {
    vpx_image_t *image = d->image;
    if (image == NULL) return 1;
    if (image->fmt != VPX_IMG_FMT_I420 || image->bit_depth != 8) {
        snprintf(d->error, sizeof d->error, "VP9 decoding: a frame that is not 8-bit 4:2:0 (format %d, %u bits)", (int)image->fmt, image->bit_depth);
        return -1;
    }
    int w = (int)image->d_w, h = (int)image->d_h, cw = (w + 1) / 2, ch = (h + 1) / 2;
    *width = w;
    *height = h;
    if (y == NULL) return 0;
    if (y_capacity < (size_t)w * (size_t)h || uv_capacity < (size_t)cw * (size_t)ch || u == NULL || v == NULL) {
        snprintf(d->error, sizeof d->error, "VP9 decoding: planes too small for a %d×%d frame", w, h);
        return -1;
    }
    for (int row = 0; row < h; row++) memcpy(y + (size_t)row * (size_t)w, image->planes[VPX_PLANE_Y] + (size_t)row * (size_t)image->stride[VPX_PLANE_Y], (size_t)w);
    for (int row = 0; row < ch; row++) {
        memcpy(u + (size_t)row * (size_t)cw, image->planes[VPX_PLANE_U] + (size_t)row * (size_t)image->stride[VPX_PLANE_U], (size_t)cw);
        memcpy(v + (size_t)row * (size_t)cw, image->planes[VPX_PLANE_V] + (size_t)row * (size_t)image->stride[VPX_PLANE_V], (size_t)cw);
    }
    return 0;
}

const char *sv_decoder_error(const sv_decoder *d) { return d->error; }

void sv_decoder_destroy(sv_decoder *d) {
    if (d == NULL) return;
    vpx_codec_destroy(&d->codec);
    free(d);
}

#endif
