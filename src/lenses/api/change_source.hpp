#pragma once

// The change under test as a lens reads it: the added lines of each changed file and the new
// contents, whatever invoked the run (a commit, a push, CI). Part of the lens API (lens.hpp).

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <typeindex>
#include <typeinfo>
#include <vector>

namespace qa::lenses::api {

/// One added line of a changed file, with its line number in the new file.
struct AddedLine {
    std::uint32_t lineNo = 0;
    std::string_view text;
};

/// The added lines of one changed file, iterated in the change's order.
///
/// No line is held for a change read from git: the lines are ranges of line numbers of the new
/// content (or, for the earlier commits of a push, of several blobs), and read() loads that
/// content through loaders (the only I/O; a loader throws when the content cannot be read). The
/// lines it returns view that content for as long as the returned Lines lives, so memory follows
/// the size of the file being read, not its line count. When every line of the file is added
/// (all-files mode, a file judged whole) the lines are all the lines of the content. Lines may
/// also be listed (views the caller keeps valid), as tests do. Iterating never reads.
class AddedLines {
  public:
    /// Reads a whole content; never returns null (it throws instead).
    using Loader = std::function<std::shared_ptr<const std::string>()>;
    /// Lines `first` to `first + count - 1` (1-based) of the content `sources[source]` loads.
    struct Range {
        std::uint32_t first = 1;
        std::uint32_t count = 0;
        std::size_t source = 0;
    };

    class Iterator;
    struct Sentinel {};
    class Lines;

    AddedLines() = default;
    AddedLines(std::vector<AddedLine> lines) : listed_(std::move(lines)) {}
    /// Every line of the content `load` reads; `count` is what size() says (the lines counted
    /// when the change was read).
    static AddedLines every_line(std::size_t count, Loader load);
    /// The lines of `ranges`, in that order, read from the contents `sources` load.
    static AddedLines ranges(std::vector<Range> ranges, std::vector<Loader> sources);

    /// Whether these are all the lines of the file (not held; iterating reads the file).
    bool every_line() const { return whole_; }
    /// Whether the lines are lines 1 to size() of one content, in order: every line of a new
    /// file when that content has size() lines. A reader may then use the content itself.
    bool leading_lines() const {
        if (sources_.empty() || whole_) {
            return false;
        }
        std::uint64_t next = 1;
        for (const Range& r : ranges_) {
            if (r.source != ranges_.front().source || r.first != next) {
                return false;
            }
            next += r.count;
        }
        return true;
    }
    std::size_t size() const { return sources_.empty() ? listed_.size() : count_; }
    bool empty() const { return size() == 0; }
    void push_back(AddedLine line) { listed_.push_back(line); }

    /// The lines, read now when they are not held. Keep the result while using its views.
    Lines read() const;

  private:
    std::vector<AddedLine> listed_;
    std::vector<Range> ranges_;
    std::vector<Loader> sources_;
    std::size_t count_ = 0;
    bool whole_ = false;
};

class AddedLines::Iterator {
  public:
    using value_type = AddedLine;
    using difference_type = std::ptrdiff_t;
    using reference = const AddedLine&;
    using pointer = const AddedLine*;
    using iterator_category = std::input_iterator_tag;

    const AddedLine& operator*() const { return current_; }
    const AddedLine* operator->() const { return &current_; }
    Iterator& operator++() {
        advance();
        return *this;
    }
    friend bool operator==(const Iterator& it, Sentinel) { return it.done_; }

  private:
    friend class AddedLines;
    friend class Lines;
    void advance();
    /// Moves to the start of line `n` of `text`, from where the last line was found when that is
    /// not past it (ranges ask for ascending lines: each content is scanned about once).
    bool seek(std::string_view text, std::uint32_t n);

    const std::vector<AddedLine>* listed_ = nullptr;
    std::size_t index_ = 0;
    const std::vector<Range>* ranges_ = nullptr;
    const std::vector<std::shared_ptr<const std::string>>* contents_ = nullptr;
    std::size_t range_ = 0;   ///< the range being read
    std::uint32_t left_ = 0;  ///< lines of it still to give after the current one
    std::size_t source_ = SIZE_MAX;
    std::uint32_t line_ = 1;  ///< the line that starts at offset_ in the current source
    std::size_t offset_ = 0;
    bool started_ = false;
    AddedLine current_;
    bool done_ = true;
};

/// The added lines of a file as read(): iterable, and holding the contents they view.
class AddedLines::Lines {
  public:
    Iterator begin() const;
    Sentinel end() const { return {}; }

  private:
    friend class AddedLines;
    const std::vector<AddedLine>* listed_ = nullptr;
    const std::vector<Range>* ranges_ = nullptr;
    /// What the views point into: one per source (shared, so copies of Lines stay valid).
    std::shared_ptr<const std::vector<std::shared_ptr<const std::string>>> contents_;
};

inline AddedLines AddedLines::every_line(std::size_t count, Loader load) {
    AddedLines lines;
    lines.count_ = count;
    lines.whole_ = true;
    lines.ranges_.push_back(Range{1, UINT32_MAX, 0});  // to the end of the content
    lines.sources_.push_back(std::move(load));
    return lines;
}

inline AddedLines AddedLines::ranges(std::vector<Range> ranges, std::vector<Loader> sources) {
    AddedLines lines;
    for (const Range& r : ranges) {
        lines.count_ += r.count;
    }
    lines.ranges_ = std::move(ranges);
    lines.sources_ = std::move(sources);
    return lines;
}

inline AddedLines::Lines AddedLines::read() const {
    Lines lines;
    if (sources_.empty()) {
        lines.listed_ = &listed_;
        return lines;
    }
    lines.ranges_ = &ranges_;
    auto contents = std::make_shared<std::vector<std::shared_ptr<const std::string>>>();
    if (count_ > 0) {
        contents->reserve(sources_.size());
        for (const Loader& load : sources_) {
            contents->push_back(load());
        }
    }
    lines.contents_ = std::move(contents);
    return lines;
}

inline AddedLines::Iterator AddedLines::Lines::begin() const {
    Iterator it;
    if (listed_ != nullptr) {
        it.listed_ = listed_;
        it.done_ = listed_->empty();
        if (!it.done_) {
            it.current_ = listed_->front();
        }
        return it;
    }
    if (contents_ && !contents_->empty()) {
        it.ranges_ = ranges_;
        it.contents_ = contents_.get();
        it.done_ = false;
        it.advance();
    }
    return it;
}

inline bool AddedLines::Iterator::seek(std::string_view text, std::uint32_t n) {
    if (n < line_) {
        line_ = 1;
        offset_ = 0;
    }
    while (line_ < n && offset_ < text.size()) {
        const std::size_t nl = text.find('\n', offset_);
        offset_ = nl == std::string_view::npos ? text.size() : nl + 1;
        ++line_;
    }
    return line_ == n && offset_ < text.size();
}

inline void AddedLines::Iterator::advance() {
    if (listed_ != nullptr) {
        done_ = ++index_ >= listed_->size();
        if (!done_) {
            current_ = (*listed_)[index_];
        }
        return;
    }
    std::uint32_t n = current_.lineNo + 1;  // the next line of the current range
    if (!started_ || left_ == 0) {
        // The next range with lines; a range that starts past its content's end gives none.
        if (started_) {
            ++range_;
        }
        started_ = true;
        for (;; ++range_) {
            if (range_ >= ranges_->size()) {
                done_ = true;
                return;
            }
            const Range& r = (*ranges_)[range_];
            if (r.count == 0) {
                continue;
            }
            if (r.source != source_) {
                source_ = r.source;
                line_ = 1;
                offset_ = 0;
            }
            if (seek(*(*contents_)[source_], r.first)) {
                break;
            }
        }
        n = (*ranges_)[range_].first;
        left_ = (*ranges_)[range_].count;
    } else if (!seek(*(*contents_)[source_], n)) {
        left_ = 0;  // the content ends before the range does: go on with the next range
        advance();
        return;
    }
    // Like the lines of a diff: without their '\n', a CRLF line keeps its '\r'.
    const std::string_view text = *(*contents_)[source_];
    const std::size_t nl = text.find('\n', offset_);
    const std::size_t end = nl == std::string_view::npos ? text.size() : nl;
    current_ = AddedLine{n, text.substr(offset_, end - offset_)};
    --left_;
}

/// What a lens may read about one changed file. Views stay valid for the whole run.
struct ChangedFileView {
    std::string path;
    std::string language;
    std::string fileKind;
    bool binary = false;
    bool deleted = false;
    bool symlink = false;  ///< the new side is a symlink: its content is the target's path
    AddedLines addedLines;
};

/// Read access to the change under test. Abstract so that lenses never know whether they run
/// for a commit, a push or CI; the orchestrator's implementation reads git objects.
class ChangeSource {
  public:
    virtual ~ChangeSource() = default;
    /// The changed file at `path`, or nullptr when it is not part of the change.
    virtual const ChangedFileView* file(std::string_view path) const = 0;
    /// The whole new content of `path` (the tree under test, not the working tree), or nullopt
    /// when the change has no new content for it (a deletion, a submodule). Throws when the
    /// content exists but cannot be read: a lens must never scan nothing in its place.
    /// Thread-safe.
    virtual std::optional<std::string> full_content(std::string_view path) const = 0;
    /// full_content() without a copy of its own: the buffer is shared with every other reader
    /// holding it at the time (the added lines being read, another lens), so that a large file
    /// is held once. Null where full_content() is nullopt; throws where it throws.
    virtual std::shared_ptr<const std::string> shared_content(std::string_view path) const {
        auto content = full_content(path);
        return content ? std::make_shared<const std::string>(std::move(*content)) : nullptr;
    }
    /// The size in bytes of `path` before the change, or nullopt when the change adds it: the
    /// old blob of a modification, rename or copy; in a whole-tree run (every file as added),
    /// the blob HEAD holds at the path. What `oversize-file` judges by: only a file the change
    /// adds or grows. Thread-safe; the default knows no earlier content (every file is added).
    virtual std::optional<std::uint64_t> size_before(std::string_view path) const {
        (void)path;
        return std::nullopt;
    }

    /// Work that several plans of one run would repeat on the same file, done once: the first
    /// call for (`path`, `key`) runs `compute` and keeps its value for the run; later calls get
    /// that value. `key` names the computation and must determine the value together with the
    /// file's content (results may not depend on which plan asked first); a call made while
    /// another computes the value may wait for it rather than compute it too; `type` is the value's
    /// type, checked on every call (a key reused for another type throws std::logic_error).
    /// Thread-safe; the default keeps nothing. Call it through shared_value<T>().
    virtual std::shared_ptr<const void> shared(
        std::string_view path, std::string_view key, std::type_index type,
        const std::function<std::shared_ptr<const void>()>& compute) const {
        (void)path;
        (void)key;
        (void)type;
        return compute();
    }
};

/// ChangeSource::shared() with a typed value: `compute` returns std::shared_ptr<const T>.
template <class T, class Compute>
std::shared_ptr<const T> shared_value(const ChangeSource& changes, std::string_view path,
                                      std::string_view key, Compute&& compute) {
    return std::static_pointer_cast<const T>(
        changes.shared(path, key, std::type_index(typeid(T)),
                       [&]() -> std::shared_ptr<const void> { return compute(); }));
}

}  // namespace qa::lenses::api
