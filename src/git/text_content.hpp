#pragma once

#include <git2.h>

#include <cstddef>
#include <string>
#include <string_view>

#include "git/wide_text.hpp"

namespace qa::git {

/// git's buffer_is_binary() window: a NUL byte in it makes the content binary.
inline constexpr std::size_t kBinaryProbeBytes = 8000;

/// Whether `content` is text as git judges it from the bytes alone (no NUL byte in the first
/// 8000): what the rule lenses must scan whatever .gitattributes says about how to show it.
inline bool is_text(std::string_view content) {
    return content.substr(0, kBinaryProbeBytes).find('\0') == std::string_view::npos;
}

/// The lines of `text` as git diff counts them: a last line without '\n' counts too.
inline std::size_t count_lines(std::string_view text) {
    std::size_t lines = 0;
    for (std::size_t at = 0; at < text.size();) {
        ++lines;
        const std::size_t nl = text.find('\n', at);
        if (nl == std::string_view::npos) {
            break;
        }
        at = nl + 1;
    }
    return lines;
}

/// The bytes of a blob, valid while the blob lives.
inline std::string_view blob_view(git_blob* blob) {
    return {static_cast<const char*>(git_blob_rawcontent(blob)),
            static_cast<std::size_t>(git_blob_rawsize(blob))};
}

}  // namespace qa::git
