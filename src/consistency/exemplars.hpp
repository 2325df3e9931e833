#pragma once

#include <functional>
#include <string>
#include <vector>

#include "consistency/tree.hpp"
#include "rubric/rubric.hpp"

namespace qa::consistency {

/// Whether a file holds something a credential rule matches: such a file is never an exemplar
/// (its text would enter the rubric and the model's packet).
using CredentialTest = std::function<bool(const TreeFile&)>;

/// The documented rule by which exemplars are chosen, in the rubric's own words.
extern const char* const kExemplarRule;

/// The exemplars of `tree` under `rules` (kExemplarRule).
std::vector<rubric::Exemplar> choose_exemplars(const Tree& tree,
                                               const std::vector<rubric::Rule>& rules,
                                               const CredentialTest& has_credential);

}  // namespace qa::consistency
