#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "rubric/rubric.hpp"

namespace re2 {
class RE2;
}

namespace qa::rubric {

/// What a file is, as far as checks go.
struct FileFacts {
    std::string_view path;
    std::string_view language;  ///< plan::classify() language
    bool test = false;          ///< classify() says it is a test file
};

/// A place that breaks a check: a line of the file (1 for the file's name) and what is wrong.
struct Problem {
    std::uint32_t line = 1;
    std::string what;
};

/// One Check compiled once: how the draft counts the files that follow it and how the lens
/// judges a change, so that the evidence and the findings always agree. Immutable, shared.
class CheckEval {
  public:
    explicit CheckEval(Check check);
    ~CheckEval();
    CheckEval(CheckEval&&) noexcept;
    CheckEval& operator=(CheckEval&&) = delete;
    CheckEval(const CheckEval&) = delete;
    CheckEval& operator=(const CheckEval&) = delete;

    const Check& check() const { return check_; }

    /// Whether the check looks at this file at all (scope, languages, extensions, test files).
    bool applies(const FileFacts& file) const;
    /// Whether it judges lines (forbidden-line, max-line-length, declaration-case): then every
    /// added line is checked; otherwise the file's path or content is, when the file is new.
    bool judges_lines() const;

    /// The problem of one line, for the line kinds.
    std::optional<std::string> line_problem(std::string_view line) const;
    /// The problem of a file's path (path-case, test-location, test-mirror). `new_folders`:
    /// folders of `sourceRoot` that the change itself creates (test-mirror).
    std::optional<std::string> path_problem(const FileFacts& file,
                                            const std::set<std::string>& new_folders = {}) const;
    /// The problem of a file's content (required-header, namespace-folder).
    std::optional<Problem> content_problem(const FileFacts& file, std::string_view content) const;

    /// Every problem of a whole file: what the draft counts.
    std::optional<Problem> file_problem(const FileFacts& file, std::string_view content) const;

  private:
    Check check_;
    std::unique_ptr<re2::RE2> pattern_;
    std::unique_ptr<re2::RE2> declaration_;
    std::unique_ptr<re2::RE2> exempt_;
};

/// Length of `line` in code points (UTF-8 lead bytes), without a trailing '\r'.
std::size_t columns(std::string_view line);

/// The folder of `path` ("" for a file at the root), without a trailing '/'.
std::string_view folder_of(std::string_view path);

}  // namespace qa::rubric
