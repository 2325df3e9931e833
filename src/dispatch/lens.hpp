#pragma once

#include <atomic>
#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/config.hpp"
#include "contracts/types.hpp"

namespace qa::dispatch {

/// One added line of a changed file, with its line number in the new file.
struct AddedLine {
    std::uint32_t lineNo = 0;
    std::string_view text;
};

/// What a lens may read about one changed file. Views stay valid for the whole run.
struct ChangedFileView {
    std::string path;
    std::string language;
    std::string fileKind;
    bool binary = false;
    bool deleted = false;
    std::vector<AddedLine> addedLines;
};

/// Read access to the change under test. Abstract so that lenses never know whether they run
/// for a commit, a push or CI; the orchestrator's implementation reads git objects.
class ChangeSource {
  public:
    virtual ~ChangeSource() = default;
    /// The changed file at `path`, or nullptr when it is not part of the change.
    virtual const ChangedFileView* file(std::string_view path) const = 0;
    /// The whole new content of `path` (the tree under test, not the working tree), or nullopt
    /// for a deleted, binary or unreadable file. Thread-safe.
    virtual std::optional<std::string> full_content(std::string_view path) const = 0;
};

/// Everything a lens run receives besides its plan.
struct LensContext {
    const ChangeSource& changes;
    const config::Config& config;
    const config::LensSettings& settings;
    std::chrono::steady_clock::time_point deadline;
    const std::atomic<bool>& cancelled;  ///< set when the run is abandoned (timeout, signal)

    bool should_stop() const {
        return cancelled.load(std::memory_order_relaxed) ||
               std::chrono::steady_clock::now() >= deadline;
    }
};

/// A lens plug-in: from a LensPlan and its context to a LensResult. Implementations are
/// stateless after construction, so one instance serves every worker at once.
class Lens {
  public:
    virtual ~Lens() = default;
    virtual std::string_view id() const = 0;
    virtual std::string_view version() const = 0;
    virtual contracts::LensClass lens_class() const = 0;
    /// Runs one plan. May throw; the dispatcher turns that into a failed result.
    virtual contracts::LensResult run(const contracts::LensPlan& plan,
                                      const LensContext& context) const = 0;
};

}  // namespace qa::dispatch
