#include "lenses/model/secret_lines.hpp"

namespace qa::lenses::model {

SecretLines::SecretLines()
    : rules_(std::make_shared<const rules::RuleSet>(
          rules::RuleSet::from_embedded("lenses/security/rules.toml"))) {}

std::set<std::uint32_t> SecretLines::find(std::string_view path, std::string_view language,
                                          std::string_view text,
                                          std::span<const std::uint32_t> line_numbers) const {
    std::set<std::uint32_t> lines;
    rules_->scan(rules::ScanInput{path, language, text, line_numbers},
                 [&](const rules::RuleMatch& m) {
                     // Credential rules apply to every language; unsafe-code rules list theirs.
                     if (m.rule->languages.empty()) {
                         lines.insert(m.line);
                     }
                 });
    return lines;
}

}  // namespace qa::lenses::model
