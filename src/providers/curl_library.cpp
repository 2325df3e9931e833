#include "providers/curl_library.hpp"

#include <dlfcn.h>

namespace qa::providers {
namespace {

/// dlerror() of the last dl* call, or `fallback` when it has none.
std::string dl_message(const char* fallback) {
    const char* message = dlerror();
    return message != nullptr ? message : fallback;
}

}  // namespace

void CurlLibrary::Close::operator()(void* handle) const {
    dlclose(handle);
}

CurlLibrary::CurlLibrary(const std::string& soname) {
    // RTLD_NODELETE: libcurl's TLS and HTTP/2 libraries register exit handlers and thread keys;
    // they must stay mapped after our handle is closed. RTLD_LOCAL keeps their symbols to us.
    handle_.reset(dlopen(soname.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE));
    if (!handle_) {
        error_ = "libcurl cannot be loaded: " + dl_message(soname.c_str());
        return;
    }
    bool complete = true;
    const auto bind = [&](auto& function, const char* name) {
        if (!complete) {
            return;
        }
        dlerror();  // clears a stale message, so a null symbol is told from an error
        void* symbol = dlsym(handle_.get(), name);
        if (symbol == nullptr) {
            error_ = "libcurl " + soname + " lacks " + name + ": " + dl_message("not found");
            complete = false;
            return;
        }
        // POSIX guarantees that a dlsym result converts to a function pointer.
        function = reinterpret_cast<std::remove_reference_t<decltype(function)>>(symbol);
    };
    bind(global_init_, "curl_global_init");
    bind(global_cleanup_, "curl_global_cleanup");
    bind(easy_init, "curl_easy_init");
    bind(easy_cleanup, "curl_easy_cleanup");
    bind(easy_reset, "curl_easy_reset");
    bind(easy_perform, "curl_easy_perform");
    bind(easy_strerror, "curl_easy_strerror");
    bind(easy_setopt_, "curl_easy_setopt");
    bind(easy_getinfo_, "curl_easy_getinfo");
    bind(slist_append, "curl_slist_append");
    bind(slist_free_all, "curl_slist_free_all");
    if (!complete) {
        return;
    }
    // Reference-counted and thread-safe in libcurl >= 7.84 (Debian 12 ships 7.88).
    const CURLcode rc = global_init_(CURL_GLOBAL_DEFAULT);
    if (rc != CURLE_OK) {
        error_ = std::string("libcurl initialisation failed: ") + easy_strerror(rc);
        return;
    }
    initialised_ = true;
    loaded_ = true;
}

CurlLibrary::~CurlLibrary() {
    if (initialised_) {
        global_cleanup_();
    }
}

}  // namespace qa::providers
