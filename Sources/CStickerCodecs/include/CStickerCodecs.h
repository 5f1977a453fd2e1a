/*
 * CStickerCodecs: stickerlint's own C over libpng and libjpeg (CSystem holds its other C, the vendored
 * libraries their own).
 *
 * Every libpng and libjpeg call that can longjmp lives in this target, so a longjmp never crosses a
 * Swift frame. Each entry point takes its input bytes, its output and an error buffer, and returns an
 * sc_status; Swift turns a status into a thrown error. No libpng/libjpeg handle leaves this file: each
 * is created and destroyed inside one call.
 */
#ifndef STICKERLINT_CSTICKERCODECS_H
#define STICKERLINT_CSTICKERCODECS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Result of every sc_ call.
typedef enum {
    SC_OK = 0,
    /// The library reported an error; errbuf holds its message.
    SC_ERROR = 1,
    /// The image's size differs from the size the caller checked and allocated for.
    SC_SIZE_MISMATCH = 2,
    /// An allocation failed.
    SC_NO_MEMORY = 3,
    /// The decode ran past its deadline and was abandoned.
    SC_TIMEOUT = 4,
} sc_status;

/// CLOCK_MONOTONIC now, in nanoseconds (deadlines passed to decoders use this clock).
uint64_t sc_monotonic_ns(void);

/// glibc only (a no-op elsewhere): large freed blocks (up to `bytes`) stay in the heap for reuse
/// instead of each allocation over 128 KiB mapping fresh zeroed pages.
void sc_keep_large_blocks(int bytes);

/// A growable byte buffer owned by C; release it with sc_buffer_free.
typedef struct {
    uint8_t *bytes;
    size_t length;
    size_t capacity;
} sc_buffer;

/// Frees the bytes of a buffer filled by an encoder and zeroes it.
void sc_buffer_free(sc_buffer *buffer);

/// zlib's CRC-32 (the one PNG uses), continued from `crc`; start with 0.
uint32_t sc_crc32(uint32_t crc, const uint8_t *bytes, size_t length);


/// Facts libpng reports about a PNG stream after reading its header.
typedef struct {
    uint32_t width;
    uint32_t height;
    int bit_depth;
    int color_type;
    int interlaced;
} sc_png_info;

/// Decodes a complete PNG held in memory to RGBA8 with straight alpha, row-major, no padding.
///
/// The caller parsed IHDR itself, checked the size against its budget and allocated
/// `out_capacity >= width * height * 4` bytes; a stream whose size differs gives SC_SIZE_MISMATCH.
/// Palette, grey and low-bit-depth images are expanded, tRNS becomes alpha, 16-bit samples are scaled
/// (not truncated) to 8 bits, Adam7 is de-interlaced. CRCs are not checked here: the caller's own
/// chunk walk has already verified them. `info` (optional) receives the header facts. A non-zero
/// `deadline_ns` (sc_monotonic_ns clock) abandons the decode with SC_TIMEOUT once passed.
int sc_png_decode_rgba(const uint8_t *bytes, size_t length, uint32_t width, uint32_t height,
                       uint8_t *out, size_t out_capacity, sc_png_info *info, uint64_t deadline_ns,
                       char *errbuf, size_t errlen);

/// What sc_png_encode writes.
typedef struct {
    uint32_t width;
    uint32_t height;
    /// PNG colour type of `rows`: 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA.
    int color_type;
    /// Bits per sample: 1, 2, 4, 8 or 16 as the colour type allows; rows are packed accordingly.
    int bit_depth;
    /// Pixel rows, `row_bytes` apart.
    const uint8_t *pixels;
    size_t row_bytes;
    /// RGB triples for colour type 3.
    const uint8_t *palette;
    int palette_entries;
    /// tRNS payload as it appears in the file (alpha per palette entry, or a 16-bit key colour).
    const uint8_t *trns;
    int trns_length;
    int interlace;
    /// zlib level 0-9, or -1 for libpng's default.
    int compression_level;
    /// PNG_ALL_FILTERS-style mask of allowed row filters, or -1 for libpng's adaptive default.
    int filters;
} sc_png_write_params;

/// Encodes one PNG image into `out` (which the caller frees with sc_buffer_free).
int sc_png_encode(const sc_png_write_params *params, sc_buffer *out, char *errbuf, size_t errlen);

/// Facts libjpeg reports while decoding.
typedef struct {
    uint32_t width;
    uint32_t height;
    int components;
    /// libjpeg's J_COLOR_SPACE of the stream.
    int color_space;
    int saw_adobe_marker;
    int progressive;
} sc_jpeg_info;

/// Decodes a complete JPEG held in memory to RGBA8 (alpha 255).
///
/// Grey, YCbCr and RGB streams are converted by libjpeg; CMYK and YCCK are converted here, with Adobe's
/// inverted CMYK honoured. libjpeg's error_exit is replaced (the default calls exit()), and every
/// libjpeg warning, such as premature end of data, is treated as a failure. A non-zero `deadline_ns`
/// (sc_monotonic_ns clock) abandons the decode with SC_TIMEOUT once passed, also inside the scan
/// consumption of progressive files (through libjpeg's progress monitor).
int sc_jpeg_decode_rgba(const uint8_t *bytes, size_t length, uint32_t width, uint32_t height,
                        uint8_t *out, size_t out_capacity, sc_jpeg_info *info, uint64_t deadline_ns,
                        char *errbuf, size_t errlen);

/// What sc_jpeg_encode writes.
typedef struct {
    uint32_t width;
    uint32_t height;
    /// 1 (grey) or 3 (RGB) bytes per pixel in `pixels`.
    int components;
    const uint8_t *pixels;
    size_t row_bytes;
    /// 1-100.
    int quality;
    int progressive;
    /// Luma sampling factors (2,2 is 4:2:0; 1,1 is 4:4:4).
    int h_sampling;
    int v_sampling;
} sc_jpeg_write_params;

/// Encodes one JPEG into `out` (which the caller frees with sc_buffer_free).
int sc_jpeg_encode(const sc_jpeg_write_params *params, sc_buffer *out, char *errbuf, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
