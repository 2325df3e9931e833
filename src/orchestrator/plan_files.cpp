#include "orchestrator/plan_files.hpp"

#include "git/blob.hpp"

namespace qa::orchestrator {

std::vector<plan::PlanFile> plan_files(const git::Repository& repo, const git::ChangeSet& changes,
                                       const GitChangeSource& source) {
    std::vector<plan::PlanFile> files;
    files.reserve(changes.files.size());
    for (const auto& f : changes.files) {
        plan::PlanFile p;
        p.path = f.path;
        p.fileClass = source.file_class(f.path);
        p.changedLines = f.added_lines + f.removed_lines;
        for (const auto& h : f.hunks) {
            p.contextBytes += h.bytes;
        }
        const bool deleted = f.status == git::FileStatus::deleted;
        p.contentId = deleted ? f.old_oid : f.new_oid;
        // An all-files change set read each blob already; a blob it skipped (binary by its
        // attributes, new_size 0) is asked for its size.
        const bool sized = f.all_lines_added && (f.new_size > 0 || !f.binary);
        p.fileBytes = deleted || f.is_submodule ? 0
                      : sized                   ? f.new_size
                                                : git::blob_size(repo, f.new_oid);
        files.push_back(std::move(p));
    }
    return files;
}

}  // namespace qa::orchestrator
