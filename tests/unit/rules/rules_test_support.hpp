#pragma once

#include <string>
#include <vector>

#include "rules/rule_set.hpp"
#include "util/file.hpp"

namespace qa::rules::test {

/// The rules files of the source tree, read from disk so that a test always sees the data it
/// was built beside (the embedded copy is checked separately).
inline const std::vector<std::string>& rule_files() {
    static const std::vector<std::string> files = {"lenses/security/rules.toml",
                                                   "lenses/style/rules.toml"};
    return files;
}

inline RuleSet load_rules(const std::string& relative) {
    const std::string path = std::string(QA_SOURCE_DIR) + "/" + relative;
    return RuleSet::parse(util::read_file(path), relative);
}

/// The ids of the matches of scanning `text` as one file.
inline std::vector<RuleMatch> scan_text(const RuleSet& rules, std::string_view text,
                                        std::string_view path = "src/example",
                                        std::string_view language = "") {
    return rules.scan(ScanInput{path, language, text, {}});
}

}  // namespace qa::rules::test
