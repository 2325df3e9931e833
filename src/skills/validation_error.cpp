#include "skills/validation_error.hpp"

#include <cstdio>

#include "json/canonical.hpp"

namespace qa::skills {
namespace {

bool looks_like_non_string(const std::string& s) {
    static const char* const kWords[] = {
        "true", "false", "yes", "no",   "on",   "off",   "null", "~",  "True", "False", "Yes",
        "No",   "On",    "Off", "Null", "TRUE", "FALSE", "YES",  "NO", "ON",   "OFF",   "NULL"};
    for (const char* w : kWords) {
        if (s == w) {
            return true;
        }
    }
    // Anything starting like a number may resolve to one.
    const char c = s.front();
    return (c >= '0' && c <= '9') || ((c == '-' || c == '+' || c == '.') && s.size() > 1);
}

/// `text` with each byte that is not part of well-formed UTF-8 replaced by U+FFFD: a problem may
/// quote a file's bytes, and JSON and YAML output must stay UTF-8.
std::string utf8(const std::string& text) {
    if (json::is_valid_utf8(text)) {
        return text;
    }
    std::string out;
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        const std::size_t len = c < 0x80           ? 1
                                : (c >> 5) == 0x6  ? 2
                                : (c >> 4) == 0xE  ? 3
                                : (c >> 3) == 0x1E ? 4
                                                   : 0;
        if (len > 0 && i + len <= text.size() &&
            json::is_valid_utf8(std::string_view(text).substr(i, len))) {
            out.append(text, i, len);
            i += len;
        } else {
            out += "\xEF\xBF\xBD";
            ++i;
        }
    }
    return out;
}

json::Object fields(const ValidationError& e) {
    json::Object o{{"skill", utf8(e.skill)},   {"phase", utf8(e.phase)},
                   {"check", utf8(e.check)},   {"expected", utf8(e.expected)},
                   {"actual", utf8(e.actual)}, {"suggestion", utf8(e.suggestion)}};
    if (!e.location.empty()) {
        o.emplace_back("location", utf8(e.location));
    }
    return o;
}

}  // namespace

std::string yaml_scalar(const std::string& raw) {
    std::string text = utf8(raw);
    // Plain only for printable ASCII that YAML reads back as this very string.
    bool plain = !text.empty() && text.front() != ' ' && text.back() != ' ' &&
                 text.find_first_of("\"'\\") == std::string::npos &&
                 text.find(": ") == std::string::npos && text.find(" #") == std::string::npos &&
                 !text.ends_with(":") &&
                 std::string("-?:,[]{}#&*!|>%@`").find(text.front()) == std::string::npos &&
                 !looks_like_non_string(text);
    for (const char c : text) {
        plain = plain && c >= 0x20 && c < 0x7f;
    }
    if (plain) {
        return text;
    }
    std::string out = "\"";
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        const std::string_view rest = std::string_view(text).substr(i);
        // Characters YAML would read as line breaks or drop, escaped by code point (yaml-cpp
        // decodes the short forms \N, \L and \P to bytes that are not UTF-8).
        if (rest.starts_with("\xC2\x85")) {
            out += "\\u0085";
            ++i;
        } else if (rest.starts_with("\xE2\x80\xA8")) {
            out += "\\u2028";
            i += 2;
        } else if (rest.starts_with("\xE2\x80\xA9")) {
            out += "\\u2029";
            i += 2;
        } else if (rest.starts_with("\xEF\xBB\xBF")) {
            out += "\\uFEFF";
            i += 2;
        } else if (c == '"') {
            out += "\\\"";
        } else if (c == '\\') {
            out += "\\\\";
        } else if (c == '\n') {
            out += "\\n";
        } else if (c == '\t') {
            out += "\\t";
        } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned char>(c));
            out += buf;
        } else {
            out += c;
        }
    }
    return out + "\"";
}

std::string render_yaml(const std::vector<ValidationError>& errors) {
    std::string out;
    for (std::size_t i = 0; i < errors.size(); ++i) {
        const auto& e = errors[i];
        if (i > 0) {
            out += "---\n";
        }
        out += "validation_error:\n";
        out += "  skill: " + yaml_scalar(e.skill) + "\n";
        out += "  phase: " + yaml_scalar(e.phase) + "\n";
        out += "  check: " + yaml_scalar(e.check) + "\n";
        out += "  expected: " + yaml_scalar(e.expected) + "\n";
        out += "  actual: " + yaml_scalar(e.actual) + "\n";
        out += "  suggestion: " + yaml_scalar(e.suggestion) + "\n";
        if (!e.location.empty()) {
            out += "  location: " + yaml_scalar(e.location) + "\n";
        }
    }
    return out;
}

std::string render_json_one(const ValidationError& error) {
    return json::canonical(json::Value(json::Object{{"validation_error", fields(error)}}));
}

std::string render_json(const std::vector<ValidationError>& errors) {
    json::Array items;
    for (const auto& e : errors) {
        items.emplace_back(json::Object{{"validation_error", fields(e)}});
    }
    return json::canonical(json::Value(std::move(items)));
}

}  // namespace qa::skills
