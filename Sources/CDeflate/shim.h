// libdeflate (MIT): a stronger and faster DEFLATE than zlib's, for `stickerlint fix`.
#include <libdeflate.h>
