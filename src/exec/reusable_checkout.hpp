#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "exec/checkout.hpp"
#include "exec/checkout_manifest.hpp"
#include "exec/dir_watch.hpp"
#include "git/repository.hpp"

namespace qa::exec {

/// The execution checkout of one tree under test (the index's, `rev` empty, or a commit's) at
/// its path `dir` (`.worktrees/qa-skill/<executionKey>/<planOrdinal>`), taken over from the
/// repository's reusable checkout `<git dir>/qa-skill/checkout` when there is one and brought up
/// to date from what changed (sync_checkout), else written whole. From then on a DirWatch
/// records what is touched in it, and the manifest it goes back with says so: the next run looks
/// at those paths and at what differs between the two trees only. On destruction it goes back
/// there, with its manifest, for the next run; what could not go back is removed.
///
/// One run at a time: the reusable checkout is held under an flock on
/// `<git dir>/qa-skill/checkout.lock` from take-over to give-back (the kernel drops it when a
/// run dies, even by SIGKILL). A run that finds it held writes a checkout of its own and keeps
/// nothing. The commands never see the manifest or the lock: the sandbox binds `dir` only.
class ReusableCheckout {
  public:
    /// `user_attributes`: the user's git attributes file (user_attributes_file), part of the
    /// checkout's fingerprint.
    ReusableCheckout(const git::Repository& repo, const std::string& rev,
                     const std::filesystem::path& dir, const std::filesystem::path& keep_root,
                     const std::filesystem::path& user_attributes);
    ~ReusableCheckout();
    ReusableCheckout(const ReusableCheckout&) = delete;
    ReusableCheckout& operator=(const ReusableCheckout&) = delete;

    const std::filesystem::path& path() const { return scratch_->path(); }
    /// A file beside the checkout, on its filesystem, for time stamps (FileStamp::racy).
    std::filesystem::path marker() const { return scratch_->owner_file(); }
    /// Whether the previous checkout was taken over (files kept) rather than written whole.
    bool reused() const { return reused_; }
    /// What the checkout held right after it was made (every file's stamp); null when it was
    /// written by git alone (a conflicted index).
    const CheckoutManifest* synced() const { return manifest_ ? &*manifest_ : nullptr; }
    /// One line for the troubleshooting log: reused or written whole, and why.
    const std::string& summary() const { return summary_; }
    /// The inotify watch on the checkout's directories, armed once it is the tree: what the
    /// commands touch, for the check-mode plans and for the next run's sync. Null for a
    /// checkout of a conflicted index (written by git alone).
    DirWatch* watch() const { return watch_.get(); }

  private:
    std::filesystem::path slot_;  ///< <git dir>/qa-skill/checkout
    std::filesystem::path manifestPath_;
    /// The flock while the checkout is ours; -1: another run holds it.
    struct Lock {
        int fd = -1;
        Lock() = default;
        ~Lock();
        Lock(const Lock&) = delete;
        Lock& operator=(const Lock&) = delete;
    };
    Lock lock_;  ///< before scratch_: released after the checkout is back or gone
    std::unique_ptr<ScratchDir> scratch_;
    std::optional<CheckoutManifest> manifest_;
    std::unique_ptr<DirWatch> watch_;
    bool reused_ = false;
    bool keep_ = false;  ///< given back for the next run (the lock is ours)
    std::string summary_;
};

}  // namespace qa::exec
