#include <re2/re2.h>

#include "consistency/evidence.hpp"
#include "consistency/signals.hpp"

namespace qa::consistency {

void measure_tooling(const Tree& tree, std::vector<rubric::Rule>& rules) {
    struct Tool {
        const char* pattern;  ///< a root file name (RE2, whole name)
        const char* tool;
        const char* section;  ///< a text the file must hold ("" for none)
    };
    static const std::vector<Tool> kTools = {
        {R"(\.clang-format)", "clang-format", ""},
        {R"(\.clang-tidy)", "clang-tidy", ""},
        {R"(\.editorconfig)", "EditorConfig", ""},
        {R"(\.prettierrc(?:\..+)?|prettier\.config\..+)", "Prettier", ""},
        {R"(\.eslintrc(?:\..+)?|eslint\.config\..+)", "ESLint", ""},
        {R"(biome\.jsonc?)", "Biome", ""},
        {R"(pyproject\.toml)", "Black", "[tool.black]"},
        {R"(pyproject\.toml)", "Ruff", "[tool.ruff"},
        {R"(pyproject\.toml)", "isort", "[tool.isort]"},
        {R"(pyproject\.toml)", "mypy", "[tool.mypy]"},
        {R"(ruff\.toml|\.ruff\.toml)", "Ruff", ""},
        {R"(\.flake8)", "flake8", ""},
        {R"(setup\.cfg)", "flake8", "[flake8]"},
        {R"(mypy\.ini|\.mypy\.ini)", "mypy", ""},
        {R"(\.pylintrc|pylintrc)", "Pylint", ""},
        {R"(rustfmt\.toml|\.rustfmt\.toml)", "rustfmt", ""},
        {R"(\.golangci\.ya?ml)", "golangci-lint", ""},
        {R"(\.pre-commit-config\.yaml)", "pre-commit", ""},
    };
    std::vector<std::string> found;
    for (const Tool& t : kTools) {
        const RE2 name(t.pattern);
        for (const auto& f : tree.files) {
            if (f.path.find('/') == std::string::npos && RE2::FullMatch(f.path, name) &&
                f.text.find(t.section) != std::string::npos) {
                found.push_back(std::string(t.tool) + " (" + f.path + ")");
                break;
            }
        }
    }
    if (found.empty()) {
        return;
    }
    std::string list;
    for (const auto& item : found) {
        list += (list.empty() ? "" : ", ") + item;
    }
    Tally t;
    t.follows = t.total = static_cast<std::int64_t>(found.size());
    rubric::Rule rule = guidance_rule(
        "consistency-tooling", "Formatting and linting belong to the configured tools: " + list,
        "This repository runs " + list +
            ". Do not report what these tools fix or check; report conventions they cannot see.",
        t, std::to_string(found.size()) + " tool configuration(s) at the root: " + list);
    rule.severity = contracts::Severity::info;
    rules.push_back(std::move(rule));
}

}  // namespace qa::consistency
