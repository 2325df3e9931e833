#pragma once

#include <cstddef>
#include <filesystem>

namespace qa::artifacts {

/// A run being written lives in `runs/<kStagingPrefix><executionKey>-<pid>` until it is complete
/// and renamed to `runs/<executionKey>`; a folder being removed is first renamed to
/// `runs/<kPruningPrefix>...`. Neither is ever counted or pruned as a run.
inline constexpr const char* kStagingPrefix = ".writing-";
inline constexpr const char* kPruningPrefix = ".pruning-";

/// Keeps the `keep` most recent run folders of `<artifact_root>/runs/` (by modification time,
/// then name) and `just_written` whatever its age; removes the others, each by an atomic rename
/// out of the way first, so no reader sees half a folder. Only folders named by an execution key
/// (64 hex digits) count; a run still being written is not one yet. Best effort: a folder that
/// cannot be removed stays, and the run is not failed for it. `.writing-*` and `.pruning-*`
/// folders older than ten minutes, left by a process that was killed, are removed too.
void prune_runs(const std::filesystem::path& artifact_root, std::size_t keep,
                const std::filesystem::path& just_written);

}  // namespace qa::artifacts
