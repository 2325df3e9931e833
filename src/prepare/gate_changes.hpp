#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "baseline/load.hpp"
#include "config/config.hpp"
#include "git/change_set.hpp"
#include "git/repository.hpp"
#include "input/run_input.hpp"

namespace qa::prepare {

/// What `changes` does to the gate itself, against its base (`changes.base`; the embedded
/// default configuration and no baseline when the base is the empty tree): each weakening of
/// the configuration (config::weakenings), placed on the first added line of `.qa-skill.toml`
/// that names the changed key, and the findings newly accepted by the baseline, on the baseline
/// file. No configuration weakening when `config` does not come from the tree
/// (`config_from_tree` false: `--config FILE`) or when the base's configuration cannot be read
/// (a broken base is not this change's doing). A deleted `.qa-skill.toml` is compared as the
/// embedded default it leaves.
std::vector<input::GateChange> gate_changes(const git::Repository& repo,
                                            const git::ChangeSet& changes,
                                            const config::Config& config,
                                            const std::optional<baseline::LoadedBaseline>& accepted,
                                            std::span<const std::string> known_lens_ids,
                                            bool config_from_tree);

}  // namespace qa::prepare
