#pragma once

#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <typeindex>
#include <utility>
#include <vector>

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

    /// The classification of `path` (computed once, shared with the planner).
    plan::FileClass file_class(std::string_view path) const;

  private:
    /// One changed file: its view (whose path is the key), its classification, and the change
    /// set's own strings for its blobs (borrowed, never copied: a run of every file holds one
    /// of these per file).
    struct Entry {
        lenses::api::ChangedFileView view;
        plan::FileKind kind = plan::FileKind::docs;
        const git::FileChange* blob = nullptr;  ///< the change whose new blob is the content
        const std::string* oldOid = nullptr;    ///< the old side's blob, when judged against it
        /// The classification of a path the change set names twice, when its last entry's
        /// (the view is the first one's).
        std::unique_ptr<plan::FileClass> lastClass;
    };

    /// The whole new content of `f` (decoded when it is in a wide encoding).
    std::optional<std::string> read_whole(const git::FileChange& f) const;

    /// The entry of `path`, or nullptr (a binary search: entries_ is sorted by path).
    const Entry* entry(std::string_view path) const;

    /// The blob `oid` of `path`, shared with every reader that holds it (or is reading it) at
    /// the time, so plans reading one file at once read and hold it once; nothing is kept
    /// after them.
    std::shared_ptr<const std::string> load_blob(const std::string& path, const std::string& oid,
                                                 std::uint32_t mode) const;

    /// A shared() value: a future while it is computed (a plan asking meanwhile waits for it),
    /// then the value alone.
    struct SharedSlot {
        std::type_index type;
        std::shared_ptr<const void> value;
        std::shared_future<std::shared_ptr<const void>> pending;
    };

    const git::BlobReader& reader_;
    std::vector<Entry> entries_;  ///< sorted by path, one per path
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
    /// The keys and the paths outside the change that shared() was asked for: the slots'
    /// views point into them (or into entries_' paths), so a slot copies no path.
    mutable std::set<std::string, std::less<>> sharedNames_;
    /// shared() values by (key, path); small (a file's scan result), one per file.
    mutable std::map<std::pair<std::string_view, std::string_view>, SharedSlot> shared_;
};

}  // namespace qa::orchestrator
