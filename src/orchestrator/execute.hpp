#pragma once

#include <optional>
#include <vector>

#include "baseline/exact_keys.hpp"
#include "contracts/types.hpp"
#include "exec/lens_sandbox.hpp"
#include "json/value.hpp"
#include "lenses/api/services.hpp"
#include "orchestrator/run_control.hpp"
#include "prepare/prepared.hpp"

namespace qa::orchestrator {

/// What the lenses of one target returned, before any status rule (verdict::decide).
struct Executed {
    std::vector<contracts::LensResult> results;  ///< by planOrdinal
    /// provenance.v1 of the provider calls made or answered from the cache; nullopt: none.
    std::optional<json::Value> provenance;
    /// The exact hashes of the guessable secrets found, taken out of the findings before
    /// anything can write them (baseline/exact_keys.hpp): in memory only, for the baseline.
    baseline::ExactKeys exactKeys;
};

/// The execute step (seed flow steps 6 to 8): the run's services (command runner, clock, the
/// external lenses' sandbox), then per target its plans on the dispatcher's fixed pool, with
/// the execution lenses' checkouts and the model lenses' shared provider client, budget ledger
/// and cache.
class Execution {
  public:
    Execution(const git::LibGit2& lib, const prepare::Prepared& prepared,
              const RunControl& control);

    /// Runs `plans` of `target` (planned under `execution_key`) on `changes`. Throws
    /// util::Interrupted when the run is cancelled: its cancelled lenses are not findings.
    Executed run(const prepare::PreparedTarget& target,
                 const std::vector<contracts::LensPlan>& plans, const std::string& execution_key,
                 const lenses::api::ChangeSource& changes) const;

    const log::Log& log() const { return control_.log; }

  private:
    const git::LibGit2& lib_;
    const prepare::Prepared& prepared_;
    const RunControl& control_;
    lenses::api::ProcessRunner commands_;
    lenses::api::SteadyTimeSource clock_;
    std::optional<exec::LensSandbox> sandbox_;
};

}  // namespace qa::orchestrator
