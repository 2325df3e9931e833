#include "orchestrator/change_source.hpp"

#include <algorithm>
#include <stdexcept>

#include "git/text_content.hpp"
#include "plan/classify.hpp"

namespace qa::orchestrator {

GitChangeSource::GitChangeSource(const git::BlobReader& reader, const git::ChangeSet& changes)
    : reader_(reader) {
    for (const auto& f : changes.files) {
        dispatch::ChangedFileView view;
        view.path = f.path;
        view.binary = f.binary;
        view.deleted = f.status == git::FileStatus::deleted;
        view.symlink = f.new_mode == 0120000;  // git's mode of a symbolic link
        if (!view.deleted && !f.is_submodule) {
            blobs_[f.path] = BlobRef{f.new_oid, f.new_mode, f.text_encoding};
        }
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
        // The new side of a copy or rename is judged whole: with rename detection it shows no
        // added lines, and a secret copied from a file (or a baseline entry) must not pass.
        const bool moved =
            (f.status == git::FileStatus::renamed || f.status == git::FileStatus::copied) &&
            !f.is_submodule && !f.new_oid.empty();
        const bool wide = !f.text_encoding.empty();  // decoded and judged whole
        if (((f.all_lines_added && f.added_lines > 0) || moved || wide) && !f.binary) {
            // Nothing held: each iteration reads the blob, one file at a time.
            view.addedLines = dispatch::AddedLines::every_line(
                std::max<std::size_t>(f.added_lines, 1),
                [this, path = f.path]() -> std::shared_ptr<const std::string> {
                    auto content = full_content(path);
                    if (!content) {
                        throw std::runtime_error("no content for " + path);
                    }
                    return std::make_shared<const std::string>(std::move(*content));
                });
        }
        // A file without an extension may say what it is in its shebang, which a modification
        // further down does not show (nor an all-files change set): read the blob's first line.
        std::string head_line;
        const bool no_extension =
            f.path.rfind('.') == std::string::npos || f.path.rfind('.') < f.path.rfind('/') + 1;
        if (first_line.empty() && no_extension && !f.binary && !view.deleted && !f.is_submodule) {
            if (const auto content = full_content(f.path)) {
                head_line = content->substr(0, std::min<std::size_t>(content->find('\n'), 256));
                first_line = head_line;
            }
        }
        const auto cls = plan::classify(f.path, first_line, f.binary);
        classes_[f.path] = cls;
        view.language = cls.language;
        view.fileKind = std::string(plan::to_string(cls.kind));
        views_.emplace(f.path, std::move(view));
    }
}

const dispatch::ChangedFileView* GitChangeSource::file(std::string_view path) const {
    const auto it = views_.find(path);
    return it == views_.end() ? nullptr : &it->second;
}

std::optional<std::string> GitChangeSource::full_content(std::string_view path) const {
    const auto it = blobs_.find(path);
    if (it == blobs_.end()) {
        return std::nullopt;
    }
    git::BlobRead blob = reader_.read(path, it->second.oid, it->second.mode);
    if (!blob.found) {
        // The change names this blob: a missing object is a broken repository, not a clean file.
        throw std::runtime_error("cannot read blob " + it->second.oid + " of " + it->first);
    }
    if (const auto wide = git::wide_encoding_named(it->second.encoding)) {
        return git::to_utf8(blob.content, *wide);
    }
    return std::move(blob.content);
}

std::shared_ptr<const void> GitChangeSource::shared(
    std::string_view path, std::string_view key, std::type_index type,
    const std::function<std::shared_ptr<const void>()>& compute) const {
    std::string name(key);
    name.push_back('\0');
    name.append(path);
    const auto checked = [&](const std::pair<std::type_index, std::shared_ptr<const void>>& kept) {
        if (kept.first != type) {
            throw std::logic_error("shared value \"" + std::string(key) +
                                   "\" asked for with two different types");
        }
        return kept.second;
    };
    {
        std::lock_guard lock(shared_mutex_);
        if (const auto it = shared_.find(name); it != shared_.end()) {
            return checked(it->second);
        }
    }
    // Computed outside the lock, so other files go on meanwhile. Two plans that ask at once both
    // compute; the values are equal by contract, and the first one kept is what everyone gets.
    auto value = compute();
    std::lock_guard lock(shared_mutex_);
    return checked(
        shared_.emplace(std::move(name), std::make_pair(type, std::move(value))).first->second);
}

}  // namespace qa::orchestrator
