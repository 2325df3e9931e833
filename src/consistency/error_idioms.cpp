#include <re2/re2.h>
#include <map>

#include "consistency/evidence.hpp"
#include "consistency/signals.hpp"

namespace qa::consistency {
namespace {

/// Occurrences of `re`'s first group in code files of `language`, by the captured text.
std::map<std::string, std::int64_t> captures(const Tree& tree, const std::string& language,
                                             const RE2& re) {
    std::map<std::string, std::int64_t> out;
    for (const auto& f : tree.files) {
        if (!is_code(f) || f.language != language) {
            continue;
        }
        re2::StringPiece input(f.text.data(), f.text.size());
        std::string name;
        while (RE2::FindAndConsume(&input, re, &name)) {
            ++out[name];
        }
    }
    return out;
}

/// "ValueError (12), KeyError (3)": the most used first, at most five.
std::string top(const std::map<std::string, std::int64_t>& counts, std::int64_t& total) {
    std::vector<std::pair<std::int64_t, std::string>> order;
    total = 0;
    for (const auto& [name, n] : counts) {
        order.emplace_back(-n, name);
        total += n;
    }
    std::sort(order.begin(), order.end());
    std::string out;
    for (std::size_t i = 0; i < order.size() && i < 5; ++i) {
        out += (out.empty() ? "" : ", ") + order[i].second + " (" +
               std::to_string(-order[i].first) + ")";
    }
    return out;
}

std::int64_t count(const Tree& tree, const std::string& language, const RE2& re) {
    std::int64_t n = 0;
    for (const auto& [text, k] : captures(tree, language, re)) {
        (void)text;
        n += k;
    }
    return n;
}

void thrown_types(const Tree& tree, const std::string& language, const char* pattern,
                  const std::string& verb, std::vector<rubric::Rule>& rules) {
    std::int64_t total = 0;
    const std::string list = top(captures(tree, language, RE2(pattern)), total);
    if (total < 5) {
        return;
    }
    Tally t;
    t.follows = t.total = total;
    rules.push_back(guidance_rule(
        "consistency-errors-" + language, "How " + language + " code reports errors",
        "In " + language + " code, errors are reported the way the rest of the code does: " +
            std::to_string(total) + " " + verb + " statements, most often " + list +
            ". A new error path should use the same types and style.",
        t, std::to_string(total) + " " + verb + " statements in " + language + " files: " + list));
}

void forbid_if_absent(const Tree& tree, const std::string& language, const char* counted,
                      const std::string& wrong, const std::string& rule_id,
                      const std::string& summary, const std::string& what,
                      std::vector<rubric::Rule>& rules) {
    const std::int64_t total = count(tree, language, RE2(std::string("(") + counted + ")"));
    const std::int64_t bad = count(tree, language, RE2("(" + wrong + ")"));
    Tally t;
    t.total = total;
    t.follows = total - std::min(bad, total);
    rubric::Check c;
    c.kind = rubric::CheckKind::forbidden_line;
    c.languages = {language};
    c.pattern = wrong;
    if (auto rule = check_rule(rule_id, summary, std::move(c), t, count_text(t, what))) {
        rules.push_back(std::move(*rule));
    }
}

}  // namespace

void measure_error_idioms(const Tree& tree, std::vector<rubric::Rule>& rules) {
    thrown_types(tree, "python", R"((?m)^\s*raise\s+([A-Za-z_][A-Za-z0-9_.]*))", "raise", rules);
    forbid_if_absent(tree, "python", R"((?m)^\s*except\b)", R"(^\s*except\s*:)",
                     "consistency-python-bare-except", "except clauses name the exception",
                     "python except clauses name the exception", rules);
    for (const std::string language : {"javascript", "typescript"}) {
        thrown_types(tree, language, R"(\bthrow\s+new\s+([A-Za-z_$][A-Za-z0-9_$.]*))", "throw",
                     rules);
        forbid_if_absent(tree, language, R"(\bthrow\s)", R"(\bthrow\s+['"`])",
                         "consistency-" + language + "-throw-errors",
                         "Thrown values are Error objects, never strings",
                         language + " throw statements throw an Error object, not a string", rules);
    }
    thrown_types(tree, "cpp", R"(\bthrow\s+([A-Za-z_][A-Za-z0-9_:]*))", "throw", rules);
    thrown_types(tree, "java", R"(\bthrow\s+new\s+([A-Za-z_][A-Za-z0-9_.]*))", "throw", rules);
}

}  // namespace qa::consistency
