#include "lenses/rule_lens.hpp"

#include <algorithm>
#include <set>

#include "config/defaults.hpp"
#include "contracts/enums.hpp"
#include "contracts/json_io.hpp"
#include "json/canonical.hpp"
#include "lenses/printable_runs.hpp"
#include "plan/registry.hpp"
#include "rules/hygiene.hpp"
#include "rules/mask.hpp"
#include "rules/scrub.hpp"
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

/// The lines a lens looks at in one file, and the buffer the rule engine scans.
struct Scope {
    std::string buffer;
    std::vector<std::uint32_t> lineNumbers;
};

/// One rule match in a file, as every lens and sub-lens reports it: nothing in it points into the
/// content, and a secret is already masked (`shown`) and hashed.
struct ScannedMatch {
    const rules::Rule* rule = nullptr;
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    std::uint32_t endColumn = 0;              ///< one past the match's last byte (SARIF region)
    bool suppressed = false;                  ///< by an inline directive; nothing else is kept
    std::string shown;                        ///< the masked secret, or the snippet, secrets masked
    std::optional<std::size_t> secretLength;  ///< set when the match is a secret
    bool checksumFailed = false;              ///< rules::RuleMatch::checksumFailed
    std::string evidenceHash;
};

/// What one pass over a file found for every lens whose rules are compiled together (the
/// built-in security and style lenses share one RuleSet). The first plan to reach the file
/// computes it and every other plan scanning the same buffer shares it (ChangeSource::shared),
/// so a file is read and scanned once however many lenses, sub-lenses and shards there are.
struct FileScan {
    std::vector<ScannedMatch> matches;  ///< ordered by (line, column, rule id)
    /// The hygiene checks but oversize-file, whose threshold is a lens setting: computed for
    /// every scan of a run with a hygiene sub-lens (ScanSpec::hygiene), as the lens that needs
    /// them may not be the one that scans first.
    std::vector<rules::HygieneFinding> hygiene;
    std::uint64_t size = 0;  ///< of the file's content
    bool directive = false;  ///< the scanned text holds `qa-skill: allow`
    /// The scanned text holds `qa-skill` at all: only then can an added line hold a directive
    /// to check (the text holds every added line), and the lines are not read again.
    bool mentionsTool = false;
    /// Hygiene findings an inline directive suppressed (their line, or `allow-file`).
    std::size_t hygieneSuppressed = 0;
    std::set<std::string> fileAllowed;  ///< the rule ids of the file's `allow-file` directives
};

/// How a lens scans a file: its rules and its settings.
struct ScanSpec {
    const rules::RuleSet& rules;
    const rules::RuleSet& credentials;
    /// The lenses whose rules run: those the configuration enables (a disabled lens's rules
    /// cost nothing even though they are compiled with the others).
    std::vector<std::string> lenses;
    bool wholeFile = false;    ///< mode file or all
    bool withContext = false;  ///< mode diff_context
    std::int64_t diffContext = 0;
    /// Run the hygiene checks too: a hygiene sub-lens may read this scan. Otherwise they would
    /// cost a pass over every file for nothing.
    bool hygiene = true;
};

/// The characters (Unicode code points) of UTF-8 `text`: its bytes but continuation bytes.
std::uint32_t code_points(std::string_view text) {
    return static_cast<std::uint32_t>(std::count_if(text.begin(), text.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    }));
}

/// The 1-based column in characters of the 1-based byte column `byte_column` of `line`: what
/// an editor shows, and SARIF's `unicodeCodePoints` column kind.
std::uint32_t code_point_column(std::string_view line, std::uint32_t byte_column) {
    if (byte_column == 0) {
        return 0;
    }
    return 1 + code_points(line.substr(0, std::min<std::size_t>(byte_column - 1, line.size())));
}

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

/// What a match without a secret is hashed by (its evidenceHash, so its baseline fingerprint):
/// the match, except for a private key, whose BEGIN line is the same for every key of a kind.
/// Its evidence runs to the END line, so a baselined fixture key does not accept another key
/// written in its place.
std::string_view evidence_text(std::string_view text, const rules::RuleMatch& m) {
    constexpr std::size_t kMaxKeyBlock = 64 * 1024;
    if (m.rule->id != "private-key" || m.match.data() < text.data() ||
        m.match.data() > text.data() + text.size()) {
        return m.match;
    }
    const auto start = static_cast<std::size_t>(m.match.data() - text.data());
    const std::size_t end = text.find("-----END ", start + 1);
    if (end == std::string_view::npos) {
        return text.substr(start, kMaxKeyBlock);
    }
    const std::size_t eol = text.find('\n', end);
    return text.substr(start, (eol == std::string_view::npos ? text.size() : eol) - start);
}

/// Reads `path` once (the hygiene checks look at the whole file) and runs the rules of the
/// enabled lenses over the scanned buffer, and the hygiene checks over the file.
FileScan scan_file(const ScanSpec& spec, const std::string& path,
                   const dispatch::ChangedFileView& view, const dispatch::ChangeSource& changes) {
    std::optional<std::string> content;
    const auto load = [&]() -> const std::string& {
        if (!content) {
            content = changes.full_content(path).value_or(std::string());
        }
        return *content;
    };
    // The lines findings may land on, and the buffer the rules scan. When every line counts
    // (mode file or all, or every line added) the content itself is scanned, uncopied.
    const bool whole = spec.wholeFile || view.addedLines.every_line();
    Scope scope;
    std::vector<std::string_view> file_lines;
    std::string_view text;
    if (view.binary) {
        // Binary for git, not free of credentials: the rules read its printable runs.
        PrintableRuns runs = printable_runs(load());
        scope.buffer = std::move(runs.buffer);
        scope.lineNumbers = std::move(runs.lineNumbers);
        text = scope.buffer;
    } else if (whole) {
        text = load();
    } else if (spec.withContext) {
        file_lines = split_lines(load());
        std::vector<bool> wanted(file_lines.size() + 1, false);
        const auto last = static_cast<std::int64_t>(file_lines.size());
        for (const auto& added : view.addedLines.read()) {
            for (std::int64_t l = std::max<std::int64_t>(1, added.lineNo - spec.diffContext);
                 l <= std::min<std::int64_t>(last, added.lineNo + spec.diffContext); ++l) {
                wanted[static_cast<std::size_t>(l)] = true;
            }
        }
        for (std::size_t l = 1; l < wanted.size(); ++l) {
            if (wanted[l]) {
                scope.buffer.append(file_lines[l - 1]).push_back('\n');
                scope.lineNumbers.push_back(static_cast<std::uint32_t>(l));
            }
        }
        text = scope.buffer;
    } else {
        for (const auto& added : view.addedLines.read()) {
            scope.buffer.append(added.text).push_back('\n');
            scope.lineNumbers.push_back(added.lineNo);
        }
        text = scope.buffer;
    }

    FileScan out;
    out.directive = text.find(rules::kAllowDirective) != std::string_view::npos;
    out.mentionsTool = out.directive || text.find("qa-skill") != std::string_view::npos;
    const rules::ScanInput input{path, view.language, text, scope.lineNumbers};
    std::vector<std::size_t> to_run;
    // A whole-tree audit holds no change: rules that judge only what a change adds sit it out.
    const bool audit = view.addedLines.every_line();
    for (const std::size_t c : spec.rules.candidates(text)) {
        const rules::Rule& rule = spec.rules.rules()[c];
        if (std::find(spec.lenses.begin(), spec.lenses.end(), rule.lens) != spec.lenses.end() &&
            !(audit && rule.changesOnly)) {
            to_run.push_back(c);
        }
    }
    std::vector<std::string> file_secrets;
    spec.rules.scan(input, to_run, [&](const rules::RuleMatch& m) {
        ScannedMatch s;
        s.rule = m.rule;
        s.line = m.line;
        s.column = code_point_column(m.lineText, m.column);
        s.checksumFailed = m.checksumFailed;
        s.endColumn = s.column + code_points(m.match);
        // Suppression needs the line above, which an added-lines buffer may not hold.
        std::string_view previous;
        if (m.line > 1 && m.lineText.find(rules::kAllowDirective) == std::string_view::npos) {
            if (file_lines.empty() && load().find(rules::kAllowDirective) != std::string::npos) {
                file_lines = split_lines(*content);
            }
            if (m.line - 2 < file_lines.size()) {
                previous = file_lines[m.line - 2];
            }
        }
        s.suppressed = rules::suppressed(m.lineText, previous, m.rule->id);
        if (m.secret) {
            // Every secret of the file, suppressed ones too, is masked in every snippet below.
            file_secrets.emplace_back(*m.secret);
        }
        if (!s.suppressed) {
            if (m.secret) {
                s.shown = rules::mask_secret(*m.secret);
                s.secretLength = m.secret->size();
            } else {
                s.shown = rules::without_secrets(spec.credentials, path, m.match);
            }
            // A guessable secret is hashed by its masked form only (rules::evidence_form).
            s.evidenceHash = evidence_hash(
                m.rule->id, m.secret ? std::string_view(rules::evidence_form(*m.secret))
                                     : evidence_text(text, m));
        }
        out.matches.push_back(std::move(s));
    });
    // A snippet (the match of a rule without a secret) may hold a secret that another rule found
    // elsewhere in the file, e.g. a password assigned on line 1 and hashed on line 2: mask them
    // all, longest first, so that no secret is shown through another finding.
    std::sort(file_secrets.begin(), file_secrets.end(),
              [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
    for (ScannedMatch& s : out.matches) {
        if (s.suppressed || s.secretLength) {
            continue;
        }
        for (const std::string& secret : file_secrets) {
            s.shown = rules::redact(s.shown, secret);
        }
        s.shown.resize(std::min(s.shown.size(), kMaxSnippet));
    }

    std::vector<std::uint32_t> lines;
    if (!whole) {
        for (const auto& added : view.addedLines.read()) {
            lines.push_back(added.lineNo);
        }
    }
    out.size = load().size();
    if (spec.hygiene && !view.binary) {
        out.hygiene = rules::check_hygiene({path, *content, out.size, lines, UINT64_MAX});
        for (rules::HygieneFinding& h : out.hygiene) {
            if (h.column > 0 && h.line >= 1) {
                if (file_lines.empty()) {
                    file_lines = split_lines(*content);
                }
                if (h.line <= file_lines.size()) {
                    h.column = code_point_column(file_lines[h.line - 1], h.column);
                }
            }
        }
        if (!out.hygiene.empty() && content->find(rules::kAllowDirective) != std::string::npos) {
            // Hygiene findings are suppressed like any rule's: on their line, or for the whole
            // file.
            out.fileAllowed = rules::file_allowed_ids(*content);
            if (file_lines.empty()) {
                file_lines = split_lines(*content);
            }
            std::erase_if(out.hygiene, [&](const rules::HygieneFinding& h) {
                const std::string id(h.rule->id);
                const bool line_ok = h.line >= 1 && h.line <= file_lines.size();
                const bool hit =
                    out.fileAllowed.count(id) > 0 ||
                    (line_ok && rules::suppressed(file_lines[h.line - 1],
                                                  h.line > 1 ? file_lines[h.line - 2] : "", id));
                out.hygieneSuppressed += hit ? 1 : 0;
                return hit;
            });
        }
    }
    return out;
}

/// Whether a lens with a hygiene sub-lens is enabled in this run, so that its findings come
/// from the shared scan of each file.
bool hygiene_enabled(const dispatch::RunInput& run) {
    return std::any_of(plan::builtin_registry().lenses.begin(),
                       plan::builtin_registry().lenses.end(), [&](const plan::LensEntry& entry) {
                           const dispatch::LensInput* lens = run.lens(entry.lensId);
                           return lens != nullptr && lens->enabled &&
                                  std::any_of(entry.subLenses.begin(), entry.subLenses.end(),
                                              [](const plan::SubLensEntry& sub) {
                                                  return sub.subLensId ==
                                                         std::optional<std::string>("hygiene");
                                              });
                       });
}

}  // namespace

RuleLens::RuleLens(std::string id, std::shared_ptr<const rules::RuleSet> rules,
                   RuleSelector selector, bool hygiene_sub_lens,
                   std::shared_ptr<const rules::RuleSet> credentials)
    : id_(std::move(id)),
      rules_(std::move(rules)),
      selector_(std::move(selector)),
      hygiene_(hygiene_sub_lens),
      credentials_(std::move(credentials)) {}

contracts::LensResult RuleLens::run(const contracts::LensPlan& plan,
                                    const dispatch::LensContext& context) const {
    const auto& settings = context.settings;
    const bool run_hygiene = hygiene_ && plan.subLensId == std::optional<std::string>("hygiene");
    std::uint64_t max_file_bytes = config::defaults::kOversizeFileBytes;
    if (const json::Value* v = settings.options.find("max_file_bytes"); v && v->is_integer()) {
        max_file_bytes = static_cast<std::uint64_t>(std::max<std::int64_t>(0, v->as_integer()));
    }
    std::vector<std::string> lenses;
    for (const rules::Rule& rule : rules_->rules()) {
        const dispatch::LensInput* other = context.run.lens(rule.lens);
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
                           std::string(dispatch::to_string(settings.mode)) + "/" +
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
        settings.mode == dispatch::LensMode::file || settings.mode == dispatch::LensMode::all,
        settings.mode == dispatch::LensMode::diff_context,
        static_cast<std::int64_t>(settings.diffContext),
        with_hygiene};

    const auto hygiene_finding = [&](const std::string& path, const rules::HygieneFinding& h) {
        return make_finding(plan, std::string(h.rule->id), severity_of(h.rule->severity),
                            h.rule->blocking, path, std::max<std::uint32_t>(1, h.line), h.message,
                            json::Object{{"column", static_cast<std::int64_t>(h.column)},
                                         {"fix", std::string(h.rule->fix)}},
                            h.message);
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
        const dispatch::LensInput* owner =
            slash == std::string_view::npos ? nullptr : context.run.lens(id.substr(0, slash));
        const bool external = owner != nullptr && owner->kind == dispatch::LensKind::external;
        const bool known = external || rules_->find(id) != nullptr || id == "layer-violation" ||
                           id == "unused-suppression" || id == "invalid-suppression" ||
                           id == "gate-weakened";
        return known ? rules::RuleScope::line : rules::RuleScope::unknown;
    };
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
        if (view->binary) {
            if (run_hygiene && !view->symlink) {
                const auto size = context.changes.full_content(path).value_or("").size();
                const rules::HygieneInput input{path, {}, size, {}, max_file_bytes};
                for (const auto& h : rules::oversize_file(input)) {
                    findings.push_back(
                        make_finding(plan, std::string(h.rule->id), severity_of(h.rule->severity),
                                     h.rule->blocking, path, 1, h.message,
                                     json::Object{{"fix", std::string(h.rule->fix)}}, h.message));
                }
                for (const auto& h : rules::build_output(input)) {
                    findings.push_back(
                        make_finding(plan, std::string(h.rule->id), severity_of(h.rule->severity),
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

        const auto scan = dispatch::shared_value<FileScan>(context.changes, path, scan_key, [&] {
            return std::make_shared<const FileScan>(scan_file(spec, path, *view, context.changes));
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
            findings.push_back(make_hashed_finding(
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
                for (const auto& problem : rules::directive_problems(added.text, known_rule)) {
                    findings.push_back(make_finding(
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
                findings.push_back(make_finding(
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
            for (const auto& h : rules::oversize_file({path, {}, scan->size, {}, max_file_bytes})) {
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
    return completed_result(plan, std::move(findings), std::move(summary));
}

}  // namespace qa::lenses
