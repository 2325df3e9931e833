#include "orchestrator/tree_config.hpp"

#include <functional>

#include "config/rubric_file.hpp"
#include "config/rules_files.hpp"
#include "git/blob.hpp"
#include "git/revisions.hpp"
#include "git/tree_blob.hpp"
#include "orchestrator/history_targets.hpp"
#include "util/file.hpp"
#include "util/sha256.hpp"

namespace qa::orchestrator {
namespace {

const std::string kPath(config::kConfigFileName);

config::Config parse_blob(const git::Repository& repo, const std::optional<std::string>& oid,
                          const std::string& source, std::span<const std::string> ids) {
    if (!oid) {
        return config::parse_config(config::default_config_text(),
                                    std::string(config::kEmbeddedSource), ids);
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

/// Reads each `rules_files` entry of `config` from the same place as the configuration itself:
/// `blob_of(path)` names its blob (nullopt: not in that tree).
void read_rules_files(
    const git::Repository& repo, config::Config& config,
    const std::function<std::optional<std::string>(const std::string&)>& blob_of) {
    for (auto& file : config.rulesFiles) {
        const auto oid = blob_of(file.path);
        const auto text = oid ? git::read_blob(repo, *oid) : std::nullopt;
        if (!text) {
            throw config::ConfigError(config.source, file.line, file.column, "rules_files",
                                      file.path + " is not in the tree the configuration is from");
        }
        file.text = *text;
        file.sha256 = util::sha256_hex(file.text);
    }
}

/// The configuration of the tree under test, with its rules files read from that tree too.
config::Config tree_config(const git::Repository& repo, const RunRequest& request,
                           std::span<const std::string> known_lens_ids);

}  // namespace

config::Config load_tree_config(const git::Repository& repo, const RunRequest& request,
                                std::span<const std::string> known_lens_ids) {
    config::Config config = tree_config(repo, request, known_lens_ids);
    const auto rubric = config::rubric_path(config);  // throws for an enabled lens without one
    if (config.rulesFiles.empty() && !rubric) {
        return config;
    }
    if (request.configFile) {
        config::load_rules_files(config, repo.root());
        config::load_rubric_file(config, repo.root());
        return config;
    }
    std::optional<std::string> revision;  // nullopt: the index
    if (request.kind == ChangeKind::range) {
        revision = request.head.value_or("HEAD");
    } else if (request.kind == ChangeKind::history) {
        revision = history_tip(request.revision);
    } else if (request.kind == ChangeKind::pushed) {
        for (const auto& update : request.pushUpdates) {
            if (!update.is_deletion()) {
                revision = update.local_sha;
                break;
            }
        }
    } else if (repo.is_bare()) {
        revision = "HEAD";
    }
    const auto blob_of = [&](const std::string& path) {
        return revision ? git::blob_id_at(repo, *revision, path) : git::index_blob_id(repo, path);
    };
    read_rules_files(repo, config, blob_of);
    if (rubric) {
        // The frozen rubric comes from the tree under test, like the configuration naming it.
        const auto oid = blob_of(*rubric);
        const auto text = oid ? git::read_blob(repo, *oid) : std::nullopt;
        if (!text) {
            throw config::rubric_error(
                config, config::missing_rubric_problem(config, repo.root(), *rubric));
        }
        config.rubric = config::RubricFile{*rubric, *text, util::sha256_hex(*text)};
    }
    if (request.kind == ChangeKind::pushed) {
        // One configuration serves every pushed ref: their rules files must agree as well.
        for (const auto& update : request.pushUpdates) {
            if (update.is_deletion() || update.local_sha == *revision) {
                continue;
            }
            for (const auto& file : config.rulesFiles) {
                if (git::blob_id_at(repo, update.local_sha, file.path) !=
                    git::blob_id_at(repo, *revision, file.path)) {
                    throw config::ConfigError(config.source, file.line, file.column, "rules_files",
                                              "the pushed refs carry different versions of " +
                                                  file.path + ": push them one at a time");
                }
            }
            if (rubric && git::blob_id_at(repo, update.local_sha, *rubric) != blob_of(*rubric)) {
                throw config::rubric_error(config, "the pushed refs carry different versions of " +
                                                       *rubric + ": push them one at a time");
            }
        }
    }
    return config;
}

namespace {

config::Config tree_config(const git::Repository& repo, const RunRequest& request,
                           std::span<const std::string> known_lens_ids) {
    if (request.configFile) {
        // Named in messages as given, without "./" or "dir/..".
        const std::string name = request.configFile->lexically_normal().string();
        std::string text;
        try {
            text = util::read_file(*request.configFile);
        } catch (const util::IoError& e) {
            std::string problem = e.what();  // names the file as given: named once, normalized
            const std::string given = request.configFile->string() + ": ";
            if (problem.starts_with(given)) {
                problem.erase(0, given.size());
            }
            throw config::ConfigError(name, 0, 0, "", problem);
        }
        return config::parse_config(text, name, known_lens_ids);
    }
    switch (request.kind) {
        case ChangeKind::staged:
        case ChangeKind::all_files:
        case ChangeKind::files:
        case ChangeKind::message:
            return parse_blob(repo, git::index_blob_id(repo, kPath),
                              (repo.is_bare() ? "HEAD:" : "index:") + kPath, known_lens_ids);
        case ChangeKind::history:
        case ChangeKind::range: {
            const std::string head = request.kind == ChangeKind::history
                                         ? history_tip(request.revision)
                                         : request.head.value_or("HEAD");
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
            return config::parse_config(config::default_config_text(),
                                        std::string(config::kEmbeddedSource), known_lens_ids);
        }
    }
    return config::parse_config(config::default_config_text(), std::string(config::kEmbeddedSource),
                                known_lens_ids);
}

}  // namespace

}  // namespace qa::orchestrator
