#pragma once

#include <optional>
#include <span>
#include <string_view>

namespace qa::util {

/// A file of the source tree (schemas, default config, lens data) compiled into the binary.
struct EmbeddedFile {
    std::string_view path;  ///< relative to the source root, e.g. "schemas/v1/lens-result.v1.json"
    std::string_view content;
};

/// Every embedded file, sorted by path. Generated at build time by cmake/embed.cmake.
std::span<const EmbeddedFile> embedded_files();

/// The content of the embedded file at `path`, or nullopt when there is none.
std::optional<std::string_view> find_embedded(std::string_view path);

}  // namespace qa::util
