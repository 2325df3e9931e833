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

/// The rule id a directive's id names: `security/aws-access-key-id` (the id as SARIF and the
/// lens notes show it) names `aws-access-key-id`.
std::string_view bare_id(std::string_view id) {
    const std::size_t slash = id.rfind('/');
    return slash == std::string_view::npos ? id : id.substr(slash + 1);
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
        const std::string_view id = bare_id(ids.substr(0, end));
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
            const std::string_view id = bare_id(list.substr(0, end));
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

std::set<std::string> allowed_ids(std::string_view line) {
    std::set<std::string> out = file_allowed_ids(line);
    for (const auto& [id, alone] : directive_ids(line)) {
        out.emplace(id);
    }
    return out;
}

std::vector<std::string> directive_problems(std::string_view line, const RuleKnown& known,
                                            const RuleSuggest& suggest) {
    constexpr std::string_view kTool = "qa-skill";
    std::vector<std::string> out;
    for (std::size_t at = line.find(kTool); at != std::string_view::npos;
         at = line.find(kTool, at + 1)) {
        const std::string_view prefix = line.substr(0, at);
        std::string_view rest = line.substr(at + kTool.size());
        // Inside a string literal or `code` (an odd number of '"' or '`' before it), the text
        // quotes a directive, in documentation or a test, rather than writing one.
        const auto odd = [&](char c) {
            return std::count(prefix.begin(), prefix.end(), c) % 2 != 0;
        };
        if (!in_comment(prefix) || odd('"') || odd('`')) {
            continue;
        }
        // Anything that reads as an attempt at `qa-skill: allow` is judged; other mentions of
        // the tool (`qa-skill run`, `qa-skill-hook`) are not directives.
        std::string_view loose = rest;
        while (!loose.empty() && (loose.front() == ' ' || loose.front() == '\t' ||
                                  loose.front() == ':' || loose.front() == '=')) {
            loose.remove_prefix(1);
        }
        if (!loose.starts_with("allow")) {
            continue;
        }
        const bool file_level = rest.starts_with(": allow-file");
        const std::size_t head = file_level ? std::string_view(": allow-file").size()
                                            : std::string_view(": allow").size();
        if (!(rest.starts_with(": allow") && rest.size() > head &&
              (rest[head] == ' ' || rest[head] == '\t'))) {
            out.push_back(
                "Malformed inline suppression: write `qa-skill: allow <rule-id> -- "
                "<reason>` (a space after the colon, then the rule ids)");
            continue;
        }
        rest.remove_prefix(head);
        const std::size_t sep = rest.find(" -- ");
        std::string_view ids = trim(rest.substr(0, sep));
        std::string_view reason = sep == std::string_view::npos ? "" : trim(rest.substr(sep + 4));
        for (const std::string_view closer : {std::string_view("*/"), std::string_view("-->")}) {
            if (reason.ends_with(closer)) {
                reason = trim(reason.substr(0, reason.size() - closer.size()));
            }
        }
        if (sep == std::string_view::npos) {
            // Without the separator the ids run to the end of the comment.
            for (const std::string_view closer :
                 {std::string_view("*/"), std::string_view("-->")}) {
                if (ids.ends_with(closer)) {
                    ids = trim(ids.substr(0, ids.size() - closer.size()));
                }
            }
        }
        if (ids.empty()) {
            out.push_back(
                "Malformed inline suppression: it names no rule; write `qa-skill: allow "
                "<rule-id> -- <reason>`");
            continue;
        }
        if (reason.empty()) {
            out.push_back("Inline suppression of " + std::string(ids) +
                          " without a reason suppresses nothing: add ` -- <reason>`");
        }
        while (!ids.empty()) {
            const std::size_t end = ids.find_first_of(", \t");
            const std::string_view written = ids.substr(0, end);
            const std::string_view id = bare_id(written);
            if (!written.empty()) {
                // `<lens>/<id>` is asked whole first: an external lens's rules are known by
                // their lens only.
                RuleScope scope = known(written);
                if (scope == RuleScope::unknown && id != written) {
                    scope = known(id);
                }
                if (scope == RuleScope::unknown) {
                    out.push_back("Inline suppression names no known rule: " +
                                  std::string(written) + (suggest ? suggest(id) : std::string()));
                } else if (file_level && scope == RuleScope::line) {
                    out.push_back("`qa-skill: allow-file` covers the file checks only; " +
                                  std::string(id) +
                                  " is suppressed on its line with `qa-skill: allow`");
                }
            }
            if (end == std::string_view::npos) {
                break;
            }
            ids.remove_prefix(end + 1);
        }
    }
    return out;
}

std::set<std::string> file_allowed_ids(std::string_view content) {
    std::set<std::string> out;
    for (std::size_t at = content.find(kAllowFileDirective); at != std::string_view::npos;
         at = content.find(kAllowFileDirective, at + 1)) {
        const std::size_t start = content.rfind('\n', at);
        const std::size_t line_start = start == std::string_view::npos ? 0 : start + 1;
        const std::size_t line_end = std::min(content.find('\n', at), content.size());
        const std::string_view prefix = content.substr(line_start, at - line_start);
        const std::string_view rest = content.substr(at + kAllowFileDirective.size(),
                                                     line_end - at - kAllowFileDirective.size());
        if (rest.empty() || (rest.front() != ' ' && rest.front() != '\t') || !in_comment(prefix)) {
            continue;
        }
        const std::size_t sep = rest.find(" -- ");
        if (sep == std::string_view::npos) {
            continue;
        }
        std::string_view list = rest.substr(0, sep);
        while (!list.empty()) {
            const std::size_t end = list.find_first_of(", \t");
            const std::string_view id = bare_id(list.substr(0, end));
            if (!id.empty() && names_rule_with_reason(rest, id)) {
                out.emplace(id);
            }
            if (end == std::string_view::npos) {
                break;
            }
            list.remove_prefix(end + 1);
        }
    }
    return out;
}

bool suppressed(std::string_view line, std::string_view previous_line, std::string_view rule_id) {
    return directive_allows(line, rule_id, false) || directive_allows(previous_line, rule_id, true);
}

}  // namespace qa::rules
