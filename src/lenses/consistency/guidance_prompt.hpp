#pragma once

#include <optional>

#include "lenses/api/lens.hpp"
#include "lenses/model/prompt_template.hpp"
#include "lenses/model/secret_lines.hpp"
#include "rubric/rubric.hpp"

namespace qa::lenses::consistency {

/// The instructions of the consistency lens's `guidance` sub-lens: the frozen rubric's prompt
/// template, then its guidance rules with their evidence, then its exemplars, each exemplar line
/// a credential rule matches masked as in every model packet. A function of the rubric alone,
/// so a cached answer is replayed exactly while the rubric stays the same.
model::Instructions guidance_instructions(const rubric::Rubric& rubric,
                                          const model::SecretLines& secrets);

/// ModelLens::InstructionsFor of the guidance sub-lens: from the run's rubric (nullopt without).
std::optional<model::Instructions> guidance_for(const contracts::LensPlan& plan,
                                                const lenses::api::LensContext& context,
                                                const model::SecretLines& secrets);

}  // namespace qa::lenses::consistency
