#include "cache/remote/http.hpp"

#include "providers/http_client.hpp"

namespace qa::cache::remote {
namespace {

using providers::HttpMethod;
using providers::TransportStatus;

std::string transport_text(TransportStatus t) {
    switch (t) {
        case TransportStatus::ok:
            return "ok";
        case TransportStatus::timed_out:
            return "timed out";
        case TransportStatus::connect_failed:
            return "cannot connect";
        case TransportStatus::broken:
            return "connection broken";
        case TransportStatus::too_large:
            return "answer too large";
        case TransportStatus::cancelled:
            return "cancelled";
        case TransportStatus::no_library:
            return "libcurl not loaded";
    }
    return "failed";
}

class HttpBackend final : public Backend {
  public:
    HttpBackend(const Spec& spec, const Options& options)
        : name_(redact_url(spec.url)),
          base_(spec.url),
          credential_env_(spec.credentialEnv),
          credential_(spec.credential.value_or(std::string())),
          timeout_ms_(options.timeoutMs) {
        while (!base_.empty() && base_.back() == '/') {
            base_.pop_back();
        }
    }

    Result get(const CacheKey& key) override {
        providers::HttpResponse response;
        Result r = send(HttpMethod::get, key, {}, response);
        if (r.status == Status::ok) {
            r.bytes = std::move(response.body);
        }
        return r;
    }

    Result put(const CacheKey& key, const std::string& record, std::chrono::seconds) override {
        providers::HttpResponse response;
        return send(HttpMethod::put, key, record, response);
    }

    Result exists(const CacheKey& key) override {
        providers::HttpResponse response;
        return send(HttpMethod::head, key, {}, response);
    }

    Usage usage() override {
        return {std::nullopt, std::nullopt, "plain HTTP cannot list a store; ask the server"};
    }

    std::optional<std::vector<Listed>> list() override { return std::nullopt; }

    const std::string& name() const override { return name_; }

  private:
    Result send(HttpMethod method, const CacheKey& key, const std::string& body,
                providers::HttpResponse& response) const {
        Result r;
        providers::HttpRequest request;
        request.method = method;
        request.url = base_ + "/" + key.name + "-" + key.hash;
        request.body = body;
        request.connectTimeoutMs = timeout_ms_;
        request.totalTimeoutMs = timeout_ms_;
        request.maxResponseBytes = 64u << 20;
        if (method == HttpMethod::put) {
            request.headers.push_back({"Content-Type", "application/octet-stream"});
        }
        if (!credential_env_.empty()) {
            if (credential_.empty()) {
                r.error = "the credential variable " + credential_env_ + " is not set";
                return r;
            }
            request.headers.push_back({"Authorization", "Bearer " + credential_});
        }
        response = client_.send(request);
        if (response.transport != TransportStatus::ok) {
            // libcurl's message names the host, never a request header.
            r.error = transport_text(response.transport) +
                      (response.transportError.empty() ? "" : ": " + response.transportError);
            return r;
        }
        const long status = response.status;
        if (status >= 200 && status < 300) {
            r.status = Status::ok;
        } else if (status == 404 && method != HttpMethod::put) {
            r.status = Status::absent;
        } else if (status == 507 || status == 413) {
            r.status = Status::full;
            r.error = "HTTP " + std::to_string(status) + " (no room)";
        } else {
            r.error = "HTTP " + std::to_string(status);
        }
        return r;
    }

    std::string name_;
    std::string base_;
    std::string credential_env_;
    std::string credential_;  ///< the bearer token: sent in its header only
    std::int64_t timeout_ms_;
    providers::HttpClient client_;
};

}  // namespace

std::unique_ptr<Backend> make_http_backend(const Spec& spec, const Options& options) {
    return std::make_unique<HttpBackend>(spec, options);
}

}  // namespace qa::cache::remote
