#include <map>
#include <set>

#include "consistency/evidence.hpp"
#include "consistency/signals.hpp"

namespace qa::consistency {
namespace {

std::string first_component(std::string_view path) {
    const auto slash = path.find('/');
    return slash == std::string_view::npos ? std::string() : std::string(path.substr(0, slash + 1));
}

bool is_test(const TreeFile& f) {
    return f.kind == plan::FileKind::test && !f.language.empty();
}

/// Every folder below `root` that holds a file, relative to it ("config", "lenses/model").
std::vector<std::string> folders_under(const Tree& tree, const std::string& root) {
    std::set<std::string> out;
    for (const auto& f : tree.files) {
        if (!f.path.starts_with(root)) {
            continue;
        }
        std::string_view rel = rubric::folder_of(std::string_view(f.path).substr(root.size()));
        while (!rel.empty()) {
            out.emplace(rel);
            rel = rubric::folder_of(rel);
        }
    }
    return {out.begin(), out.end()};
}

void measure_location(const Tree& tree, std::vector<rubric::Rule>& rules) {
    std::map<std::string, std::int64_t> roots;
    for (const auto& f : tree.files) {
        if (is_test(f)) {
            ++roots[first_component(f.path)];
        }
    }
    std::string root;
    std::int64_t best = 0;
    for (const auto& [r, n] : roots) {
        if (!r.empty() && n > best) {
            root = r;
            best = n;
        }
    }
    if (root.empty()) {
        return;
    }
    rubric::Check c;
    c.kind = rubric::CheckKind::test_location;
    Tally t;
    for (const auto& f : tree.files) {
        if (is_test(f)) {
            t.add(f.path.starts_with(root), f.path);
        }
    }
    c.scope = root;
    if (auto rule = check_rule("consistency-test-location", "Test files live under " + root,
                               std::move(c), t, count_text(t, "test files are under " + root))) {
        rules.push_back(std::move(*rule));
    }
}

void measure_mirror(const Tree& tree, std::vector<rubric::Rule>& rules) {
    // Candidate test folders: each top-level folder holding tests, and each folder right below.
    std::set<std::string> scopes;
    std::set<std::string> sources;  // top-level folders holding source files
    for (const auto& f : tree.files) {
        if (is_test(f)) {
            const std::string top = first_component(f.path);
            if (!top.empty()) {
                scopes.insert(top);
                const std::string below =
                    first_component(std::string_view(f.path).substr(top.size()));
                if (!below.empty()) {
                    scopes.insert(top + below);
                }
            }
        } else if (f.kind == plan::FileKind::source && !f.language.empty()) {
            if (const std::string top = first_component(f.path); !top.empty()) {
                sources.insert(top);
            }
        }
    }
    std::optional<rubric::Rule> best;
    std::int64_t best_follows = 0;
    for (const auto& scope : scopes) {
        for (const auto& source : sources) {
            if (scope.starts_with(source)) {
                continue;
            }
            rubric::Check c;
            c.kind = rubric::CheckKind::test_mirror;
            c.scope = scope;
            c.sourceRoot = source;
            c.folders = folders_under(tree, source);
            const rubric::CheckEval eval(c);
            Tally t;
            for (const auto& f : tree.files) {
                if (is_test(f) && eval.applies(facts(f))) {
                    t.add(!eval.path_problem(facts(f)), f.path);
                }
            }
            if (t.follows <= best_follows) {
                continue;
            }
            best_follows = t.follows;
            best = check_rule("consistency-test-mirror",
                              "Tests under " + scope + " mirror the folders of " + source,
                              std::move(c), t,
                              count_text(t, "test files in folders of " + scope +
                                                " sit in a folder that " + source + " has"));
        }
    }
    if (best) {
        rules.push_back(std::move(*best));
    }
}

}  // namespace

void measure_test_layout(const Tree& tree, std::vector<rubric::Rule>& rules) {
    measure_location(tree, rules);
    measure_mirror(tree, rules);
}

}  // namespace qa::consistency
