#include "baseline/load.hpp"

#include "git/blob.hpp"
#include "git/tree_blob.hpp"

namespace qa::baseline {
namespace {

/// The blob id of `path` on the new side of `changes`: from the diff when the change touches the
/// file, else from the base, which then holds the same file. nullopt when the new side has none.
std::optional<std::string> new_side_blob(const git::Repository& repo, const git::ChangeSet& changes,
                                         const std::string& path) {
    bool moved_away = false;
    for (const auto& f : changes.files) {
        if (f.path == path) {
            if (f.status == git::FileStatus::deleted || f.is_submodule) {
                return std::nullopt;
            }
            return f.new_oid;
        }
        moved_away |= f.status == git::FileStatus::renamed && f.old_path == path;
    }
    if (moved_away || changes.base.empty() || changes.base == git::kEmptyTreeSha) {
        return std::nullopt;
    }
    return git::blob_id_at(repo, changes.base, path);
}

}  // namespace

std::optional<LoadedBaseline> load_from_tree(const git::Repository& repo,
                                             const git::ChangeSet& changes,
                                             const std::string& path) {
    // The lines of earlier commits come from several blobs, and messages are no files: the
    // tree under test is head's (none before the first commit).
    const bool at_head = changes.earlier_commits || changes.messages;
    if (at_head && (changes.head.empty() || changes.head == git::kEmptyTreeSha)) {
        return std::nullopt;
    }
    const auto oid =
        at_head ? git::blob_id_at(repo, changes.head, path) : new_side_blob(repo, changes, path);
    if (!oid) {
        return std::nullopt;
    }
    const std::string source = changes.head == git::kIndexHead
                                   ? path + " (index)"
                                   : path + " at " + changes.head.substr(0, 12);
    const auto text = git::read_blob(repo, *oid);
    if (!text) {
        throw BaselineError(source, "", "the blob " + *oid + " cannot be read");
    }
    return LoadedBaseline{Baseline::parse(*text, source), source};
}

Baseline load_file(const std::filesystem::path& file) {
    std::string text;
    try {
        text = util::read_file(file);
    } catch (const util::IoError& e) {
        throw BaselineError(file.string(), "", e.what());
    }
    return Baseline::parse(text, file.string());
}

}  // namespace qa::baseline
