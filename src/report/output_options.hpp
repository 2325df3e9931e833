#pragma once

#include <array>
#include <cstdio>
#include <string>

#include "log/log.hpp"
#include "orchestrator/run.hpp"
#include "report/report.hpp"
#include "util/args.hpp"

namespace qa::report {

/// The output options `qa-skill run` and `qa-skill-hook` share.
inline const std::array<util::OptionSpec, 5> kOutputOptions = {{
    {"color",
     "colour the text report (default auto: a terminal, unless NO_COLOR or TERM=dumb; "
     "FORCE_COLOR forces it)",
     "always|never|auto"},
    {"quiet", "print nothing on PASS", ""},
    {"verbose", "also list non-blocking findings and the lenses' notes", "", 'v'},
    {"log-level",
     "write a troubleshooting log to stderr (default: QA_SKILL_LOG, else off): what was "
     "planned and why, trees, timings, provider calls, commands, cache hits",
     "debug|info|warn|off"},
    {"log-file", "append the log to FILE instead of stderr (default: QA_SKILL_LOG_FILE)", "FILE"},
}};

/// The text style the options ask for; `fd` is where the text report goes. Throws
/// util::UsageError for a bad --color or for --quiet with --verbose.
TerminalStyle style_from(const util::ParsedArgs& args, int fd, std::string action);

/// The troubleshooting log the options (or QA_SKILL_LOG and QA_SKILL_LOG_FILE, which reach a
/// hook that git runs) ask for; off by default. Throws util::UsageError for a bad level and
/// util::InputError for a log file that cannot be opened.
log::Log log_from(const util::ParsedArgs& args);

/// Writes the report: json and sarif on stdout (and, for a FAIL without findings, the reasons on
/// stderr, so a CI log says why); text on `text_out`.
void print_report(const orchestrator::RunReport& report, const std::string& format,
                  const TerminalStyle& style, std::FILE* text_out);

}  // namespace qa::report
