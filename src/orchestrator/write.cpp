#include "orchestrator/write.hpp"

#include <algorithm>
#include <filesystem>

#include "artifacts/retention.hpp"
#include "artifacts/writer.hpp"
#include "json/canonical.hpp"
#include "verdict/decide.hpp"

namespace qa::orchestrator {
namespace {

/// The cache keys of the provider answers a run used (provenance.v1 calls).
std::vector<std::string> answers_of(const Executed& executed) {
    std::vector<std::string> keys;
    if (!executed.provenance) {
        return keys;
    }
    if (const json::Value* calls = executed.provenance->find("calls"); calls && calls->is_array()) {
        for (const auto& call : calls->as_array()) {
            if (const json::Value* key = call.find("cacheKey"); key && key->is_string()) {
                keys.push_back(key->as_string());
            }
        }
    }
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    return keys;
}

}  // namespace

prepare::ReplayInput replay_input_of(const prepare::Prepared& prepared,
                                     const prepare::PreparedTarget& target,
                                     const Executed& executed) {
    prepare::ReplayInput in = prepared.facts.stored;
    in.repoId = target.input.skill.repoId;
    in.target = target.target.without_files();  // the text takes the files from the target
    in.target.lensIds = target.input.skill.requestedLensIds;
    in.tree = target.tree;
    if (target.baseline) {
        in.baselineSource = target.baseline->source;
        in.baselineBlob = target.tree.blob_id(prepared.repo, prepared.facts.baselinePath);
    }
    in.gateChanges = target.input.gateChanges;
    in.providerAnswers = answers_of(executed);
    in.executionUntrusted = prepared.execution.untrusted;
    return in;
}

void write_artifacts(const prepare::Prepared& prepared, const prepare::PreparedTarget& target,
                     Judged& judged) {
    RunOutcome& out = judged.outcome;
    const std::filesystem::path& root = *prepared.artifactRoot;
    const std::string replay = prepare::to_canonical_text(
        replay_input_of(prepared, target, judged.executed), target.target.changes.files);
    try {
        const artifacts::WrittenRun written = artifacts::write_run(
            root, out.input, out.result,
            artifacts::RunExtras{judged.timings, judged.executed.provenance, replay},
            prepared.jobs);
        out.artifactDir = written.directory;
        if (written.drifted) {
            out.driftDir = written.drifted;
            const auto shown = [&](const std::filesystem::path& p) {
                return p.lexically_relative(prepared.repo.root()).string();
            };
            out.result.finalVerdict =
                verdict::drifted(std::move(out.result.finalVerdict), out.input.runMode,
                                 "DETERMINISM_DRIFT_DETECTED: " + shown(written.directory) +
                                     " holds other bytes for this executionKey; kept, and this "
                                     "run recorded in " +
                                     shown(*written.drifted));
        }
        artifacts::prune_runs(root, prepared.facts.retention, written.directory);
    } catch (const artifacts::ArtifactSchemaInvalid& e) {
        out.result.finalVerdict =
            verdict::artifact_invalid(std::move(out.result.finalVerdict), e.what());
    }
}

}  // namespace qa::orchestrator
