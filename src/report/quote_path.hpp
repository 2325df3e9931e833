#pragma once

#include <string>
#include <string_view>

namespace qa::report {

/// A repository path as git prints it with core.quotePath on (its default): unchanged when it
/// holds only printable ASCII other than '"' and '\\'; otherwise in double quotes with C escapes
/// (\t, \n, \", \\, ...) and every other byte below 0x20, 0x7f and above as three octal digits.
/// So a file name cannot move the cursor, retitle the terminal or fake a report line.
std::string quote_path(std::string_view path);

/// Any text from a repository, a program or a model shown on a terminal (a summary, a rule id, a
/// reason): control characters (C0, DEL, C1, bidirectional overrides and isolates) and bytes
/// that are not UTF-8 become `\ooo` octal escapes, one per byte; other UTF-8 and printable ASCII
/// stay as they are.
std::string printable(std::string_view text);

}  // namespace qa::report
