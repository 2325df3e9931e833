// The report a person reads: what passed, what blocked, and what to do next.
#include <algorithm>
#include <array>
#include <filesystem>
#include <map>
#include <utility>
#include <vector>

#include "contracts/enums.hpp"
#include "report/finding_facts.hpp"
#include "report/quote_path.hpp"
#include "report/report.hpp"

namespace qa::report {
namespace {

namespace fs = std::filesystem;

/// A FAIL lists this many blocking findings one by one; the rest are grouped by rule and file.
constexpr std::size_t kListedFindings = 50;
/// ... in at most this many group lines.
constexpr std::size_t kListedGroups = 20;

struct Palette {
    const char* red = "";
    const char* green = "";
    const char* yellow = "";
    const char* bold = "";
    const char* dim = "";
    const char* reset = "";
};

Palette palette(bool colour) {
    if (!colour) {
        return {};
    }
    return {"\033[31m", "\033[32m", "\033[33m", "\033[1m", "\033[2m", "\033[0m"};
}

std::string plural(std::size_t n, const std::string& word) {
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

std::string position(const contracts::Finding& f) {
    const FindingFacts facts = facts_of(f);
    std::string out = quote_path(f.file) + ":" + std::to_string(f.startLine);
    if (facts.column) {
        out += ":" + std::to_string(*facts.column);
    }
    return out;
}

/// `file:line:col  severity  rule-id  summary`, and the fix on the next line when asked.
std::string finding_line(const contracts::Finding& f, const Palette& p, bool with_fix) {
    std::string out = "  " + std::string(p.bold) + position(f) + p.reset + "  " + p.yellow +
                      std::string(contracts::to_string(f.severity)) + p.reset + "  " +
                      printable(f.ruleId) + "  " + printable(f.summary) + "\n";
    const FindingFacts facts = facts_of(f);
    if (with_fix && !facts.fix.empty()) {
        out += "      " + std::string(p.dim) + "fix: " + printable(facts.fix) + p.reset + "\n";
    }
    // A failing command's last lines: the cause is often there ("No module named pytest").
    for (const auto& line : facts.outputTail) {
        out += "      " + std::string(p.dim) + "| " + printable(line) + p.reset + "\n";
    }
    return out;
}

std::string lens_name(const contracts::LensResult& lens) {
    return printable(lens.subLensId ? lens.lensId + "/" + *lens.subLensId : lens.lensId);
}

/// The artifact folder relative to the repository root when it is inside it (it is by default).
std::string artifact_path(const orchestrator::RunOutcome& run, const fs::path& root) {
    const fs::path rel = run.artifactDir->lexically_relative(root);
    const bool inside = !rel.empty() && *rel.begin() != "..";
    return quote_path((inside ? rel : *run.artifactDir).string());
}

std::vector<const contracts::Finding*> non_blocking(const orchestrator::RunOutcome& run) {
    std::vector<const contracts::Finding*> out;
    for (const auto& lens : run.result.lensResults) {
        for (const auto& f : lens.findings) {
            if (!f.blocking) {
                out.push_back(&f);
            }
        }
    }
    return out;
}

bool is_high(contracts::Severity s) {
    return s == contracts::Severity::critical || s == contracts::Severity::high;
}

/// A non-blocking finding listed without -v: high severity (SQL injection, eval), a
/// suppression directive that suppresses nothing because it is written wrong, or a change that
/// weakens the gate (a reviewer must see it).
bool listed_anyway(const contracts::Finding& f) {
    return !facts_of(f).baselined && (is_high(f.severity) || f.ruleId == "invalid-suppression" ||
                                      f.ruleId == "gate-weakened");
}

/// The lines of the non-blocking findings a report lists: every one with -v; otherwise those
/// listed_anyway(), at most kListedFindings, the rest counted by rule. Returns the text and how
/// many findings it lists.
std::pair<std::string, std::size_t> listed_non_blocking(
    const std::vector<const contracts::Finding*>& others, bool verbose, const Palette& p) {
    std::string out;
    std::size_t shown = 0;
    std::map<std::string, std::size_t> rest;
    for (const auto* f : others) {
        if (verbose) {
            out += finding_line(*f, p, true);
            ++shown;
        } else if (listed_anyway(*f)) {
            if (shown < kListedFindings) {
                out += finding_line(*f, p, false);
                ++shown;
            } else {
                ++rest[f->ruleId];
            }
        }
    }
    for (const auto& [rule, count] : rest) {
        out += "  ... and " + std::to_string(count) + " more " + printable(rule) + "\n";
    }
    return {out, shown};
}

/// "1 high, 2 low" over the findings not accepted by the baseline; "2 accepted by the baseline".
std::string severity_counts(const std::vector<const contracts::Finding*>& findings) {
    static constexpr std::array kOrder = {contracts::Severity::critical, contracts::Severity::high,
                                          contracts::Severity::medium, contracts::Severity::low,
                                          contracts::Severity::info};
    std::map<contracts::Severity, std::size_t> counts;
    std::size_t accepted = 0;
    for (const auto* f : findings) {
        facts_of(*f).baselined ? ++accepted : ++counts[f->severity];
    }
    std::string out;
    for (const auto s : kOrder) {
        if (counts[s] > 0) {
            out += (out.empty() ? "" : ", ") + std::to_string(counts[s]) + " " +
                   std::string(contracts::to_string(s));
        }
    }
    if (accepted > 0) {
        out += (out.empty() ? "" : ", ") + std::to_string(accepted) + " accepted by the baseline";
    }
    return out;
}

/// The lenses' own notes on a failure: the lens that failed and what it said.
std::string failure_details(const orchestrator::RunOutcome& run, const Palette& p) {
    std::string out;
    const auto& v = run.result.finalVerdict;
    for (const auto& reason : v.rationale) {
        if (reason.find("blocking finding") != std::string::npos || reason == "nothing to check") {
            continue;  // the findings say it themselves; "nothing" is said by the next line
        }
        out += "  " + std::string(p.red) + printable(reason) + p.reset + "\n";
    }
    for (const auto& lens : run.result.lensResults) {
        const bool failed = lens.status != contracts::LensStatus::completed;
        if (!failed) {
            continue;
        }
        for (const auto& note : lens.evidenceSummary) {
            out += "    " + lens_name(lens) + ": " + printable(note) + "\n";
        }
    }
    if (!v.errorCodes.empty()) {
        std::string codes;
        for (const auto c : v.errorCodes) {
            codes += (codes.empty() ? "" : ", ") + std::string(contracts::to_string(c));
        }
        out += "  error codes (see doc/exit-codes.md): " + codes + "\n";
    }
    for (const auto& code : run.baseRefCodes) {
        const bool said = std::any_of(v.errorCodes.begin(), v.errorCodes.end(),
                                      [&](auto c) { return contracts::to_string(c) == code; });
        if (!said) {
            out += "  base: " + printable(code) + "\n";
        }
    }
    return out;
}

/// What each check said about its work (files scanned, exclusions...), for --verbose.
std::string lens_notes(const orchestrator::RunOutcome& run, const Palette& p) {
    std::string out;
    for (const auto& [lens, count] : run.plan.excludedByLens) {
        out += "  " + std::string(p.dim) + printable(lens) + ": " + plural(count, "file") +
               " excluded by lenses." + lens + ".exclude" + p.reset + "\n";
    }
    for (const auto& lens : run.result.lensResults) {
        for (const auto& note : lens.evidenceSummary) {
            out += "  " + std::string(p.dim) + lens_name(lens) + ": " + printable(note) + p.reset +
                   "\n";
        }
    }
    return out;
}

std::string pass_block(const orchestrator::RunOutcome& run, const TerminalStyle& style,
                       const Palette& p) {
    const auto& v = run.result.finalVerdict;
    const auto others = non_blocking(run);
    const bool verbose = style.verbosity == Verbosity::verbose;
    std::string out = std::string("qa-skill: ") + p.green + "PASS" + p.reset + " " +
                      printable(run.label) + " (" + plural(run.plan.changedFiles, "file") +
                      " checked";
    if (run.plan.excludedFiles > 0) {
        out += ", " + std::to_string(run.plan.excludedFiles) + " excluded";
    }
    if (!others.empty()) {
        out += "; not blocking: " + severity_counts(others);
    }
    out += ")\n";
    const auto [lines, shown] = listed_non_blocking(others, verbose, p);
    out += lines;
    if (shown < others.size()) {
        out += "  " + std::string(p.dim) + "(-v lists all " + plural(others.size(), "finding") +
               ")" + p.reset + "\n";
    }
    if (v.degraded) {
        out += "  some optional checks did not complete:\n" + failure_details(run, p);
    }
    if (verbose) {
        out += lens_notes(run, p);
    }
    return out;
}

/// The findings past the first kListedFindings, counted by (rule, file).
std::string grouped_rest(const std::vector<contracts::Finding>& findings,
                         const orchestrator::RunOutcome& run, const fs::path& root) {
    std::map<std::pair<std::string, std::string>, std::size_t> groups;
    for (std::size_t i = kListedFindings; i < findings.size(); ++i) {
        ++groups[{findings[i].ruleId, findings[i].file}];
    }
    std::string out = "  ... and " + plural(findings.size() - kListedFindings, "more finding") +
                      ", by rule and file:\n";
    std::size_t listed = 0;
    for (const auto& [key, count] : groups) {
        if (listed++ == kListedGroups) {
            out += "    ... " + plural(groups.size() - kListedGroups, "more group") + "\n";
            break;
        }
        out += "    " + printable(key.first) + "  " + quote_path(key.second) + "  (" +
               std::to_string(count) + ")\n";
    }
    out += "  all of them: " +
           (run.artifactDir ? artifact_path(run, root) + "/final-verdict.json"
                            : std::string("qa-skill run ... --format json")) +
           "\n";
    return out;
}

std::string fail_block(const orchestrator::RunOutcome& run, const fs::path& root,
                       const TerminalStyle& style, const Palette& p) {
    const auto& v = run.result.finalVerdict;
    const auto& blocking = v.blockingFindings;
    std::string out =
        std::string("qa-skill: ") + p.red + p.bold + "FAIL" + p.reset + " " + printable(run.label);
    if (!style.action.empty()) {
        out += " - " + style.action + " blocked";
    }
    out += blocking.empty()
               ? ": the check could not complete\n"
               : (style.action.empty() ? ": " : " by ") + plural(blocking.size(), "finding") + "\n";
    for (std::size_t i = 0; i < blocking.size() && i < kListedFindings; ++i) {
        out += finding_line(blocking[i], p, true);
    }
    if (blocking.size() > kListedFindings) {
        out += grouped_rest(blocking, run, root);
    }
    if (blocking.empty() || v.degraded || !v.failedRequiredLensIds.empty() ||
        !v.missingRequiredLensIds.empty()) {
        out += failure_details(run, p);
    }
    const auto others = non_blocking(run);
    if (!others.empty()) {
        const bool verbose = style.verbosity == Verbosity::verbose;
        const auto [lines, shown] = listed_non_blocking(others, verbose, p);
        out += "  also, not blocking: " + severity_counts(others) +
               (shown < others.size() ? " (-v lists them)" : "") + "\n" + lines;
    }
    if (style.verbosity == Verbosity::verbose) {
        out += lens_notes(run, p);
    }
    if (run.baselineUnverifiable > 0) {
        out += "  " + plural(run.baselineUnverifiable, "finding") + " matched an entry of " +
               printable(run.baselineSource.value_or("the baseline")) +
               " only by the masked form of a secret (the file predates salted fingerprints): "
               "not accepted. Refresh it: qa-skill baseline create, then commit it.\n";
    }
    if (run.artifactDir) {
        out += "  details: " + artifact_path(run, root) + "\n";
    }
    return out;
}

/// The local ref of a push label "refs/heads/x -> refs/heads/x".
std::string pushed_ref(const std::string& label) {
    const auto arrow = label.find(" -> ");
    return arrow == std::string::npos ? label : label.substr(0, arrow);
}

bool no_base(const orchestrator::RunReport& report) {
    for (const auto& run : report.runs) {
        for (const auto& code : run.baseRefCodes) {
            if (code == "BASE_REF_RESOLUTION_FAILED") {
                return true;
            }
        }
    }
    return false;
}

bool is_credential(const contracts::Finding& f) {
    return f.lensId == "security" && f.subLensId == std::optional<std::string>("secrets");
}

/// A credential finding located in a commit (evidence "commit"), and whether that commit is
/// the tip of what the run checked (then `git commit --amend` rewrites it).
struct CommittedCredential {
    std::string commit;
    std::string where;  ///< file:line, or "its message"
    bool tip = false;
    bool message = false;
};

void add_committed(std::vector<CommittedCredential>& out, const contracts::Finding& f,
                   const orchestrator::RunOutcome& run) {
    const json::Value* commit = f.evidence.is_object() ? f.evidence.find("commit") : nullptr;
    if (commit == nullptr || !commit->is_string()) {
        return;
    }
    const std::string& sha = commit->as_string();
    const bool message = f.file.starts_with("commit:");
    for (const auto& c : out) {
        if (c.commit == sha && c.message == message) {
            return;
        }
    }
    out.push_back(CommittedCredential{
        sha, message ? "its message, line " + std::to_string(f.startLine) : position(f),
        run.input.headRef == sha, message});
}

/// Revoke first, then rewrite the commits that hold the credential, each named.
std::string credential_steps(const std::vector<CommittedCredential>& committed, int& step) {
    std::string out = "  " + std::to_string(step++) +
                      ". Revoke the credential first (rotate it where it was issued): a secret "
                      "that was committed must be treated as known.\n";
    if (committed.empty()) {
        return out;
    }
    out += "  " + std::to_string(step++) +
           ". Remove it from the commits that hold it (fixing the code in a new commit leaves it "
           "in history), then push again:\n";
    constexpr std::size_t kShown = 5;
    for (std::size_t i = 0; i < committed.size() && i < kShown; ++i) {
        const auto& c = committed[i];
        const std::string sha = c.commit.substr(0, 12);
        out += "       commit " + sha + " (" + printable(c.where) + "): ";
        if (c.tip) {
            out += c.message ? "git commit --amend (write the message again)\n"
                             : "remove it, git add, git commit --amend\n";
        } else {
            out += "git rebase -i " + sha + "~1, mark " + sha +
                   (c.message ? " \"reword\"" : " \"edit\", remove it, git commit --amend") +
                   ", git rebase --continue (git rebase -i --root for a first commit)\n";
        }
    }
    if (committed.size() > kShown) {
        out += "       and " + std::to_string(committed.size() - kShown) + " more commit(s)\n";
    }
    return out;
}

std::string ways_forward(const orchestrator::RunReport& report, const TerminalStyle& style) {
    const contracts::Finding* first = nullptr;
    const contracts::Finding* suppressible = nullptr;  // the first an inline directive can take
    const contracts::Finding* credential = nullptr;
    bool critical_credential = false;
    // Credentials found in commits that exist already: fixing the code leaves them there.
    std::vector<CommittedCredential> committed;
    for (const auto& run : report.runs) {
        if (run.result.finalVerdict.status == contracts::VerdictStatus::PASS) {
            continue;
        }
        for (const auto& f : run.result.finalVerdict.blockingFindings) {
            first = first != nullptr ? first : &f;
            if (suppressible == nullptr && inline_suppressible(f)) {
                suppressible = &f;
            }
            if (is_credential(f)) {
                credential = credential != nullptr ? credential : &f;
                critical_credential |= f.severity == contracts::Severity::critical;
                add_committed(committed, f, run);
            }
        }
    }
    std::string out = "\nWays forward:\n";
    int step = 1;
    if (credential != nullptr && (!committed.empty() || style.action == "push")) {
        out += credential_steps(committed, step);
    }
    if (first != nullptr) {
        const bool message = first->file == "COMMIT_EDITMSG";  // the commit-msg hook's
        out += "  " + std::to_string(step++) +
               (message             ? ". Fix: write the message again without it, then commit.\n"
                : committed.empty() ? ". Fix"
                                    : ". For any other finding");
        out += message
                   ? std::string()
                   : std::string(": change the code as each \"fix:\" line says, then ") +
                         (style.action == "push" ? "commit and push again."
                                                 : std::string(style.action == "commit"
                                                                   ? "git add it and commit again."
                                                                   : "run the check again.")) +
                         "\n";
        if (suppressible != nullptr) {
            out += "  " + std::to_string(step++) +
                   ". Suppress a false positive on its line, with a reason, e.g. for " +
                   position(*suppressible) + ":\n       " +
                   printable(suppression_directive(*suppressible)) + "\n";
        }
        // A baseline accepts what exists; for a live credential that is never the way forward.
        out += "  " + std::to_string(step++) +
               (critical_credential
                    ? ". Only for test fixtures and examples, never for a live credential: "
                      "qa-skill baseline create, then commit .qa-skill-baseline.json.\n"
                    : ". Accept the findings that exist today: qa-skill baseline create, then "
                      "commit .qa-skill-baseline.json.\n");
    } else if (no_base(report)) {
        out += "  " + std::to_string(step++) +
               ". Name the revision to compare with: qa-skill run --base <rev>, or set base_ref "
               "in .qa-skill.toml, or fetch origin so origin/HEAD exists.\n";
    } else {
        out += "  " + std::to_string(step++) +
               ". See what the failed check said: the lines above, and with -v the notes of "
               "every check; then run it again.\n";
    }
    if (style.action == "push") {
        std::vector<std::string> rechecks;  // one per ref: its earlier commits share its line
        for (const auto& run : report.runs) {
            if (run.result.finalVerdict.status == contracts::VerdictStatus::PASS) {
                continue;
            }
            const std::string line =
                "     Re-check the push of " + printable(pushed_ref(run.label)) + ": qa-skill run" +
                (run.input.baseRef ? " --base " + printable(*run.input.baseRef) : std::string()) +
                " --head " + printable(pushed_ref(run.label)) + "\n";
            if (std::find(rechecks.begin(), rechecks.end(), line) == rechecks.end()) {
                rechecks.push_back(line);
                out += line;
            }
        }
    }
    if (style.action == "commit" || style.action == "push") {
        out += "  " + std::to_string(step++) + ". Emergency only, skipping every check: git " +
               style.action + " --no-verify\n";
    }
    return out;
}

}  // namespace

std::string terminal(const orchestrator::RunReport& report, const TerminalStyle& style) {
    const Palette p = palette(style.colour);
    const bool quiet = style.verbosity == Verbosity::quiet;
    if (report.runs.empty()) {
        return quiet ? "" : "qa-skill: PASS (nothing to check)\n";
    }
    std::string out;
    for (const auto& run : report.runs) {
        const auto& v = run.result.finalVerdict;
        if (v.status == contracts::VerdictStatus::PASS) {
            if (!quiet || v.degraded) {
                out += pass_block(run, style, p);
            }
        } else {
            out += fail_block(run, report.repoRoot, style, p);
        }
    }
    if (!report.passed()) {
        out += ways_forward(report, style);
    }
    return out;
}

std::string failure_reasons(const orchestrator::RunReport& report) {
    std::string out;
    for (const auto& run : report.runs) {
        const auto& v = run.result.finalVerdict;
        if (v.status == contracts::VerdictStatus::PASS || !v.blockingFindings.empty()) {
            continue;
        }
        out += "qa-skill: FAIL " + printable(run.label) + ": the check could not complete\n" +
               failure_details(run, Palette{});
    }
    return out;
}

}  // namespace qa::report
