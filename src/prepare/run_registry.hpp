#pragma once

#include "config/config.hpp"
#include "plan/registry.hpp"

namespace qa::prepare {

/// The registry a run plans with: `builtin` plus one entry per external lens the configuration
/// declares (`[lenses.<id>] kind = "external"`), after the built-in lenses in id order. An
/// external lens is planned for the changed files of every non-binary kind, or for those its
/// `paths` globs match, with the rule_defined blocking policy (its findings say what blocks).
plan::Registry run_registry(const plan::Registry& builtin, const config::Config& config);

}  // namespace qa::prepare
