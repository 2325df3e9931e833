#pragma once

#include <string_view>

#include "json/value.hpp"

namespace qa::json {

/// Parses JSON text (RFC 8259, UTF-8) with simdjson into a Value.
/// Throws json::Error naming the problem; invalid UTF-8 is an error, never repaired.
Value parse(std::string_view text);

}  // namespace qa::json
