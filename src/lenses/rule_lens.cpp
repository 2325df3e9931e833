#include "lenses/rule_lens.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "contracts/enums.hpp"
#include "lenses/api/findings.hpp"
#include "lenses/file_scan.hpp"
#include "plan/registry.hpp"
#include "rules/hygiene.hpp"
#include "rules/suppression.hpp"
#include "settings/defaults.hpp"
#include "util/suggest.hpp"

namespace qa::lenses {
namespace {

contracts::Severity severity_of(std::string_view text) {
    return contracts::enum_from_string<contracts::Severity>(text).value_or(
        contracts::Severity::medium);
}

/// Whether a lens with a hygiene sub-lens is enabled in this run, so that its findings come
/// from the shared scan of each file.
bool hygiene_enabled(const input::RunInput& run) {
    return std::any_of(run.lenses.begin(), run.lenses.end(), [](const auto& lens) {
        return lens.second.enabled && lens.second.subLensIds.count("hygiene") > 0;
    });
}

/// "3, 4, 5, 9, 12 and 115 more": the first lines of a merged hygiene finding.
std::string listed_lines(const rules::HygieneFinding& h) {
    constexpr std::size_t kShown = 5;
    std::string out;
    for (std::size_t i = 0; i < h.lines.size() && i < kShown; ++i) {
        out += (i == 0 ? "" : ", ") + std::to_string(h.lines[i]);
    }
    if (h.count > kShown) {
        out += " and " + std::to_string(h.count - kShown) + " more";
    }
    return out;
}

}  // namespace

bool runs_hygiene(const plan::LensEntry& entry) {
    return std::any_of(entry.subLenses.begin(), entry.subLenses.end(),
                       [](const plan::SubLensEntry& sub) {
                           return sub.subLensId == std::optional<std::string>("hygiene");
                       });
}

RuleLens::RuleLens(std::string id, std::shared_ptr<const rules::RuleSet> rules,
                   RuleSelector selector, bool hygiene_sub_lens,
                   std::shared_ptr<const rules::RuleSet> credentials)
    : id_(std::move(id)),
      rules_(std::move(rules)),
      selector_(std::move(selector)),
      hygiene_(hygiene_sub_lens),
      credentials_(std::move(credentials)) {}

contracts::LensResult RuleLens::run(const contracts::LensPlan& plan,
                                    const lenses::api::LensContext& context) const {
    const auto& settings = context.settings;
    const bool run_hygiene = hygiene_ && plan.subLensId == std::optional<std::string>("hygiene");
    std::uint64_t max_file_bytes = settings::defaults::kOversizeFileBytes;
    if (const json::Value* v = settings.options.find("max_file_bytes"); v && v->is_integer()) {
        max_file_bytes = static_cast<std::uint64_t>(std::max<std::int64_t>(0, v->as_integer()));
    }
    std::vector<std::string> lenses;
    for (const rules::Rule& rule : rules_->rules()) {
        const input::LensInput* other = context.run.lens(rule.lens);
        // A rules file compiled on its own has no lens: its rules are this lens's.
        const bool enabled =
            rule.lens.empty() || rule.lens == id_ || (other != nullptr && other->enabled);
        if (enabled && std::find(lenses.begin(), lenses.end(), rule.lens) == lenses.end()) {
            lenses.push_back(rule.lens);
        }
    }
    std::sort(lenses.begin(), lenses.end());
    // Names the scan of a file: the rules that run and the buffer scanned, which the lenses
    // sharing the rules and the mode have in common.
    std::string scan_key = "rule-scan/" + rules_->source() + "/" +
                           std::string(input::to_string(settings.mode)) + "/" +
                           std::to_string(settings.diffContext);
    for (const auto& lens : lenses) {
        scan_key += "/" + lens;
    }
    // Every lens of a run comes to the same answer, so they keep sharing one scan.
    const bool with_hygiene = hygiene_ || hygiene_enabled(context.run);
    scan_key += with_hygiene ? "/hygiene" : "";
    const ScanSpec spec{
        *rules_,
        *credentials_,
        std::move(lenses),
        settings.mode == input::LensMode::file || settings.mode == input::LensMode::all,
        settings.mode == input::LensMode::diff_context,
        static_cast<std::int64_t>(settings.diffContext),
        with_hygiene};

    // A rule's problem on several lines of a file is one finding at its first line, counting
    // them; its evidence key is the first line's, as when it was reported line by line, so
    // fingerprints (and the baselines holding them) stay what they were.
    const auto hygiene_finding = [&](const std::string& path, const rules::HygieneFinding& h) {
        json::Object evidence{{"column", static_cast<std::int64_t>(h.column)},
                              {"fix", std::string(h.rule->fix)}};
        std::string summary = h.message;
        if (h.count > 1) {
            evidence.emplace_back("occurrences", static_cast<std::int64_t>(h.count));
            json::Array lines;
            for (const std::uint32_t line : h.lines) {
                lines.emplace_back(static_cast<std::int64_t>(line));
            }
            evidence.emplace_back("occurrenceLines", std::move(lines));
            summary += " (" + std::to_string(h.count) + " lines: " + listed_lines(h) + ")";
        }
        return lenses::api::make_finding(
            plan, std::string(h.rule->id), severity_of(h.rule->severity), h.rule->blocking, path,
            std::max<std::uint32_t>(1, h.line), summary, std::move(evidence), h.message);
    };
    // Size is judged where the change adds a file or grows it: a large file that was already
    // there (a logo committed years ago, every file of an all-files run that HEAD holds at
    // that size) is not the change's doing.
    const auto oversize = [&](const std::string& path, std::uint64_t size) {
        auto found = rules::oversize_file({path, {}, size, {}, max_file_bytes});
        if (!found.empty()) {
            if (const auto before = context.changes.size_before(path); before && *before >= size) {
                found.clear();
            }
        }
        return found;
    };
    const bool report_directives = plan.subLensId == std::optional<std::string>("secrets");
    const rules::RuleKnown known_rule = [&](std::string_view id) {
        for (const auto& h : rules::hygiene_rules()) {
            if (h.id == id) {
                return rules::RuleScope::file;
            }
        }
        // An external lens's rules are not known here: any `<its id>/<rule>` is taken as its.
        const std::size_t slash = id.find('/');
        const input::LensInput* owner =
            slash == std::string_view::npos ? nullptr : context.run.lens(id.substr(0, slash));
        const bool external = owner != nullptr && owner->kind == input::LensKind::external;
        const bool known = external || rules_->find(id) != nullptr || id == "layer-violation" ||
                           id == "unused-suppression" || id == "invalid-suppression" ||
                           id == "gate-weakened";
        return known ? rules::RuleScope::line : rules::RuleScope::unknown;
    };
    // Only for an id no rule has: the ids a directive may name, for "did you mean".
    const rules::RuleSuggest suggest_rule = [&](std::string_view id) {
        std::vector<std::string> ids = {"layer-violation", "unused-suppression",
                                        "invalid-suppression", "gate-weakened"};
        for (const auto& h : rules::hygiene_rules()) {
            ids.emplace_back(h.id);
        }
        for (const auto& r : rules_->rules()) {
            ids.push_back(r.id);
        }
        return util::did_you_mean(id, ids);
    };
    std::size_t added_lines = 0;
    for (const auto& path : plan.changedFiles) {
        if (const lenses::api::ChangedFileView* view = context.changes.file(path)) {
            added_lines += view->addedLines.size();
        }
    }
    rules_->expect_lines(added_lines);
    std::vector<contracts::Finding> findings;
    std::size_t scanned = 0, suppressed_count = 0;
    for (const auto& path : plan.changedFiles) {
        if (context.should_stop()) {
            throw std::runtime_error("stopped: time limit or cancellation");
        }
        const lenses::api::ChangedFileView* view = context.changes.file(path);
        if (view == nullptr || view->deleted) {
            continue;
        }
        ++scanned;
        if (view->binary) {
            if (run_hygiene && !view->symlink) {
                const auto size = context.changes.full_content(path).value_or("").size();
                const rules::HygieneInput input{path, {}, size, {}, max_file_bytes};
                for (const auto& h : oversize(path, size)) {
                    findings.push_back(lenses::api::make_finding(
                        plan, std::string(h.rule->id), severity_of(h.rule->severity),
                        h.rule->blocking, path, 1, h.message,
                        json::Object{{"fix", std::string(h.rule->fix)}}, h.message));
                }
                for (const auto& h : rules::build_output(input)) {
                    findings.push_back(lenses::api::make_finding(
                        plan, std::string(h.rule->id), severity_of(h.rule->severity),
                        h.rule->blocking, path, 1, h.message,
                        json::Object{{"fix", std::string(h.rule->fix)}}, h.message));
                }
            }
            // A stray NUL byte makes a file binary; only the credential rules (the secrets
            // sub-lens) still read it, in its printable runs.
            if (!report_directives || view->symlink) {
                continue;
            }
        }

        const auto scan = lenses::api::shared_value<FileScan>(context.changes, path, scan_key, [&] {
            FileScan found = scan_file(spec, path, *view, context.changes);
            if (!found.found_nothing()) {
                return std::make_shared<const FileScan>(std::move(found));
            }
            // Most files' scans find nothing: one value for every such file of that size
            // (the size is all that tells them apart), not one a file held for the run.
            return lenses::api::shared_value<FileScan>(
                context.changes, "", scan_key + "/nothing/" + std::to_string(found.size),
                [&] { return std::make_shared<const FileScan>(std::move(found)); });
        });
        rules::SuppressionLog used_directives;
        for (const ScannedMatch& m : scan->matches) {
            if (!selector_(plan.subLensId, *m.rule)) {
                continue;
            }
            if (m.suppressed) {
                ++suppressed_count;
                used_directives.record(m.line, m.rule->id);
                continue;
            }
            json::Object evidence{{"column", static_cast<std::int64_t>(m.column)},
                                  {"endColumn", static_cast<std::int64_t>(m.endColumn)},
                                  {"match", m.shown},
                                  {"fix", m.rule->fix}};
            if (m.secretLength) {
                evidence.emplace_back("secretLength", static_cast<std::int64_t>(*m.secretLength));
            }
            if (m.checksumFailed) {
                evidence.emplace_back("checksum", "fails");
            }
            if (!m.exactHash.empty()) {
                // Taken out by the orchestrator before anything is written (exact_keys.hpp).
                evidence.emplace_back("exactHash", m.exactHash);
            }
            findings.push_back(lenses::api::make_hashed_finding(
                plan, m.rule->id,
                m.checksumFailed ? contracts::Severity::low : severity_of(m.rule->severity),
                m.rule->blocking && !m.checksumFailed, path, m.line,
                m.rule->description + (m.secretLength ? " (" + m.shown + ")" : std::string()) +
                    (m.checksumFailed ? " Its checksum fails: probably an example, not a token."
                                      : std::string()),
                std::move(evidence), m.evidenceHash));
        }

        // Directives that are malformed, give no reason or name no rule: reported once per
        // file (by the secrets sub-lens, which checks every file), never blocking.
        if (report_directives && scan->mentionsTool) {
            for (const auto& added : view->addedLines.read()) {
                if (added.text.find("qa-skill") == std::string_view::npos) {
                    continue;
                }
                for (const auto& problem :
                     rules::directive_problems(added.text, known_rule, suggest_rule)) {
                    findings.push_back(lenses::api::make_finding(
                        plan, "invalid-suppression", contracts::Severity::medium, false, path,
                        added.lineNo, problem,
                        json::Object{{"fix",
                                      "Write `qa-skill: allow <rule-id> -- <reason>` in a comment "
                                      "on the finding's line or alone on the line above it, with "
                                      "the rule id the report shows."}},
                        "invalid-suppression\n" + problem + "\n" + std::string(added.text)));
                }
            }
        }

        // Directives on added lines that suppressed nothing: reported, never blocking.
        if (scan->directive) {
            std::vector<std::uint32_t> added;
            for (const auto& a : view->addedLines.read()) {
                added.push_back(a.lineNo);
            }
            const std::string content = context.changes.full_content(path).value_or("");
            const auto owns = [&](const rules::Rule& r) { return selector_(plan.subLensId, r); };
            for (const auto& u : rules::unused_suppressions(
                     {*rules_, owns, path, view->language, added, content, used_directives})) {
                findings.push_back(lenses::api::make_finding(
                    plan, "unused-suppression", contracts::Severity::low, false, path, u.line,
                    "Inline suppression of " + u.ruleId + " suppresses no finding here",
                    json::Object{{"suppressedRuleId", u.ruleId},
                                 {"fix", "Remove the directive, or name the rule it is for."}},
                    u.contentKey));
            }
        }

        // A symlink's content is its target's path, not a file to keep tidy.
        if (run_hygiene && !view->symlink) {
            for (const auto& h : scan->hygiene) {
                findings.push_back(hygiene_finding(path, h));
            }
            suppressed_count += scan->hygieneSuppressed;
            for (const auto& h : oversize(path, scan->size)) {
                if (scan->fileAllowed.count(std::string(h.rule->id)) > 0) {
                    ++suppressed_count;
                } else {
                    findings.push_back(hygiene_finding(path, h));
                }
            }
        }
    }
    std::vector<std::string> summary = {std::to_string(scanned) + " file(s) scanned, " +
                                        std::to_string(findings.size()) + " finding(s)"};
    if (suppressed_count > 0) {
        summary.push_back(std::to_string(suppressed_count) + " finding(s) suppressed inline");
    }
    return lenses::api::completed_result(plan, std::move(findings), std::move(summary));
}

}  // namespace qa::lenses
