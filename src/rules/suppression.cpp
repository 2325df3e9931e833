#include "rules/suppression.hpp"

#include <array>

namespace qa::rules {
namespace {

constexpr std::string_view kDirective = "qa-skill: allow";
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

}  // namespace

bool suppressed(std::string_view line, std::string_view previous_line, std::string_view rule_id) {
    return directive_allows(line, rule_id, false) || directive_allows(previous_line, rule_id, true);
}

}  // namespace qa::rules
