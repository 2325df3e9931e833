#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "dispatch/lens.hpp"
#include "rules/rule_set.hpp"

namespace qa::lenses {

/// A lens made of data rules (lenses/<id>/rules.toml) and, optionally, the hygiene checks. Each
/// sub-lens runs the rules its selector admits. Findings land on added lines by default
/// (`mode = "added"`); `diff_context`, `file` and `all` widen that to lines around the change
/// or the whole file. Secrets are masked before they enter a finding; evidenceHash still
/// identifies them.
class RuleLens : public dispatch::Lens {
  public:
    /// Chooses which rules a sub-lens runs (nullopt sub-lens: the lens itself).
    using RuleSelector =
        std::function<bool(const std::optional<std::string>& sub_lens, const rules::Rule& rule)>;

    /// `credentials` are the rules whose secrets must never show in evidence: a rule without a
    /// secret group (SQL built from a string, say) may match across a token on the same line,
    /// so its snippet is passed through them and every secret they find is masked.
    RuleLens(std::string id, std::string version, contracts::LensClass cls,
             std::shared_ptr<const rules::RuleSet> rules, RuleSelector selector,
             bool hygiene_sub_lens, std::shared_ptr<const rules::RuleSet> credentials);

    std::string_view id() const override { return id_; }
    std::string_view version() const override { return version_; }
    contracts::LensClass lens_class() const override { return class_; }
    contracts::LensResult run(const contracts::LensPlan& plan,
                              const dispatch::LensContext& context) const override;

  private:
    std::string id_;
    std::string version_;
    contracts::LensClass class_;
    std::shared_ptr<const rules::RuleSet> rules_;
    RuleSelector selector_;
    bool hygiene_;  ///< the "hygiene" sub-lens also runs rules::check_hygiene
    std::shared_ptr<const rules::RuleSet> credentials_;
};

/// sha256(rule id, NUL, evidence key): what identifies a finding's evidence by its content.
std::string evidence_hash(std::string_view rule_id, std::string_view evidence_key);

/// Builds a Finding with its stable ids. `evidence_key` is what identifies the evidence (the
/// raw secret or match); only its hash is kept.
contracts::Finding make_finding(const contracts::LensPlan& plan, const std::string& rule_id,
                                contracts::Severity severity, bool blocking,
                                const std::string& file, std::int64_t line,
                                const std::string& summary, json::Value evidence,
                                std::string_view evidence_key);

/// make_finding() with the evidence already hashed by evidence_hash(), for callers that must not
/// keep the raw evidence (a secret) until the finding is made.
contracts::Finding make_hashed_finding(const contracts::LensPlan& plan, const std::string& rule_id,
                                       contracts::Severity severity, bool blocking,
                                       const std::string& file, std::int64_t line,
                                       const std::string& summary, json::Value evidence,
                                       std::string evidence_hash);

/// A completed result for `plan` holding `findings` (sorted by the conflict key), with
/// CONTEXT_BOUND_EXCEEDED as a warning and degraded=true when the plan omitted files.
contracts::LensResult completed_result(const contracts::LensPlan& plan,
                                       std::vector<contracts::Finding> findings,
                                       std::vector<std::string> evidence_summary);

}  // namespace qa::lenses
