#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "util/cancellation.hpp"

namespace qa::providers {

/// One HTTP header. Response header names are lowercased so lookups need no case folding.
struct HttpHeader {
    std::string name;
    std::string value;
};

/// The methods qa-skill sends: POST to providers; GET, PUT and HEAD to a team cache store.
enum class HttpMethod { post, get, put, head };

/// One request (a POST to a provider unless `method` says otherwise). The headers may hold an
/// API key or a bearer token: this struct is never logged.
struct HttpRequest {
    HttpMethod method = HttpMethod::post;
    std::string url;
    std::vector<HttpHeader> headers;
    std::string body;  ///< sent with POST and PUT
    std::int64_t connectTimeoutMs = 10000;
    std::int64_t totalTimeoutMs = 60000;
    std::size_t maxResponseBytes = 8u << 20;
};

/// How the transfer ended, independently of the HTTP status.
enum class TransportStatus {
    ok,              ///< a complete HTTP response arrived (any status)
    timed_out,       ///< connect or total timeout
    connect_failed,  ///< DNS, refused, reset, TLS handshake or certificate failure
    broken,          ///< the connection ended mid-response (truncated body, bad framing)
    too_large,       ///< the body passed maxResponseBytes; the transfer was stopped
    cancelled,       ///< the stop check asked to stop
    no_library,      ///< libcurl could not be loaded (transportError says why); nothing was sent
};

/// The outcome of one transfer as a value: expected failures are never exceptions.
struct HttpResponse {
    TransportStatus transport = TransportStatus::broken;
    long status = 0;  ///< HTTP status; 0 when no response arrived
    std::vector<HttpHeader> headers;
    std::string body;
    /// libcurl's description of a transport failure (never contains request headers).
    std::string transportError;

    /// The last header named `name` (lowercase), or nullptr.
    const std::string* header(std::string_view name) const;
};

/// The one HTTP client of qa-skill, over libcurl, which it loads at the first request
/// (providers/curl_library: the binaries do not link libcurl, so a run without provider calls
/// never loads it).
/// TLS verification is always on, redirects are never followed (a key must not travel to another
/// host), only http and https are spoken, and the proxy environment (https_proxy, no_proxy...) is
/// honoured through libcurl's defaults. Easy handles are pooled, so the connections they keep
/// are reused by later requests of the same run. Thread-safe: post() may run on several workers.
class HttpClient {
  public:
    HttpClient();
    /// A client over the libcurl named `curl_library` (a soname or a path); tests name a missing
    /// one to check that every request then fails as a value.
    explicit HttpClient(std::string curl_library);
    ~HttpClient();
    HttpClient(const HttpClient&) = delete;
    HttpClient& operator=(const HttpClient&) = delete;

    /// Sends the request and waits for the answer, the timeout, or `stop` (checked by libcurl's
    /// progress callback, so cancellation takes effect within a fraction of a second).
    HttpResponse send(const HttpRequest& request, const util::CancellationToken& stop = {}) const;
    /// send(), for the provider clients' POSTs.
    HttpResponse post(const HttpRequest& request, const util::CancellationToken& stop = {}) const {
        return send(request, stop);
    }

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace qa::providers
