#include "prepare/tree_config.hpp"

#include "config/rubric_file.hpp"
#include "config/rules_files.hpp"
#include "git/blob.hpp"
#include "prepare/tree_under_test.hpp"
#include "util/file.hpp"
#include "util/sha256.hpp"

namespace qa::prepare {
namespace {

const std::string kPath(settings::kConfigFileName);

config::Config embedded_default(std::span<const std::string> ids) {
    return config::parse_config(config::default_config_text(), std::string(config::kEmbeddedSource),
                                ids);
}

/// The configuration in `tree`, or the embedded default when the tree has none.
config::Config parse_at(const git::Repository& repo, const TreeUnderTest& tree,
                        std::span<const std::string> ids) {
    const auto oid = tree.blob_id(repo, kPath);
    if (!oid) {
        return embedded_default(ids);
    }
    const std::string source = tree.name(repo, kPath);
    const auto text = git::read_blob(repo, *oid);
    if (!text) {
        throw settings::ConfigError(source, 0, 0, "", "the blob " + *oid + " cannot be read");
    }
    return config::parse_config(*text, source, ids);
}

/// Each `rules_files` entry of `config`, read from `tree` like the configuration itself.
void read_rules_files(const git::Repository& repo, config::Config& config,
                      const TreeUnderTest& tree) {
    for (auto& file : config.rulesFiles) {
        const auto oid = tree.blob_id(repo, file.path);
        const auto text = oid ? git::read_blob(repo, *oid) : std::nullopt;
        if (!text) {
            throw settings::ConfigError(
                config.source, file.line, file.column, "rules_files",
                file.path + " is not in the tree the configuration is from");
        }
        file.text = *text;
        file.sha256 = util::sha256_hex(file.text);
    }
}

/// The frozen rubric the configuration names (`[lenses.consistency] rubric_version`), read from
/// `tree` like the configuration naming it.
void read_rubric(const git::Repository& repo, config::Config& config, const TreeUnderTest& tree,
                 const std::string& path) {
    const auto oid = tree.blob_id(repo, path);
    const auto text = oid ? git::read_blob(repo, *oid) : std::nullopt;
    if (!text) {
        throw config::rubric_error(config,
                                   config::missing_rubric_problem(config, repo.root(), path));
    }
    config.rubric = config::RubricFile{path, *text, util::sha256_hex(*text)};
}

/// `--config FILE`, named in messages as given (without "./" or "dir/.."), its rules files
/// read from the working tree.
config::Config file_config(const git::Repository& repo, const std::filesystem::path& file,
                           std::span<const std::string> ids) {
    const std::string name = file.lexically_normal().string();
    std::string text;
    try {
        text = util::read_file(file);
    } catch (const util::IoError& e) {
        std::string problem = e.what();  // names the file as given: named once, normalized
        const std::string given = file.string() + ": ";
        if (problem.starts_with(given)) {
            problem.erase(0, given.size());
        }
        throw settings::ConfigError(name, 0, 0, "", problem);
    }
    config::Config config = config::parse_config(text, name, ids);
    if (!config.rulesFiles.empty()) {
        config::load_rules_files(config, repo.root());
    }
    config::load_rubric_file(config, repo.root());  // throws for an enabled lens without one
    return config;
}

}  // namespace

config::Config load_tree_config(const git::Repository& repo, const RunRequest& request,
                                std::span<const std::string> known_lens_ids) {
    return load_tree_config(
        repo, request,
        request.configFile ? std::vector<TreeUnderTest>{} : request_trees(repo, request),
        known_lens_ids);
}

config::Config load_tree_config(const git::Repository& repo, const RunRequest& request,
                                const std::vector<TreeUnderTest>& trees,
                                std::span<const std::string> known_lens_ids) {
    if (request.configFile) {
        return file_config(repo, *request.configFile, known_lens_ids);
    }
    if (trees.empty()) {
        return embedded_default(known_lens_ids);  // a push of deletions only
    }
    // One configuration serves every pushed ref: their configurations and rules files must
    // agree.
    config::Config config = parse_at(repo, trees.front(), known_lens_ids);
    for (std::size_t i = 1; i < trees.size(); ++i) {
        const config::Config other = parse_at(repo, trees[i], known_lens_ids);
        if (config::config_hash(other) != config::config_hash(config)) {
            throw settings::ConfigError(other.source, 0, 0, "",
                                        "the pushed refs carry different configurations (" +
                                            config.source +
                                            " and this one): push them one at a time");
        }
    }
    read_rules_files(repo, config, trees.front());
    const auto rubric = config::rubric_path(config);  // throws for an enabled lens without one
    if (rubric) {
        read_rubric(repo, config, trees.front(), *rubric);
    }
    for (std::size_t i = 1; i < trees.size(); ++i) {
        for (const auto& file : config.rulesFiles) {
            if (trees[i].blob_id(repo, file.path) != trees.front().blob_id(repo, file.path)) {
                throw settings::ConfigError(config.source, file.line, file.column, "rules_files",
                                            "the pushed refs carry different versions of " +
                                                file.path + ": push them one at a time");
            }
        }
        if (rubric && trees[i].blob_id(repo, *rubric) != trees.front().blob_id(repo, *rubric)) {
            throw config::rubric_error(config, "the pushed refs carry different versions of " +
                                                   *rubric + ": push them one at a time");
        }
    }
    return config;
}

}  // namespace qa::prepare
