#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace qa::json {

/// simdjson (3.0) rejects an integer literal outside [INT64_MIN, UINT64_MAX] ("Problem while
/// parsing a number"), although RFC 8259 admits any integer and canonical() writes such
/// literals itself (RFC 8785 spells the double -2^63 as -9223372036854776000). This returns
/// `text` with each such literal outside strings given a ".0", so that it reads as the double
/// it denotes, like the integers above INT64_MAX already do; nullopt when `text` has none.
std::optional<std::string> widen_big_integers(std::string_view text);

}  // namespace qa::json
