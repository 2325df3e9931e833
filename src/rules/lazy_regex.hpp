#pragma once

#include <memory>
#include <mutex>
#include <string>

namespace re2 {
class RE2;
}

namespace qa::rules {

/// A regex compiled the first time it is used, once, whichever thread asks first. A commit
/// scans a few files against some 150 rules, and most rules' own regexes never run: the shared
/// RE2::Set finds where each could match. Compiling all of them up front was a quarter of the
/// hook's CPU time. Rules from a repository's own files are still compiled while they are read,
/// so their errors name the file and line (rule_reader.hpp).
class LazyRegex {
  public:
    /// `pattern` exactly as it is compiled (multiline() applied where wanted), with
    /// regex_options().
    explicit LazyRegex(std::string pattern);
    ~LazyRegex();
    LazyRegex(const LazyRegex&) = delete;
    LazyRegex& operator=(const LazyRegex&) = delete;

    /// The compiled regex; check ok() where the pattern was never checked before.
    const re2::RE2& get() const;
    /// The pattern as it is compiled.
    const std::string& pattern() const { return pattern_; }

  private:
    std::string pattern_;
    mutable std::once_flag once_;
    mutable std::unique_ptr<const re2::RE2> compiled_;
};

}  // namespace qa::rules
