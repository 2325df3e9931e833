#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "util/error.hpp"

namespace qa::util {

/// Bad command-line usage; the binaries print it with the usage text and exit 2.
class UsageError : public Error {
  public:
    explicit UsageError(const std::string& message) : Error(kExitUsage, message) {}
};

/// One option of a command. `value_name` empty means a flag without a value.
struct OptionSpec {
    std::string name;  ///< long name without dashes, e.g. "format"
    std::string help;
    std::string value_name;  ///< e.g. "text|json"; empty for a flag
    char short_name = 0;     ///< e.g. 'v' for -v; 0 for none
};

/// The result of parsing argv against a list of OptionSpec.
struct ParsedArgs {
    std::map<std::string, std::string> values;  ///< options given with a value
    std::vector<std::string> flags;             ///< flags given
    std::vector<std::string> positional;
    bool help = false;

    bool flag(const std::string& name) const;
    std::optional<std::string> value(const std::string& name) const;
    /// The option `name` as a count of at least 1, when given (`--jobs 4`); UsageError otherwise.
    std::optional<std::size_t> positive_count(const std::string& name) const;
};

/// Parses `args` (argv without the program and command names). Throws UsageError naming the
/// offending option. cxxopts stays inside this one translation unit, as it is slow to compile.
ParsedArgs parse_args(const std::string& program, std::span<const OptionSpec> specs,
                      const std::vector<std::string>& args);

/// The help text for a command: its usage line, then one line per option.
std::string usage_text(const std::string& usage_line, std::span<const OptionSpec> specs);

}  // namespace qa::util
