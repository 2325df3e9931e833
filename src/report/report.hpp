#pragma once

#include <string>

#include "orchestrator/run.hpp"

namespace qa::report {

/// How the terminal report is drawn.
struct TerminalStyle {
    bool colour = false;  ///< only on a terminal, never with NO_COLOR (see use_colour)
    std::string action;   ///< what a FAIL blocks: "commit", "push", or "" (nothing: dry run, CI)
};

/// True when `fd` is a terminal and NO_COLOR is unset or empty (no-color.org).
bool use_colour(int fd);

/// One short line per PASS run; for a FAIL, the blocking findings (`file:line`, rule, severity,
/// summary), the error codes, the reasons and the artifact path. Secrets appear masked only:
/// findings never carry them in the first place.
std::string terminal(const orchestrator::RunReport& report, const TerminalStyle& style);

/// Canonical JSON: {"status", "runs": [{"label", "artifactDir", "skillResult"}]}.
std::string json(const orchestrator::RunReport& report);

/// SARIF 2.1.0 with every finding of every run (GitHub code scanning accepts it).
std::string sarif(const orchestrator::RunReport& report);

/// A human table of the plans (`qa-skill plan`, `--dry-run`).
std::string plan_table(const orchestrator::RunReport& report);

}  // namespace qa::report
