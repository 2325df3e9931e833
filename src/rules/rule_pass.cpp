#include "rules/rule_pass.hpp"

#include <re2/re2.h>

#include <algorithm>
#include <string_view>

#include "rules/mask.hpp"
#include "rules/placeholder.hpp"
#include "rules/text_search.hpp"
#include "util/glob.hpp"

namespace qa::rules {
namespace {

bool only_space(std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\t'; });
}

/// Whether the allowlist, stopwords or entropy threshold discard `value`, or it is a secret
/// with a typed-in sequence (placeholder.hpp).
bool filtered(const Rule& rule, std::string_view value) {
    if (rule.secretGroup && looks_typed(value)) {
        return true;
    }
    const re2::StringPiece piece(value.data(), value.size());
    for (const auto& re : rule.allowlist.regexes) {
        if (RE2::PartialMatch(piece, *re)) {
            return true;
        }
    }
    if (contains_any(value, rule.allowlist.stopwords)) {
        return true;
    }
    return rule.minEntropy > 0.0 && shannon_entropy(value) < rule.minEntropy;
}

}  // namespace

bool applies_to(const Rule& rule, const ScanInput& input) {
    if (!rule.languages.empty() && std::find(rule.languages.begin(), rule.languages.end(),
                                             input.language) == rule.languages.end()) {
        return false;
    }
    return std::none_of(
        rule.allowlist.paths.begin(), rule.allowlist.paths.end(),
        [&](const std::string& glob) { return util::glob_match(glob, input.path); });
}

void run_rule(const Rule& rule, std::size_t index, const ScanInput& input, const LineIndex& lines,
              std::vector<Found>& out) {
    const re2::StringPiece text(input.text.data(), input.text.size());
    const int groups =
        std::max(rule.secretGroup.value_or(0), rule.allowlist.sameAsGroup.value_or(0)) + 1;
    std::vector<re2::StringPiece> sub(static_cast<std::size_t>(groups));
    std::size_t pos = 0;
    while (pos <= text.size() &&
           rule.pattern->Match(text, pos, text.size(), RE2::UNANCHORED, sub.data(), groups)) {
        const std::size_t begin = static_cast<std::size_t>(sub[0].data() - text.data());
        const std::size_t end = begin + sub[0].size();
        pos = end > begin ? end : begin + 1;
        if (sub[0].empty()) {
            continue;
        }
        const std::size_t line = lines.line_of(begin);
        const std::string_view line_text = lines.text(line);
        if (!rule.keywords.empty() && !contains_any(line_text, rule.keywords)) {
            continue;
        }
        RuleMatch m;
        m.rule = &rule;
        m.line = file_line(input.lineNumbers, line);
        m.column = static_cast<std::uint32_t>(begin - lines.start(line) + 1);
        m.match = input.text.substr(begin, end - begin);
        m.lineText = line_text;
        std::string_view target = m.match;
        if (rule.secretGroup) {
            const re2::StringPiece& s = sub[static_cast<std::size_t>(*rule.secretGroup)];
            if (s.data() == nullptr || s.empty()) {
                continue;  // an optional secret group that did not take part: nothing to report
            }
            m.secret = std::string_view(s.data(), s.size());
            target = *m.secret;
        }
        if (filtered(rule, target)) {
            continue;
        }
        if (rule.checksum && !checksum_valid(*rule.checksum, target)) {
            // A value that cannot be encoded credentials (basic-auth) is nothing; a token whose
            // CRC is wrong still has the format, and is reported without blocking.
            if (*rule.checksum != Checksum::githubCrc32) {
                continue;
            }
            m.checksumFailed = true;
        }
        if (rule.allowlist.sameAsGroup) {
            const re2::StringPiece& same =
                sub[static_cast<std::size_t>(*rule.allowlist.sameAsGroup)];
            if (std::string_view(same.data(), same.size()) == target) {
                continue;
            }
        }
        if (rule.nextLine && line + 1 < lines.count() &&
            only_space(line_text.substr(std::min(line_text.size(), end - lines.start(line))))) {
            const std::string_view next = lines.text(line + 1);
            if (!RE2::PartialMatch(re2::StringPiece(next.data(), next.size()), *rule.nextLine)) {
                continue;
            }
        }
        out.push_back(Found{m, index, begin});
    }
}

}  // namespace qa::rules
