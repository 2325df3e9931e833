#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "contracts/types.hpp"
#include "rules/rule_set.hpp"

namespace qa::lenses::external {

/// An external lens's stdout read as its LensResult (doc/external-lens-protocol.md), or why it
/// cannot be: not JSON, not valid against lens-result.v1, or not the result of `plan` (another
/// lens, version, sub-lens or plan ordinal; a finding on a file the plan does not hold, or on
/// line 0; a rule id that is not `[A-Za-z0-9._/-]{1,128}`).
///
/// Rule ids are put in the lens's namespace (`<lensId>/<ruleId>`, unless the program did so).
/// What is kept is rebuilt, never copied: finding ids and evidence hashes are computed here
/// from the answer's rule, file, line and evidenceHash (so they follow the same rules as every
/// other lens's), every string the program wrote is passed through `credentials` so that a
/// secret it quotes is masked before it reaches an artifact, control characters are replaced
/// (a summary cannot drive the terminal), and the program's executionAudit is dropped (the
/// caller records what really ran).
std::variant<contracts::LensResult, std::string> read_answer(std::string_view stdout_text,
                                                             const contracts::LensPlan& plan,
                                                             const rules::RuleSet& credentials);

}  // namespace qa::lenses::external
