/*
 * The decode floor: reads each file named on the command line and decodes it to RGBA8 with the same
 * libraries and transforms stickerlint uses (libpng: expand, scale 16 to 8, grey to RGB, add alpha;
 * libjpeg-turbo to RGBA; giflib's DGifSlurp), single-threaded, checking nothing. This is the physical
 * limit a checker that must look at every pixel cannot beat.
 *
 * build: Benchmarks/run.py compiles it with the vendored libraries' sources (Sources/CPNG, CJPEG, CGIF), as
 * Package.swift builds them into stickerlint
 */
#include <gif_lib.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

static unsigned char *read_file(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *data = malloc(n > 0 ? (size_t)n : 1);
    *size = fread(data, 1, (size_t)n, f);
    fclose(f);
    return data;
}

typedef struct { const unsigned char *data; size_t size, offset; } source;

static void png_read(png_structp png, png_bytep out, size_t n) {
    source *s = png_get_io_ptr(png);
    if (n > s->size - s->offset) png_error(png, "eof");
    memcpy(out, s->data + s->offset, n);
    s->offset += n;
}

static int decode_png(const unsigned char *data, size_t size) {
    source s = {data, size, 0};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    unsigned char *volatile pixels = NULL;
    if (setjmp(png_jmpbuf(png))) { png_destroy_read_struct(&png, &info, NULL); free(pixels); return 1; }
    png_set_read_fn(png, &s, png_read);
    png_read_info(png, info);
    png_set_expand(png);
    png_set_scale_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    pixels = malloc((size_t)w * h * 4);
    for (int p = 0; p < passes; p++)
        for (png_uint_32 y = 0; y < h; y++) png_read_row(png, pixels + (size_t)y * w * 4, NULL);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free(pixels);
    return 0;
}

struct jerr { struct jpeg_error_mgr pub; jmp_buf jump; };
static void jpeg_fail(j_common_ptr c) { longjmp(((struct jerr *)c->err)->jump, 1); }

static int decode_jpeg(const unsigned char *data, size_t size) {
    struct jpeg_decompress_struct c;
    struct jerr e;
    c.err = jpeg_std_error(&e.pub);
    e.pub.error_exit = jpeg_fail;
    unsigned char *volatile pixels = NULL;
    if (setjmp(e.jump)) { jpeg_destroy_decompress(&c); free(pixels); return 1; }
    jpeg_create_decompress(&c);
    jpeg_mem_src(&c, data, size);
    jpeg_read_header(&c, TRUE);
    c.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&c);
    pixels = malloc((size_t)c.output_width * c.output_height * 4);
    while (c.output_scanline < c.output_height) {
        JSAMPROW row = pixels + (size_t)c.output_scanline * c.output_width * 4;
        jpeg_read_scanlines(&c, &row, 1);
    }
    jpeg_finish_decompress(&c);
    jpeg_destroy_decompress(&c);
    free(pixels);
    return 0;
}

static int gif_read(GifFileType *gif, GifByteType *out, int n) {
    source *s = gif->UserData;
    size_t take = (size_t)n < s->size - s->offset ? (size_t)n : s->size - s->offset;
    memcpy(out, s->data + s->offset, take);
    s->offset += take;
    return (int)take;
}

static int decode_gif(const unsigned char *data, size_t size) {
    source s = {data, size, 0};
    int err = 0;
    GifFileType *gif = DGifOpen(&s, gif_read, &err);
    if (!gif) return 1;
    int status = DGifSlurp(gif) == GIF_OK ? 0 : 1;
    DGifCloseFile(gif, &err);
    return status;
}

int main(int argc, char **argv) {
    int failures = 0;
    for (int i = 1; i < argc; i++) {
        size_t size = 0;
        unsigned char *data = read_file(argv[i], &size);
        if (!data) { failures++; continue; }
        if (size >= 8 && memcmp(data, "\x89PNG", 4) == 0) failures += decode_png(data, size);
        else if (size >= 3 && data[0] == 0xFF && data[1] == 0xD8) failures += decode_jpeg(data, size);
        else if (size >= 6 && memcmp(data, "GIF8", 4) == 0) failures += decode_gif(data, size);
        free(data);
    }
    printf("decoded %d files, %d failures\n", argc - 1, failures);
    return 0;
}
