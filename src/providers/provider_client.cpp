#include "providers/provider_client.hpp"

#include <chrono>

#include "json/canonical.hpp"
#include "json/error.hpp"
#include "json/parse.hpp"
#include "json/schema_validator.hpp"
#include "providers/http_error.hpp"
#include "providers/usage.hpp"
#include "providers/wire_format.hpp"

namespace qa::providers {

namespace {

using contracts::ErrorCode;

/// Every occurrence of the key replaced: defence in depth for messages built from libcurl's
/// error text or a provider's identifiers.
std::string scrub(std::string text, const std::string& key) {
    if (key.empty()) {
        return text;
    }
    for (std::size_t at = text.find(key); at != std::string::npos; at = text.find(key, at)) {
        text.replace(at, key.size(), "[redacted]");
    }
    return text;
}

std::string answer_problem(const WireAnswer& answer) {
    switch (answer.kind) {
        case WireAnswer::Kind::refused:
            return "the model refused to answer (" + answer.detail + ")";
        case WireAnswer::Kind::incomplete:
            return "the answer is incomplete (" + answer.detail + ")";
        case WireAnswer::Kind::malformed:
            return "the response is malformed (" + answer.detail + ")";
        case WireAnswer::Kind::ok:
            break;
    }
    return {};
}

/// `url` as a log may show it: without user:password@ and without a query string.
std::string endpoint_of(std::string_view url) {
    std::string out(url.substr(0, url.find('?')));
    const auto scheme = out.find("://");
    const auto host = scheme == std::string::npos ? 0 : scheme + 3;
    const auto at = out.find('@', host);
    if (at != std::string::npos && at < out.find('/', host)) {
        out.erase(host, at + 1 - host);
    }
    return out;
}

/// `HTTP 429` or the transport's failure, for the log.
std::string outcome_of(const HttpResponse& response) {
    if (response.transport != TransportStatus::ok) {
        return "no response (" + response.transportError + ")";
    }
    return "HTTP " + std::to_string(response.status);
}

}  // namespace

ProviderClient::ProviderClient(const HttpClient& http, const Sleeper& sleeper, KeyLookup keys,
                               const log::Log* log)
    : http_(http), sleeper_(sleeper), keys_(std::move(keys)), log_(log) {}

std::string ProviderClient::request_body(const Binding& binding, const ModelRequest& request) {
    return json::canonical(wire_format_for(binding).body(binding, request));
}

CallOutcome ProviderClient::call(const Binding& binding, const ModelRequest& request,
                                 const util::CancellationToken& stop) const {
    const auto started = std::chrono::steady_clock::now();
    CallOutcome out;
    out.usage = failed_call_usage();
    const std::string who = "provider binding '" + binding.pinned.bindingId + "': ";
    const auto finish = [&](std::optional<ProviderFailure> failure) {
        out.failure = std::move(failure);
        out.latencyMs = std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::steady_clock::now() - started)
                            .count();
        return out;
    };

    const std::optional<std::string> key = keys_(binding.apiKeyEnv);
    if (!key) {
        return finish(ProviderFailure{ErrorCode::PROVIDER_AUTH_ERROR,
                                      who + "the environment variable " + binding.apiKeyEnv +
                                          " that holds its API key is not set"});
    }
    const WireFormat& wire = wire_format_for(binding);
    HttpRequest http_request;
    http_request.url = wire.url(binding);
    http_request.headers = wire.headers(*key);
    http_request.body = request_body(binding, request);
    http_request.connectTimeoutMs = binding.connectTimeoutMs;
    http_request.totalTimeoutMs = binding.pinned.timeoutMs;
    http_request.maxResponseBytes = binding.maxResponseBytes;

    const std::int64_t retries = binding.pinned.retryMax;
    for (std::int64_t attempt = 0;; ++attempt) {
        const auto sent = std::chrono::steady_clock::now();
        const HttpResponse response = http_.post(http_request, stop);
        ++out.attempts;
        if (log_ != nullptr) {
            log_->debug("provider", [&] {
                const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                                    std::chrono::steady_clock::now() - sent)
                                    .count();
                return binding.pinned.bindingId + ": POST " + endpoint_of(http_request.url) +
                       " -> " + scrub(outcome_of(response), *key) + ", attempt " +
                       std::to_string(out.attempts) + " of " + std::to_string(retries + 1) + ", " +
                       std::to_string(ms) + " ms";
            });
        }
        if (response.transport == TransportStatus::ok && response.status >= 200 &&
            response.status <= 299) {
            if (const std::string* id = response.header(wire.request_id_header())) {
                out.answer.emplace();
                out.answer->requestId = *id;
            }
            json::Value document;
            try {
                document = json::parse(response.body);
            } catch (const json::Error&) {
                out.answer.reset();
                return finish(ProviderFailure{
                    ErrorCode::PROVIDER_UNAVAILABLE,
                    who + "HTTP " + std::to_string(response.status) + " body is not JSON"});
            }
            WireAnswer read = wire.read(document, request);
            out.usage =
                usage_from(read.inputTokens, read.outputTokens, binding.prices, out.warningCodes);
            if (read.kind != WireAnswer::Kind::ok) {
                out.answer.reset();
                return finish(
                    ProviderFailure{ErrorCode::PROVIDER_UNAVAILABLE, who + answer_problem(read)});
            }
            if (request.validator != nullptr) {
                const auto errors = request.validator->validate(read.document);
                if (!errors.empty()) {
                    out.answer.reset();
                    return finish(ProviderFailure{
                        ErrorCode::PROVIDER_UNAVAILABLE,
                        scrub(who + "the answer breaks the schema '" + request.schemaName +
                                  "' at '" + errors.front().pointer +
                                  "': " + errors.front().message,
                              *key)});
                }
            }
            if (!out.answer) {
                out.answer.emplace();
            }
            out.answer->document = std::move(read.document);
            out.answer->modelId = std::move(read.modelId);
            return finish(std::nullopt);
        }

        const AttemptFailure failure = classify_failure(response, std::chrono::system_clock::now());
        if (!failure.transient || attempt >= retries) {
            std::string message = who + failure.message;
            if (out.attempts > 1) {
                message += " after " + std::to_string(out.attempts) + " attempts";
            }
            return finish(ProviderFailure{failure.code, scrub(std::move(message), *key)});
        }
        const std::size_t slot = std::min<std::size_t>(static_cast<std::size_t>(attempt),
                                                       binding.pinned.retryBackoffMs.size() - 1);
        std::int64_t wait = binding.pinned.retryBackoffMs[slot];
        if (failure.retryAfterMs && *failure.retryAfterMs > wait) {
            wait = std::min(*failure.retryAfterMs, kMaxRetryAfterMs);
        }
        out.waitsMs.push_back(wait);
        if (!sleeper_.sleep_for(std::chrono::milliseconds(wait), stop)) {
            return finish(ProviderFailure{ErrorCode::PROVIDER_TIMEOUT,
                                          who + "cancelled while waiting to retry"});
        }
    }
}

}  // namespace qa::providers
