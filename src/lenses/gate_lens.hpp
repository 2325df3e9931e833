#pragma once

#include "lenses/api/lens.hpp"

namespace qa::lenses {

/// The gate lens: what a change does to the gate itself, shown to whoever reviews it. It
/// reports, as `gate-weakened` findings (low, never blocking), each weakening of the
/// configuration and each batch of findings newly accepted by the baseline that the
/// orchestrator found (RunInput::gateChanges), and each inline suppression an added line
/// writes. It cannot be disabled: a change that turns the other lenses off is what it is for.
class GateLens : public lenses::api::Lens {
  public:
    contracts::LensResult run(const contracts::LensPlan& plan,
                              const lenses::api::LensContext& context) const override;
};

}  // namespace qa::lenses
