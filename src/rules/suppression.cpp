#include "rules/suppression.hpp"

#include <algorithm>
#include <array>
#include <map>

namespace qa::rules {
namespace {

constexpr std::string_view kDirective = kAllowDirective;
constexpr std::array<std::string_view, 7> kCommentOpeners = {"//", "#", "/*", "<!--",
                                                             "--", ";", "%"};

std::string_view trim(std::string_view s) {
    const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!s.empty() && space(s.front())) {
        s.remove_prefix(1);
    }
    while (!s.empty() && space(s.back())) {
        s.remove_suffix(1);
    }
    return s;
}

/// Whether `prefix` (the text before the directive) opens a comment.
bool in_comment(std::string_view prefix) {
    if (trim(prefix).starts_with("*")) {
        return true;  // a continuation line of a /* ... */ block
    }
    for (const std::string_view opener : kCommentOpeners) {
        if (prefix.find(opener) != std::string_view::npos) {
            return true;
        }
    }
    return false;
}

/// Whether `prefix` holds nothing but the comment opener: the directive is alone on its line.
bool comment_only(std::string_view prefix) {
    const std::string_view p = trim(prefix);
    if (p.starts_with("*")) {
        return true;
    }
    for (const std::string_view opener : kCommentOpeners) {
        if (p.starts_with(opener)) {
            return true;
        }
    }
    return false;
}

/// Whether the directive body `ids -- reason` names `rule_id` and gives a reason.
bool names_rule_with_reason(std::string_view body, std::string_view rule_id) {
    const std::size_t sep = body.find(" -- ");
    if (sep == std::string_view::npos) {
        return false;
    }
    std::string_view reason = trim(body.substr(sep + 4));
    for (const std::string_view closer : {std::string_view("*/"), std::string_view("-->")}) {
        if (reason.ends_with(closer)) {
            reason = trim(reason.substr(0, reason.size() - closer.size()));
        }
    }
    if (reason.empty()) {
        return false;
    }
    std::string_view ids = body.substr(0, sep);
    while (!ids.empty()) {
        const std::size_t end = ids.find_first_of(", \t");
        const std::string_view id = ids.substr(0, end);
        if (!id.empty() && id == rule_id) {
            return true;
        }
        if (end == std::string_view::npos) {
            break;
        }
        ids.remove_prefix(end + 1);
    }
    return false;
}

bool directive_allows(std::string_view line, std::string_view rule_id, bool must_be_alone) {
    for (std::size_t at = line.find(kDirective); at != std::string_view::npos;
         at = line.find(kDirective, at + 1)) {
        const std::string_view prefix = line.substr(0, at);
        const std::string_view rest = line.substr(at + kDirective.size());
        if (rest.empty() || (rest.front() != ' ' && rest.front() != '\t')) {
            continue;
        }
        if (!(must_be_alone ? comment_only(prefix) : in_comment(prefix))) {
            continue;
        }
        if (names_rule_with_reason(rest, rule_id)) {
            return true;
        }
    }
    return false;
}

/// The rule ids of the well-formed directives (in a comment, with a reason) of `line`, each with
/// whether one naming it stands alone on the line and so also covers the line below.
std::map<std::string_view, bool> directive_ids(std::string_view line) {
    std::map<std::string_view, bool> ids;
    for (std::size_t at = line.find(kDirective); at != std::string_view::npos;
         at = line.find(kDirective, at + 1)) {
        const std::string_view prefix = line.substr(0, at);
        const std::string_view rest = line.substr(at + kDirective.size());
        if (rest.empty() || (rest.front() != ' ' && rest.front() != '\t') || !in_comment(prefix)) {
            continue;
        }
        const std::size_t sep = rest.find(" -- ");
        if (sep == std::string_view::npos) {
            continue;
        }
        const bool alone = comment_only(prefix);
        std::string_view list = rest.substr(0, sep);
        while (!list.empty()) {
            const std::size_t end = list.find_first_of(", \t");
            const std::string_view id = list.substr(0, end);
            // names_rule_with_reason() is the one judge of the reason and the id list.
            if (!id.empty() && names_rule_with_reason(rest, id)) {
                ids[id] = ids[id] || alone;
            }
            if (end == std::string_view::npos) {
                break;
            }
            list.remove_prefix(end + 1);
        }
    }
    return ids;
}

/// The text of each line of `content`, by 1-based line number (index 0 unused).
std::vector<std::string_view> lines_of(std::string_view content) {
    std::vector<std::string_view> lines{std::string_view()};
    std::size_t start = 0;
    while (start < content.size()) {
        const std::size_t end = std::min(content.find('\n', start), content.size());
        lines.push_back(content.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

}  // namespace

std::vector<UnusedSuppression> unused_suppressions(const UnusedSuppressionInput& input) {
    std::vector<UnusedSuppression> out;
    std::vector<std::string_view> lines;
    for (const std::uint32_t number : input.addedLines) {
        if (lines.empty()) {
            lines = lines_of(input.content);
        }
        if (number >= lines.size() || lines[number].find(kDirective) == std::string_view::npos) {
            continue;
        }
        for (const auto& [id, alone] : directive_ids(lines[number])) {
            const Rule* rule = input.rules.find(id);
            if (rule == nullptr || !input.owns(*rule) || input.log.contains(number, id)) {
                continue;
            }
            const std::uint32_t below = number + 1;
            if (alone && below < lines.size()) {
                if (input.log.contains(below, id)) {
                    continue;
                }
                // The scan may not have looked at the line below (mode "added" and an unchanged
                // line): would the rule find something there for the directive to suppress?
                const std::uint32_t numbers[] = {below};
                const auto matches =
                    input.rules.scan(ScanInput{input.path, input.language, lines[below], numbers});
                if (std::any_of(matches.begin(), matches.end(),
                                [&](const RuleMatch& m) { return m.rule == rule; })) {
                    continue;
                }
            }
            out.push_back({number, std::string(id),
                           std::string(id) + '\0' + std::string(trim(lines[number]))});
        }
    }
    return out;
}

bool suppressed(std::string_view line, std::string_view previous_line, std::string_view rule_id) {
    return directive_allows(line, rule_id, false) || directive_allows(previous_line, rule_id, true);
}

}  // namespace qa::rules
