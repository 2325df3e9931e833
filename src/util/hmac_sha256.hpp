#pragma once

#include <string>
#include <string_view>

namespace qa::util {

/// HMAC-SHA256 of `data` under `key` (OpenSSL), as 64 lowercase hex digits.
std::string hmac_sha256_hex(std::string_view key, std::string_view data);

/// Compares two strings in time that depends on their length only, so a MAC check does not
/// tell an attacker how many leading digits were right.
bool equal_constant_time(std::string_view a, std::string_view b);

}  // namespace qa::util
