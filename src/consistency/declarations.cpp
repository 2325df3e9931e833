#include <re2/re2.h>
#include <array>

#include "consistency/evidence.hpp"
#include "consistency/name_style.hpp"
#include "consistency/signals.hpp"

namespace qa::consistency {
namespace {

/// A kind of declaration of some languages and the pattern that captures its name.
struct Declaration {
    std::vector<std::string> languages;
    std::string what;     ///< "function", in rule ids and evidence ("functions")
    std::string pattern;  ///< one group: the name
    std::string exempt;   ///< names not judged ("" for none)
};

const std::vector<Declaration>& declarations() {
    static const std::vector<Declaration> kTable = {
        {{"python"}, "function", R"(^\s*(?:async\s+)?def\s+([A-Za-z_][A-Za-z0-9_]*)\s*\()", ""},
        {{"python"}, "class", R"(^\s*class\s+([A-Za-z_][A-Za-z0-9_]*)\s*[:(])", ""},
        {{"javascript", "typescript"},
         "function",
         R"(^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s*\*?\s*([A-Za-z_$][A-Za-z0-9_$]*)\s*[<(])",
         ""},
        {{"javascript", "typescript"},
         "class",
         R"(^\s*(?:export\s+)?(?:default\s+)?(?:abstract\s+)?class\s+([A-Za-z_$][A-Za-z0-9_$]*))",
         ""},
        // Constants (UPPER_CASE) and components or classes bound to a name (PascalCase) follow
        // conventions of their own.
        {{"javascript", "typescript"},
         "variable",
         R"(^\s*(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][A-Za-z0-9_$]*)\s*[=:])",
         "^[A-Z].*$"},
        {{"c", "cpp"},
         "type",
         R"(^\s*(?:template\s*<.*>\s*)?(?:class|struct|union|enum(?:\s+class|\s+struct)?)\s+(?:\[\[[^\]]*\]\]\s*)?([A-Za-z_][A-Za-z0-9_]*)\s*(?:final\s*)?(?:[:{]|$))",
         ""},
        // Definitions at column 0 with a return type: free functions and out-of-class members.
        {{"c", "cpp"},
         "function",
         R"(^(?:[A-Za-z_][A-Za-z0-9_:<>,]*[\s*&]+)+(?:[A-Za-z_][A-Za-z0-9_]*::)*([A-Za-z_][A-Za-z0-9_]*)\s*\([^;]*$)",
         "^(?:main|operator)$"},
        {{"java", "kotlin"},
         "method",
         R"(^\s+(?:(?:public|private|protected|static|final|abstract|synchronized)\s+)+[\w<>\[\],.? ]+\s+([A-Za-z_]\w*)\s*\()",
         ""},
        {{"java", "kotlin"},
         "class",
         R"(^\s*(?:(?:public|private|protected|final|abstract|sealed|data)\s+)*(?:class|interface|enum|record)\s+([A-Za-z_]\w*))",
         ""},
        {{"go"}, "function", R"(^func\s+(?:\([^)]*\)\s*)?([A-Za-z_]\w*)\s*[\[(])", ""},
        {{"go"}, "type", R"(^type\s+([A-Za-z_]\w*)\s)", ""},
        {{"rust"},
         "function",
         R"(^\s*(?:pub(?:\([^)]*\))?\s+)?(?:const\s+)?(?:async\s+)?(?:unsafe\s+)?fn\s+([A-Za-z_]\w*))",
         ""},
        {{"rust"},
         "type",
         R"(^\s*(?:pub(?:\([^)]*\))?\s+)?(?:struct|enum|trait)\s+([A-Za-z_]\w*))",
         ""},
    };
    return kTable;
}

std::string join(const std::vector<std::string>& items, std::string_view sep) {
    std::string out;
    for (const auto& i : items) {
        out += (out.empty() ? "" : std::string(sep)) + i;
    }
    return out;
}

}  // namespace

void measure_declarations(const Tree& tree, std::vector<rubric::Rule>& rules) {
    for (const Declaration& d : declarations()) {
        // Every line that declares a judged name, with where it is.
        const RE2 re(d.pattern);
        const RE2 exempt(d.exempt.empty() ? std::string("^$") : d.exempt);
        std::vector<std::pair<std::string_view, std::string>> lines;  // line, "path:n"
        for (const auto& f : tree.files) {
            if (!is_code(f) || std::find(d.languages.begin(), d.languages.end(), f.language) ==
                                   d.languages.end()) {
                continue;
            }
            std::string_view text = f.text;
            std::uint32_t n = 0;
            while (!text.empty()) {
                ++n;
                const auto nl = text.find('\n');
                const std::string_view line = text.substr(0, nl);
                text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
                if (RE2::PartialMatch(line, re)) {
                    lines.emplace_back(line, f.path + ":" + std::to_string(n));
                }
            }
        }
        std::optional<rubric::Rule> best;
        std::int64_t best_follows = -1;
        for (const NameStyle style : kNameStyles) {
            rubric::Check check;
            check.kind = rubric::CheckKind::declaration_case;
            check.languages = d.languages;
            check.declaration = d.pattern;
            check.pattern = std::string(name_pattern(style));
            check.exempt = d.exempt;
            const rubric::CheckEval eval(check);
            Tally t;
            for (const auto& [line, where] : lines) {
                re2::StringPiece name;
                RE2::PartialMatch(line, re, &name);
                if (!d.exempt.empty() && RE2::FullMatch(name, exempt)) {
                    continue;
                }
                t.add(!eval.line_problem(line), where);
            }
            // mixedCaps fits every camelCase and PascalCase name: it is the convention only
            // when no more telling style is (Go's exported and unexported names).
            if (t.follows <= best_follows || (style == NameStyle::mixed_caps && best)) {
                continue;
            }
            best_follows = t.follows;
            const std::string style_name(to_string(style));
            const std::string langs = join(d.languages, "/");
            best =
                check_rule("consistency-names-" + join(d.languages, "-") + "-" + d.what,
                           langs + " " + d.what + " names are " + style_name, std::move(check), t,
                           count_text(t, langs + " " + d.what + " declarations use " + style_name));
        }
        if (best) {
            rules.push_back(std::move(*best));
        }
    }
}

}  // namespace qa::consistency
