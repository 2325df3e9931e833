#include <re2/re2.h>
#include <map>
#include <numeric>

#include "consistency/evidence.hpp"
#include "consistency/signals.hpp"

namespace qa::consistency {
namespace {

/// Line limits people choose, smallest first: the draft proposes the smallest one the files keep.
constexpr std::array<std::int64_t, 5> kCommonLimits = {79, 80, 88, 100, 120};

/// A line limit a formatter configuration at the root sets for `language`, with where.
std::optional<std::pair<std::int64_t, std::string>> configured_limit(const Tree& tree,
                                                                     const std::string& language) {
    struct Source {
        const char* file;
        const char* pattern;
        std::vector<std::string> languages;  // empty: any
    };
    static const std::vector<Source> kSources = {
        {".clang-format", R"((?m)^ColumnLimit:\s*(\d+))", {"c", "cpp"}},
        {"pyproject.toml", R"((?m)^line-length\s*=\s*(\d+))", {"python"}},
        {"setup.cfg", R"((?m)^max-line-length\s*=\s*(\d+))", {"python"}},
        {".flake8", R"((?m)^max-line-length\s*=\s*(\d+))", {"python"}},
        {".prettierrc", R"("?printWidth"?\s*:\s*(\d+))", {"javascript", "typescript"}},
        {".prettierrc.json", R"("printWidth"\s*:\s*(\d+))", {"javascript", "typescript"}},
        {"rustfmt.toml", R"((?m)^max_width\s*=\s*(\d+))", {"rust"}},
        {".editorconfig", R"((?m)^max_line_length\s*=\s*(\d+))", {}},
    };
    for (const Source& s : kSources) {
        if (!s.languages.empty() &&
            std::find(s.languages.begin(), s.languages.end(), language) == s.languages.end()) {
            continue;
        }
        for (const auto& f : tree.files) {
            std::int64_t limit = 0;
            if (f.path == s.file && RE2::PartialMatch(f.text, RE2(s.pattern), &limit) &&
                limit > 0) {
                return std::make_pair(limit, std::string(s.file));
            }
        }
    }
    return std::nullopt;
}

rubric::Check forbidden(const std::string& language, std::string pattern) {
    rubric::Check c;
    c.kind = rubric::CheckKind::forbidden_line;
    c.languages = {language};
    c.pattern = std::move(pattern);
    return c;
}

/// Files of `language` that indent at all: the only ones that say how they indent.
Tally tally_indented(const rubric::CheckEval& eval, const Tree& tree, const std::string& language) {
    static const RE2 kIndented(R"((?m)^[ \t]+\S)");
    Tally t;
    for (const auto& f : tree.files) {
        if (is_code(f) && f.language == language && RE2::PartialMatch(f.text, kIndented)) {
            t.add(!eval.file_problem(facts(f), f.text), f.path);
        }
    }
    return t;
}

/// The indentation unit of a file indented with spaces: the gcd of its indents (0 when none).
std::int64_t indent_unit(std::string_view text) {
    std::int64_t unit = 0;
    while (!text.empty()) {
        const auto nl = text.find('\n');
        const std::string_view line = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
        const auto n = line.find_first_not_of(' ');
        if (n == 0 || n == std::string_view::npos || line[n] == '*' || line[n] == '\t' ||
            line[n] == '\r') {
            continue;  // not indented, blank, a block comment's continuation, or mixed
        }
        unit = std::gcd(unit, static_cast<std::int64_t>(n));
    }
    return unit;
}

void measure_indentation(const Tree& tree, const std::string& language,
                         std::vector<rubric::Rule>& rules) {
    rubric::Check spaces = forbidden(language, R"(^\t)");
    rubric::Check tabs = forbidden(language, R"(^  +[^ *])");
    const Tally with_spaces = tally_indented(rubric::CheckEval(spaces), tree, language);
    const Tally with_tabs = tally_indented(rubric::CheckEval(tabs), tree, language);
    const bool by_spaces = with_spaces.follows >= with_tabs.follows;
    const Tally& t = by_spaces ? with_spaces : with_tabs;
    const std::string how = by_spaces ? "spaces" : "tabs";
    if (auto rule =
            check_rule("consistency-indent-" + language, language + " code indents with " + how,
                       by_spaces ? std::move(spaces) : std::move(tabs), t,
                       count_text(t, "indented " + language + " files indent with " + how))) {
        rules.push_back(std::move(*rule));
    }
    if (!by_spaces) {
        return;
    }
    std::map<std::int64_t, std::int64_t> units;
    for (const auto& f : tree.files) {
        if (is_code(f) && f.language == language) {
            if (const auto u = indent_unit(f.text); u > 0) {
                ++units[u];
            }
        }
    }
    std::int64_t best = 0;
    std::int64_t best_count = 0;
    std::int64_t total = 0;
    for (const auto& [unit, count] : units) {
        total += count;
        if (count > best_count && (unit == 2 || unit == 4 || unit == 8)) {
            best = unit;
            best_count = count;
        }
    }
    if (best == 0) {
        return;
    }
    Tally u;
    u.follows = best_count;
    u.total = total;
    if (strength(u)) {
        const std::string width = std::to_string(best);
        rules.push_back(guidance_rule(
            "consistency-indent-width-" + language,
            language + " code indents by " + width + " spaces",
            "Indent " + language + " code by " + width +
                " spaces per level (continuation lines may align with what they continue).",
            u, count_text(u, language + " files indented with spaces use a multiple of " + width)));
    }
}

void measure_line_length(const Tree& tree, const std::string& language,
                         std::vector<rubric::Rule>& rules) {
    std::vector<std::pair<std::int64_t, std::string>> limits;
    if (const auto configured = configured_limit(tree, language)) {
        limits.push_back(*configured);
    } else {
        for (const auto limit : kCommonLimits) {
            limits.emplace_back(limit, "");
        }
    }
    for (const auto& [limit, source] : limits) {
        rubric::Check c;
        c.kind = rubric::CheckKind::max_line_length;
        c.languages = {language};
        c.limit = limit;
        const Tally t = tally_files(rubric::CheckEval(c), tree);
        const std::string cols = std::to_string(limit);
        std::string text =
            count_text(t, language + " files keep every line within " + cols + " columns");
        if (!source.empty()) {
            text += " (the limit " + source + " sets)";
        }
        if (auto rule = check_rule("consistency-line-length-" + language,
                                   language + " lines are at most " + cols + " columns",
                                   std::move(c), t, std::move(text))) {
            rules.push_back(std::move(*rule));
            return;
        }
    }
}

}  // namespace

void measure_layout(const Tree& tree, std::vector<rubric::Rule>& rules) {
    std::map<std::string, std::int64_t> languages;
    for (const auto& f : tree.files) {
        if (is_code(f)) {
            ++languages[f.language];
        }
    }
    for (const auto& [language, count] : languages) {
        if (count < 5) {
            continue;
        }
        measure_indentation(tree, language, rules);
        measure_line_length(tree, language, rules);
    }
}

}  // namespace qa::consistency
