#pragma once

// The lens API: what a lens implementation (rule, model, execution or external) receives and
// returns. doc/lens-api.md describes it for lens authors.
//
// - A Lens is stateless after construction; one instance serves every worker at once.
// - run(plan, context) returns a LensResult for the plan. Expected failures (a provider's 429,
//   a command's non-zero exit, an invalid answer) are failed or degraded results with error
//   codes; exceptions are for bugs and unreadable input and become failed results too.
// - context.run is the immutable RunInput (SkillInput + every lens's resolved settings);
//   context.settings is this lens's LensInput; context.changes the read-only change;
//   context.services the provider client, command runner, budget ledger and clock (null when
//   the run does not offer them); context.cancel the CancellationToken to poll and to pass on.
// - A lens never reads the Config, the environment or the working tree.

#include <cstddef>
#include <functional>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <typeindex>
#include <typeinfo>
#include <vector>

#include "contracts/types.hpp"
#include "dispatch/run_input.hpp"
#include "dispatch/services.hpp"
#include "util/cancellation.hpp"

namespace qa::dispatch {

/// One added line of a changed file, with its line number in the new file.
struct AddedLine {
    std::uint32_t lineNo = 0;
    std::string_view text;
};

/// The added lines of one changed file, iterated in line order.
///
/// For a diff they are listed: views into the change set, valid for the whole run. When every
/// line of the file is added (all-files mode) nothing is held: read() reads the file through a
/// loader (the only I/O, and it throws when the file cannot be read), and the lines it returns
/// view that content for as long as the returned Lines lives. Iterating never reads.
class AddedLines {
  public:
    /// Reads the whole new content; never returns null (it throws instead).
    using Loader = std::function<std::shared_ptr<const std::string>()>;

    class Iterator;
    struct Sentinel {};
    class Lines;

    AddedLines() = default;
    AddedLines(std::vector<AddedLine> lines) : listed_(std::move(lines)) {}
    /// Lines 1 to `count` of the content `load` reads.
    static AddedLines every_line(std::size_t count, Loader load);

    /// Whether these are all the lines of the file (not held; iterating reads the file).
    bool every_line() const { return static_cast<bool>(load_); }
    std::size_t size() const { return load_ ? count_ : listed_.size(); }
    bool empty() const { return size() == 0; }
    void push_back(AddedLine line) { listed_.push_back(line); }

    /// The lines, read now when they are not held. Keep the result while using its views.
    Lines read() const;

  private:
    std::vector<AddedLine> listed_;
    std::size_t count_ = 0;
    Loader load_;
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

    const std::vector<AddedLine>* listed_ = nullptr;
    std::size_t index_ = 0;
    std::shared_ptr<const std::string> content_;  ///< every_line(): what the views point into
    std::size_t offset_ = 0;
    AddedLine current_;
    bool done_ = true;
};

/// The added lines of a file as read(): iterable, and holding the content they view.
class AddedLines::Lines {
  public:
    Iterator begin() const;
    Sentinel end() const { return {}; }

  private:
    friend class AddedLines;
    const std::vector<AddedLine>* listed_ = nullptr;
    std::shared_ptr<const std::string> content_;  ///< every_line(): what the views point into
};

inline AddedLines AddedLines::every_line(std::size_t count, Loader load) {
    AddedLines lines;
    lines.count_ = count;
    lines.load_ = std::move(load);
    return lines;
}

inline AddedLines::Lines AddedLines::read() const {
    Lines lines;
    if (load_) {
        if (count_ > 0) {
            lines.content_ = load_();
        }
    } else {
        lines.listed_ = &listed_;
    }
    return lines;
}

inline AddedLines::Iterator AddedLines::Lines::begin() const {
    Iterator it;
    if (listed_ == nullptr) {
        if (content_) {
            it.content_ = content_;
            it.done_ = false;
            it.advance();
        }
        return it;
    }
    it.listed_ = listed_;
    it.done_ = listed_->empty();
    if (!it.done_) {
        it.current_ = listed_->front();
    }
    return it;
}

inline void AddedLines::Iterator::advance() {
    if (listed_ != nullptr) {
        done_ = ++index_ >= listed_->size();
        if (!done_) {
            current_ = (*listed_)[index_];
        }
        return;
    }
    const std::string_view text = *content_;
    if (offset_ >= text.size()) {
        done_ = true;
        return;
    }
    // Like the lines of a diff: without their '\n', a CRLF line keeps its '\r'.
    const std::size_t nl = text.find('\n', offset_);
    const std::size_t end = nl == std::string_view::npos ? text.size() : nl;
    current_ = AddedLine{current_.lineNo + 1, text.substr(offset_, end - offset_)};
    offset_ = end + 1;
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

    /// Work that several plans of one run would repeat on the same file, done once: the first
    /// call for (`path`, `key`) runs `compute` and keeps its value for the run; later calls get
    /// that value. `key` names the computation and must determine the value together with the
    /// file's content (results may not depend on which plan asked first); `type` is the value's
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

/// Everything a lens run receives besides its plan, and nothing else.
struct LensContext {
    const RunInput& run;          ///< the run's immutable input (every lens's settings)
    const LensInput& settings;    ///< this lens's resolved settings (== *run.lens(plan.lensId))
    const ChangeSource& changes;  ///< the change under test, read-only
    const Services& services;     ///< provider client, command runner, budget ledger, clock
    /// Stops at the lens's deadline, when the dispatcher gives up on it and when the run is
    /// cancelled (a signal). A lens polls it between units of work (a file, a rule pass) and
    /// passes it to whatever may block (run_process, an HTTP transfer); it then throws or
    /// returns early. A lens that ignores it is waited for all the same (its thread is always
    /// joined): the binaries end the process with exit 3 once it is overdue.
    util::CancellationToken cancel;

    bool should_stop() const { return cancel.stop_requested(); }
};

/// A lens plug-in: from a LensPlan and its context to a LensResult. Implementations are
/// stateless after construction, so one instance serves every worker at once. Its id, version
/// and class are the registry's (plan.lensId, plan.lensVersion), never restated here.
class Lens {
  public:
    virtual ~Lens() = default;
    /// Runs one plan. May throw; the dispatcher turns that into a failed result.
    virtual contracts::LensResult run(const contracts::LensPlan& plan,
                                      const LensContext& context) const = 0;
};

}  // namespace qa::dispatch
