#include "orchestrator/change_source.hpp"

#include "git/blob.hpp"
#include "plan/classify.hpp"

namespace qa::orchestrator {

GitChangeSource::GitChangeSource(const git::Repository& repo, const git::ChangeSet& changes)
    : repo_(repo) {
    for (const auto& f : changes.files) {
        dispatch::ChangedFileView view;
        view.path = f.path;
        view.binary = f.binary;
        view.deleted = f.status == git::FileStatus::deleted;
        std::string_view first_line;
        for (const auto& hunk : f.hunks) {
            for (const auto& line : hunk.lines) {
                if (line.origin == '+') {
                    view.addedLines.push_back({line.new_line_no, line.content});
                    if (line.new_line_no == 1) {
                        first_line = line.content;
                    }
                }
            }
        }
        // A file without an extension may say what it is in its shebang, which a modification
        // further down does not show: read the first line from the blob then.
        std::string head_line;
        const bool no_extension =
            f.path.rfind('.') == std::string::npos || f.path.rfind('.') < f.path.rfind('/') + 1;
        if (first_line.empty() && no_extension && !f.binary && !view.deleted) {
            if (const auto content = git::read_blob(repo, f.new_oid)) {
                head_line = content->substr(0, std::min<std::size_t>(content->find('\n'), 256));
                first_line = head_line;
            }
        }
        const auto cls = plan::classify(f.path, first_line, f.binary);
        classes_[f.path] = cls;
        view.language = cls.language;
        view.fileKind = std::string(plan::to_string(cls.kind));
        if (!view.deleted && !f.is_submodule) {
            blob_ids_[f.path] = f.new_oid;
        }
        views_.emplace(f.path, std::move(view));
    }
}

const dispatch::ChangedFileView* GitChangeSource::file(std::string_view path) const {
    const auto it = views_.find(path);
    return it == views_.end() ? nullptr : &it->second;
}

std::optional<std::string> GitChangeSource::full_content(std::string_view path) const {
    const auto it = blob_ids_.find(path);
    if (it == blob_ids_.end()) {
        return std::nullopt;
    }
    std::lock_guard lock(odb_mutex_);
    return git::read_blob(repo_, it->second);
}

}  // namespace qa::orchestrator
