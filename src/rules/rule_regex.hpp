#pragma once

#include <re2/re2.h>

#include <string>
#include <string_view>

namespace qa::rules {

/// Every rule regex is compiled with these options: `never_nl` so that no match spans lines
/// (a finding always points at one line), and no logging (errors become RuleError instead).
/// Latin-1: every byte is one character, so a byte that is not valid UTF-8 (an ISO-8859-1
/// `.properties` file) is matched by `[^"\s]` like any other, and cannot hide the value around it.
RE2::Options regex_options();

/// Patterns are written line by line, so `^` and `$` mean the start and end of a line.
std::string multiline(std::string_view pattern);

}  // namespace qa::rules
