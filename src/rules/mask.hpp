#pragma once

#include <string>
#include <string_view>

namespace qa::rules {

/// The form in which a secret may be shown or stored: never the secret itself. Reveals at most
/// its first 4 bytes (16 bytes or longer), 2 (8 to 15 bytes) or none (shorter, or when those
/// bytes are not printable ASCII), then "********" and the length: `AKIA********(20)`.
std::string mask_secret(std::string_view secret);

/// `text` with every occurrence of `secret` replaced by mask_secret(secret), for snippets and
/// evidence that show the line around a finding.
std::string redact(std::string_view text, std::string_view secret);

/// Shannon entropy of `s` in bits per byte (0 for an empty string, at most 8).
double shannon_entropy(std::string_view s);

}  // namespace qa::rules
