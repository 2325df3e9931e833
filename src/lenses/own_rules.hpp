#pragma once

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "lenses/catalog.hpp"
#include "plan/registry.hpp"
#include "rules/rule_set.hpp"

namespace qa::lenses {

/// The lens catalog of a run of `config`: the lenses of `registry` (the built-in ones), their
/// embedded rules compiled together with the repository's own rules files (`rules_files`), if
/// it names any. A rules file that does not compile is a ConfigError naming its file, line,
/// column and key (exit 2).
std::shared_ptr<const Catalog> lenses_for(const config::Config& config,
                                          const plan::Registry& registry);

/// The repository's own rules files of `config` as rule sources: they join the security lens,
/// and a rule that names no sub-lens goes to `secrets` (no languages) or `unsafe-code`.
std::vector<rules::RuleSource> own_rule_sources(const config::Config& config);

/// The ids of the rules in the repository's own rules files (which `[rules.<id>]` may name).
/// Throws ConfigError when one does not compile.
std::set<std::string> own_rule_ids(const config::Config& config);

/// `qa-skill config check` on the repository's own rules files: each compiles, and every example
/// of every rule in them does what it says. Throws ConfigError naming the file, the rule and
/// the example, and they compile together with the built-in rules of `registry`.
void check_own_rules(const config::Config& config, const plan::Registry& registry);

/// For `qa-skill config check`: each of the repository's own rules files whose own positive
/// examples its rules find in it (so the security lens would report them as credentials once
/// the file is committed) and that no `exclude` keeps from the security lens, as one note that
/// names the file, the rules and the `exclude` that leaves it out.
std::vector<std::string> own_rules_notes(const config::Config& config);

}  // namespace qa::lenses
