#include "report/finding_facts.hpp"

#include <array>
#include <string_view>

#include "plan/registry.hpp"

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

/// The comment leader of a file, judged by its name.
std::string_view comment_leader(std::string_view path) {
    const auto slash = path.rfind('/');
    const std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
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

FindingFacts facts_of(const contracts::Finding& f) {
    FindingFacts out;
    out.column = positive_int(f.evidence, "column");
    out.endColumn = positive_int(f.evidence, "endColumn");
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

bool inline_suppressible(const contracts::Finding& f) {
    const plan::LensEntry* lens = plan::builtin_registry().find(f.lensId);
    return lens == nullptr ||
           (lens->kind != input::LensKind::model && lens->kind != input::LensKind::execution);
}

std::string suppression_directive(const contracts::Finding& f) {
    return std::string(comment_leader(f.file)) + " qa-skill: allow " + f.ruleId + " -- <reason>";
}

}  // namespace qa::report
