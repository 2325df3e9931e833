#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "util/error.hpp"

namespace qa::util {

/// An input file that cannot be used, at a place in it. The message reads
/// "file:line:col: key: problem" (or "file:line:col: problem" without a key), the form editors
/// and terminals turn into a link; without a line (0) it is "file: key: problem", never a
/// made-up position. Each kind of input derives its own type from it.
/// Exit 3 ("internal error") unless the derived type says otherwise: a broken built-in file.
class SourceError : public Error {
  public:
    SourceError(std::string file, std::uint32_t line, std::uint32_t column, std::string key,
                const std::string& problem)
        : SourceError(kExitInternal, "internal error", std::move(file), line, column,
                      std::move(key), problem) {}
    /// "file:line:col", "file:line" (column 0) or "file" (line 0): where the message points.
    static std::string position(const std::string& file, std::uint32_t line, std::uint32_t column);

    const std::string& file() const { return file_; }
    std::uint32_t line() const { return line_; }
    std::uint32_t column() const { return column_; }
    /// The offending key, e.g. "lenses.security.mode"; empty for syntax errors.
    const std::string& key() const { return key_; }

  protected:
    SourceError(ExitCode exit_class, std::string_view label, std::string file, std::uint32_t line,
                std::uint32_t column, std::string key, const std::string& problem);

  private:
    std::string file_;
    std::uint32_t line_;
    std::uint32_t column_;
    std::string key_;
};

}  // namespace qa::util
