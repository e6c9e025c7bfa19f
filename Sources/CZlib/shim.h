#ifndef TRAKX_CZLIB_SHIM_H
#define TRAKX_CZLIB_SHIM_H

#include <zlib.h>

/// deflateInit2 is a macro; a raw deflate stream (no zlib or gzip wrapper: Trakx writes the gzip header and
/// trailer itself, since it puts bytes of its own between the compressed parts) at `level`.
static inline int czlib_raw_deflate_init(z_stream *_Nonnull stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
}

/// inflateInit2 is a macro; a gzip stream, its CRC and length checked (for the tests).
static inline int czlib_gzip_inflate_init(z_stream *_Nonnull stream) {
    return inflateInit2(stream, 31);
}

#endif
