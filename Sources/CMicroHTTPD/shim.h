#ifndef TRAKX_CMICROHTTPD_SHIM_H
#define TRAKX_CMICROHTTPD_SHIM_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

/// Access handler signature as Swift sees it (MHD's typedef uses `enum MHD_Result`).
typedef enum MHD_Result (*cmhd_access_handler)(void *_Nullable cls,
                                              struct MHD_Connection *_Nonnull connection,
                                              const char *_Nonnull url,
                                              const char *_Nonnull method,
                                              const char *_Nonnull version,
                                              const char *_Nullable upload_data,
                                              size_t *_Nonnull upload_data_size,
                                              void *_Nullable *_Nonnull con_cls);

typedef void *_Nullable (*cmhd_uri_logger)(void *_Nullable cls, const char *_Nonnull uri,
                                           struct MHD_Connection *_Nonnull connection);

typedef void (*cmhd_completed)(void *_Nullable cls, struct MHD_Connection *_Nonnull connection,
                               void *_Nullable *_Nonnull con_cls,
                               enum MHD_RequestTerminationCode toe);

typedef void (*cmhd_notify_connection)(void *_Nullable cls, struct MHD_Connection *_Nonnull connection,
                                       void *_Nullable *_Nonnull socket_context,
                                       enum MHD_ConnectionNotificationCode toe);

/// Settings for `cmhd_start_daemon`, so Swift need not build a variadic option list.
typedef struct {
    const char *_Nullable host;     /* numeric IPv4 or IPv6 address */
    uint16_t port;                  /* 0 = any free port */
    unsigned int thread_pool_size;
    unsigned int connection_limit;
    unsigned int connection_timeout_seconds;
    size_t connection_memory_limit; /* caps request line + headers */
    unsigned int per_ip_connection_limit; /* 0 = no cap per client address */
    cmhd_notify_connection _Nullable notify_connection; /* told when each connection opens and closes */
} cmhd_settings;

/// MHD_start_daemon is variadic, which Swift cannot call; this fixes the flags and options
/// (epoll thread pool, suspend/resume, raw URI logger, completion callback) in one place.
static inline struct MHD_Daemon *_Nullable cmhd_start_daemon(cmhd_settings settings,
                                                            cmhd_access_handler _Nonnull handler,
                                                            cmhd_uri_logger _Nonnull logger,
                                                            cmhd_completed _Nonnull completed,
                                                            void *_Nullable cls) {
    struct sockaddr_in v4;
    struct sockaddr_in6 v6;
    const struct sockaddr *addr = NULL;
    unsigned int flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG;
    memset(&v4, 0, sizeof v4);
    memset(&v6, 0, sizeof v6);
    if (settings.host == NULL) {
        return NULL;
    } else if (inet_pton(AF_INET, settings.host, &v4.sin_addr) == 1) {
        v4.sin_family = AF_INET;
        v4.sin_port = htons(settings.port);
        addr = (const struct sockaddr *)&v4;
    } else if (inet_pton(AF_INET6, settings.host, &v6.sin6_addr) == 1) {
        v6.sin6_family = AF_INET6;
        v6.sin6_port = htons(settings.port);
        addr = (const struct sockaddr *)&v6;
        flags |= MHD_USE_IPv6;
    } else {
        return NULL;
    }
    return MHD_start_daemon(flags, settings.port, NULL, NULL,
                            (MHD_AccessHandlerCallback)handler, cls,
                            MHD_OPTION_SOCK_ADDR, addr,
                            MHD_OPTION_THREAD_POOL_SIZE, settings.thread_pool_size,
                            MHD_OPTION_CONNECTION_LIMIT, settings.connection_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, settings.connection_timeout_seconds,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, settings.connection_memory_limit,
                            MHD_OPTION_URI_LOG_CALLBACK, logger, cls,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, cls,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, settings.per_ip_connection_limit,
                            MHD_OPTION_NOTIFY_CONNECTION, settings.notify_connection, cls,
                            MHD_OPTION_END);
}

/// MHD_get_daemon_info returns a union pointer; this reads the bound port (useful with port 0).
static inline uint16_t cmhd_bound_port(struct MHD_Daemon *_Nonnull daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// The MHD_YES / MHD_NO enum values do not import as plain constants.
static inline enum MHD_Result cmhd_yes(void) { return MHD_YES; }
/// See `cmhd_yes`.
static inline enum MHD_Result cmhd_no(void) { return MHD_NO; }

/// Header iteration callback with a context pointer (Swift passes a capture-free function).
typedef enum MHD_Result (*cmhd_value_iterator)(void *_Nullable cls, enum MHD_ValueKind kind,
                                               const char *_Nonnull key, const char *_Nullable value);

/// Iterates request headers only; MHD_HEADER_KIND is an enum constant Swift sees awkwardly.
static inline int cmhd_each_header(struct MHD_Connection *_Nonnull connection,
                                   cmhd_value_iterator _Nonnull iterator, void *_Nullable cls) {
    return MHD_get_connection_values(connection, MHD_HEADER_KIND, (MHD_KeyValueIterator)iterator, cls);
}

/// Adds one header line's or query argument's bytes, with its separators, to the size_t at `cls`.
static enum MHD_Result cmhd_add_value_size(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
                                           const char *value, size_t value_size) {
    (void)kind;
    (void)key;
    (void)value;
    *(size_t *)cls += key_size + value_size + 4;
    return MHD_YES;
}

/// About how much of the connection's memory the request's head holds: its header lines and query arguments, which
/// MHD keeps in the buffer the body must be read into.
static inline size_t cmhd_head_size(struct MHD_Connection *_Nonnull connection) {
    size_t size = 0;
    MHD_get_connection_values_n(connection, (enum MHD_ValueKind)(MHD_HEADER_KIND | MHD_GET_ARGUMENT_KIND),
                                cmhd_add_value_size, &size);
    return size;
}

/// Builds a response that copies `size` bytes, so Swift's buffer may be freed right after.
static inline struct MHD_Response *_Nullable cmhd_response_copy(const void *_Nullable data, size_t size) {
    return MHD_create_response_from_buffer(size, (void *)data, MHD_RESPMEM_MUST_COPY);
}

/// The client's IPv4/IPv6 address as text, for logging; empty when unknown.
static inline void cmhd_client_address(struct MHD_Connection *_Nonnull connection, char *_Nonnull out, size_t len) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    out[0] = 0;
    if (info == NULL || info->client_addr == NULL) return;
    if (info->client_addr->sa_family == AF_INET) {
        inet_ntop(AF_INET, &((const struct sockaddr_in *)info->client_addr)->sin_addr, out, (socklen_t)len);
    } else if (info->client_addr->sa_family == AF_INET6) {
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)info->client_addr)->sin6_addr, out, (socklen_t)len);
    }
}

/// Hands `data` (from malloc) to a response, which frees it when done: no second copy of the body.
static inline struct MHD_Response *_Nullable cmhd_response_owned(void *_Nonnull data, size_t size) {
    return MHD_create_response_from_buffer_with_free_callback(size, data, &free);
}

/// One request header as libmicrohttpd keeps it: pointers into the connection's memory, valid while the request
/// is being answered.
typedef struct {
    const char *_Nonnull name;
    const char *_Nonnull value;
    size_t name_length;
    size_t value_length;
} cmhd_header_pair;

typedef struct {
    cmhd_header_pair *_Nonnull pairs;
    unsigned int capacity;
    unsigned int count;
} cmhd_header_list;

/// Keeps one header in `cls` (a cmhd_header_list) while there is room, and counts it either way.
static inline enum MHD_Result cmhd_collect_header(void *_Nullable cls, enum MHD_ValueKind kind, const char *_Nonnull key,
                                                  size_t key_size, const char *_Nullable value, size_t value_size) {
    cmhd_header_list *list = (cmhd_header_list *)cls;
    (void)kind;
    if (list->count < list->capacity) {
        cmhd_header_pair pair = { key, value == NULL ? "" : value, key_size, value == NULL ? 0 : value_size };
        list->pairs[list->count] = pair;
    }
    list->count++;
    return MHD_YES;
}

/// Every request header in arrival order, in one pass over libmicrohttpd's list (a lookup by name walks the whole
/// list each time, with a callback and a strcasecmp for every header): the warm path reads Host, Cookie and
/// Accept-Encoding from this copy of the pointers instead. Returns how many headers there are; when that is more than
/// `capacity`, only the first `capacity` were kept.
static inline unsigned int cmhd_headers(struct MHD_Connection *_Nonnull connection, cmhd_header_pair *_Nonnull pairs,
                                        unsigned int capacity) {
    cmhd_header_list list = { pairs, capacity, 0 };
    MHD_get_connection_values_n(connection, MHD_HEADER_KIND, &cmhd_collect_header, &list);
    return list.count;
}

/// Whether the request announced a body (Content-Length or Transfer-Encoding).
static inline int cmhd_has_body(struct MHD_Connection *_Nonnull connection) {
    return MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH) != NULL
        || MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_TRANSFER_ENCODING) != NULL;
}

/// A request header's first value; NULL when absent.
static inline const char *_Nullable cmhd_header(struct MHD_Connection *_Nonnull connection, const char *_Nonnull name) {
    return MHD_lookup_connection_value(connection, MHD_HEADER_KIND, name);
}

/// The connection's socket, which MHD_get_connection_info returns through a union pointer.
static inline int cmhd_connection_fd(struct MHD_Connection *_Nonnull connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// What the connection callback stored for this connection (see `cmhd_notify_connection`).
static inline void *_Nullable cmhd_socket_context(struct MHD_Connection *_Nonnull connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

/// MHD_CONNECTION_NOTIFY_STARTED, which does not import as a plain constant.
static inline int cmhd_is_connection_start(enum MHD_ConnectionNotificationCode toe) {
    return toe == MHD_CONNECTION_NOTIFY_STARTED;
}

#endif
