#pragma once

#include <map>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "rules/rule_set.hpp"

namespace qa::rules {

/// What reports and configurations know about a rule, taken from the rule data (the lenses'
/// rules.toml, the hygiene checks, the lenses' built-in rules), never from one of its findings.
struct RuleInfo {
    std::string id;           ///< as written in a suppression directive
    std::string description;  ///< one line
    std::string fix;          ///< how to fix or avoid a finding
    std::string severity;     ///< critical | high | medium | low | info
    bool blocking = false;
    std::vector<std::string> tags;  ///< the lens first, then languages
    /// The lens whose findings carry the rule; empty for unused-suppression, which the lens of
    /// the rule its directive names reports.
    std::string lens;
    std::string subLens;  ///< the sub-lens that reports it; empty when the lens has none
    std::vector<std::string> languages;  ///< the files it reads (classify()); empty: every file
    std::string origin;  ///< "built-in", or the repository's rules file that defines it
    /// A line the rule reports, any secret in it masked (mask.hpp); empty unless the catalog
    /// was read with its examples (ReadExamples::yes).
    std::string example;
};

/// Whether a catalog reads the rules' examples: a run never does (half the text to parse),
/// `qa-skill rules` does.
enum class ReadExamples { no, yes };

/// The built-in rules by id. Compiled from the embedded data once per call: meant for the
/// report of a run, not for a loop.
std::map<std::string, RuleInfo> builtin_rules(ReadExamples examples = ReadExamples::no);

/// Adds the rules of `extra` (a repository's own rules files, already validated) to `catalog`.
void add_rules(std::map<std::string, RuleInfo>& catalog, std::span<const RuleSource> extra,
               ReadExamples examples = ReadExamples::no);

/// The ids of builtin_rules(): what a `[rules.<id>]` table of a configuration may name.
std::set<std::string> builtin_rule_ids();

}  // namespace qa::rules
