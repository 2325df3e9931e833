#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "json/value.hpp"

namespace qa::json {

/// Serialises `value` in the JSON Canonicalization Scheme (RFC 8785): members sorted by their
/// UTF-16 code units, no whitespace, ECMAScript number forms, minimal string escapes.
/// Throws json::Error (with the pointer of the culprit) on invalid UTF-8, a duplicate key, a
/// non-finite number, or an integer outside the range a double represents exactly.
/// Every artifact and every hash in qa-skill goes through this one function.
std::string canonical(const Value& value);

/// canonical(value) appended to `out`.
void append_canonical(const Value& value, std::string& out);

/// The canonical form of the string `text`, quoted, appended to `out`. Throws json::Error on
/// invalid UTF-8.
void append_canonical_string(std::string_view text, std::string& out);

/// The canonical object of `members`, whose values are already canonical JSON texts: sorted by
/// key as canonical() sorts and joined, so that a large member (thousands of findings) is
/// serialized once and spliced. Throws json::Error on a duplicate or non-UTF-8 key.
std::string canonical_object(std::vector<std::pair<std::string, std::string>> members);

/// The ECMAScript Number::toString form of a finite double, as RFC 8785 requires.
std::string format_number(double d);

/// True when `text` is well-formed UTF-8 (no overlong forms, surrogates or code points > U+10FFFF).
bool is_valid_utf8(std::string_view text);

/// Orders two UTF-8 strings by their UTF-16 code units (RFC 8785 section 3.2.3).
bool utf16_less(std::string_view a, std::string_view b);

}  // namespace qa::json
