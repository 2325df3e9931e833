// The ways forward a blocked operation prints under its findings: fix, suppress, accept in the
// baseline, a credential's revocation and history rewrite, the push's re-check, --no-verify.
#include "report/ways_forward.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "report/finding_facts.hpp"
#include "report/quote_path.hpp"

namespace qa::report {
namespace {

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

/// A finding `qa-skill fix` removes: a hygiene problem with a mechanical fix.
bool fixable(const contracts::Finding& f) {
    return f.subLensId == std::optional<std::string>("hygiene") &&
           (f.ruleId == "trailing-whitespace" || f.ruleId == "missing-final-newline" ||
            f.ruleId == "crlf-in-lf-file");
}

/// `qa-skill fix` for a blocked commit or a check of the staged files: it fixes the staged
/// files in the working tree, so they are staged again afterwards (`git commit -a` does that
/// itself, but then the files are not staged before it: `git add -u` first).
std::string fix_step(const TerminalStyle& style, int& step) {
    const std::string what =
        "qa-skill fix removes the trailing whitespace, adds the final newlines and makes CRLF "
        "line endings LF in the staged files (in the working tree only; it stages nothing)";
    if (style.action == "commit" && style.commitStagesEdits) {
        return "  " + std::to_string(step++) + ". git add -u, then " + what +
               "; then run the same git commit again.\n";
    }
    return "  " + std::to_string(step++) + ". " + what + "; then git add the files and " +
           (style.action == "commit" ? "commit again.\n" : "run the check again.\n");
}

/// What to do after changing the code, for the operation that was blocked.
std::string again(const TerminalStyle& style) {
    if (style.action == "push") {
        return "commit and push again.";
    }
    if (style.action == "commit") {
        // git commit -a (or with paths) stages the working tree's edits itself.
        return style.commitStagesEdits ? "run the same git commit again (it stages your edits)."
                                       : "git add it and commit again.";
    }
    return "run the check again.";
}

}  // namespace

std::string ways_forward(const orchestrator::RunReport& report, const TerminalStyle& style) {
    const contracts::Finding* first = nullptr;
    const contracts::Finding* suppressible = nullptr;  // the first an inline directive can take
    const contracts::Finding* uncommented = nullptr;   // the first in a file without comments
    const contracts::Finding* credential = nullptr;
    bool critical_credential = false;
    bool fix_applies = false;  // a blocking hygiene finding of the staged files
    // Credentials found in commits that exist already: fixing the code leaves them there.
    std::vector<CommittedCredential> committed;
    for (const auto& run : report.runs) {
        if (run.result.finalVerdict.status == contracts::VerdictStatus::PASS) {
            continue;
        }
        for (const auto& f : run.result.finalVerdict.blockingFindings) {
            first = first != nullptr ? first : &f;
            if (suppressible == nullptr && inline_suppressible(f, report.lensKinds)) {
                suppressible = &f;
            }
            fix_applies |= fixable(f) && run.label == "staged changes";
            if (uncommented == nullptr && !holds_comments(f.file)) {
                uncommented = &f;
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
        out += message ? std::string()
                       : std::string(": change the code as each \"fix:\" line says, then ") +
                             again(style) + "\n";
        if (fix_applies && style.action != "push") {
            out += fix_step(style, step);
        }
        if (suppressible != nullptr) {
            out += "  " + std::to_string(step++) +
                   ". Suppress a false positive on its line, with a reason, e.g. for " +
                   position(*suppressible) + ":\n       " +
                   printable(suppression_directive(*suppressible)) + "\n";
        }
        if (uncommented != nullptr && uncommented != suppressible) {
            // A key or JSON file cannot hold a directive: a fixture is left out by name.
            out += "  " + std::to_string(step++) + ". " + quote_path(uncommented->file) +
                   " cannot hold a comment; if it is a test fixture, leave it out of the checks: "
                   "exclude = [\"" +
                   printable(uncommented->file) + "\"] in .qa-skill.toml" +
                   (is_credential(*uncommented) ? " (a live key is revoked, never excluded)" : "") +
                   ".\n";
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
    if (style.serverSide) {
        out += "  " + std::to_string(step++) +
               ". The server checks every push it receives (git push --no-verify does not skip "
               "it): fix the commits above, then push again.\n";
    } else if (style.action == "commit" || style.action == "push") {
        out += "  " + std::to_string(step++) + ". Emergency only, skipping every check: git " +
               style.action + " --no-verify\n";
    }
    return out;
}

}  // namespace qa::report
