#include <re2/re2.h>

#include "consistency/evidence.hpp"
#include "consistency/signals.hpp"

namespace qa::consistency {
namespace {

/// Counts the lines of code files of `languages` that `counted` matches, and of them those
/// `wrong` does not match.
Tally tally_lines(const Tree& tree, const std::vector<std::string>& languages, const RE2& counted,
                  const RE2& wrong) {
    Tally t;
    for (const auto& f : tree.files) {
        if (!is_code(f) ||
            std::find(languages.begin(), languages.end(), f.language) == languages.end()) {
            continue;
        }
        std::string_view text = f.text;
        std::uint32_t n = 0;
        while (!text.empty()) {
            ++n;
            const auto nl = text.find('\n');
            const std::string_view line = text.substr(0, nl);
            text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
            if (RE2::PartialMatch(line, counted)) {
                t.add(!RE2::PartialMatch(line, wrong), f.path + ":" + std::to_string(n));
            }
        }
    }
    return t;
}

rubric::Check forbidden(std::vector<std::string> languages, std::string pattern) {
    rubric::Check c;
    c.kind = rubric::CheckKind::forbidden_line;
    c.languages = std::move(languages);
    c.pattern = std::move(pattern);
    return c;
}

void include_paths(const Tree& tree, std::vector<rubric::Rule>& rules) {
    const std::string wrong = R"(^\s*#\s*include\s*"\.\.?/)";
    const Tally t = tally_lines(tree, {"c", "cpp"}, RE2(R"(^\s*#\s*include\s*")"), RE2(wrong));
    if (auto rule = check_rule(
            "consistency-include-paths",
            "Project headers are included by their path from the source root, never with ./ or ../",
            forbidden({"c", "cpp"}, wrong), t,
            count_text(t, "quoted #include lines name the header without ./ or ../"))) {
        rules.push_back(std::move(*rule));
    }
}

void pragma_once(const Tree& tree, std::vector<rubric::Rule>& rules) {
    rubric::Check c;
    c.kind = rubric::CheckKind::required_header;
    c.languages = {"c", "cpp"};
    c.extensions = {".h", ".hh", ".hpp", ".hxx"};
    c.text = "#pragma once";
    const Tally t = tally_files(rubric::CheckEval(c), tree);
    if (auto rule = check_rule("consistency-header-guard", "Headers start with #pragma once",
                               std::move(c), t, count_text(t, "headers hold #pragma once"))) {
        rules.push_back(std::move(*rule));
    }
}

void python_imports(const Tree& tree, std::vector<rubric::Rule>& rules) {
    const std::string wrong = R"(^\s*from\s+\.)";
    const Tally t =
        tally_lines(tree, {"python"}, RE2(R"(^\s*(?:from\s+\S+\s+import|import)\s)"), RE2(wrong));
    if (auto rule = check_rule("consistency-python-imports", "Python imports are absolute",
                               forbidden({"python"}, wrong), t,
                               count_text(t, "python import statements are absolute"))) {
        rules.push_back(std::move(*rule));
    }
}

void js_modules(const Tree& tree, std::vector<rubric::Rule>& rules) {
    const RE2 esm(R"((?m)^\s*(?:import\s+[\w{*'"]|export\s.*\bfrom\s))");
    const RE2 cjs(R"(\brequire\(\s*['"])");
    Tally es;
    Tally common;
    for (const auto& f : tree.files) {
        if (!is_code(f) || (f.language != "javascript" && f.language != "typescript")) {
            continue;
        }
        const bool uses_esm = RE2::PartialMatch(f.text, esm);
        const bool uses_cjs = RE2::PartialMatch(f.text, cjs);
        if (uses_esm || uses_cjs) {
            es.add(!uses_cjs, f.path);
            common.add(!uses_esm, f.path);
        }
    }
    const std::vector<std::string> langs = {"javascript", "typescript"};
    std::optional<rubric::Rule> rule;
    if (es.follows >= common.follows) {
        rule =
            check_rule("consistency-js-modules", "JavaScript modules use import, never require()",
                       forbidden(langs, R"(\brequire\(\s*['"])"), es,
                       count_text(es,
                                  "javascript/typescript files with imports use only ES "
                                  "import/export"));
    } else {
        rule = check_rule("consistency-js-modules",
                          "JavaScript modules use require(), never import statements",
                          forbidden(langs, R"(^\s*import\s+[\w{*'"])"), common,
                          count_text(common,
                                     "javascript/typescript files with imports use only "
                                     "require()"));
    }
    if (rule) {
        rules.push_back(std::move(*rule));
    }
}

}  // namespace

void measure_imports(const Tree& tree, std::vector<rubric::Rule>& rules) {
    include_paths(tree, rules);
    pragma_once(tree, rules);
    python_imports(tree, rules);
    js_modules(tree, rules);
}

}  // namespace qa::consistency
