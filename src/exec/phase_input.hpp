#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace qa::exec {

/// Seed 004's PhaseValidationAgentInput.
struct PhaseInput {
    std::string workingDirectory;
    std::vector<std::string> changedFiles;
    std::optional<std::string> language;
    std::optional<std::string> formatCommand;
    std::optional<std::string> lintCommand;
    std::optional<std::string> buildCommand;
    std::optional<std::string> testCommand;
    std::int64_t maxRetries = 3;
    bool skipBuild = false;
    bool skipTests = false;
};

/// Input that breaks seed 004's rules; the message is the one the output carries
/// ("Validation failed: missing required parameter 'working_directory'").
class PhaseInputError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// Parses and validates the input JSON against the embedded phase-validation-input.v1 schema,
/// then checks that working_directory exists and that every *_command splits into an argv
/// without a shell. Throws PhaseInputError.
PhaseInput parse_phase_input(std::string_view json_text);

}  // namespace qa::exec
