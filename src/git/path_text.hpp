#pragma once

#include <string>
#include <string_view>

namespace qa::git {

/// A repository path as the change set carries it into lenses, reports and artifacts (JSON,
/// which holds only UTF-8): unchanged when it is valid UTF-8; otherwise (a Latin-1 name such
/// as `caf\xe9.txt` from an old tree) as git prints it with core.quotePath, in double quotes
/// with C escapes and every byte outside printable ASCII as three octal digits:
/// `"caf\351.txt"`. Never an error: such a name must not stop a commit with an internal error.
std::string path_text(std::string_view raw);

}  // namespace qa::git
