#pragma once

#include <string>

namespace qa::prepare {

/// A repository's own rules file the run read (`rules_files`), as text: what the report
/// describes the repository's rules from (SARIF).
struct OwnRulesText {
    std::string path;
    std::string text;
};

}  // namespace qa::prepare
