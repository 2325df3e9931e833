#pragma once

#include <toml++/toml.h>

#include <cstddef>
#include <string>

#include "rules/rule.hpp"

namespace qa::rules {

/// The `[[rules]]` tables of one rules file, its other top-level keys checked (`title` is the
/// only other one allowed). Throws RuleError.
const toml::array& rule_tables(const toml::table& root, const std::string& source_name);

/// One `[[rules]]` table (the `index`-th of `file`) as a Rule. Throws RuleError naming
/// file:line:col and the key at fault for unknown keys, wrong types, bad values and, when
/// `check_regexes`, bad regexes (invalid, matching the empty string, groups that do not exist):
/// those are compiled now. Otherwise they compile on first use; for rules the test suite has
/// checked (the embedded ones). Rule::lens is left empty.
Rule read_rule(const toml::table& table, std::size_t index, const std::string& file,
               bool check_regexes);

}  // namespace qa::rules
