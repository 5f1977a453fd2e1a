/* The system libvpx (libvpx-dev, Homebrew libvpx; the VideoStickers trait): VP9's encoder and decoder,
   the reference implementation, for Telegram's video stickers. */
#include <vpx/vpx_encoder.h>
#include <vpx/vpx_decoder.h>
#include <vpx/vp8cx.h>
#include <vpx/vp8dx.h>
