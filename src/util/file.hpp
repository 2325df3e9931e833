#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

#include "util/error.hpp"

namespace qa::util {

/// A file that could not be read or written; the message names the path and the OS reason.
/// Exit 2: an input the user gave cannot be read (or an output they chose cannot be written).
class IoError : public Error {
  public:
    explicit IoError(const std::string& message) : Error(kExitUsage, message) {}
};

/// The whole content of `path`. Throws IoError.
std::string read_file(const std::filesystem::path& path);

}  // namespace qa::util
