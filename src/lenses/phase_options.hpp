#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

#include "config/config.hpp"
#include "json/value.hpp"

namespace qa::lenses {

/// `[lenses.phase.options]`: named exactly as seed 004's PhaseValidationAgentInput fields, so
/// that the gate and `qa-skill phase-validate` are configured alike.
struct PhaseOptions {
    std::optional<std::string> language;  ///< nullopt: detected from the tree under test
    std::optional<std::string> formatCommand;
    std::optional<std::string> lintCommand;
    std::optional<std::string> buildCommand;
    std::optional<std::string> testCommand;
    std::int64_t maxRetries = 3;  ///< seed 004's default; a failing check re-runs this often
    bool skipBuild = false;
    bool skipTests = false;
};

/// Options that do not fit: "lenses.phase.options.<key>: <problem>".
class PhaseOptionsError : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

/// Reads the options object; an unknown key, a wrong type, a language seed 004 does not know
/// or a *_command that needs a shell throws PhaseOptionsError.
PhaseOptions parse_phase_options(const json::Value& options);

/// `[lenses.phase.options]` of `config` that cannot work, as a config::ConfigError (exit 2)
/// naming the key: `qa-skill config check` and every run report it before anything runs.
void check_phase_options(const config::Config& config);

}  // namespace qa::lenses
