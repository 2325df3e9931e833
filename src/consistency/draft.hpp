#pragma once

#include <string_view>

#include "consistency/exemplars.hpp"
#include "consistency/tree.hpp"
#include "rubric/rubric.hpp"

namespace qa::consistency {

/// The draft rubric of `tree`: every signal's rules (sorted by ruleId), the exemplars, and the
/// prompt template the guidance rules will be sent with. A function of its arguments alone:
/// same tree, same bytes, in any clone, on any machine.
rubric::Rubric build_draft(const Tree& tree, std::int64_t version, std::string_view prompt_template,
                           const CredentialTest& has_credential);

}  // namespace qa::consistency
