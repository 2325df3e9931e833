#pragma once

#include "orchestrator/pipeline.hpp"
#include "prepare/prepared.hpp"
#include "prepare/replay_input.hpp"

namespace qa::orchestrator {

/// The normalized input of `target` as judged, to store with its run (replay_input.hpp), but for
/// its change set's file list, which prepare::to_canonical_text takes from the target.
prepare::ReplayInput replay_input_of(const prepare::Prepared& prepared,
                                     const prepare::PreparedTarget& target,
                                     const Executed& executed);

/// The write step (seed flow step 10): the run's artifacts, manifest, timings, provenance and
/// replay input under `<artifact root>/runs/<executionKey>/` in one atomic publish, then the
/// retention. Sets the outcome's artifactDir. Artifacts that break their schema are written
/// nowhere and the verdict turns FAIL with ARTIFACT_SCHEMA_INVALID; a key whose folder holds
/// other hashed bytes keeps it, this run is recorded beside it (driftDir) and the verdict gets
/// DETERMINISM_DRIFT_DETECTED (verdict::drifted).
void write_artifacts(const prepare::Prepared& prepared, const prepare::PreparedTarget& target,
                     Judged& judged);

}  // namespace qa::orchestrator
