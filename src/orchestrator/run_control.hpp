#pragma once

#include <functional>

#include "contracts/types.hpp"
#include "log/log.hpp"
#include "util/cancellation.hpp"
#include "util/child_registry.hpp"

namespace qa::orchestrator {

/// What the process lends a run so that it can be stopped: the token a signal cancels, the
/// registry of live child process groups, and what to do with a lens that ignores its stop.
/// The default never cancels, registers nothing and waits for overdue lenses (tests, library
/// callers); the binaries get theirs from their Failsafe.
struct RunControl {
    util::CancellationToken cancel;
    util::ChildRegistry* children = nullptr;
    std::function<void(const contracts::LensPlan&)> onOverdueLens;
    /// The troubleshooting log (--log-level, QA_SKILL_LOG); off by default.
    log::Log log;
};

}  // namespace qa::orchestrator
