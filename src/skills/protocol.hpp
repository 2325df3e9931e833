#pragma once

#include <string>
#include <vector>

#include "json/value.hpp"
#include "skills/check_language.hpp"
#include "skills/skill.hpp"
#include "skills/validation_error.hpp"

namespace qa::skills {

/// How one pre_check or post_check came out.
struct CheckOutcome {
    std::string description;
    std::string validation;
    CheckStatus status = CheckStatus::NotCheckable;
    std::string detail;  ///< what was found when it failed
};

/// The result of seed 001's pre- or post-execution protocol.
struct ProtocolReport {
    bool ok = false;
    /// The inputs after coercion and defaults (pre), or the outputs as given (post).
    json::Value values;
    std::vector<ValidationError> errors;    ///< each a FAIL
    std::vector<ValidationError> warnings;  ///< e.g. an output type mismatch
    std::vector<CheckOutcome> checks;
    /// The seed's one-line messages, in order ("Missing required input: namespace", ...).
    std::vector<std::string> messages;
    /// For a cacheable skill whose inputs passed: seed 001's cache key
    /// `{skill}:{sha256(canonical inputs)}` of the coerced inputs (cache/key.hpp).
    std::string cache_key;
};

/// Pre-execution: (1) required inputs present, (2) types checked with the coercion table,
/// (3) defaults applied, (4) pre_checks evaluated (only once 1-2 passed), then the cache key of
/// a cacheable skill. `inputs` must be a JSON object.
ProtocolReport check_inputs(const Skill& skill, const json::Value& inputs);

/// Post-execution: (1) required outputs present (missing: FAIL), (2) declared outputs of another
/// type (WARN), (3) post_checks evaluated; names not among the outputs are looked up in `inputs`
/// when given (seed 001's example checks `operation`, an input, after execution).
ProtocolReport check_outputs(const Skill& skill, const json::Value& outputs,
                             const json::Value* inputs = nullptr);

/// The example value a suggestion shows for `field`: its default, or the first item after
/// "e.g." in its description; empty when there is neither.
std::string example_for(const FieldSpec& field);

}  // namespace qa::skills
