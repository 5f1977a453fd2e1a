/* Helpers shared by the sc_ codec files; not part of the public header. */
#ifndef STICKERLINT_SC_COMMON_H
#define STICKERLINT_SC_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include "CStickerCodecs.h"

/// Copies a library message into the caller's error buffer (always NUL-terminated, truncated to fit).
void sc_copy_message(char *errbuf, size_t errlen, const char *message);

/// Where a call's error message goes: the caller's buffer. The first member of every libpng io/error
/// state, so that one error callback serves reads and writes.
typedef struct {
    char *errbuf;
    size_t errlen;
} sc_message_sink;

/// SC_OK, or SC_SIZE_MISMATCH with a message unless `out_capacity` holds width × height RGBA8 pixels.
int sc_check_rgba_capacity(uint32_t width, uint32_t height, size_t out_capacity, char *errbuf, size_t errlen);

/// Appends bytes to a buffer, growing it geometrically; returns 0, or -1 when memory runs out.
int sc_buffer_append(sc_buffer *buffer, const uint8_t *bytes, size_t length);

#endif
