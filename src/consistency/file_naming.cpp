#include <map>

#include "consistency/evidence.hpp"
#include "consistency/name_style.hpp"
#include "consistency/signals.hpp"

namespace qa::consistency {

namespace {

/// Names no naming convention is about: all capitals (README, LICENSE), the fixed names of
/// tools' files, Python's package markers.
constexpr const char* kExemptNames =
    "^(?:[A-Z][A-Z0-9_]*|CMakeLists|Makefile|GNUmakefile|Dockerfile|Jenkinsfile|Gemfile|Rakefile|"
    "Procfile|Vagrantfile|Brewfile|Pipfile|__init__|__main__|conftest)$";

}  // namespace

void measure_file_names(const Tree& tree, std::vector<rubric::Rule>& rules) {
    std::map<std::string, bool> folders;  // top-level folders with files below them
    for (const auto& f : tree.files) {
        if (const auto slash = f.path.find('/'); slash != std::string::npos) {
            folders[f.path.substr(0, slash + 1)] = true;
        }
    }
    for (const auto& [folder, unused] : folders) {
        (void)unused;
        std::optional<rubric::Rule> best;
        std::int64_t best_follows = -1;
        for (const NameStyle style : kNameStyles) {
            rubric::Check check;
            check.kind = rubric::CheckKind::path_case;
            check.scope = folder;
            check.pattern = std::string(name_pattern(style));
            check.exempt = kExemptNames;
            const rubric::CheckEval eval(check);
            const Tally t = tally_files(eval, tree);
            // mixedCaps fits every camelCase and PascalCase name: it is the convention only
            // when no more telling style is (Go's exported and unexported names).
            if (t.follows <= best_follows || (style == NameStyle::mixed_caps && best)) {
                continue;
            }
            best_follows = t.follows;
            const std::string style_name(to_string(style));
            best = check_rule(
                "consistency-file-names-" + id_part(folder),
                "File and folder names under " + folder + " are " + style_name, std::move(check), t,
                count_text(t, "files under " + folder + " use " + style_name + " names"));
        }
        if (best) {
            rules.push_back(std::move(*best));
        }
    }
}

bool is_code(const TreeFile& file) {
    return !file.language.empty() && !file.text.empty() &&
           (file.kind == plan::FileKind::source || file.kind == plan::FileKind::test);
}

}  // namespace qa::consistency
