#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

namespace qa::util {

/// A file that could not be read or written; the message names the path and the OS reason.
class IoError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// The whole content of `path`. Throws IoError.
std::string read_file(const std::filesystem::path& path);

}  // namespace qa::util
