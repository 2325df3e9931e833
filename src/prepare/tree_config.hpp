#pragma once

#include <span>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "git/repository.hpp"
#include "prepare/run_request.hpp"
#include "prepare/tree_under_test.hpp"

namespace qa::prepare {

/// The configuration of the tree under test, like the baseline: `.qa-skill.toml` as staged in
/// the index for a commit (pre-commit, pre-merge-commit, --dry-run, --staged, --all-files), in
/// the head commit for a range, in the pushed tip for a push (HEAD's tree in a bare repository);
/// the embedded default when that tree has none. An untracked or unstaged `.qa-skill.toml` in the
/// working tree never changes a verdict. `request.configFile` (`--config FILE`) overrides it, for
/// CI. Pushed refs whose tips carry different configurations are a ConfigError (push them one at
/// a time). The returned Config's `source` names where it came from in git's notation
/// ("index:.qa-skill.toml", "<sha>:.qa-skill.toml"), the file, or the embedded default, so
/// errors read "<source>:<line>:<col>". Throws ConfigError.
config::Config load_tree_config(const git::Repository& repo, const RunRequest& request,
                                std::span<const std::string> known_lens_ids);

/// load_tree_config with the request's trees already decided (request_trees, ignored for
/// `--config FILE`): what prepare uses, so that a run decides its trees once.
config::Config load_tree_config(const git::Repository& repo, const RunRequest& request,
                                const std::vector<TreeUnderTest>& trees,
                                std::span<const std::string> known_lens_ids);

}  // namespace qa::prepare
