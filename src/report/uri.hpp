#pragma once

#include <string>
#include <string_view>

namespace qa::report {

/// A repository-relative path as an RFC 3986 relative reference: every byte but the unreserved
/// characters and '/' is percent-encoded (UTF-8 bytes one by one), so "dir with space/é.py"
/// becomes "dir%20with%20space/%C3%A9.py", a valid SARIF `uri-reference`.
std::string path_to_uri(std::string_view path);

}  // namespace qa::report
