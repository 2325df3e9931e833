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

json::Object fields(const ValidationError& e) {
    json::Object o{{"skill", e.skill},       {"phase", e.phase},   {"check", e.check},
                   {"expected", e.expected}, {"actual", e.actual}, {"suggestion", e.suggestion}};
    if (!e.location.empty()) {
        o.emplace_back("location", e.location);
    }
    return o;
}

}  // namespace

std::string yaml_scalar(const std::string& text) {
    bool plain = !text.empty() && text.front() != ' ' && text.back() != ' ' &&
                 text.find_first_of("\"'\n\r\t\\") == std::string::npos &&
                 text.find(": ") == std::string::npos && text.find(" #") == std::string::npos &&
                 !text.ends_with(":") &&
                 std::string("-?:,[]{}#&*!|>%@`").find(text.front()) == std::string::npos &&
                 !looks_like_non_string(text);
    if (plain) {
        return text;
    }
    std::string out = "\"";
    for (const char c : text) {
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned char>(c));
                    out += buf;
                } else {
                    out += c;
                }
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
