#include "skills/check_language.hpp"

#include <re2/re2.h>

#include <cctype>

#include "json/canonical.hpp"

namespace qa::skills {
namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
        s.remove_prefix(1);
    }
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) {
        s.remove_suffix(1);
    }
    return s;
}

bool is_identifier(std::string_view s) {
    if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s.front())) || s.front() == '_')) {
        return false;
    }
    for (const char c : s) {
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-')) {
            return false;
        }
    }
    return true;
}

std::string unquote(std::string_view s) {
    s = trim(s);
    if (s.size() >= 2 && (s.front() == '"' || s.front() == '\'') && s.back() == s.front()) {
        s = s.substr(1, s.size() - 2);
    }
    return std::string(s);
}

/// A scalar's text as the conditions compare it; nullopt for arrays, objects and null.
std::optional<std::string> scalar_text(const json::Value& v) {
    switch (v.kind()) {
        case json::Value::Kind::String:
            return v.as_string();
        case json::Value::Kind::Integer:
            return std::to_string(v.as_integer());
        case json::Value::Kind::Number:
            return json::format_number(v.as_double());
        case json::Value::Kind::Bool:
            return std::string(v.as_bool() ? "true" : "false");
        default:
            return std::nullopt;
    }
}

}  // namespace

std::optional<Condition> Condition::parse(std::string_view text) {
    text = trim(text);
    Condition c;
    if (text.starts_with("if ")) {
        const auto then = text.find(" then ");
        if (then == std::string_view::npos) {
            return std::nullopt;
        }
        auto a = parse(text.substr(3, then - 3));
        auto b = parse(text.substr(then + 6));
        if (!a || !b) {
            return std::nullopt;
        }
        c.form_ = Form::IfThen;
        c.if_ = std::make_shared<const Condition>(std::move(*a));
        c.then_ = std::make_shared<const Condition>(std::move(*b));
        return c;
    }
    const auto space = text.find(' ');
    if (space == std::string_view::npos || !is_identifier(text.substr(0, space))) {
        return std::nullopt;
    }
    c.variable_ = std::string(text.substr(0, space));
    const std::string_view rest = trim(text.substr(space + 1));
    if (rest == "is not empty") {
        c.form_ = Form::NotEmpty;
        return c;
    }
    if (rest.starts_with("matches pattern ")) {
        c.form_ = Form::Matches;
        c.pattern_ = std::string(trim(rest.substr(16)));
        RE2 re(c.pattern_, RE2::Quiet);
        if (c.pattern_.empty() || !re.ok()) {
            return std::nullopt;
        }
        return c;
    }
    if (rest.starts_with("in [") && rest.ends_with("]")) {
        c.form_ = Form::In;
        std::string_view list = rest.substr(4, rest.size() - 5);
        while (true) {
            const auto comma = list.find(',');
            const std::string item = unquote(list.substr(0, comma));
            if (item.empty()) {
                return std::nullopt;
            }
            c.items_.push_back(item);
            if (comma == std::string_view::npos) {
                break;
            }
            list.remove_prefix(comma + 1);
        }
        return c;
    }
    return std::nullopt;
}

std::vector<std::string> Condition::variables() const {
    if (form_ == Form::IfThen) {
        auto out = if_->variables();
        for (auto& v : then_->variables()) {
            out.push_back(std::move(v));
        }
        return out;
    }
    return {variable_};
}

bool Condition::holds(const Lookup& lookup, std::string* why) const {
    const auto fail = [&](std::string text) {
        if (why != nullptr) {
            *why = std::move(text);
        }
        return false;
    };
    if (form_ == Form::IfThen) {
        if (!if_->holds(lookup)) {
            return true;
        }
        return then_->holds(lookup, why);
    }
    const json::Value* value = lookup(variable_);
    if (value == nullptr) {
        return fail(variable_ + " was not provided");
    }
    if (form_ == Form::NotEmpty) {
        const bool empty = value->is_null() || (value->is_string() && value->as_string().empty()) ||
                           (value->is_array() && value->as_array().empty()) ||
                           (value->is_object() && value->as_object().empty());
        return empty ? fail(variable_ + " is empty") : true;
    }
    const auto text = scalar_text(*value);
    if (!text) {
        return fail(variable_ + " is " + (value->is_null() ? "null" : "not a scalar"));
    }
    if (form_ == Form::Matches) {
        RE2 re(pattern_, RE2::Quiet);
        return RE2::PartialMatch(*text, re)
                   ? true
                   : fail(variable_ + " is \"" + *text + "\", which does not match " + pattern_);
    }
    for (const auto& item : items_) {
        if (item == *text) {
            return true;
        }
    }
    return fail(variable_ + " is \"" + *text + "\", not one of the listed values");
}

std::string_view check_status_name(CheckStatus status) {
    switch (status) {
        case CheckStatus::Passed:
            return "passed";
        case CheckStatus::Failed:
            return "failed";
        case CheckStatus::NotCheckable:
            return "not machine-checkable";
    }
    return "?";
}

}  // namespace qa::skills
