#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "exec/checkout_manifest.hpp"
#include "git/repository.hpp"

namespace qa::exec {

/// What a sync did: the new manifest, and how many files it wrote, kept and removed.
struct CheckoutSync {
    CheckoutManifest manifest;
    std::size_t written = 0;
    std::size_t kept = 0;
    std::size_t removed = 0;  ///< files, links and directories no fresh checkout would hold
    /// How many paths were looked at, when the previous run said what its commands touched;
    /// nullopt: every file was (a full walk).
    std::optional<std::size_t> lookedAt;
};

/// The directories a checkout of `entries` holds (each file's parents, each submodule),
/// relative, sorted; the root is not among them.
std::vector<std::string> tree_directories(const std::vector<TreeEntry>& entries);

/// Makes `dir` exactly what a fresh checkout of `entries` (the index's, `rev` empty, or the
/// commit's) would write there, touching only what differs. A file is kept only when the
/// `previous` manifest lists it with the same blob and mode and lstat still shows the stamp it
/// had right after it was written (and that stamp is not racy); everything else in the
/// directory, whatever an earlier run's commands created, changed or replaced (build output, an
/// edited tracked file, a planted symbolic link, a fifo, a directory's mode or ACL), is removed,
/// and the missing files are written by git's checkout. When `previous` says what the run that
/// gave it back touched (DirWatch), only those paths and what differs between the two trees
/// are looked at, unless a hard link turns up there (its other name may be any file): then
/// every file is. Never follows a link: the walk opens
/// each directory with O_NOFOLLOW relative to its parent. Without a usable `previous` (none, a
/// different fingerprint, another directory) nothing in `dir` is kept. `marker` (a file beside
/// `dir` on its filesystem) takes the time stamp that separates this write from what follows.
CheckoutSync sync_checkout(const git::Repository& repo, const std::string& rev,
                           const std::filesystem::path& dir, const std::vector<TreeEntry>& entries,
                           const std::string& fingerprint, CheckoutManifest* previous,
                           const std::filesystem::path& marker);

}  // namespace qa::exec
