#include "sc_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>
#if defined(__GLIBC__)
#include <malloc.h>

/* Our own C is held to -Wall -Wextra as errors; the vendored libraries build with the compiler's
   defaults (their warnings are upstream's, and a pragma needs no unsafe flag in Package.swift). */
#pragma clang diagnostic error "-Wall"
#pragma clang diagnostic error "-Wextra"
#endif

void sc_keep_large_blocks(int bytes) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, bytes);
    mallopt(M_TRIM_THRESHOLD, bytes);
#else
    (void)bytes;
#endif
}

void sc_copy_message(char *errbuf, size_t errlen, const char *message) {
    if (errbuf == NULL || errlen == 0) return;
    snprintf(errbuf, errlen, "%s", message != NULL ? message : "unknown error");
}

int sc_buffer_append(sc_buffer *buffer, const uint8_t *bytes, size_t length) {
    if (length > SIZE_MAX - buffer->length) return -1;
    size_t needed = buffer->length + length;
    if (needed > buffer->capacity) {
        size_t capacity = buffer->capacity < 4096 ? 4096 : buffer->capacity;
        while (capacity < needed) {
            if (capacity > SIZE_MAX / 2) { capacity = needed; break; }
            capacity *= 2;
        }
        uint8_t *grown = realloc(buffer->bytes, capacity);
        if (grown == NULL) return -1;
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    if (length > 0) memcpy(buffer->bytes + buffer->length, bytes, length);
    buffer->length = needed;
    return 0;
}

void sc_buffer_free(sc_buffer *buffer) {
    if (buffer == NULL) return;
    free(buffer->bytes);
    buffer->bytes = NULL;
    buffer->length = 0;
    buffer->capacity = 0;
}

uint32_t sc_crc32(uint32_t crc, const uint8_t *bytes, size_t length) {
    // zlib's crc32 takes a uInt length: feed it in pieces so any size_t works.
    uLong value = crc;
    while (length > 0) {
        uInt piece = length > 0x40000000u ? 0x40000000u : (uInt)length;
        value = crc32(value, bytes, piece);
        bytes += piece;
        length -= piece;
    }
    return (uint32_t)value;
}

uint64_t sc_monotonic_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int sc_check_rgba_capacity(uint32_t width, uint32_t height, size_t out_capacity, char *errbuf, size_t errlen) {
    if (width == 0 || height == 0 || out_capacity / 4 / width < height) {
        sc_copy_message(errbuf, errlen, "output buffer too small");
        return SC_SIZE_MISMATCH;
    }
    return SC_OK;
}
