#pragma once

#include <chrono>

#include "log/log.hpp"
#include "orchestrator/run.hpp"
#include "prepare/prepared.hpp"

namespace qa::orchestrator {

/// What the troubleshooting log says of each step of a run (--log-level): the configuration
/// and trees prepare found, what was planned and what was not (and why), what each lens
/// returned, the verdict, and the time of every step. Nothing here names a secret: findings are
/// counted, never quoted.
void log_prepared(const log::Log& log, const prepare::Prepared& prepared,
                  std::chrono::steady_clock::duration took);
void log_planned(const log::Log& log, const prepare::PreparedTarget& target, const RunOutcome& out,
                 std::chrono::steady_clock::duration took);
void log_judged(const log::Log& log, const RunOutcome& out,
                std::chrono::steady_clock::duration dispatch,
                std::chrono::steady_clock::duration decide);

}  // namespace qa::orchestrator
