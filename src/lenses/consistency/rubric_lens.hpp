#pragma once

#include "lenses/api/lens.hpp"

namespace qa::lenses::consistency {

/// The consistency lens's deterministic part (sub-lens `rubric`): every check of the run's
/// frozen rubric (RunInput::rubric) on the changed lines only, with no provider. Line checks
/// (forbidden lines, line length, declaration names) judge each added line; path and content
/// checks (file names, test layout, required headers, namespaces) judge a file whose every line
/// is added (a new file, or one scanned whole), and a namespace declaration on an added line.
/// Each finding names its rubric rule and the evidence behind it.
class RubricLens final : public lenses::api::Lens {
  public:
    contracts::LensResult run(const contracts::LensPlan& plan,
                              const lenses::api::LensContext& context) const override;
};

}  // namespace qa::lenses::consistency
