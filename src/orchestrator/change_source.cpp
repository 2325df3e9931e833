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
    entries_.reserve(changes.files.size());
    for (const auto& f : changes.files) {
        Entry& e = entries_.emplace_back();
        // A copy is a new file of the tree: judged as added.
        if (f.status != git::FileStatus::added && f.status != git::FileStatus::copied &&
            !f.old_oid.empty() && !f.is_submodule) {
            e.oldOid = &f.old_oid;
        }
        lenses::api::ChangedFileView& view = e.view;
        view.path = f.path;
        view.binary = f.binary;
        view.deleted = f.status == git::FileStatus::deleted;
        view.symlink = f.new_mode == 0120000;  // git's mode of a symbolic link
        if (!view.deleted && !f.is_submodule) {
            e.blob = &f;
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
                    sources.push_back(
                        [this, &f, &oid] { return load_blob(f.path, oid, f.new_mode); });
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
                [this, &f]() -> std::shared_ptr<const std::string> {
                    auto content = full_content(f.path);
                    if (!content) {
                        throw std::runtime_error("no content for " + f.path);
                    }
                    return std::make_shared<const std::string>(std::move(*content));
                });
        }
        // A file without an extension may say what it is in its shebang, which a modification
        // further down does not show (nor an all-files change set): read the blob's first line.
        std::string head_line;
        const bool no_extension =
            f.path.rfind('.') == std::string::npos || f.path.rfind('.') < f.path.rfind('/') + 1;
        if (first_line.empty() && no_extension && shebang_matters && !f.binary &&
            e.blob != nullptr) {
            if (const auto content = read_whole(f)) {
                head_line = content->substr(0, std::min<std::size_t>(content->find('\n'), 256));
                first_line = head_line;
            }
        }
        const auto cls = plan::classify(f.path, first_line, f.binary);
        e.kind = cls.kind;
        view.language = cls.language;
        view.fileKind = std::string(plan::to_string(cls.kind));
    }
    // One entry a path, sorted. A path the change set names twice keeps the first one's view
    // and the last one's classification and blobs, as the maps these entries replace did.
    std::stable_sort(entries_.begin(), entries_.end(),
                     [](const Entry& a, const Entry& b) { return a.view.path < b.view.path; });
    auto kept = entries_.begin();
    for (auto it = entries_.begin(); it != entries_.end(); ++it) {
        if (it == kept) {
            continue;
        }
        if (it->view.path != kept->view.path) {
            ++kept;
            if (kept != it) {
                *kept = std::move(*it);
            }
            continue;
        }
        kept->lastClass = std::make_unique<plan::FileClass>(
            plan::FileClass{it->lastClass ? it->lastClass->language : it->view.language,
                            it->lastClass ? it->lastClass->kind : it->kind});
        kept->blob = it->blob != nullptr ? it->blob : kept->blob;
        kept->oldOid = it->oldOid != nullptr ? it->oldOid : kept->oldOid;
    }
    if (!entries_.empty()) {
        entries_.erase(std::next(kept), entries_.end());
    }
    entries_.shrink_to_fit();
}

const GitChangeSource::Entry* GitChangeSource::entry(std::string_view path) const {
    const auto it = std::lower_bound(
        entries_.begin(), entries_.end(), path,
        [](const Entry& e, std::string_view p) { return std::string_view(e.view.path) < p; });
    return it == entries_.end() || it->view.path != path ? nullptr : &*it;
}

const lenses::api::ChangedFileView* GitChangeSource::file(std::string_view path) const {
    const Entry* e = entry(path);
    return e == nullptr ? nullptr : &e->view;
}

plan::FileClass GitChangeSource::file_class(std::string_view path) const {
    const Entry* e = entry(path);
    return e->lastClass ? *e->lastClass : plan::FileClass{e->view.language, e->kind};
}

std::optional<std::string> GitChangeSource::read_whole(const git::FileChange& f) const {
    if (f.inline_text) {
        return *f.inline_text;
    }
    git::BlobRead blob = reader_.read(f.path, f.new_oid, f.new_mode);
    if (!blob.found) {
        // The change names this blob: a missing object is a broken repository, not a clean file.
        throw std::runtime_error("cannot read blob " + f.new_oid + " of " + f.path);
    }
    if (const auto wide = git::wide_encoding_named(f.text_encoding)) {
        return git::to_utf8(blob.content, *wide);
    }
    return std::move(blob.content);
}

std::optional<std::string> GitChangeSource::full_content(std::string_view path) const {
    const Entry* e = entry(path);
    if (e == nullptr || e->blob == nullptr) {
        return std::nullopt;
    }
    return read_whole(*e->blob);
}

std::shared_ptr<const std::string> GitChangeSource::shared_content(std::string_view path) const {
    const Entry* e = entry(path);
    if (e == nullptr || e->blob == nullptr) {
        return nullptr;
    }
    const git::FileChange& f = *e->blob;
    if (f.inline_text) {
        return f.inline_text;
    }
    if (!f.text_encoding.empty()) {
        return ChangeSource::shared_content(path);  // decoded on each read
    }
    return load_blob(f.path, f.new_oid, f.new_mode);
}

std::optional<std::uint64_t> GitChangeSource::size_before(std::string_view path) const {
    if (const Entry* e = entry(path); e != nullptr && e->oldOid != nullptr) {
        return reader_.size_of(*e->oldOid);
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
    std::promise<std::shared_ptr<const void>> promise;
    std::shared_future<std::shared_ptr<const void>> value;
    std::pair<std::string_view, std::string_view> name;
    bool first = false;
    {
        std::lock_guard lock(shared_mutex_);
        auto named = sharedNames_.find(key);
        if (named == sharedNames_.end()) {
            named = sharedNames_.emplace(key).first;
        }
        name.first = *named;
        if (const Entry* e = entry(path)) {
            name.second = e->view.path;
        } else {
            auto outside = sharedNames_.find(path);
            if (outside == sharedNames_.end()) {
                outside = sharedNames_.emplace(path).first;
            }
            name.second = *outside;
        }
        const auto it = shared_.find(name);
        if (it == shared_.end()) {
            first = true;
            value = promise.get_future().share();
            shared_.emplace(name, SharedSlot{type, nullptr, value});
        } else if (it->second.type != type) {
            throw std::logic_error("shared value \"" + std::string(key) +
                                   "\" asked for with two different types");
        } else if (it->second.pending.valid()) {
            value = it->second.pending;
        } else {
            return it->second.value;
        }
    }
    // Computed once, by the plan that asked first, outside the lock so that other files go on
    // meanwhile; a plan asking for it at the same time waits. Computed by both, a file scanned
    // by two lenses at once was read, held and scanned twice.
    if (!first) {
        return value.get();
    }
    std::shared_ptr<const void> computed;
    try {
        computed = compute();
    } catch (...) {
        // Kept as the future's exception: a plan asking later gets the same error.
        promise.set_exception(std::current_exception());
        return value.get();
    }
    promise.set_value(computed);
    {
        // Computed: the slot keeps the value alone, not the future's shared state.
        std::lock_guard lock(shared_mutex_);
        SharedSlot& slot = shared_.find(name)->second;
        slot.value = computed;
        slot.pending = {};
    }
    return computed;
}

}  // namespace qa::orchestrator
