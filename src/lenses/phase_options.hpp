#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

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
    /// `option` is the key under `[lenses.phase.options]` ("" for the table itself);
    /// `unknown_key`: the key itself is wrong, not its value (the error points at the key).
    PhaseOptionsError(std::string option, const std::string& problem, bool unknown_key = false)
        : std::invalid_argument("lenses.phase.options" +
                                (option.empty() ? std::string() : "." + option) + ": " + problem),
          option_(std::move(option)),
          problem_(problem),
          unknownKey_(unknown_key) {}

    const std::string& option() const { return option_; }
    const std::string& problem() const { return problem_; }
    bool unknown_key() const { return unknownKey_; }

  private:
    std::string option_;
    std::string problem_;
    bool unknownKey_;
};

/// Reads the options object; an unknown key, a wrong type, a language seed 004 does not know
/// or a *_command that needs a shell throws PhaseOptionsError.
PhaseOptions parse_phase_options(const json::Value& options);

}  // namespace qa::lenses
