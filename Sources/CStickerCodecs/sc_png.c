/* libpng entry points. Each creates and destroys its own png_struct; setjmp and longjmp stay here. */
#include "sc_common.h"

#include <png.h>
#include <math.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/* Our own C is held to -Wall -Wextra as errors; the vendored libraries build with the compiler's
   defaults (their warnings are upstream's, and a pragma needs no unsafe flag in Package.swift). */
#pragma clang diagnostic error "-Wall"
#pragma clang diagnostic error "-Wextra"

/// Reader state: the input bytes, the read position and where messages go. It is both the io_ptr and
/// the error_ptr of one png_struct and lives on the stack of the sc_ call that owns that struct.
typedef struct {
    /// First, so that the error callback can treat the error_ptr as an sc_message_sink.
    sc_message_sink messages;
    const uint8_t *bytes;
    size_t length;
    size_t offset;
    /// A 16-bit work buffer, freed on every exit path (it lives in this struct so that its value
    /// survives a longjmp).
    uint16_t *wide;
    /// 0, or the sc_monotonic_ns time after which the decode is abandoned.
    uint64_t deadline_ns;
    int timed_out;
} sc_png_io;

/// Abandons the decode (with a longjmp through png_error) once the deadline has passed; called every
/// few rows, so a slow file costs at most a little more than its budget.
static void sc_png_check_deadline(png_structp png, sc_png_io *io, png_uint_32 row) {
    if (io->deadline_ns != 0 && (row & 15) == 0 && sc_monotonic_ns() > io->deadline_ns) {
        io->timed_out = 1;
        png_error(png, "decode time budget exceeded");
    }
}

/// sRGB encoding of 8-bit linear-light samples.
static uint8_t sc_srgb8[256];
static pthread_once_t sc_srgb_once = PTHREAD_ONCE_INIT;

static double sc_srgb_encode(double linear) {
    return linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1.0 / 2.4) - 0.055;
}

static void sc_srgb_init(void) {
    for (int v = 0; v < 256; v++) sc_srgb8[v] = (uint8_t)lround(255.0 * sc_srgb_encode(v / 255.0));
}

/// libpng's error callback for reads and writes: the message to the caller, then back to the setjmp
/// of the sc_ call that owns the png_struct. The error_ptr is an sc_png_io or an sc_png_sink, both of
/// which start with their sc_message_sink.
static void sc_png_error(png_structp png, png_const_charp message) {
    sc_message_sink *sink = png_get_error_ptr(png);
    sc_copy_message(sink->errbuf, sink->errlen, message);
    png_longjmp(png, 1);
}

static void sc_png_warning(png_structp png, png_const_charp message) {
    // Warnings (an unknown sRGB profile, a bad gAMA value) leave the pixels well defined.
    (void)png;
    (void)message;
}

static void sc_png_read(png_structp png, png_bytep destination, size_t count) {
    sc_png_io *io = png_get_io_ptr(png);
    if (count > io->length - io->offset) png_error(png, "unexpected end of file");
    memcpy(destination, io->bytes + io->offset, count);
    io->offset += count;
}

int sc_png_decode_rgba(const uint8_t *bytes, size_t length, uint32_t width, uint32_t height,
                       uint8_t *out, size_t out_capacity, sc_png_info *info_out, uint64_t deadline_ns,
                       char *errbuf, size_t errlen) {
    int capacity = sc_check_rgba_capacity(width, height, out_capacity, errbuf, errlen);
    if (capacity != SC_OK) return capacity;
    sc_png_io io = {{errbuf, errlen}, bytes, length, 0, NULL, deadline_ns, 0};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &io, sc_png_error, sc_png_warning);
    if (png == NULL) return SC_NO_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        return SC_NO_MEMORY;
    }
    // png and info are not modified after setjmp, so they are valid in the longjmp branch.
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(io.wide);
        return io.timed_out ? SC_TIMEOUT : SC_ERROR;
    }
    png_set_read_fn(png, &io, sc_png_read);
    // The Swift chunk walk verified every CRC already; skip libpng's second pass over the bytes.
    png_set_crc_action(png, PNG_CRC_QUIET_USE, PNG_CRC_QUIET_USE);
    // A second guard behind the caller's budget: libpng refuses anything larger than we allocated for.
    png_set_user_limits(png, width, height);
    png_read_info(png, info);

    png_uint_32 w = png_get_image_width(png, info);
    png_uint_32 h = png_get_image_height(png, info);
    int bit_depth = png_get_bit_depth(png, info);
    int color_type = png_get_color_type(png, info);
    int interlace = png_get_interlace_type(png, info);
    if (info_out != NULL) {
        info_out->width = w;
        info_out->height = h;
        info_out->bit_depth = bit_depth;
        info_out->color_type = color_type;
        info_out->interlaced = interlace != PNG_INTERLACE_NONE;
    }
    if (w != width || h != height) {
        sc_copy_message(errbuf, errlen, "image size differs from the size read from IHDR");
        png_destroy_read_struct(&png, &info, NULL);
        return SC_SIZE_MISMATCH;
    }

    size_t stride = (size_t)width * 4;
    size_t pixel_count = (size_t)width * height;
    // A gAMA of 1.0 or more marks samples as linear light (as ImageMagick, whose output the PngSuite
    // reference pixels are, reads them); they are encoded to sRGB like every other sticker. Lower
    // gAMA values are display-referred already and are left alone.
    png_fixed_point file_gamma = 0;
    int linear = png_get_gAMA_fixed(png, info, &file_gamma) && file_gamma >= PNG_FP_1;
    if (linear) pthread_once(&sc_srgb_once, sc_srgb_init);
    if (color_type == PNG_COLOR_TYPE_PALETTE) {
        // Palette images are expanded here rather than by png_set_expand: libpng 1.6 only checks the
        // indexes of sub-8-bit images and silently paints out-of-range 8-bit indexes black. The indexes,
        // one byte each, are read into the last quarter of `out` and expanded front to back: pixel i's
        // four bytes end at 4i+3, before index i+1 at 3wh+i+1, so no unread index is overwritten.
        png_colorp palette = NULL;
        int palette_count = 0;
        if (!png_get_PLTE(png, info, &palette, &palette_count) || palette_count <= 0) {
            png_error(png, "palette image without a PLTE chunk");
        }
        png_bytep trans_alpha = NULL;
        int trans_count = 0;
        png_get_tRNS(png, info, &trans_alpha, &trans_count, NULL);
        png_set_packing(png);
        int passes = png_set_interlace_handling(png);
        png_read_update_info(png, info);
        if (png_get_rowbytes(png, info) != (size_t)width) {
            png_error(png, "unexpected row size for a palette image");
        }
        uint8_t *indexes = out + 3 * pixel_count;
        for (int pass = 0; pass < passes; pass++) {
            for (png_uint_32 y = 0; y < height; y++) {
                sc_png_check_deadline(png, &io, y);
                png_read_row(png, indexes + (size_t)y * width, NULL);
            }
        }
        uint8_t rgba[256][4];
        for (int i = 0; i < 256; i++) {
            int valid = i < palette_count;
            rgba[i][0] = valid ? palette[i].red : 0;
            rgba[i][1] = valid ? palette[i].green : 0;
            rgba[i][2] = valid ? palette[i].blue : 0;
            rgba[i][3] = (trans_alpha != NULL && i < trans_count) ? trans_alpha[i] : 255;
            if (linear) {
                for (int c = 0; c < 3; c++) rgba[i][c] = sc_srgb8[rgba[i][c]];
            }
        }
        for (size_t i = 0; i < pixel_count; i++) {
            unsigned index = indexes[i];
            if ((int)index >= palette_count) {
                char message[128];
                snprintf(message, sizeof message, "pixel %zu uses palette index %u, but the palette has %d entries",
                         i, index, palette_count);
                png_error(png, message);
            }
            memcpy(out + 4 * i, rgba[index], 4);
        }
    } else if (linear && bit_depth == 16) {
        // Linear 16-bit samples are reduced to 8 bits by truncation (v / 257) before the sRGB curve,
        // which is what ImageMagick does and what the PngSuite references show; libpng's scaling
        // rounds instead, so the whole image is read at 16 bits (interlaced passes need it all).
        png_set_expand(png);
        png_set_gray_to_rgb(png);
        png_set_add_alpha(png, 0xffff, PNG_FILLER_AFTER);
        int passes = png_set_interlace_handling(png);
        png_read_update_info(png, info);
        if (png_get_rowbytes(png, info) != stride * 2) {
            png_error(png, "unexpected row size after transformations");
        }
        io.wide = malloc(pixel_count * 8);
        if (io.wide == NULL) png_error(png, "out of memory");
        for (int pass = 0; pass < passes; pass++) {
            for (png_uint_32 y = 0; y < height; y++) {
                sc_png_check_deadline(png, &io, y);
                png_read_row(png, (png_bytep)io.wide + (size_t)y * stride * 2, NULL);
            }
        }
        const uint8_t *wide = (const uint8_t *)io.wide;   // big-endian samples, as PNG stores them
        for (size_t i = 0; i < pixel_count * 4; i++) {
            unsigned v = (unsigned)wide[2 * i] << 8 | wide[2 * i + 1];
            out[i] = (i % 4 == 3) ? (uint8_t)((v * 255u + 32767u) / 65535u) : sc_srgb8[v / 257u];
        }
        free(io.wide);
        io.wide = NULL;
    } else {
        png_set_expand(png);                 // grey < 8 bits -> 8 bits, tRNS -> alpha
        png_set_scale_16(png);               // 16 -> 8 bits by rounding, not by dropping the low byte
        png_set_gray_to_rgb(png);
        png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
        int passes = png_set_interlace_handling(png);
        png_read_update_info(png, info);
        if (png_get_rowbytes(png, info) != stride) {
            png_error(png, "unexpected row size after transformations");
        }
        for (int pass = 0; pass < passes; pass++) {
            for (png_uint_32 y = 0; y < height; y++) {
                sc_png_check_deadline(png, &io, y);
                png_read_row(png, out + (size_t)y * stride, NULL);
            }
        }
        if (linear) {
            for (size_t i = 0; i < pixel_count * 4; i++) {
                if (i % 4 != 3) out[i] = sc_srgb8[out[i]];
            }
        }
    }
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    return SC_OK;
}

/// Writer state: where messages go (first, as sc_png_error expects) and the output buffer.
typedef struct {
    sc_message_sink messages;
    sc_buffer *out;
} sc_png_sink;

static void sc_png_write(png_structp png, png_bytep data, size_t count) {
    sc_png_sink *sink = png_get_io_ptr(png);
    if (sc_buffer_append(sink->out, data, count) != 0) png_error(png, "out of memory");
}

static void sc_png_flush(png_structp png) { (void)png; }

int sc_png_encode(const sc_png_write_params *p, sc_buffer *out, char *errbuf, size_t errlen) {
    sc_png_sink sink = {{errbuf, errlen}, out};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink, sc_png_error, sc_png_warning);
    if (png == NULL) return SC_NO_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        return SC_NO_MEMORY;
    }
    // On failure the bytes written so far stay in `out`, which the caller owns and frees.
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return SC_ERROR;
    }
    png_set_write_fn(png, &sink, sc_png_write, sc_png_flush);
    png_set_IHDR(png, info, p->width, p->height, p->bit_depth, p->color_type,
                 p->interlace ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (p->color_type == PNG_COLOR_TYPE_PALETTE) {
        if (p->palette == NULL || p->palette_entries <= 0 || p->palette_entries > 256) {
            png_error(png, "palette image without a palette");
        }
        png_color colors[256];
        for (int i = 0; i < p->palette_entries; i++) {
            colors[i].red = p->palette[3 * i];
            colors[i].green = p->palette[3 * i + 1];
            colors[i].blue = p->palette[3 * i + 2];
        }
        png_set_PLTE(png, info, colors, p->palette_entries);
    }
    if (p->trns != NULL && p->trns_length > 0) {
        if (p->color_type == PNG_COLOR_TYPE_PALETTE) {
            png_set_tRNS(png, info, p->trns, p->trns_length, NULL);
        } else if (p->trns_length >= 2) {
            png_color_16 key;
            memset(&key, 0, sizeof key);
            if (p->color_type == PNG_COLOR_TYPE_GRAY) {
                key.gray = (png_uint_16)((p->trns[0] << 8) | p->trns[1]);
            } else if (p->trns_length >= 6) {
                key.red = (png_uint_16)((p->trns[0] << 8) | p->trns[1]);
                key.green = (png_uint_16)((p->trns[2] << 8) | p->trns[3]);
                key.blue = (png_uint_16)((p->trns[4] << 8) | p->trns[5]);
            }
            png_set_tRNS(png, info, NULL, 0, &key);
        }
    }
    if (p->compression_level >= 0) png_set_compression_level(png, p->compression_level);
    if (p->filters >= 0) png_set_filter(png, PNG_FILTER_TYPE_BASE, p->filters);
    png_write_info(png, info);
    // 16-bit samples are given big-endian, as PNG stores them, so no swap is needed.
    int passes = png_set_interlace_handling(png);
    for (int pass = 0; pass < passes; pass++) {
        for (uint32_t y = 0; y < p->height; y++) {
            png_write_row(png, p->pixels + (size_t)y * p->row_bytes);
        }
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return SC_OK;
}
