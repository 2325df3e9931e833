#pragma once

#include <memory>

#include "lenses/api/lens.hpp"
#include "rules/rule_set.hpp"

namespace qa::lenses::external {

/// A lens implemented by a program outside the binary (`[lenses.<id>] kind = "external"`),
/// speaking doc/external-lens-protocol.md: the request on stdin, a LensResult on stdout. It
/// runs in the run's CommandSandbox (trusted configuration, allowed class, sandboxed profile)
/// through its CommandRunner (killed at the lens's time limit or on a signal). A refusal, a
/// crash, a non-zero exit, a timeout or an answer that is not this plan's valid LensResult is a
/// failed result with its code, never a pass. One instance serves every external lens: what
/// differs (the command, the profile) is in each lens's LensInput.
class ExternalLens final : public lenses::api::Lens {
  public:
    /// `credentials` mask any secret the program quotes in what it answers.
    explicit ExternalLens(std::shared_ptr<const rules::RuleSet> credentials)
        : credentials_(std::move(credentials)) {}

    contracts::LensResult run(const contracts::LensPlan& plan,
                              const lenses::api::LensContext& context) const override;

  private:
    std::shared_ptr<const rules::RuleSet> credentials_;
};

}  // namespace qa::lenses::external
