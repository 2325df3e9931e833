#include "util/source_error.hpp"

namespace qa::util {

std::string SourceError::position(const std::string& file, std::uint32_t line,
                                  std::uint32_t column) {
    if (line == 0) {
        return file;
    }
    return file + ":" + std::to_string(line) + (column == 0 ? "" : ":" + std::to_string(column));
}

SourceError::SourceError(ExitCode exit_class, std::string_view label, std::string file,
                         std::uint32_t line, std::uint32_t column, std::string key,
                         const std::string& problem)
    : Error(exit_class,
            position(file, line, column) + ": " + (key.empty() ? "" : key + ": ") +
                // An I/O message that starts with the file's name already: named once.
                (problem.starts_with(file + ": ") ? problem.substr(file.size() + 2) : problem),
            label),
      file_(std::move(file)),
      line_(line),
      column_(column),
      key_(std::move(key)) {}

}  // namespace qa::util
