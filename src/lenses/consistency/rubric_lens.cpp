#include "lenses/consistency/rubric_lens.hpp"

#include <set>
#include <stdexcept>

#include "lenses/api/findings.hpp"
#include "rubric/check_eval.hpp"

namespace qa::lenses::consistency {
namespace {

/// A check of the rubric with the rule it belongs to.
struct RuleCheck {
    const rubric::Rule* rule;
    rubric::CheckEval eval;
};

std::size_t line_count(std::string_view text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) +
           (text.empty() || text.back() == '\n' ? 0 : 1);
}

/// Whether every line of the file is added: a new file, a file rewritten whole, or a file
/// judged whole (all-files mode). Only then are its name and its header the change's doing.
bool whole_file_added(const lenses::api::ChangedFileView& view, std::string_view content) {
    return view.addedLines.every_line() ||
           (view.addedLines.leading_lines() && view.addedLines.size() == line_count(content));
}

/// Folders (relative to `root`) that the plan's files create or fill: a test may mirror a
/// source folder its own change adds.
std::set<std::string> folders_in_plan(const contracts::LensPlan& plan, const std::string& root) {
    std::set<std::string> out;
    for (const auto& path : plan.changedFiles) {
        if (!path.starts_with(root)) {
            continue;
        }
        std::string_view rel = rubric::folder_of(std::string_view(path).substr(root.size()));
        while (!rel.empty()) {
            out.emplace(rel);
            rel = rubric::folder_of(rel);
        }
    }
    return out;
}

contracts::Finding finding(const contracts::LensPlan& plan, const rubric::Rule& rule,
                           std::int64_t rubric_version, const std::string& file, std::int64_t line,
                           const std::string& problem) {
    json::Value evidence = json::Object{
        {"rubricVersion", rubric_version},
        {"check", std::string(rubric::to_string(rule.check->kind))},
        {"problem", problem},
        {"convention", rule.summary},
        {"follows", rule.evidence.follows},
        {"total", rule.evidence.total},
    };
    return lenses::api::make_finding(
        plan, rule.ruleId, rule.severity, rule.blocking, file, line,
        problem + " - " + rule.summary + " (" + rule.evidence.text + ")", std::move(evidence),
        file + "\n" + problem);
}

}  // namespace

contracts::LensResult RubricLens::run(const contracts::LensPlan& plan,
                                      const lenses::api::LensContext& context) const {
    const rubric::Rubric* rubric = context.run.rubric.get();
    if (rubric == nullptr) {
        // The configuration loader refuses an enabled lens without a frozen rubric: a bug here.
        throw std::logic_error("the consistency lens runs without a frozen rubric");
    }
    std::vector<RuleCheck> checks;
    for (const auto& rule : rubric->rules) {
        if (rule.check) {
            checks.push_back(RuleCheck{&rule, rubric::CheckEval(*rule.check)});
        }
    }
    std::vector<contracts::Finding> findings;
    for (const auto& path : plan.changedFiles) {
        if (context.should_stop()) {
            throw std::runtime_error("cancelled");
        }
        const lenses::api::ChangedFileView* view = context.changes.file(path);
        if (view == nullptr || view->deleted || view->binary || view->symlink) {
            continue;
        }
        const rubric::FileFacts facts{path, view->language, view->fileKind == "test"};
        std::optional<std::string> content;  // read once, when a check needs it
        const auto read = [&]() -> const std::string& {
            if (!content) {
                content = context.changes.full_content(path).value_or("");
            }
            return *content;
        };
        std::optional<bool> whole;
        const auto is_whole = [&] {
            if (!whole) {
                whole = whole_file_added(*view, read());
            }
            return *whole;
        };
        std::set<std::uint32_t> added;  // line numbers, for content checks of changed files
        for (const auto& c : checks) {
            if (!c.eval.applies(facts)) {
                continue;
            }
            const rubric::Rule& rule = *c.rule;
            if (c.eval.judges_lines()) {
                for (const auto& line : view->addedLines.read()) {
                    if (auto problem = c.eval.line_problem(line.text)) {
                        findings.push_back(finding(plan, rule, rubric->rubricVersion, path,
                                                   line.lineNo, *problem));
                    }
                }
                continue;
            }
            if (is_whole()) {
                const auto folders = folders_in_plan(plan, c.eval.check().sourceRoot);
                if (auto problem = c.eval.path_problem(facts, folders)) {
                    findings.push_back(
                        finding(plan, rule, rubric->rubricVersion, path, 1, *problem));
                    continue;
                }
            }
            if (auto problem = c.eval.content_problem(facts, read())) {
                if (added.empty()) {
                    for (const auto& line : view->addedLines.read()) {
                        added.insert(line.lineNo);
                    }
                }
                // A missing header is the new file's; a wrong namespace the added line's.
                const bool ours = c.eval.check().kind == rubric::CheckKind::required_header
                                      ? is_whole()
                                      : added.contains(problem->line);
                if (ours) {
                    findings.push_back(finding(plan, rule, rubric->rubricVersion, path,
                                               problem->line, problem->what));
                }
            }
        }
    }
    std::vector<std::string> summary = {"rubric version " + std::to_string(rubric->rubricVersion) +
                                        " (" + std::to_string(checks.size()) + " checks) on " +
                                        std::to_string(plan.changedFiles.size()) + " file(s)"};
    return lenses::api::completed_result(plan, std::move(findings), std::move(summary));
}

}  // namespace qa::lenses::consistency
