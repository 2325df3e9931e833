#include <re2/re2.h>
#include <map>

#include "consistency/evidence.hpp"
#include "consistency/signals.hpp"

namespace qa::consistency {
namespace {

/// "a/b" -> "a::b"
std::string as_namespace(std::string_view folder) {
    std::string out;
    for (const char c : folder) {
        out += c == '/' ? std::string("::") : std::string(1, c);
    }
    return out;
}

}  // namespace

void measure_namespaces(const Tree& tree, std::vector<rubric::Rule>& rules) {
    static const RE2 kNamespace(R"((?m)^\s*namespace\s+([A-Za-z_][A-Za-z0-9_:]*)\s*\{)");
    // Per top-level folder: the prefix each file's first namespace puts above its folders.
    std::map<std::string, std::map<std::string, std::int64_t>> prefixes;
    for (const auto& f : tree.files) {
        const auto slash = f.path.find('/');
        if (!is_code(f) || f.language != "cpp" || slash == std::string::npos) {
            continue;
        }
        const std::string scope = f.path.substr(0, slash + 1);
        const std::string_view dirs =
            rubric::folder_of(std::string_view(f.path).substr(scope.size()));
        std::string name;
        if (dirs.empty() || !RE2::PartialMatch(f.text, kNamespace, &name)) {
            continue;
        }
        const std::string suffix = as_namespace(dirs);
        if (name == suffix) {
            ++prefixes[scope][""];
        } else if (name.ends_with("::" + suffix)) {
            ++prefixes[scope][name.substr(0, name.size() - suffix.size() - 2)];
        }
    }
    for (const auto& [scope, counts] : prefixes) {
        std::string prefix;
        std::int64_t best = 0;
        for (const auto& [p, n] : counts) {
            if (n > best) {
                prefix = p;
                best = n;
            }
        }
        rubric::Check c;
        c.kind = rubric::CheckKind::namespace_folder;
        c.scope = scope;
        c.languages = {"cpp"};
        c.prefix = prefix;
        const rubric::CheckEval eval(c);
        Tally t;
        for (const auto& f : tree.files) {
            if (is_code(f) && eval.applies(facts(f)) && RE2::PartialMatch(f.text, kNamespace)) {
                t.add(!eval.content_problem(facts(f), f.text), f.path);
            }
        }
        const std::string shown = prefix.empty() ? "<folder>" : prefix + "::<folder>";
        if (auto rule = check_rule(
                "consistency-namespace-" + id_part(scope),
                "C++ files in a folder of " + scope + " open the namespace " + shown, std::move(c),
                t,
                count_text(t, "C++ files in folders of " + scope +
                                  " declare the namespace of their folder (" + shown + ")"))) {
            rules.push_back(std::move(*rule));
        }
    }
}

}  // namespace qa::consistency
