#include "orchestrator/change_source.hpp"

#include <algorithm>
#include <future>
#include <optional>
#include <stdexcept>
#include <vector>

#include "git/text_content.hpp"
#include "plan/classify.hpp"

namespace qa::orchestrator {

GitChangeSource::GitChangeSource(const git::BlobReader& reader, const git::ChangeSet& changes,
                                 std::optional<std::string> earlier_commit)
    : reader_(reader), earlierCommit_(std::move(earlier_commit)) {
    for (const auto& f : changes.files) {
        // A copy is a new file of the tree: judged as added.
        if (f.status != git::FileStatus::added && f.status != git::FileStatus::copied &&
            !f.old_oid.empty() && !f.is_submodule) {
            oldBlobs_[f.path] = f.old_oid;
        }
        lenses::api::ChangedFileView view;
        view.path = f.path;
        view.binary = f.binary;
        view.deleted = f.status == git::FileStatus::deleted;
        view.symlink = f.new_mode == 0120000;  // git's mode of a symbolic link
        if (!view.deleted && !f.is_submodule) {
            blobs_[f.path] = BlobRef{f.new_oid, f.new_mode, f.text_encoding, f.inline_text};
        }
        // The added lines: ranges of the blobs the hunks name, read when a lens iterates them.
        std::vector<lenses::api::AddedLines::Range> ranges;
        std::vector<lenses::api::AddedLines::Loader> sources;
        std::map<std::string, std::size_t, std::less<>> source_of;  // blob -> index in sources
        std::optional<std::size_t> line_one;  // the source whose line 1 is added, the last one
        if (f.lines_in_blobs()) {
            for (const auto& hunk : f.hunks) {
                if (hunk.new_lines == 0) {
                    continue;
                }
                const std::string& oid = hunk.blob.empty() ? f.new_oid : hunk.blob;
                const auto [at, fresh] = source_of.try_emplace(oid, sources.size());
                if (fresh) {
                    sources.push_back([this, path = f.path, oid, mode = f.new_mode] {
                        return load_blob(path, oid, mode);
                    });
                }
                ranges.push_back({hunk.new_start, hunk.new_lines, at->second});
                if (hunk.new_start == 1) {
                    line_one = at->second;
                }
            }
        }
        // Line 1 says what an extension-less file is (its shebang): read it only when the
        // classification can use it.
        const bool shebang_matters = plan::classify(f.path, "", f.binary).language.empty();
        std::string_view first_line;
        std::shared_ptr<const std::string> first_blob;
        if (line_one && shebang_matters) {
            first_blob = sources[*line_one]();
            first_line = std::string_view(*first_blob).substr(0, first_blob->find('\n'));
        }
        if (!ranges.empty()) {
            view.addedLines =
                lenses::api::AddedLines::ranges(std::move(ranges), std::move(sources));
        }
        // The new side of a copy or rename is judged whole: with rename detection it shows no
        // added lines, and a secret copied from a file (or a baseline entry) must not pass.
        const bool moved =
            (f.status == git::FileStatus::renamed || f.status == git::FileStatus::copied) &&
            !f.is_submodule && !f.new_oid.empty();
        const bool wide = !f.text_encoding.empty();  // decoded and judged whole
        if (((f.all_lines_added && f.added_lines > 0) || moved || wide) && !f.binary) {
            // Nothing held: each iteration reads the blob, one file at a time.
            view.addedLines = lenses::api::AddedLines::every_line(
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
        if (first_line.empty() && no_extension && shebang_matters && !f.binary && !view.deleted &&
            !f.is_submodule) {
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

const lenses::api::ChangedFileView* GitChangeSource::file(std::string_view path) const {
    const auto it = views_.find(path);
    return it == views_.end() ? nullptr : &it->second;
}

std::optional<std::string> GitChangeSource::full_content(std::string_view path) const {
    const auto it = blobs_.find(path);
    if (it == blobs_.end()) {
        return std::nullopt;
    }
    if (it->second.text) {
        return *it->second.text;
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

std::shared_ptr<const std::string> GitChangeSource::shared_content(std::string_view path) const {
    const auto it = blobs_.find(path);
    if (it == blobs_.end()) {
        return nullptr;
    }
    if (it->second.text) {
        return it->second.text;
    }
    if (!it->second.encoding.empty()) {
        return ChangeSource::shared_content(path);  // decoded on each read
    }
    return load_blob(it->first, it->second.oid, it->second.mode);
}

std::optional<std::uint64_t> GitChangeSource::size_before(std::string_view path) const {
    if (const auto old = oldBlobs_.find(path); old != oldBlobs_.end()) {
        return reader_.size_of(old->second);
    }
    if (earlierCommit_) {
        return reader_.size_in(*earlierCommit_, path);
    }
    return std::nullopt;
}

std::shared_ptr<const std::string> GitChangeSource::load_blob(const std::string& path,
                                                              const std::string& oid,
                                                              std::uint32_t mode) const {
    std::promise<std::shared_ptr<const std::string>> promise;
    std::shared_future<std::shared_ptr<const std::string>> pending;
    {
        std::lock_guard lock(loaded_mutex_);
        if (const auto it = loaded_.find(oid); it != loaded_.end()) {
            if (auto kept = it->second.lock()) {
                return kept;
            }
        }
        if (const auto it = loading_.find(oid); it != loading_.end()) {
            pending = it->second;  // being read by another plan: wait for that one
        } else {
            loading_.emplace(oid, promise.get_future().share());
        }
    }
    if (pending.valid()) {
        return pending.get();
    }
    std::shared_ptr<const std::string> content;
    try {
        git::BlobRead blob = reader_.read(path, oid, mode);
        if (!blob.found) {
            // The change names this blob: a missing object is a broken repository, not a clean
            // file.
            throw std::runtime_error("cannot read blob " + oid + " of " + path);
        }
        content = std::make_shared<const std::string>(std::move(blob.content));
    } catch (...) {
        promise.set_exception(std::current_exception());
        std::lock_guard lock(loaded_mutex_);
        loading_.erase(oid);
        throw;
    }
    promise.set_value(content);
    std::lock_guard lock(loaded_mutex_);
    loaded_[oid] = content;
    loading_.erase(oid);
    if (loaded_.size() >= sweepAt_) {
        // The blobs nobody holds any more: a scan of every file reads each once, and the map
        // must not grow with them (swept when it doubles, so in constant time per read).
        std::erase_if(loaded_, [](const auto& entry) { return entry.second.expired(); });
        sweepAt_ = std::max<std::size_t>(64, 2 * loaded_.size());
    }
    return content;
}

std::shared_ptr<const void> GitChangeSource::shared(
    std::string_view path, std::string_view key, std::type_index type,
    const std::function<std::shared_ptr<const void>()>& compute) const {
    std::string name(key);
    name.push_back('\0');
    name.append(path);
    std::promise<std::shared_ptr<const void>> promise;
    std::shared_future<std::shared_ptr<const void>> value;
    bool first = false;
    {
        std::lock_guard lock(shared_mutex_);
        const auto it = shared_.find(name);
        if (it == shared_.end()) {
            first = true;
            value = promise.get_future().share();
            shared_.emplace(std::move(name), std::make_pair(type, value));
        } else if (it->second.first != type) {
            throw std::logic_error("shared value \"" + std::string(key) +
                                   "\" asked for with two different types");
        } else {
            value = it->second.second;
        }
    }
    // Computed once, by the plan that asked first, outside the lock so that other files go on
    // meanwhile; a plan asking for it at the same time waits. Computed by both, a file scanned
    // by two lenses at once was read, held and scanned twice.
    if (first) {
        try {
            promise.set_value(compute());
        } catch (...) {
            promise.set_exception(std::current_exception());
        }
    }
    return value.get();
}

}  // namespace qa::orchestrator
