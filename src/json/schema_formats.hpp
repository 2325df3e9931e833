#pragma once

#include <string_view>

namespace qa::json {

/// True when the string `s` is valid for `format` (date, time, date-time, ipv4, ipv6,
/// hostname, email, json-pointer, relative-json-pointer, regex); formats not known here are
/// annotations only and every string passes.
bool format_matches(std::string_view format, std::string_view s);

}  // namespace qa::json
