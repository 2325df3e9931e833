#pragma once

#include <string>

#include "orchestrator/run.hpp"

namespace qa::report {

/// How much the terminal report says.
enum class Verbosity {
    quiet,    ///< a PASS prints nothing; a FAIL prints everything it would print normally
    normal,   ///< PASS: one line, counts of non-blocking findings, the high ones one line each
    verbose,  ///< also every non-blocking finding, the plan and the lenses' notes
};

/// How the terminal report is drawn.
struct TerminalStyle {
    bool colour = false;  ///< see use_colour() in report/colour.hpp
    std::string action;   ///< what a FAIL blocks: "commit", "push", or "" (nothing: dry run, CI)
    /// The blocked commit stages the working tree's edits itself (`git commit -a`, `git commit
    /// <paths>`): retrying needs no `git add`.
    bool commitStagesEdits = false;
    /// A server's hook refuses the push (pre-receive): the pusher's `--no-verify` skips only
    /// their own hooks, never this one.
    bool serverSide = false;
    Verbosity verbosity = Verbosity::normal;
};

/// The report a person reads. A PASS is one line per run, with the non-blocking findings counted
/// by severity. A FAIL lists each blocking finding (`file:line:col`, severity, rule id as a
/// suppression names it, summary, the rule's fix), then the ways forward: fix, suppress inline
/// (the exact directive for the first finding), accept in the baseline, and --no-verify for
/// emergencies; a blocked push also gets the command that re-checks it. Over 50 findings are
/// grouped by rule and file. File names are quoted as git's core.quotePath quotes them and no
/// text from the repository reaches the terminal with control characters in it. Secrets appear
/// masked only: findings never carry them in the first place.
std::string terminal(const orchestrator::RunReport& report, const TerminalStyle& style);

/// Why a run failed when it has no blocking finding (no base, a lens failed...), one line per
/// run; empty when every run passed or failed by findings. For --format json|sarif on stderr.
std::string failure_reasons(const orchestrator::RunReport& report);

/// Canonical JSON: {"status", "runs": [{"label", "artifactDir", "skillResult"}]}.
std::string json(const orchestrator::RunReport& report);

/// SARIF 2.1.0: one run per checked change (each named by automationDetails.id), rules[] from
/// the rule data, percent-encoded artifact URIs, baselined findings as `unchanged` and
/// accepted, and invocations[].executionSuccessful=false with notifications when the verdict
/// is FAIL for a reason other than findings.
std::string sarif(const orchestrator::RunReport& report);

/// A human table of the plans (`qa-skill plan`, `--dry-run`, `--verbose`).
std::string plan_table(const orchestrator::RunReport& report);

}  // namespace qa::report
