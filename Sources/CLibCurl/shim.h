#ifndef CLIBCURL_SHIM_H
#define CLIBCURL_SHIM_H
// The wrappers below pass arguments of fixed types; libcurl's compile-time type checks of
// curl_easy_setopt's variadic argument add nothing to them.
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

// curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift cannot call:
// one wrapper per argument type.

/// A header or write callback (CURLOPT_HEADERFUNCTION, CURLOPT_WRITEFUNCTION).
typedef size_t (*clibcurl_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode clibcurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode clibcurl_easy_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode clibcurl_easy_setopt_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode clibcurl_easy_setopt_callback(CURL *handle, CURLoption option, clibcurl_data_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode clibcurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode clibcurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

/// The result of a finished transfer (CURLMsg keeps it in a union).
static inline CURLcode clibcurl_message_result(const CURLMsg *message) {
    return message->data.result;
}
#endif
