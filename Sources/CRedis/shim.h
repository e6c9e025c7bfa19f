#ifndef TRAKX_CREDIS_SHIM_H
#define TRAKX_CREDIS_SHIM_H

#include <hiredis.h>

/// redisCommandArgv with the argument vector Swift builds (binary-safe: every argument has its length).
static inline redisReply *_Nullable credis_command_argv(redisContext *_Nonnull context, int count,
                                                         const char *_Nonnull *_Nonnull arguments,
                                                         const size_t *_Nonnull lengths) {
    return (redisReply *)redisCommandArgv(context, count, arguments, lengths);
}

#endif
