#pragma once

#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <typeindex>
#include <utility>

#include "git/blob_reader.hpp"
#include "git/change_set.hpp"
#include "lenses/api/lens.hpp"
#include "plan/classify.hpp"

namespace qa::orchestrator {

/// The lenses' view of a git change set. Full contents are the blobs of the tree under test
/// (the index blob for a commit, the pushed commit's blob for a push), never a working-tree file
/// that differs from them, so unstaged edits cannot change a verdict (git::BlobReader). No view
/// holds lines: added lines are the hunks' line ranges, read from the blobs when iterated (all
/// of a blob's lines when every line is added), so memory follows the file being read. Borrows
/// `reader` (the one the change set was read with, so that no file is hashed twice) and `changes`.
class GitChangeSource : public lenses::api::ChangeSource {
  public:
    /// `earlier_commit`: the commit a change set of every file as added (all-files) is judged
    /// against for size_before() (HEAD; none when unborn); unused for a diff, whose old blobs say.
    GitChangeSource(const git::BlobReader& reader, const git::ChangeSet& changes,
                    std::optional<std::string> earlier_commit = std::nullopt);

    const lenses::api::ChangedFileView* file(std::string_view path) const override;
    std::optional<std::string> full_content(std::string_view path) const override;
    std::shared_ptr<const std::string> shared_content(std::string_view path) const override;
    std::optional<std::uint64_t> size_before(std::string_view path) const override;
    std::shared_ptr<const void> shared(
        std::string_view path, std::string_view key, std::type_index type,
        const std::function<std::shared_ptr<const void>()>& compute) const override;

    /// Every view, sorted by path.
    const std::map<std::string, lenses::api::ChangedFileView, std::less<>>& files() const {
        return views_;
    }

    /// The classification of `path` (computed once, shared with the planner).
    const plan::FileClass& file_class(std::string_view path) const {
        return classes_.find(path)->second;
    }

  private:
    /// The new blob of a file, and its mode (a symlink's blob is its target).
    struct BlobRef {
        std::string oid;
        std::uint32_t mode = 0;
        std::string encoding;                     ///< FileChange::text_encoding: decoded when read
        std::shared_ptr<const std::string> text;  ///< FileChange::inline_text: no blob to read
    };

    /// The blob `oid` of `path`, shared with every reader that holds it (or is reading it) at
    /// the time, so plans reading one file at once read and hold it once; nothing is kept
    /// after them.
    std::shared_ptr<const std::string> load_blob(const std::string& path, const std::string& oid,
                                                 std::uint32_t mode) const;

    const git::BlobReader& reader_;
    std::map<std::string, plan::FileClass, std::less<>> classes_;
    std::map<std::string, lenses::api::ChangedFileView, std::less<>> views_;
    std::map<std::string, BlobRef, std::less<>> blobs_;
    std::map<std::string, std::string, std::less<>> oldBlobs_;  ///< the old side's blob, by path
    std::optional<std::string> earlierCommit_;
    mutable std::mutex loaded_mutex_;
    mutable std::map<std::string, std::weak_ptr<const std::string>, std::less<>> loaded_;
    mutable std::size_t sweepAt_ = 64;  ///< loaded_'s size at which its expired entries go
    /// The blobs being read, by id: a plan asking for one meanwhile waits rather than reading
    /// and holding it a second time.
    mutable std::map<std::string, std::shared_future<std::shared_ptr<const std::string>>,
                     std::less<>>
        loading_;
    mutable std::mutex shared_mutex_;
    /// shared() values by key + '\0' + path; small (a file's scan result), one per file. A value
    /// is a future: a plan asking while another computes it waits for that one.
    mutable std::map<std::string,
                     std::pair<std::type_index, std::shared_future<std::shared_ptr<const void>>>,
                     std::less<>>
        shared_;
};

}  // namespace qa::orchestrator
