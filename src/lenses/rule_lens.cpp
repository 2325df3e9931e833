#include "lenses/rule_lens.hpp"

#include <algorithm>

#include "contracts/enums.hpp"
#include "contracts/json_io.hpp"
#include "json/canonical.hpp"
#include "rules/hygiene.hpp"
#include "rules/mask.hpp"
#include "rules/suppression.hpp"
#include "util/sha256.hpp"
#include "verdict/aggregate.hpp"

namespace qa::lenses {
namespace {

constexpr std::size_t kMaxSnippet = 160;

contracts::Severity severity_of(std::string_view text) {
    return contracts::enum_from_string<contracts::Severity>(text).value_or(
        contracts::Severity::medium);
}

/// What one set pass found in a file: the rules that may match it, and whether it holds an
/// inline suppression directive. Shared by the plans of a run (ChangeSource::shared).
struct Prefilter {
    std::vector<std::size_t> candidates;
    bool directive = false;
};

/// The lines a lens looks at in one file, and the buffer the rule engine scans.
struct Scope {
    std::string buffer;
    std::vector<std::uint32_t> lineNumbers;
};

std::vector<std::string_view> split_lines(std::string_view content) {
    std::vector<std::string_view> lines;
    std::size_t start = 0;
    while (start < content.size()) {
        const std::size_t end = content.find('\n', start);
        if (end == std::string_view::npos) {
            lines.push_back(content.substr(start));
            break;
        }
        lines.push_back(content.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

/// `text` with every secret the credential rules find in it masked. Language-neutral scan: only
/// the rules that apply to every file (the credential rules) run.
std::string without_secrets(const rules::RuleSet& credentials, std::string_view path,
                            std::string_view text) {
    std::string out(text);
    std::vector<std::string> secrets;
    for (const auto& m : credentials.scan(rules::ScanInput{path, "", out, {}})) {
        if (m.secret) {
            secrets.emplace_back(*m.secret);
        }
    }
    for (const auto& secret : secrets) {
        out = rules::redact(out, secret);
    }
    return out;
}

}  // namespace

contracts::Finding make_finding(const contracts::LensPlan& plan, const std::string& rule_id,
                                contracts::Severity severity, bool blocking,
                                const std::string& file, std::int64_t line,
                                const std::string& summary, json::Value evidence,
                                std::string_view evidence_key) {
    contracts::Finding f;
    f.lensId = plan.lensId;
    f.subLensId = plan.subLensId;
    f.ruleId = rule_id;
    f.severity = severity;
    f.blocking = blocking;
    f.file = file;
    f.startLine = line;
    f.endLine = line;
    f.summary = summary;
    f.evidence = std::move(evidence);
    // Content, not position: the same secret on another line is the same evidence.
    f.evidenceHash = util::sha256_hex(rule_id + '\0' + std::string(evidence_key));
    f.findingId = util::sha256_hex(json::canonical(json::Array{plan.lensId, rule_id, file, line,
                                                               f.evidenceHash}))
                      .substr(0, 16);
    return f;
}

contracts::LensResult completed_result(const contracts::LensPlan& plan,
                                       std::vector<contracts::Finding> findings,
                                       std::vector<std::string> evidence_summary) {
    verdict::sort_findings(findings);
    contracts::LensResult r;
    r.schemaVersion = "lens-result.v1";
    r.planOrdinal = plan.planOrdinal;
    r.lensId = plan.lensId;
    r.subLensId = plan.subLensId;
    r.lensVersion = plan.lensVersion;
    r.status = contracts::LensStatus::completed;
    r.degraded = false;
    if (!plan.omittedFiles.empty()) {
        // Some files were not looked at: say so, never pretend the scope was complete.
        r.status = contracts::LensStatus::degraded;
        r.degraded = true;
        r.warningCodes.push_back(contracts::ErrorCode::CONTEXT_BOUND_EXCEEDED);
        evidence_summary.push_back(std::to_string(plan.omittedFiles.size()) +
                                   " file(s) omitted by the context bound");
    }
    r.findings = std::move(findings);
    r.evidenceSummary = std::move(evidence_summary);
    // Rule lenses call no model: their usage is known to be zero.
    r.usage.inputTokens = 0;
    r.usage.outputTokens = 0;
    r.usage.totalTokens = 0;
    r.usage.costUsd = 0.0;
    r.usage.unavailableReason = std::nullopt;
    r.executionAudit = std::nullopt;
    // The canonical JSON of the findings array, hashed one element at a time (the same bytes
    // as canonical() of the whole array, without holding it: a scan may find thousands).
    util::Sha256 hashed;
    hashed.update("[");
    for (std::size_t i = 0; i < r.findings.size(); ++i) {
        hashed.update(i == 0 ? "" : ",");
        hashed.update(json::canonical(contracts::to_json(r.findings[i])));
    }
    hashed.update("]");
    r.adapterResponseHash = hashed.hex_digest();
    return r;
}

RuleLens::RuleLens(std::string id, std::string version, contracts::LensClass cls,
                   std::shared_ptr<const rules::RuleSet> rules, RuleSelector selector,
                   bool hygiene_sub_lens, std::shared_ptr<const rules::RuleSet> credentials)
    : id_(std::move(id)),
      version_(std::move(version)),
      class_(cls),
      rules_(std::move(rules)),
      selector_(std::move(selector)),
      hygiene_(hygiene_sub_lens),
      credentials_(std::move(credentials)) {}

contracts::LensResult RuleLens::run(const contracts::LensPlan& plan,
                                    const dispatch::LensContext& context) const {
    const auto& settings = context.settings;
    const bool whole_file = settings.mode == "file" || settings.mode == "all";
    const bool with_context = settings.mode == "diff_context";
    const bool run_hygiene = hygiene_ && plan.subLensId == std::optional<std::string>("hygiene");
    std::uint64_t max_file_bytes = 1024 * 1024;
    if (const json::Value* v = settings.options.find("max_file_bytes"); v && v->is_integer()) {
        max_file_bytes = static_cast<std::uint64_t>(std::max<std::int64_t>(0, v->as_integer()));
    }

    // Names the prefilter result of a file, which depends on the buffer this lens scans.
    const std::string prefilter_key = "rule-lens-prefilter/" + id_ + "/" + settings.mode + "/" +
                                      std::to_string(settings.diffContext);
    std::vector<contracts::Finding> findings;
    std::size_t scanned = 0, suppressed_count = 0;
    for (const auto& path : plan.changedFiles) {
        if (context.should_stop()) {
            throw std::runtime_error("stopped: time limit or cancellation");
        }
        const dispatch::ChangedFileView* view = context.changes.file(path);
        if (view == nullptr || view->deleted) {
            continue;
        }
        ++scanned;
        std::optional<std::string> content;
        const auto load = [&]() -> const std::optional<std::string>& {
            if (!content) {
                content = context.changes.full_content(path).value_or(std::string());
            }
            return content;
        };
        if (view->binary) {
            if (run_hygiene) {
                const rules::HygieneInput input{path, {}, load()->size(), {}, max_file_bytes};
                for (auto& h : rules::oversize_file(input)) {
                    findings.push_back(
                        make_finding(plan, std::string(h.rule->id), severity_of(h.rule->severity),
                                     h.rule->blocking, path, 1, h.message,
                                     json::Object{{"fix", std::string(h.rule->fix)}}, h.message));
                }
                for (auto& h : rules::build_output(input)) {
                    findings.push_back(
                        make_finding(plan, std::string(h.rule->id), severity_of(h.rule->severity),
                                     h.rule->blocking, path, 1, h.message,
                                     json::Object{{"fix", std::string(h.rule->fix)}}, h.message));
                }
            }
            continue;
        }

        // The lines findings may land on, and the buffer the rules scan. When every line counts
        // (mode file or all, or every line added) the content itself is scanned, uncopied.
        const bool whole = whole_file || view->addedLines.every_line();
        Scope scope;
        std::vector<std::string_view> file_lines;
        bool scoped = false;
        const auto scanned_text = [&]() -> std::string_view {
            if (scoped) {
                return whole ? std::string_view(*content) : std::string_view(scope.buffer);
            }
            scoped = true;
            if (whole) {
                return *load();
            }
            if (with_context) {
                file_lines = split_lines(*load());
                std::vector<bool> wanted(file_lines.size() + 1, false);
                const auto n = static_cast<std::int64_t>(settings.diffContext);
                for (const auto& added : view->addedLines) {
                    for (std::int64_t l = std::max<std::int64_t>(1, added.lineNo - n);
                         l <= std::min<std::int64_t>(static_cast<std::int64_t>(file_lines.size()),
                                                     added.lineNo + n);
                         ++l) {
                        wanted[static_cast<std::size_t>(l)] = true;
                    }
                }
                for (std::size_t l = 1; l < wanted.size(); ++l) {
                    if (wanted[l]) {
                        scope.buffer.append(file_lines[l - 1]).push_back('\n');
                        scope.lineNumbers.push_back(static_cast<std::uint32_t>(l));
                    }
                }
            } else {
                for (const auto& added : view->addedLines) {
                    scope.buffer.append(added.text).push_back('\n');
                    scope.lineNumbers.push_back(added.lineNo);
                }
            }
            return scope.buffer;
        };
        // One set pass per file serves every sub-lens of this lens (their plans share it), and a
        // sub-lens with no candidate rule, no directive and no hygiene check here reads nothing.
        const auto pre =
            dispatch::shared_value<Prefilter>(context.changes, path, prefilter_key, [&] {
                auto p = std::make_shared<Prefilter>();
                p->candidates = rules_->candidates(scanned_text());
                p->directive = scanned_text().find(rules::kAllowDirective) != std::string::npos;
                return std::shared_ptr<const Prefilter>(std::move(p));
            });
        std::vector<std::size_t> to_run;
        for (const std::size_t c : pre->candidates) {
            if (selector_(plan.subLensId, rules_->rules()[c])) {
                to_run.push_back(c);
            }
        }
        if (to_run.empty() && !pre->directive && !run_hygiene) {
            continue;
        }

        const std::string_view text = scanned_text();
        const rules::ScanInput input{path, view->language, text, scope.lineNumbers};
        rules::SuppressionLog used_directives;
        const auto on_match = [&](const rules::RuleMatch& m) {
            if (!selector_(plan.subLensId, *m.rule)) {
                return;
            }
            // Suppression needs the line above, which an added-lines buffer may not hold.
            std::string_view previous;
            if (m.line > 1 && m.lineText.find("qa-skill: allow") == std::string_view::npos) {
                if (file_lines.empty() && load()->find("qa-skill: allow") != std::string::npos) {
                    file_lines = split_lines(*content);
                }
                if (m.line - 2 < file_lines.size()) {
                    previous = file_lines[m.line - 2];
                }
            }
            if (rules::suppressed(m.lineText, previous, m.rule->id)) {
                ++suppressed_count;
                used_directives.record(m.line, m.rule->id);
                return;
            }
            const bool is_secret = m.secret.has_value();
            std::string shown = is_secret ? rules::mask_secret(*m.secret)
                                          : without_secrets(*credentials_, path, m.match);
            if (!is_secret && shown.size() > kMaxSnippet) {
                shown.resize(kMaxSnippet);
            }
            json::Object evidence{{"column", static_cast<std::int64_t>(m.column)},
                                  {"match", shown},
                                  {"fix", m.rule->fix}};
            if (is_secret) {
                evidence.emplace_back("secretLength", static_cast<std::int64_t>(m.secret->size()));
            }
            findings.push_back(make_finding(
                plan, m.rule->id, severity_of(m.rule->severity), m.rule->blocking, path, m.line,
                m.rule->description + (is_secret ? " (" + shown + ")" : std::string()),
                std::move(evidence), is_secret ? *m.secret : m.match));
        };
        rules_->scan(input, to_run, on_match);

        // Directives on added lines that suppressed nothing: reported, never blocking.
        if (text.find(rules::kAllowDirective) != std::string_view::npos) {
            std::vector<std::uint32_t> added;
            for (const auto& a : view->addedLines) {
                added.push_back(a.lineNo);
            }
            const auto owns = [&](const rules::Rule& r) { return selector_(plan.subLensId, r); };
            for (const auto& u : rules::unused_suppressions(
                     {*rules_, owns, path, view->language, added, *load(), used_directives})) {
                findings.push_back(make_finding(
                    plan, "unused-suppression", contracts::Severity::low, false, path, u.line,
                    "Inline suppression of " + u.ruleId + " suppresses no finding here",
                    json::Object{{"suppressedRuleId", u.ruleId},
                                 {"fix", "Remove the directive, or name the rule it is for."}},
                    u.contentKey));
            }
        }

        if (run_hygiene) {
            std::vector<std::uint32_t> lines;
            if (!whole) {
                for (const auto& added : view->addedLines) {
                    lines.push_back(added.lineNo);
                }
            }
            const rules::HygieneInput hygiene_input{path, *load(), load()->size(), lines,
                                                    max_file_bytes};
            for (auto& h : rules::check_hygiene(hygiene_input)) {
                findings.push_back(make_finding(
                    plan, std::string(h.rule->id), severity_of(h.rule->severity), h.rule->blocking,
                    path, std::max<std::uint32_t>(1, h.line), h.message,
                    json::Object{{"column", static_cast<std::int64_t>(h.column)},
                                 {"fix", std::string(h.rule->fix)}},
                    h.message));
            }
        }
    }
    std::vector<std::string> summary = {std::to_string(scanned) + " file(s) scanned, " +
                                        std::to_string(findings.size()) + " finding(s)"};
    if (suppressed_count > 0) {
        summary.push_back(std::to_string(suppressed_count) + " finding(s) suppressed inline");
    }
    return completed_result(plan, std::move(findings), std::move(summary));
}

}  // namespace qa::lenses
