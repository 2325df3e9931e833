#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace qa::cli {

/// The hooks `qa-skill install` writes.
inline constexpr const char* kShimHooks[] = {"pre-commit", "pre-merge-commit", "commit-msg",
                                             "pre-push"};
/// A hook that was there before is kept under this suffix and runs first.
inline constexpr const char* kPreviousSuffix = ".qa-skill-previous";

/// The text of the shim for `hook`. With `binary`, the shim runs that qa-skill-hook; without,
/// it finds `qa-skill-hook` on PATH, so the shim holds nothing of this machine (a hooks folder
/// inside the working tree may be committed). The previous hook runs first, except the
/// pre-commit framework's own hook when the framework is the one running the shim (as its
/// "legacy" hook): chaining back into it is a loop.
std::string shim_text(const std::string& hook, const std::optional<std::filesystem::path>& binary);

/// Whether `path` is a shim `qa-skill install` wrote (any version).
bool is_shim(const std::filesystem::path& path);

/// Whether `path` is the hook `pre-commit install` (the pre-commit framework) writes.
bool is_framework_hook(const std::filesystem::path& path);

}  // namespace qa::cli
