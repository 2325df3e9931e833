#include "consistency/draft.hpp"

#include <algorithm>

#include "consistency/signals.hpp"
#include "util/sha256.hpp"

namespace qa::consistency {

rubric::Rubric build_draft(const Tree& tree, std::int64_t version, std::string_view prompt_template,
                           const CredentialTest& has_credential) {
    rubric::Rubric r;
    r.status = rubric::Status::draft;
    r.rubricVersion = version;
    r.revision = tree.revision;
    r.filesExamined = static_cast<std::int64_t>(tree.files.size());
    measure_file_names(tree, r.rules);
    measure_declarations(tree, r.rules);
    measure_layout(tree, r.rules);
    measure_tooling(tree, r.rules);
    measure_test_layout(tree, r.rules);
    measure_imports(tree, r.rules);
    measure_licence(tree, r.rules);
    measure_namespaces(tree, r.rules);
    measure_error_idioms(tree, r.rules);
    std::stable_sort(
        r.rules.begin(), r.rules.end(),
        [](const rubric::Rule& a, const rubric::Rule& b) { return a.ruleId < b.ruleId; });
    // Two signals never name a rule alike; should one, the first keeps the id.
    r.rules.erase(std::unique(r.rules.begin(), r.rules.end(),
                              [](const rubric::Rule& a, const rubric::Rule& b) {
                                  return a.ruleId == b.ruleId;
                              }),
                  r.rules.end());
    r.exemplarRule = kExemplarRule;
    r.exemplars = choose_exemplars(tree, r.rules, has_credential);
    r.promptTemplate = std::string(prompt_template);
    r.promptTemplateHash = util::sha256_hex(prompt_template);
    return r;
}

}  // namespace qa::consistency
