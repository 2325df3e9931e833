#include "orchestrator/tree_config.hpp"

#include "git/blob.hpp"
#include "git/revisions.hpp"
#include "git/tree_blob.hpp"
#include "util/file.hpp"

namespace qa::orchestrator {
namespace {

const std::string kPath(config::kConfigFileName);

config::Config parse_blob(const git::Repository& repo, const std::optional<std::string>& oid,
                          const std::string& source, std::span<const std::string> ids) {
    if (!oid) {
        return config::parse_config(config::default_config_text(), "<embedded default>", ids);
    }
    const auto text = git::read_blob(repo, *oid);
    if (!text) {
        throw config::ConfigError(source, 0, 0, "", "the blob " + *oid + " cannot be read");
    }
    return config::parse_config(*text, source, ids);
}

/// The configuration in the tree of `revision` (a commit sha, or any revision).
config::Config at_revision(const git::Repository& repo, const std::string& revision,
                           std::span<const std::string> ids) {
    return parse_blob(repo, git::blob_id_at(repo, revision, kPath),
                      revision.substr(0, 12) + ":" + kPath, ids);
}

}  // namespace

config::Config load_tree_config(const git::Repository& repo, const RunRequest& request,
                                std::span<const std::string> known_lens_ids) {
    if (request.configFile) {
        std::string text;
        try {
            text = util::read_file(*request.configFile);
        } catch (const util::IoError& e) {
            throw config::ConfigError(request.configFile->string(), 0, 0, "", e.what());
        }
        return config::parse_config(text, request.configFile->string(), known_lens_ids);
    }
    switch (request.kind) {
        case ChangeKind::staged:
        case ChangeKind::all_files:
            return parse_blob(repo, git::index_blob_id(repo, kPath),
                              (repo.is_bare() ? "HEAD:" : "index:") + kPath, known_lens_ids);
        case ChangeKind::range: {
            const std::string head = request.head.value_or("HEAD");
            if (!git::names_commit(repo.raw(), head)) {
                return at_revision(repo, head, known_lens_ids);  // the run reports the head
            }
            return at_revision(repo, git::to_hex(git::resolve_commit(repo.raw(), head)),
                               known_lens_ids);
        }
        case ChangeKind::pushed: {
            std::optional<config::Config> chosen;
            for (const auto& update : request.pushUpdates) {
                if (update.is_deletion()) {
                    continue;
                }
                auto config = at_revision(repo, update.local_sha, known_lens_ids);
                if (!chosen) {
                    chosen = std::move(config);
                } else if (config::config_hash(config) != config::config_hash(*chosen)) {
                    throw config::ConfigError(config.source, 0, 0, "",
                                              "the pushed refs carry different configurations (" +
                                                  chosen->source +
                                                  " and this one): push them one at a time");
                }
            }
            if (chosen) {
                return std::move(*chosen);
            }
            return config::parse_config(config::default_config_text(), "<embedded default>",
                                        known_lens_ids);
        }
    }
    return config::parse_config(config::default_config_text(), "<embedded default>",
                                known_lens_ids);
}

}  // namespace qa::orchestrator
