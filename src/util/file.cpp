#include "util/file.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace qa::util {

std::string read_file(const std::filesystem::path& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        throw IoError(path.string() + ": is a directory, not a file");
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw IoError(path.string() + ": cannot open: " + std::strerror(errno));
    }
    std::ostringstream content;
    content << in.rdbuf();
    if (in.bad()) {
        throw IoError(path.string() + ": read failed: " + std::strerror(errno));
    }
    return std::move(content).str();
}

}  // namespace qa::util
