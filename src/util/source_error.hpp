#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace qa::util {

/// An input file that cannot be used, at a place in it. The message reads
/// "file:line:col: key: problem" (or "file:line:col: problem" without a key), the form editors
/// and terminals turn into a link. Each kind of input derives its own type from it.
class SourceError : public std::runtime_error {
  public:
    SourceError(std::string file, std::uint32_t line, std::uint32_t column, std::string key,
                const std::string& problem);
    const std::string& file() const { return file_; }
    std::uint32_t line() const { return line_; }
    std::uint32_t column() const { return column_; }
    /// The offending key, e.g. "lenses.security.mode"; empty for syntax errors.
    const std::string& key() const { return key_; }

  private:
    std::string file_;
    std::uint32_t line_;
    std::uint32_t column_;
    std::string key_;
};

}  // namespace qa::util
