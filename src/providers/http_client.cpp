#include "providers/http_client.hpp"

#include <curl/curl.h>

#include <algorithm>
#include <cctype>
#include <mutex>
#include <stdexcept>

#include "providers/curl_library.hpp"

namespace qa::providers {

namespace {

/// Easy handles and header lists are freed through the library that made them.
struct EasyFree {
    const CurlLibrary* curl;
    void operator()(CURL* handle) const { curl->easy_cleanup(handle); }
};
using Easy = std::unique_ptr<CURL, EasyFree>;

struct SlistFree {
    const CurlLibrary* curl;
    void operator()(curl_slist* list) const { curl->slist_free_all(list); }
};
using Slist = std::unique_ptr<curl_slist, SlistFree>;

/// What the callbacks of one transfer write into.
struct Transfer {
    HttpResponse* response;
    std::size_t maxBytes;
    bool tooLarge = false;
    const util::CancellationToken* stop;
};

std::size_t on_body(char* data, std::size_t size, std::size_t count, void* user) {
    auto* t = static_cast<Transfer*>(user);
    const std::size_t n = size * count;
    if (t->response->body.size() + n > t->maxBytes) {
        t->tooLarge = true;
        return 0;  // stops the transfer with CURLE_WRITE_ERROR
    }
    t->response->body.append(data, n);
    return n;
}

std::size_t on_header(char* data, std::size_t size, std::size_t count, void* user) {
    auto* t = static_cast<Transfer*>(user);
    const std::size_t n = size * count;
    std::string_view line(data, n);
    while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) {
        line.remove_suffix(1);
    }
    if (line.starts_with("HTTP/")) {
        t->response->headers.clear();  // a new response (after a 100 Continue): keep only its own
        return n;
    }
    const auto colon = line.find(':');
    if (colon == std::string_view::npos) {
        return n;
    }
    std::string name(line.substr(0, colon));
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    std::string_view value = line.substr(colon + 1);
    while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) {
        value.remove_prefix(1);
    }
    while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) {
        value.remove_suffix(1);
    }
    t->response->headers.push_back({std::move(name), std::string(value)});
    return n;
}

int on_progress(void* user, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
    const auto* t = static_cast<const Transfer*>(user);
    return t->stop->stop_requested() ? 1 : 0;  // non-zero aborts with CURLE_ABORTED_BY_CALLBACK
}

TransportStatus transport_of(CURLcode rc, const Transfer& t) {
    switch (rc) {
        case CURLE_OK:
            return TransportStatus::ok;
        case CURLE_OPERATION_TIMEDOUT:
            return TransportStatus::timed_out;
        case CURLE_ABORTED_BY_CALLBACK:
            return TransportStatus::cancelled;
        case CURLE_WRITE_ERROR:
            return t.tooLarge ? TransportStatus::too_large : TransportStatus::broken;
        case CURLE_COULDNT_RESOLVE_PROXY:
        case CURLE_COULDNT_RESOLVE_HOST:
        case CURLE_COULDNT_CONNECT:
        case CURLE_SSL_CONNECT_ERROR:
        case CURLE_PEER_FAILED_VERIFICATION:
        case CURLE_SSL_CACERT_BADFILE:
        case CURLE_SEND_ERROR:
            return TransportStatus::connect_failed;
        default:
            return TransportStatus::broken;
    }
}

}  // namespace

const std::string* HttpResponse::header(std::string_view name) const {
    const std::string* found = nullptr;
    for (const auto& h : headers) {
        if (h.name == name) {
            found = &h.value;
        }
    }
    return found;
}

/// libcurl, loaded at the first request (a run without provider calls never loads it), and the
/// idle easy handles: each keeps its connection cache, so handing one back and taking it again
/// reuses the connection to the provider. `idle` is declared after `curl`, so the handles are
/// freed before the library that made them.
struct HttpClient::Impl {
    std::string soname;
    std::mutex mutex;
    std::unique_ptr<const CurlLibrary> curl;
    std::vector<Easy> idle;

    /// The library, loaded on the first call; check loaded() before using it.
    const CurlLibrary& library() {
        std::lock_guard lock(mutex);
        if (!curl) {
            curl = std::make_unique<const CurlLibrary>(soname);
        }
        return *curl;
    }
    Easy acquire(const CurlLibrary& lib) {
        {
            std::lock_guard lock(mutex);
            if (!idle.empty()) {
                Easy e = std::move(idle.back());
                idle.pop_back();
                lib.easy_reset(e.get());  // keeps live connections, drops every option
                return e;
            }
        }
        Easy e(lib.easy_init(), EasyFree{&lib});
        if (!e) {
            throw std::runtime_error("curl_easy_init failed");
        }
        return e;
    }
    void release(Easy e) {
        std::lock_guard lock(mutex);
        idle.push_back(std::move(e));
    }
};

HttpClient::HttpClient() : HttpClient(std::string(CurlLibrary::kDefaultSoname)) {}
HttpClient::HttpClient(std::string curl_library) : impl_(std::make_unique<Impl>()) {
    impl_->soname = std::move(curl_library);
}
HttpClient::~HttpClient() = default;

HttpResponse HttpClient::send(const HttpRequest& request,
                              const util::CancellationToken& stop) const {
    HttpResponse response;
    Transfer transfer{&response, request.maxResponseBytes, false, &stop};
    if (stop.stop_requested()) {
        response.transport = TransportStatus::cancelled;
        return response;
    }
    const CurlLibrary& curl = impl_->library();
    if (!curl.loaded()) {
        response.transport = TransportStatus::no_library;
        response.transportError = curl.error();
        return response;
    }
    Easy easy = impl_->acquire(curl);
    CURL* h = easy.get();

    Slist headers(nullptr, SlistFree{&curl});
    for (const auto& header : request.headers) {
        const std::string line = header.name + ": " + header.value;
        curl_slist* next = curl.slist_append(headers.get(), line.c_str());
        if (next == nullptr) {
            throw std::bad_alloc();
        }
        (void)headers.release();
        headers.reset(next);
    }
    // No "Expect: 100-continue" round trip for large bodies.
    if (curl_slist* next = curl.slist_append(headers.get(), "Expect:")) {
        (void)headers.release();
        headers.reset(next);
    }

    char error_buffer[CURL_ERROR_SIZE] = {};
    curl.setopt(h, CURLOPT_ERRORBUFFER, error_buffer);
    curl.setopt(h, CURLOPT_URL, request.url.c_str());
    curl.setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
    curl.setopt(h, CURLOPT_FOLLOWLOCATION, 0L);
    curl.setopt(h, CURLOPT_SSL_VERIFYPEER, 1L);
    curl.setopt(h, CURLOPT_SSL_VERIFYHOST, 2L);
    curl.setopt(h, CURLOPT_NOSIGNAL, 1L);  // worker threads: no SIGALRM for DNS timeouts
    switch (request.method) {
        case HttpMethod::get:
            curl.setopt(h, CURLOPT_HTTPGET, 1L);
            break;
        case HttpMethod::head:
            curl.setopt(h, CURLOPT_NOBODY, 1L);
            break;
        case HttpMethod::put:
        case HttpMethod::post:
            curl.setopt(h, CURLOPT_POST, 1L);
            curl.setopt(h, CURLOPT_POSTFIELDS, request.body.data());
            curl.setopt(h, CURLOPT_POSTFIELDSIZE_LARGE,
                        static_cast<curl_off_t>(request.body.size()));
            if (request.method == HttpMethod::put) {
                curl.setopt(h, CURLOPT_CUSTOMREQUEST, "PUT");  // the same body, sent as PUT
            }
            break;
    }
    curl.setopt(h, CURLOPT_HTTPHEADER, headers.get());
    curl.setopt(h, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(request.connectTimeoutMs));
    curl.setopt(h, CURLOPT_TIMEOUT_MS, static_cast<long>(request.totalTimeoutMs));
    curl.setopt(h, CURLOPT_ACCEPT_ENCODING, "");  // any encoding libcurl can decode
    curl.setopt(h, CURLOPT_WRITEFUNCTION, on_body);
    curl.setopt(h, CURLOPT_WRITEDATA, &transfer);
    curl.setopt(h, CURLOPT_HEADERFUNCTION, on_header);
    curl.setopt(h, CURLOPT_HEADERDATA, &transfer);
    curl.setopt(h, CURLOPT_NOPROGRESS, 0L);
    curl.setopt(h, CURLOPT_XFERINFOFUNCTION, on_progress);
    curl.setopt(h, CURLOPT_XFERINFODATA, &transfer);

    const CURLcode rc = curl.easy_perform(h);
    response.transport = transport_of(rc, transfer);
    if (rc == CURLE_OK) {
        curl.getinfo(h, CURLINFO_RESPONSE_CODE, &response.status);
    } else {
        response.transportError = error_buffer[0] != '\0' ? error_buffer : curl.easy_strerror(rc);
        response.body.clear();  // a partial body is never mistaken for an answer
    }
    // Options point into this frame (error buffer, headers, transfer): clear them before reuse.
    curl.setopt(h, CURLOPT_ERRORBUFFER, nullptr);
    curl.setopt(h, CURLOPT_HTTPHEADER, nullptr);
    impl_->release(std::move(easy));
    return response;
}

}  // namespace qa::providers
