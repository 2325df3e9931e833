#pragma once

#include <memory>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "lenses/catalog.hpp"
#include "plan/registry.hpp"
#include "rules/rule_set.hpp"
#include "settings/rules_file.hpp"

namespace qa::lenses {

/// The lens catalog of a run: the lenses of `registry` (the built-in ones), their embedded rules
/// compiled together with the repository's own rules files (`rules_files`, read), if it names
/// any. A rules file that does not compile is a settings::ConfigError naming its file, line,
/// column and key (exit 2).
std::shared_ptr<const Catalog> lenses_for(std::span<const settings::RulesFile> files,
                                          const plan::Registry& registry);

/// The repository's own rules files as rule sources: they join the security lens, and a rule
/// that names no sub-lens goes to `secrets` (no languages) or `unsafe-code`.
std::vector<rules::RuleSource> own_rule_sources(std::span<const settings::RulesFile> files);

/// The ids of the rules in the repository's own rules files (which `[rules.<id>]` may name).
/// Throws ConfigError when one does not compile.
std::set<std::string> own_rule_ids(std::span<const settings::RulesFile> files);

/// `qa-skill config check` on the repository's own rules files: each compiles, and every example
/// of every rule in them does what it says. Throws ConfigError naming the file, the rule and
/// the example, and they compile together with the built-in rules of `registry`.
void check_own_rules(std::span<const settings::RulesFile> files, const plan::Registry& registry);

/// For `qa-skill config check`: each of the repository's own rules files whose own positive
/// examples its rules find in it (so the security lens would report them as credentials once
/// the file is committed) and that neither `exclude` (the top-level one) nor `security_exclude`
/// (`[lenses.security] exclude`) keeps from the security lens, as one note that names the file,
/// the rules and the `exclude` that leaves it out.
std::vector<std::string> own_rules_notes(std::span<const settings::RulesFile> files,
                                         const std::vector<std::string>& exclude,
                                         const std::vector<std::string>& security_exclude);

}  // namespace qa::lenses
