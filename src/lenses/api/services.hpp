#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "lenses/api/provenance.hpp"
#include "log/log.hpp"
#include "util/cancellation.hpp"
#include "util/process.hpp"

namespace qa::providers {
class ProviderClient;
}
namespace qa::exec {
class TreeExecutor;
}
namespace qa::cache {
class TieredCache;
}
namespace qa::input {
struct LensInput;
}

namespace qa::lenses::api {

/// Runs a command for a lens (argv, never a shell string). The binaries' runner registers the
/// child's process group with the process's ChildRegistry, so a signal kills it; the
/// execution sandbox will wrap it. Expected failures (non-zero exit, timeout) are values.
class CommandRunner {
  public:
    virtual ~CommandRunner() = default;
    virtual util::ProcessResult run(util::ProcessSpec spec,
                                    const util::CancellationToken& cancel) const = 0;
};

/// Where a lens's own program (an external lens) runs: inside the run's sandbox, under the
/// lens's permission profile, and only once the user trusts the configuration that names it.
class CommandSandbox {
  public:
    virtual ~CommandSandbox() = default;
    /// `spec` rewritten to run inside the sandbox for `lens` (argv wrapped, environment reduced
    /// to the profile's, output capped), or why it may not run at all (untrusted
    /// configuration, class not in allow_execution_lens_classes, read-only profile, no
    /// working bubblewrap): the lens then fails with EXECUTION_DENIED and nothing runs.
    virtual std::variant<util::ProcessSpec, std::string> confine(const input::LensInput& lens,
                                                                 util::ProcessSpec spec) const = 0;
};

/// run_process with the token and, when given, the registry of live child groups; each command
/// line (after the sandbox wrapped it) goes to the log at debug.
class ProcessRunner final : public CommandRunner {
  public:
    explicit ProcessRunner(util::ChildRegistry* children = nullptr, const log::Log* log = nullptr)
        : children_(children), log_(log) {}
    util::ProcessResult run(util::ProcessSpec spec,
                            const util::CancellationToken& cancel) const override;

  private:
    util::ChildRegistry* children_;
    const log::Log* log_;
};

/// The run's budget, kept live: a lens reserves what a paid call may cost before making it
/// and settles what it really cost afterwards, so that a call the budget cannot cover is never
/// made. Admission must not depend on timing: the model lenses' ledger
/// (lenses/model/budget_ledger.hpp) admits plans in queue order, so every plan it orders takes
/// its turn, by reserve() or pass(), and a plan waits in reserve() for the plans before it.
class BudgetLedger {
  public:
    struct Reservation {
        std::int64_t planOrdinal = 0;
        std::int64_t tokens = 0;
        std::optional<double> costUsd;  ///< null: the binding has no price table
    };
    virtual ~BudgetLedger() = default;
    /// Reserves `tokens` and `cost_usd` for the plan; nullopt when the run's budget cannot
    /// cover them (the lens then reports BUDGET_RUN_EXCEEDED and makes no call) or when
    /// `cancel` stopped the wait for the plan's turn.
    virtual std::optional<Reservation> reserve(std::int64_t plan_ordinal, std::int64_t tokens,
                                               std::optional<double> cost_usd,
                                               const util::CancellationToken& cancel) = 0;
    /// The plan makes no call: its turn passes without a reservation. Idempotent.
    virtual void pass(std::int64_t plan_ordinal) = 0;
    /// Records what the reserved call used (0 when it was not made).
    virtual void settle(const Reservation& reservation, std::int64_t tokens_used,
                        std::optional<double> cost_usd) = 0;
};

/// Time for lenses that measure it (retry waits, durations in evidence); tests may fake it.
class TimeSource {
  public:
    virtual ~TimeSource() = default;
    virtual std::chrono::steady_clock::time_point now() const = 0;
};

class SteadyTimeSource final : public TimeSource {
  public:
    std::chrono::steady_clock::time_point now() const override {
        return std::chrono::steady_clock::now();
    }
};

/// What a lens may call besides reading the change. A null slot is a service this run does
/// not offer (no provider configured, no budget ledger yet): a lens that needs it fails with a
/// code, it never passes.
struct Services {
    const providers::ProviderClient* provider = nullptr;
    const CommandRunner* commands = nullptr;
    const CommandSandbox* sandbox = nullptr;
    BudgetLedger* budget = nullptr;
    const TimeSource* clock = nullptr;
    /// Runs an execution lens's commands on the tree under test, sandboxed
    /// (exec/tree_executor.hpp); null when the caller offers no execution (the lens then fails with
    /// EXECUTION_DENIED).
    const exec::TreeExecutor* execution = nullptr;
    /// Answers that replay across runs (seed 001's cache under the artifact root); null: none.
    cache::TieredCache* cache = nullptr;
    /// What a lens did that differs run to run (provenance.json); null: not recorded.
    ProvenanceLog* provenance = nullptr;
    /// The troubleshooting log (--log-level); null or off: nothing is written.
    const log::Log* log = nullptr;
};

}  // namespace qa::lenses::api
