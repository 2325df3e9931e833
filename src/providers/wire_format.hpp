#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "json/value.hpp"
#include "providers/binding.hpp"
#include "providers/http_client.hpp"
#include "providers/model_call.hpp"

namespace qa::providers {

/// A 2xx response body read by a wire format.
struct WireAnswer {
    enum class Kind {
        ok,          ///< `document` holds the structured answer
        refused,     ///< the model declined (refusal block / stop reason)
        incomplete,  ///< cut short (max tokens, content filter): the JSON cannot be trusted
        malformed,   ///< not the documented response shape, or the answer is not JSON
    };
    Kind kind = Kind::malformed;
    json::Value document;
    std::optional<std::int64_t> inputTokens;  ///< null when the response has no usage
    std::optional<std::int64_t> outputTokens;
    std::string modelId;
    std::string detail;  ///< why, for refused/incomplete/malformed (no response text)
};

/// One provider HTTP dialect: where to POST, which headers carry the key, the request body, and
/// how to read the answer. Stateless; the instances live for the whole program.
class WireFormat {
  public:
    virtual ~WireFormat() = default;
    virtual std::string url(const Binding& binding) const = 0;
    /// The key goes into exactly one header; the others are fixed (versions, content type).
    virtual std::vector<HttpHeader> headers(const std::string& api_key) const = 0;
    virtual json::Value body(const Binding& binding, const ModelRequest& request) const = 0;
    virtual WireAnswer read(const json::Value& response, const ModelRequest& request) const = 0;
    /// Name of the response header holding the provider's request id.
    virtual std::string_view request_id_header() const = 0;
};

/// The wire format a binding speaks: openai-codex -> Responses (or Chat Completions when
/// `api = "chat_completions"`), anthropic-claude -> Messages.
const WireFormat& wire_format_for(const Binding& binding);

/// Parses the model's answer text as JSON into `answer` (kind ok or malformed).
void read_answer_text(std::string_view text, WireAnswer& answer);

/// The integer member `key` of `object`, or nullopt.
std::optional<std::int64_t> integer_member(const json::Value* object, std::string_view key);
/// The string member `key` of `object`, or "".
std::string string_member(const json::Value* object, std::string_view key);

}  // namespace qa::providers
