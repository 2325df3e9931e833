#pragma once

#include "providers/wire_format.hpp"

namespace qa::providers {

/// Anthropic Messages: POST {base_url}/v1/messages with `x-api-key` and the pinned
/// `anthropic-version: 2023-06-01` (later versions reject sampling parameters). Structured
/// output comes from a forced tool whose input_schema is the request's schema; sampling is
/// `temperature: 0` alone, never with top_p (Claude 4+ rejects both together).
class AnthropicMessages final : public WireFormat {
  public:
    std::string url(const Binding& binding) const override;
    std::vector<HttpHeader> headers(const std::string& api_key) const override;
    json::Value body(const Binding& binding, const ModelRequest& request) const override;
    WireAnswer read(const json::Value& response, const ModelRequest& request) const override;
    std::string_view request_id_header() const override { return "request-id"; }
};

inline constexpr std::string_view kAnthropicVersion = "2023-06-01";

}  // namespace qa::providers
