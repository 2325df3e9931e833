#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace qa::rules {

/// A rules file that cannot be used. The message reads "file:line:col: rules[<id>].<key>:
/// problem" (or "file:line:col: problem" for TOML syntax errors), the form editors and terminals
/// turn into a link.
class RuleError : public std::runtime_error {
  public:
    RuleError(std::string file, std::uint32_t line, std::uint32_t column, std::string key,
              const std::string& problem);
    const std::string& file() const { return file_; }
    std::uint32_t line() const { return line_; }
    std::uint32_t column() const { return column_; }
    /// The offending key, e.g. "rules[aws-access-key-id].regex"; empty for syntax errors.
    const std::string& key() const { return key_; }

  private:
    std::string file_;
    std::uint32_t line_;
    std::uint32_t column_;
    std::string key_;
};

}  // namespace qa::rules
