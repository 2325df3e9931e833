#include "orchestrator/write.hpp"

#include <algorithm>
#include <filesystem>

#include "artifacts/retention.hpp"
#include "artifacts/writer.hpp"
#include "git/blob.hpp"
#include "json/canonical.hpp"
#include "util/error.hpp"
#include "util/file.hpp"
#include "util/sha256.hpp"
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

/// The sha256 of a file as the run read it: a blob, or a file outside git; empty when it can
/// no longer be read (the replay then says so).
std::string sha256_of(const git::Repository& repo, const std::optional<std::string>& blob,
                      const std::filesystem::path& file) {
    try {
        const auto text = blob ? git::read_blob(repo, *blob) : std::optional(util::read_file(file));
        return text ? util::sha256_hex(*text) : std::string();
    } catch (const util::IoError&) {
        return {};
    }
}

}  // namespace

ReplayInput replay_input_of(const Prepared& prepared, const PreparedTarget& target,
                            const Executed& executed) {
    const config::Config& config = prepared.config;
    ReplayInput in;
    in.configSource = config.source;
    if (prepared.request.configFile) {
        const auto file = std::filesystem::absolute(*prepared.request.configFile);
        in.config = StoredFile{file.string(), std::nullopt, sha256_of(prepared.repo, {}, file)};
    } else if (prepared.configTree) {
        if (auto blob =
                prepared.configTree->blob_id(prepared.repo, std::string(config::kConfigFileName))) {
            const std::string sha = sha256_of(prepared.repo, blob, {});
            in.config = StoredFile{std::string(config::kConfigFileName), std::move(blob), sha};
        }
    }
    in.runModeOverride = prepared.request.runModeOverride;
    for (const auto& file : config.rulesFiles) {
        std::optional<std::string> blob;
        if (!prepared.request.configFile && prepared.configTree) {
            blob = prepared.configTree->blob_id(prepared.repo, file.path);
        }
        in.rulesFiles.push_back(StoredFile{file.path, std::move(blob), file.sha256});
    }
    if (config.rubric) {
        std::optional<std::string> blob;
        if (!prepared.request.configFile && prepared.configTree) {
            blob = prepared.configTree->blob_id(prepared.repo, config.rubric->path);
        }
        in.rubric = StoredFile{config.rubric->path, std::move(blob), config.rubric->sha256};
    }
    in.repoId = target.input.skill.repoId;
    in.target = target.target;
    in.target.lensIds = target.input.skill.requestedLensIds;
    in.tree = target.tree;
    if (target.baseline) {
        in.baselineSource = target.baseline->source;
        in.baselineBlob = target.tree.blob_id(prepared.repo, config.baseline);
    }
    in.gateChanges = target.input.gateChanges;
    in.providerAnswers = answers_of(executed);
    return in;
}

void write_artifacts(const Prepared& prepared, const PreparedTarget& target, Judged& judged) {
    RunOutcome& out = judged.outcome;
    const std::filesystem::path& root = *prepared.artifactRoot;
    const std::string replay =
        json::canonical(to_json(replay_input_of(prepared, target, judged.executed)));
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
        artifacts::prune_runs(root, static_cast<std::size_t>(prepared.config.artifactRetention),
                              written.directory);
    } catch (const artifacts::ArtifactSchemaInvalid& e) {
        out.result.finalVerdict =
            verdict::artifact_invalid(std::move(out.result.finalVerdict), e.what());
    }
}

}  // namespace qa::orchestrator
