#include "util/source_error.hpp"

namespace qa::util {

SourceError::SourceError(std::string file, std::uint32_t line, std::uint32_t column,
                         std::string key, const std::string& problem)
    : std::runtime_error(file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " +
                         (key.empty() ? problem : key + ": " + problem)),
      file_(std::move(file)),
      line_(line),
      column_(column),
      key_(std::move(key)) {}

}  // namespace qa::util
