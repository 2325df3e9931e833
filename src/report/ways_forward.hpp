#pragma once

#include <string>

#include "orchestrator/run.hpp"
#include "report/report.hpp"

namespace qa::report {

/// "Ways forward:" and its numbered steps for a report that did not pass: revoke and rewrite
/// history for a committed credential, fix (and how to retry the blocked operation), suppress
/// inline or, for a file that holds no comment, exclude it, accept in the baseline, re-check a
/// push, and --no-verify for emergencies.
std::string ways_forward(const orchestrator::RunReport& report, const TerminalStyle& style);

}  // namespace qa::report
