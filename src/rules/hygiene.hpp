#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace qa::rules {

/// A style check that looks at a file's shape rather than at a pattern, so it is code, not a
/// regex in rules.toml. Its metadata mirrors a Rule's so the lens reports both alike.
struct HygieneRule {
    std::string_view id;
    std::string_view description;
    std::string_view severity;
    bool blocking;
    std::string_view fix;
};

/// One hygiene problem. `line` and `column` are 1-based; 0 for a file-level finding.
struct HygieneFinding {
    const HygieneRule* rule = nullptr;
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    std::string message;
    /// once_per_file(): how many lines of the file have this problem (this one is the first),
    /// and the first kMaxListedLines of them, ascending.
    std::uint32_t count = 1;
    std::vector<std::uint32_t> lines;
};

/// How many line numbers a merged finding lists (its count says how many there are).
inline constexpr std::size_t kMaxListedLines = 100;

/// A file as the hygiene checks see it.
struct HygieneInput {
    std::string_view path;        ///< repository-relative
    std::string_view content;     ///< the whole file
    std::uint64_t sizeBytes = 0;  ///< the file's size (content may be empty for binaries)
    /// File lines to report on (1-based, ascending), e.g. the added lines; empty means all.
    std::span<const std::uint32_t> lines;
    /// Oversize-file threshold: no default here; the lens passes its option or the one default
    /// (settings::defaults::kOversizeFileBytes).
    std::uint64_t maxFileBytes;
};

/// trailing-whitespace, mixed-indentation, missing-final-newline, crlf-in-lf-file,
/// oversize-file, build-output.
std::span<const HygieneRule> hygiene_rules();

/// Every hygiene finding of `input`, ordered by (line, column, rule id).
std::vector<HygieneFinding> check_hygiene(const HygieneInput& input);

/// The findings of one file (check_hygiene's, after suppression) with each rule reported once:
/// a rule's findings on several lines become its first one, with `count` and `lines` set. One
/// problem repeated on 120 lines (a file converted to CRLF) is one thing to fix, not 120.
/// Keeps the order of the first findings.
std::vector<HygieneFinding> once_per_file(std::vector<HygieneFinding> findings);

/// Spaces or tabs before the line end (a '\r' of a CRLF line is not whitespace here).
std::vector<HygieneFinding> trailing_whitespace(const HygieneInput& input);
/// A space before a tab in the indentation (git's `space-before-tab`).
std::vector<HygieneFinding> mixed_indentation(const HygieneInput& input);
/// A non-empty file whose last byte is not '\n'.
std::vector<HygieneFinding> missing_final_newline(const HygieneInput& input);
/// CRLF lines in a file whose other lines end in LF alone.
std::vector<HygieneFinding> crlf_in_lf_file(const HygieneInput& input);
/// A file larger than `maxFileBytes`.
std::vector<HygieneFinding> oversize_file(const HygieneInput& input);
/// A path that looks like build output or installed dependencies (dist/, build/, target/,
/// node_modules/, *.o, *.pyc, *.class, ...).
std::vector<HygieneFinding> build_output(const HygieneInput& input);

}  // namespace qa::rules
