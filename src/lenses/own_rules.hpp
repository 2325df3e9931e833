#pragma once

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "lenses/catalog.hpp"
#include "rules/rule_set.hpp"

namespace qa::lenses {

/// The lenses for a run of `config` when it names rules files (`rules_files`): the built-in
/// rules compiled together with the repository's own. nullptr when it names none (the
/// process-wide builtin_lens() serves). A rules file that does not compile is a ConfigError
/// naming its file, line, column and key (exit 2).
std::shared_ptr<const Catalog> lenses_for(const config::Config& config);

/// The repository's own rules files of `config` as rule sources: they join the security lens,
/// and a rule that names no sub-lens goes to `secrets` (no languages) or `unsafe-code`.
std::vector<rules::RuleSource> own_rule_sources(const config::Config& config);

/// The ids of the rules in the repository's own rules files (which `[rules.<id>]` may name).
/// Throws ConfigError when one does not compile.
std::set<std::string> own_rule_ids(const config::Config& config);

/// `qa-skill config check` on the repository's own rules files: each compiles, and every example
/// of every rule in them does what it says. Throws ConfigError naming the file, the rule and
/// the example.
void check_own_rules(const config::Config& config);

/// For `qa-skill config check`: each of the repository's own rules files whose own positive
/// examples its rules find in it (so the security lens would report them as credentials once
/// the file is committed) and that no `exclude` keeps from the security lens, as one note that
/// names the file, the rules and the `exclude` that leaves it out.
std::vector<std::string> own_rules_notes(const config::Config& config);

}  // namespace qa::lenses
