#pragma once

#include <filesystem>

#include "git/repository.hpp"

namespace qa::cli {

/// How the shims may name qa-skill-hook in a hooks folder.
enum class ShimBinary {
    absolute,  ///< the hooks folder is git's own (.git/hooks, or outside the working tree)
    on_path,   ///< inside the working tree: nothing of this machine is written there
};

/// Decides whether `qa-skill install` may write its shims into `hooks_dir` (git's hooks folder,
/// core.hooksPath included), before anything is written. Throws util::UsageError (exit 2) with
/// guidance when:
///  - the pre-commit framework's hook is there (`pre-commit install`): chaining the two loops;
///  - the folder is in the working tree and a hook file there is tracked, or husky manages the
///    folder (it finds the user's hook by the name the shim would move): never modify those;
///  - the folder is in the working tree and qa-skill-hook is not on PATH (where the shim looks).
ShimBinary check_hooks_place(const git::Repository& repo, const std::filesystem::path& hooks_dir);

}  // namespace qa::cli
