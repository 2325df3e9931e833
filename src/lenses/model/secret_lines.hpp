#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <span>
#include <string_view>

#include "rules/rule_set.hpp"

namespace qa::lenses::model {

/// Finds the lines a credential rule matches, so that they are masked before a context packet
/// leaves the machine. The credential rules are the security lens's rules that apply to every
/// language (the `secrets` sub-lens).
class SecretLines {
  public:
    /// Compiles the embedded security rules.
    SecretLines();
    /// Uses `rules` (the catalog's compiled rule lenses); only its security rules that apply to
    /// every language count.
    explicit SecretLines(std::shared_ptr<const rules::RuleSet> rules);
    /// The file line numbers of `text` (lines numbered by `line_numbers`, as in
    /// rules::ScanInput) on which a credential rule matched.
    std::set<std::uint32_t> find(std::string_view path, std::string_view language,
                                 std::string_view text,
                                 std::span<const std::uint32_t> line_numbers) const;
    /// The compiled rules, whose credential rules also mask what a model answers
    /// (lenses::clean_answer_text).
    const rules::RuleSet& rules() const { return *rules_; }

  private:
    std::shared_ptr<const rules::RuleSet> rules_;
};

/// What a masked line reads in the packet: the model still sees that a credential was there.
inline constexpr std::string_view kMaskedLine = "[masked: a credential was detected here]";

}  // namespace qa::lenses::model
