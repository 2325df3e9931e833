#include "report/finding_facts.hpp"

#include <array>
#include <string_view>

#include "report/quote_path.hpp"

namespace qa::report {
namespace {

std::optional<std::int64_t> positive_int(const json::Value& evidence, std::string_view key) {
    const json::Value* v = evidence.is_object() ? evidence.find(key) : nullptr;
    if (v == nullptr || !v->is_integer() || v->as_integer() <= 0) {
        return std::nullopt;  // 0 means a file-level finding: no column to show
    }
    return v->as_integer();
}

bool ends_with(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

std::string_view base_name(std::string_view path) {
    const auto slash = path.rfind('/');
    return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

/// The comment leader of a file, judged by its name.
std::string_view comment_leader(std::string_view path) {
    const std::string_view name = base_name(path);
    static constexpr std::array<std::string_view, 16> kHash = {
        ".py",   ".sh",  ".bash", ".rb",  ".pl", ".toml", ".yaml", ".yml",
        ".conf", ".cfg", ".ini",  ".env", ".r",  ".mk",   ".ps1",  ".tf"};
    for (const auto ext : kHash) {
        if (ends_with(name, ext)) {
            return "#";
        }
    }
    if (name == "Makefile" || name == "Dockerfile" || name.starts_with(".env") ||
        name == ".gitignore") {
        return "#";
    }
    if (ends_with(name, ".sql") || ends_with(name, ".lua") || ends_with(name, ".hs")) {
        return "--";
    }
    return "//";
}

}  // namespace

bool holds_comments(std::string_view path) {
    const std::string_view name = base_name(path);
    static constexpr std::array<std::string_view, 11> kNoComments = {
        ".pem", ".key", ".crt",      ".cer",  ".der",  ".p12",
        ".pfx", ".jks", ".keystore", ".json", ".ipynb"};
    for (const auto ext : kNoComments) {
        if (ends_with(name, ext)) {
            return false;
        }
    }
    // ssh's key files: id_rsa, id_ed25519, id_ecdsa, id_dsa (their .pub holds no comment line
    // either).
    return !name.starts_with("id_rsa") && !name.starts_with("id_ed25519") &&
           !name.starts_with("id_ecdsa") && !name.starts_with("id_dsa");
}

FindingFacts facts_of(const contracts::Finding& f) {
    FindingFacts out;
    out.column = positive_int(f.evidence, "column");
    out.endColumn = positive_int(f.evidence, "endColumn");
    out.count = positive_int(f.evidence, "occurrences");
    if (f.evidence.is_object()) {
        if (const json::Value* fix = f.evidence.find("fix"); fix != nullptr && fix->is_string()) {
            out.fix = fix->as_string();
        }
        out.baselined = f.evidence.find("baselineFingerprint") != nullptr;
        if (const json::Value* tail = f.evidence.find("outputTail");
            tail != nullptr && tail->is_array()) {
            for (const auto& line : tail->as_array()) {
                if (line.is_string()) {
                    out.outputTail.push_back(line.as_string());
                }
            }
        }
    }
    return out;
}

std::string position(const contracts::Finding& f) {
    const FindingFacts facts = facts_of(f);
    std::string out = quote_path(f.file) + ":" + std::to_string(f.startLine);
    if (facts.column) {
        out += ":" + std::to_string(*facts.column);
    }
    return out;
}

bool inline_suppressible(const contracts::Finding& f,
                         const std::map<std::string, input::LensKind, std::less<>>& lens_kinds) {
    if (!holds_comments(f.file)) {
        return false;
    }
    const auto lens = lens_kinds.find(f.lensId);
    return lens == lens_kinds.end() ||
           (lens->second != input::LensKind::model && lens->second != input::LensKind::execution);
}

std::string suppression_directive(const contracts::Finding& f) {
    return std::string(comment_leader(f.file)) + " qa-skill: allow " + f.ruleId + " -- <reason>";
}

}  // namespace qa::report
