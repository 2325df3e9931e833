#pragma once

#include <curl/curl.h>

#include <memory>
#include <string>
#include <type_traits>

namespace qa::providers {

/// libcurl loaded at run time with dlopen, and the table of the functions the HTTP client calls.
/// Only a model lens that calls a provider needs libcurl, and it brings some 25 libraries (TLS,
/// HTTP/2, IDN, LDAP, Kerberos...): linked, every commit would pay for loading them. curl/curl.h
/// still gives the types and constants; the functions come from here.
///
/// The object owns the library handle and its curl_global_init: the destructor calls
/// curl_global_cleanup and dlclose. Handles made through it must be freed before it goes.
class CurlLibrary {
  public:
    /// The soname of libcurl's ABI 4, as installed by Debian's libcurl4 packages.
    static constexpr const char* kDefaultSoname = "libcurl.so.4";

    /// Loads `soname` and initialises it. Never throws for a library that is missing, lacks a
    /// function or fails to initialise: loaded() is then false and error() says why.
    explicit CurlLibrary(const std::string& soname = kDefaultSoname);
    ~CurlLibrary();
    CurlLibrary(const CurlLibrary&) = delete;
    CurlLibrary& operator=(const CurlLibrary&) = delete;

    bool loaded() const { return loaded_; }
    /// Why loading failed (names the library and the dlopen/dlsym message); empty when loaded.
    const std::string& error() const { return error_; }

    // The functions of libcurl qa-skill calls, valid only when loaded().
    CURL* (*easy_init)() = nullptr;
    void (*easy_cleanup)(CURL*) = nullptr;
    void (*easy_reset)(CURL*) = nullptr;
    CURLcode (*easy_perform)(CURL*) = nullptr;
    const char* (*easy_strerror)(CURLcode) = nullptr;
    curl_slist* (*slist_append)(curl_slist*, const char*) = nullptr;
    void (*slist_free_all)(curl_slist*) = nullptr;

    /// curl_easy_setopt with the argument types libcurl reads through va_arg: long, curl_off_t,
    /// or a pointer (data or function). An int or a size_t would be read as the wrong width.
    template <class T>
    CURLcode setopt(CURL* handle, CURLoption option, T value) const {
        static_assert(std::is_same_v<T, long> || std::is_same_v<T, curl_off_t> ||
                          std::is_pointer_v<T> || std::is_null_pointer_v<T>,
                      "curl_easy_setopt takes a long, a curl_off_t or a pointer");
        return easy_setopt_(handle, option, value);
    }
    /// curl_easy_getinfo for a long result (the response code).
    CURLcode getinfo(CURL* handle, CURLINFO info, long* out) const {
        return easy_getinfo_(handle, info, out);
    }

  private:
    struct Close {
        void operator()(void* handle) const;
    };
    std::unique_ptr<void, Close> handle_;
    bool loaded_ = false;
    bool initialised_ = false;
    std::string error_;
    CURLcode (*global_init_)(long) = nullptr;
    void (*global_cleanup_)() = nullptr;
    CURLcode (*easy_setopt_)(CURL*, CURLoption, ...) = nullptr;
    CURLcode (*easy_getinfo_)(CURL*, CURLINFO, ...) = nullptr;
};

}  // namespace qa::providers
