#include "util/embedded_files.hpp"

#include <algorithm>

namespace qa::util {

std::optional<std::string_view> find_embedded(std::string_view path) {
    const auto files = embedded_files();
    const auto it =
        std::lower_bound(files.begin(), files.end(), path,
                         [](const EmbeddedFile& f, std::string_view p) { return f.path < p; });
    if (it == files.end() || it->path != path) {
        return std::nullopt;
    }
    return it->content;
}

}  // namespace qa::util
