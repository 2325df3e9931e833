#pragma once

#include <string>
#include <string_view>

namespace qa::json {

/// A JSON Schema `pattern` (ECMA-262 syntax, Unicode semantics) rewritten in RE2 syntax where
/// the two differ in what they match: `\s`/`\S` (ECMA's whitespace includes Unicode spaces),
/// `.` (never matches a line terminator), `\cX`, `\uXXXX` (surrogate pairs joined), `\0`,
/// `[\b]`, `[]`/`[^]`, and the long Unicode property names (`\p{Letter}`, `\p{digit}`,
/// `\p{Script=Greek}`). Everything else passes through; what RE2 cannot do at all
/// (backreferences, lookarounds) is left for RE2 to reject.
std::string ecma_to_re2(std::string_view pattern);

}  // namespace qa::json
