#include "lenses/model/secret_lines.hpp"

#include <array>
#include <vector>

namespace qa::lenses::model {

namespace {

/// The buffer's lines with their file line numbers (as rules::ScanInput numbers them).
std::vector<std::pair<std::uint32_t, std::string_view>> numbered_lines(
    std::string_view text, std::span<const std::uint32_t> line_numbers) {
    std::vector<std::pair<std::uint32_t, std::string_view>> out;
    std::size_t at = 0;
    std::size_t i = 0;
    while (at < text.size()) {
        const std::size_t nl = text.find('\n', at);
        const std::size_t end = nl == std::string_view::npos ? text.size() : nl;
        std::uint32_t number = static_cast<std::uint32_t>(i + 1);
        if (!line_numbers.empty()) {
            number =
                i < line_numbers.size()
                    ? line_numbers[i]
                    : line_numbers.back() + static_cast<std::uint32_t>(i + 1 - line_numbers.size());
        }
        out.emplace_back(number, text.substr(at, end - at));
        at = end + 1;
        ++i;
    }
    return out;
}

}  // namespace

SecretLines::SecretLines()
    : rules_(std::make_shared<const rules::RuleSet>(rules::RuleSet::from_embedded_lenses(
          std::array<std::string_view, 1>{"security"}, false))) {}

SecretLines::SecretLines(std::shared_ptr<const rules::RuleSet> rules) : rules_(std::move(rules)) {}

std::set<std::uint32_t> SecretLines::find(std::string_view path, std::string_view language,
                                          std::string_view text,
                                          std::span<const std::uint32_t> line_numbers) const {
    std::set<std::uint32_t> lines;
    rules_->scan(rules::ScanInput{path, language, text, line_numbers},
                 [&](const rules::RuleMatch& m) {
                     // The credential rules: those of the security lens's secrets sub-lens.
                     if (m.rule->lens == "security" && m.rule->subLens == "secrets") {
                         lines.insert(m.line);
                     }
                 });
    if (lines.empty()) {
        return lines;
    }
    // Rules match within one line; a PEM block's body follows its BEGIN line, so a matched
    // BEGIN line masks every line through the END line.
    bool in_block = false;
    for (const auto& [number, line] : numbered_lines(text, line_numbers)) {
        if (lines.count(number) && line.find("-----BEGIN ") != std::string_view::npos) {
            in_block = line.find("-----END ") == std::string_view::npos;
            continue;
        }
        if (in_block) {
            lines.insert(number);
            in_block = line.find("-----END ") == std::string_view::npos;
        }
    }
    return lines;
}

}  // namespace qa::lenses::model
