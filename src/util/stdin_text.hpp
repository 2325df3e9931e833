#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace qa::util {

/// All of stdin, refused once it grows past `max_bytes`: what a hook or a command reads there is
/// small (git's ref lines, one JSON document), so more is not that input, and holding it would
/// cost memory without bound. Reads at most `max_bytes` + one buffer before refusing. Throws
/// InputError (exit 2) naming `what` and the limit, or IoError when stdin cannot be read.
std::string read_stdin(std::size_t max_bytes, std::string_view what);

}  // namespace qa::util
