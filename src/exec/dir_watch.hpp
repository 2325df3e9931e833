#pragma once

#include <filesystem>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace qa::exec {

/// The directories of a checkout watched with inotify while commands run in it: which paths the
/// commands created, wrote, re-moded, removed or renamed, from the kernel, without a stat of
/// each of the tree's files. The watches are on directories, so an event names the entry of a
/// watched directory it happened to (or the directory itself); what happens inside a directory
/// a command created is reported as that directory. A write through a shared mapping is
/// reported when the file is closed (IN_CLOSE_WRITE).
///
/// What it cannot see: a write through a hard link that sits in a directory the kernel does not
/// watch (one a command created) and that is removed again before the run ends. A link still
/// there is found when its directory is removed (CheckoutSync's full walk then runs).
class DirWatch {
  public:
    /// Watches `root` and each of `dirs` (relative to `root`) that is a directory.
    DirWatch(std::filesystem::path root, const std::vector<std::string>& dirs);
    ~DirWatch();
    DirWatch(const DirWatch&) = delete;
    DirWatch& operator=(const DirWatch&) = delete;

    /// False once an event may have been lost (the kernel's queue overflowed, a watch could not
    /// be added, inotify is not available): from then on what drain() returns is not all that
    /// changed, and the caller stamps every file instead.
    bool complete() const { return complete_; }

    /// The paths (relative to the root; "" for the root itself) that events named since the
    /// last drain, sorted. Each is also added to touched().
    std::set<std::string> drain();

    /// Every path drain() returned so far.
    const std::set<std::string>& touched() const { return touched_; }

    /// Watches `dir` (relative) again: a directory a command removed and made anew is another
    /// inode, unwatched until then. Nothing when it is not a directory.
    void rewatch(const std::string& dir);

  private:
    void add(const std::string& dir);

    std::filesystem::path root_;
    int fd_ = -1;
    bool complete_ = true;
    std::unordered_map<int, std::string> dirs_;  ///< watch descriptor -> relative directory
    std::set<std::string> touched_;
};

}  // namespace qa::exec
