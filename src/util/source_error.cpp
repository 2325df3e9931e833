#include "util/source_error.hpp"

namespace qa::util {

SourceError::SourceError(ExitCode exit_class, std::string_view label, std::string file,
                         std::uint32_t line, std::uint32_t column, std::string key,
                         const std::string& problem)
    : Error(exit_class,
            file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " +
                (key.empty() ? problem : key + ": " + problem),
            label),
      file_(std::move(file)),
      line_(line),
      column_(column),
      key_(std::move(key)) {}

}  // namespace qa::util
