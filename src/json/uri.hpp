#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace qa::json {

/// The target of reference `ref` against `base` (RFC 3986 section 5.2.2).
std::string resolve_uri(std::string_view base, std::string_view ref);

/// `uri` without its `#fragment`.
std::string strip_fragment(std::string_view uri);

/// "http://x/a/b.json" -> "http://x/a/": the base that sibling documents share.
std::string directory_of(std::string_view uri);

/// `%XX` escapes decoded; anything else kept as it is.
std::string percent_decode(std::string_view s);

/// The `file://` URI of an absolute or relative path (made absolute), percent-encoded.
std::string file_uri(const std::filesystem::path& path);

}  // namespace qa::json
