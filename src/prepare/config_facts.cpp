#include "prepare/config_facts.hpp"

#include <filesystem>

#include "config/config.hpp"
#include "git/blob.hpp"
#include "util/error.hpp"
#include "util/file.hpp"
#include "util/sha256.hpp"

namespace qa::prepare {
namespace {

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

/// replay.json's configuration part: where the configuration came from and the files it read.
ReplayInput stored_part(const git::Repository& repo, const RunRequest& request,
                        const config::Config& config,
                        const std::optional<TreeUnderTest>& config_tree) {
    ReplayInput in;
    in.configSource = config.source;
    if (request.configFile) {
        const auto file = std::filesystem::absolute(*request.configFile);
        in.config = StoredFile{file.string(), std::nullopt, sha256_of(repo, {}, file)};
    } else if (config_tree) {
        if (auto blob = config_tree->blob_id(repo, std::string(settings::kConfigFileName))) {
            const std::string sha = sha256_of(repo, blob, {});
            in.config = StoredFile{std::string(settings::kConfigFileName), std::move(blob), sha};
        }
    }
    in.runModeOverride = request.runModeOverride;
    const bool in_tree = !request.configFile && config_tree;
    for (const auto& file : config.rulesFiles) {
        std::optional<std::string> blob;
        if (in_tree) {
            blob = config_tree->blob_id(repo, file.path);
        }
        in.rulesFiles.push_back(StoredFile{file.path, std::move(blob), file.sha256});
    }
    if (config.rubric) {
        std::optional<std::string> blob;
        if (in_tree) {
            blob = config_tree->blob_id(repo, config.rubric->path);
        }
        in.rubric = StoredFile{config.rubric->path, std::move(blob), config.rubric->sha256};
    }
    return in;
}

}  // namespace

ConfigFacts config_facts(const git::Repository& repo, const RunRequest& request,
                         const config::Config& config,
                         const std::optional<TreeUnderTest>& config_tree, bool stored) {
    ConfigFacts facts;
    facts.source = config.source;
    facts.hash = config::config_hash(config);
    if (stored) {
        facts.stored = stored_part(repo, request, config, config_tree);
    }
    facts.baselinePath = config.baseline;
    facts.retention = static_cast<std::size_t>(config.artifactRetention);
    for (const auto& file : config.rulesFiles) {
        facts.ownRules.push_back(OwnRulesText{file.path, file.text});
    }
    return facts;
}

}  // namespace qa::prepare
