#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "skills/skill_loader.hpp"
#include "skills/validation_error.hpp"

namespace qa::skills {

/// What chain-check found: problems (FAIL) and, for each reference, how it resolved.
struct ChainReport {
    std::vector<ValidationError> errors;
    /// The seed's one-line messages ("Chain incompatibility: a.x cannot feed b.y", ...).
    std::vector<std::string> messages;
    /// One line per resolved reference: "$memory.entities (object[]) -> prompt.context (object):
    /// via array access".
    std::vector<std::string> links;
};

/// Checks a chain file (seed 001's `chain:` list, or the list alone) before it runs: every step's
/// skill is found (as <dir>/<skill>/SKILL.md in `skill_dirs`) and valid, literal inputs coerce to
/// the declared types, required inputs are given, and every `$step.field` reference (with `[N]`
/// and `.member` access) names an earlier step whose skill's output_schema declares the field,
/// of a type the compatibility matrix lets feed the input. Throws util::IoError when the chain file
/// cannot be read; YAML problems are reported as errors.
ChainReport check_chain(const std::filesystem::path& chain_file,
                        const std::vector<std::filesystem::path>& skill_dirs,
                        const LoadOptions& options = {});

}  // namespace qa::skills
