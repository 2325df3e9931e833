#pragma once

#include <sys/types.h>

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "exec/file_stamp.hpp"
#include "exec/sandbox.hpp"
#include "git/repository.hpp"

namespace qa::exec {

/// A git object id's bytes (SHA-1): tens of thousands are kept and compared, none a string.
using ObjectId = std::array<std::uint8_t, 20>;

/// The 40 hex digits of `oid`.
std::string to_hex(const ObjectId& oid);

/// One file, link or submodule of the tree under test, as git records it.
struct TreeEntry {
    std::string path;    ///< repository-relative
    ObjectId oid{};      ///< its blob (or commit, for a submodule)
    std::uint32_t mode;  ///< git's mode: 0100644, 0100755, 0120000, 0160000
};

/// The entries of the index (`rev` empty) or of the tree of the commit `rev`, sorted by path;
/// nullopt when the index holds a conflict (no single tree to compare with).
std::optional<std::vector<TreeEntry>> tree_entries(const git::Repository& repo,
                                                   const std::string& rev);

/// The user's git attributes file, where git looks for it: `$XDG_CONFIG_HOME/git/attributes`
/// (when set and not empty), else `$HOME/.config/git/attributes`; empty when neither is set.
/// `lookup` is the run's copy of the environment (RunnerEnv), never the process's.
std::filesystem::path user_attributes_file(const EnvLookup& lookup);

/// Everything besides a file's path, blob and mode that shapes the bytes git's checkout writes
/// for it: the attribute files (tracked, on disk, info/attributes, core.attributesFile,
/// `user_attributes` (user_attributes_file; empty: none) and the system's), the core.* and
/// filter.* configuration, the umask and libgit2's version. A reused checkout is only updated
/// under the same fingerprint; any difference means every file is written again.
std::string checkout_fingerprint(const git::Repository& repo, const std::vector<TreeEntry>& entries,
                                 const std::filesystem::path& user_attributes);

/// What a reusable checkout holds as git wrote it: each file's blob and mode with its stamp
/// right after the write, the checkout root's identity, and the filesystem time after the last
/// write (a stamp at or after it is racy and proves nothing). Kept outside the checkout, where
/// no command can reach it.
struct CheckoutManifest {
    struct Entry {
        ObjectId oid{};
        std::uint32_t gitMode = 0;
        FileStamp stamp;
    };
    std::string fingerprint;
    std::uint64_t dev = 0;
    std::uint64_t ino = 0;
    std::int64_t stampSec = 0;
    std::int64_t stampNsec = 0;
    std::unordered_map<std::string, Entry> entries;
    /// What the run that gave the checkout back saw its commands (and its own restores) touch
    /// (DirWatch): the only paths that may differ from the entries' stamps. nullopt: unknown
    /// (an event may have been lost), so every file is stamped again.
    std::optional<std::vector<std::string>> touched;

    std::string serialize() const;
    /// nullopt for anything not written by serialize() (a torn or foreign file).
    static std::optional<CheckoutManifest> parse(std::string_view text);
};

}  // namespace qa::exec
