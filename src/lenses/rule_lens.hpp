#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "lenses/api/lens.hpp"
#include "plan/registry.hpp"
#include "rules/rule_set.hpp"

namespace qa::lenses {

/// A lens made of data rules (lenses/<id>/rules.toml) and, optionally, the hygiene checks. Each
/// sub-lens runs the rules its selector admits. Findings land on added lines by default
/// (`mode = "added"`); `diff_context`, `file` and `all` widen that to lines around the change
/// or the whole file. Secrets are masked before they enter a finding; evidenceHash still
/// identifies them.
class RuleLens : public lenses::api::Lens {
  public:
    /// Chooses which rules a sub-lens runs (nullopt sub-lens: the lens itself).
    using RuleSelector =
        std::function<bool(const std::optional<std::string>& sub_lens, const rules::Rule& rule)>;

    /// `credentials` are the rules whose secrets must never show in evidence: a rule without a
    /// secret group (SQL built from a string, say) may match across a token on the same line,
    /// so its snippet is passed through them and every secret they find is masked.
    RuleLens(std::string id, std::shared_ptr<const rules::RuleSet> rules, RuleSelector selector,
             bool hygiene_sub_lens, std::shared_ptr<const rules::RuleSet> credentials);

    contracts::LensResult run(const contracts::LensPlan& plan,
                              const lenses::api::LensContext& context) const override;

  private:
    std::string id_;
    std::shared_ptr<const rules::RuleSet> rules_;
    RuleSelector selector_;
    bool hygiene_;  ///< the "hygiene" sub-lens also runs rules::check_hygiene
    std::shared_ptr<const rules::RuleSet> credentials_;
};

/// Whether a rule lens of `entry` runs the hygiene checks: it has a "hygiene" sub-lens.
bool runs_hygiene(const plan::LensEntry& entry);

}  // namespace qa::lenses
