#pragma once

#include "config/config.hpp"
#include "util/toml_reader.hpp"

namespace qa::config {

/// Reads `[permission_profiles.<id>]` of the root table into config.permissionProfiles, in
/// id order. The id must be a PermissionProfileId; an environment variable name that looks
/// like a credential is an error (it would reach a sandboxed command).
void read_permission_profiles(util::TomlReader& root, Config& config);

}  // namespace qa::config
