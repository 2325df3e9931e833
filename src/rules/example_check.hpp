#pragma once

#include <string>
#include <vector>

#include "rules/rule_set.hpp"

namespace qa::rules {

/// One example of a rule that does not do what it says.
struct ExampleProblem {
    std::string ruleId;
    std::string problem;  ///< e.g. `positive example "x = 1" does not match`
};

/// What an example is scanned as: its own language and path when it gives them, else the rule's
/// first language and `src/example`. Views into `rule` and `example`.
ScanInput example_input(const Rule& rule, const Example& example);

/// Runs every example of every rule of `set`: a positive example must produce a match of its rule
/// (capturing `secret` when given), a negative one must not. What `qa-skill config check` runs
/// on each of a repository's own rules files.
std::vector<ExampleProblem> check_examples(const RuleSet& set);

}  // namespace qa::rules
