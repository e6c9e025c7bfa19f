#ifndef TRAKX_CCURL_SHIM_H
#define TRAKX_CCURL_SHIM_H

#include <stddef.h>
#include <curl/curl.h>

/// curl_easy_setopt is variadic; one typed wrapper per argument type.
static inline CURLcode ccurl_easy_setopt_long(CURL *_Nonnull curl, CURLoption option, long value) {
    return curl_easy_setopt(curl, option, value);
}

/// See `ccurl_easy_setopt_long`; for string and buffer options.
static inline CURLcode ccurl_easy_setopt_ptr(CURL *_Nonnull curl, CURLoption option, const void *_Nullable value) {
    return curl_easy_setopt(curl, option, value);
}

/// See `ccurl_easy_setopt_long`; for the list options (`CURLOPT_HTTPHEADER`, `CURLOPT_RESOLVE`, whose
/// `host:port:address` entries pin the address a name connects to). libcurl keeps the pointer: reset it to NULL
/// before the list is freed.
static inline CURLcode ccurl_easy_setopt_slist(CURL *_Nonnull curl, CURLoption option, struct curl_slist *_Nullable list) {
    return curl_easy_setopt(curl, option, list);
}

/// The open-socket callback (`CURLOPT_OPENSOCKETFUNCTION`): called with the address libcurl is about to connect to,
/// it opens the socket, or refuses with `CURL_SOCKET_BAD`.
typedef curl_socket_t (*ccurl_opensocket_callback)(void *_Nullable context, curlsocktype purpose,
                                                   struct curl_sockaddr *_Nonnull address);

/// See `ccurl_easy_setopt_long`; for the open-socket callback (NULL: libcurl's own).
static inline CURLcode ccurl_easy_setopt_opensocket(CURL *_Nonnull curl, ccurl_opensocket_callback _Nullable callback) {
    return curl_easy_setopt(curl, CURLOPT_OPENSOCKETFUNCTION, callback);
}

/// The socket address inside libcurl's `curl_sockaddr` (room for an IPv6 one, though declared as `struct sockaddr`).
static inline const struct sockaddr *_Nonnull ccurl_sockaddr_address(const struct curl_sockaddr *_Nonnull address) {
    return &address->addr;
}

/// Write callback type (the C typedef imports as an optional function pointer).
typedef size_t (*ccurl_write_callback)(char *_Nonnull data, size_t size, size_t count, void *_Nullable context);

/// See `ccurl_easy_setopt_long`; for the write and header callbacks.
static inline CURLcode ccurl_easy_setopt_write(CURL *_Nonnull curl, CURLoption option, ccurl_write_callback _Nonnull callback) {
    return curl_easy_setopt(curl, option, callback);
}

/// curl_easy_getinfo is variadic too; the response status code.
static inline long ccurl_response_code(CURL *_Nonnull curl) {
    long code = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &code);
    return code;
}

/// CURL_ERROR_SIZE is a macro; Swift needs it to size the error buffer.
static inline size_t ccurl_error_size(void) { return CURL_ERROR_SIZE; }

/// CURL_GLOBAL_DEFAULT is a macro.
static inline CURLcode ccurl_global_init(void) { return curl_global_init(CURL_GLOBAL_DEFAULT); }

#endif
