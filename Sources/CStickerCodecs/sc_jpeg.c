/* libjpeg(-turbo) entry points. error_exit is replaced (the default calls exit()); every warning is
 * a failure. setjmp and longjmp stay inside each function here. */
#include "sc_common.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

/* Our own C is held to -Wall -Wextra as errors; the vendored libraries build with the compiler's
   defaults (their warnings are upstream's, and a pragma needs no unsafe flag in Package.swift). */
#pragma clang diagnostic error "-Wall"
#pragma clang diagnostic error "-Wextra"

/// libjpeg's error manager extended with our jump target and message buffer. It lives on the stack of
/// the sc_ call that owns the libjpeg object. `dest` and `dest_size` hold jpeg_mem_dest's buffer in
/// memory that stays valid across a longjmp, so the error branch can free it.
typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char *errbuf;
    size_t errlen;
    unsigned char *dest;
    unsigned long dest_size;
    /// 0, or the sc_monotonic_ns time after which the decode is abandoned.
    uint64_t deadline_ns;
    int timed_out;
} sc_jpeg_error;

/// libjpeg's progress hook, called during scan consumption and output: abandons a decode that has
/// run past its deadline (progressive files do all their work inside jpeg_start_decompress).
static void sc_jpeg_progress(j_common_ptr cinfo) {
    sc_jpeg_error *error = (sc_jpeg_error *)cinfo->err;
    if (error->deadline_ns != 0 && sc_monotonic_ns() > error->deadline_ns) {
        error->timed_out = 1;
        sc_copy_message(error->errbuf, error->errlen, "decode time budget exceeded");
        longjmp(error->jump, 1);
    }
}

static void sc_jpeg_error_exit(j_common_ptr cinfo) {
    sc_jpeg_error *error = (sc_jpeg_error *)cinfo->err;
    char message[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, message);
    sc_copy_message(error->errbuf, error->errlen, message);
    longjmp(error->jump, 1);
}

static void sc_jpeg_emit_message(j_common_ptr cinfo, int level) {
    // level -1 is a warning: corrupt data, premature end of data, extraneous bytes. libjpeg would
    // carry on with invented pixels; we refuse the file instead. Trace messages (level >= 0) are dropped.
    if (level < 0) sc_jpeg_error_exit(cinfo);
}

static unsigned char sc_mul255(unsigned a, unsigned b) { return (unsigned char)((a * b + 127) / 255); }

/// Installs stickerlint's error manager in `error` and returns it for cinfo.err: errors longjmp back
/// to the caller's setjmp with the message in `errbuf`, and warnings are errors.
static struct jpeg_error_mgr *sc_jpeg_errors(sc_jpeg_error *error, char *errbuf, size_t errlen) {
    memset(error, 0, sizeof *error);
    struct jpeg_error_mgr *manager = jpeg_std_error(&error->pub);
    error->pub.error_exit = sc_jpeg_error_exit;
    error->pub.emit_message = sc_jpeg_emit_message;
    error->errbuf = errbuf;
    error->errlen = errlen;
    return manager;
}

int sc_jpeg_decode_rgba(const uint8_t *bytes, size_t length, uint32_t width, uint32_t height,
                        uint8_t *out, size_t out_capacity, sc_jpeg_info *info, uint64_t deadline_ns,
                        char *errbuf, size_t errlen) {
    int capacity = sc_check_rgba_capacity(width, height, out_capacity, errbuf, errlen);
    if (capacity != SC_OK) return capacity;
    struct jpeg_decompress_struct cinfo;
    sc_jpeg_error error;
    memset(&cinfo, 0, sizeof cinfo);
    cinfo.err = sc_jpeg_errors(&error, errbuf, errlen);
    error.deadline_ns = deadline_ns;
    struct jpeg_progress_mgr progress;
    memset(&progress, 0, sizeof progress);
    progress.progress_monitor = sc_jpeg_progress;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return error.timed_out ? SC_TIMEOUT : SC_ERROR;
    }
    jpeg_create_decompress(&cinfo);
    cinfo.progress = &progress;
    jpeg_mem_src(&cinfo, bytes, (unsigned long)length);
    jpeg_read_header(&cinfo, TRUE);
    if (info != NULL) {
        info->width = cinfo.image_width;
        info->height = cinfo.image_height;
        info->components = cinfo.num_components;
        info->color_space = cinfo.jpeg_color_space;
        info->saw_adobe_marker = cinfo.saw_Adobe_marker;
        info->progressive = cinfo.progressive_mode;
    }
    if (cinfo.image_width != width || cinfo.image_height != height) {
        sc_copy_message(errbuf, errlen, "image size differs from the size read from the frame header");
        jpeg_destroy_decompress(&cinfo);
        return SC_SIZE_MISMATCH;
    }
    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_start_decompress(&cinfo);
    if (cinfo.output_width != width || cinfo.output_height != height || cinfo.output_components != 4) {
        sc_copy_message(errbuf, errlen, "unexpected output size or components");
        jpeg_destroy_decompress(&cinfo);
        return SC_ERROR;
    }
    size_t stride = (size_t)width * 4;
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = out + (size_t)cinfo.output_scanline * stride;
        jpeg_read_scanlines(&cinfo, &row, 1);
    }
    if (cinfo.progressive_mode && cinfo.coef_bits != NULL) {
        // A progressive stream cut between scans still ends in a valid EOI and draws without any libjpeg
        // warning, at lower quality. Every coefficient of every component must have been sent and fully
        // refined (coef_bits 0); -1 (never sent) or a pending refinement means scans are missing.
        for (int c = 0; c < cinfo.num_components; c++) {
            for (int k = 0; k < DCTSIZE2; k++) {
                if (cinfo.coef_bits[c][k] != 0) {
                    snprintf(errbuf, errlen,
                             "progressive JPEG is incomplete: component %d coefficient %d was %s "
                             "(scans are missing; a truncated file?)",
                             c + 1, k, cinfo.coef_bits[c][k] < 0 ? "never sent" : "not fully refined");
                    jpeg_destroy_decompress(&cinfo);
                    return SC_ERROR;
                }
            }
        }
    }
    if (cmyk) {
        // Adobe writes CMYK inverted (0 = full ink); plain CMYK stores ink amounts.
        int inverted = cinfo.saw_Adobe_marker;
        size_t count = (size_t)width * height;
        for (size_t i = 0; i < count; i++) {
            uint8_t *px = out + 4 * i;
            unsigned c = px[0], m = px[1], y = px[2], k = px[3];
            if (!inverted) {
                c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k;
            }
            px[0] = sc_mul255(c, k);
            px[1] = sc_mul255(m, k);
            px[2] = sc_mul255(y, k);
            px[3] = 255;
        }
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return SC_OK;
}

int sc_jpeg_encode(const sc_jpeg_write_params *p, sc_buffer *out, char *errbuf, size_t errlen) {
    if (p->components != 1 && p->components != 3) {
        sc_copy_message(errbuf, errlen, "components must be 1 or 3");
        return SC_ERROR;
    }
    struct jpeg_compress_struct cinfo;
    sc_jpeg_error error;
    memset(&cinfo, 0, sizeof cinfo);
    cinfo.err = sc_jpeg_errors(&error, errbuf, errlen);
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(error.dest);
        return SC_ERROR;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, &error.dest, &error.dest_size);
    cinfo.image_width = p->width;
    cinfo.image_height = p->height;
    cinfo.input_components = p->components;
    cinfo.in_color_space = p->components == 1 ? JCS_GRAYSCALE : JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, p->quality, TRUE);
    if (p->components == 3 && p->h_sampling > 0 && p->v_sampling > 0) {
        cinfo.comp_info[0].h_samp_factor = p->h_sampling;
        cinfo.comp_info[0].v_samp_factor = p->v_sampling;
        cinfo.comp_info[1].h_samp_factor = 1;
        cinfo.comp_info[1].v_samp_factor = 1;
        cinfo.comp_info[2].h_samp_factor = 1;
        cinfo.comp_info[2].v_samp_factor = 1;
    }
    if (p->progressive) jpeg_simple_progression(&cinfo);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(p->pixels + (size_t)cinfo.next_scanline * p->row_bytes);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    out->bytes = error.dest;
    out->length = error.dest_size;
    out->capacity = error.dest_size;
    return SC_OK;
}
