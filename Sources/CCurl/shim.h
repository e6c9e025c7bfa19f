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
