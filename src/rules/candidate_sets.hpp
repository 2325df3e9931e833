#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "rules/keyword_index.hpp"
#include "rules/lazy_regex.hpp"
#include "rules/rule.hpp"

namespace re2 {
class RE2;
}

namespace qa::rules {

/// Which rules may match a buffer: a superset of the rules that report there, the same whichever
/// way it is answered.
///
/// - For a small scan, by keywords: a rule with keywords is a candidate where one of them occurs
///   (gitleaks' keyword prefilter: a rule reports only on a line holding one of its keywords),
///   found in one pass by a KeywordIndex, and where it has a `prefilter_regex` only if that
///   matches too (compiled at the first text holding one of its keywords); a rule without
///   keywords by its regex, in an RE2::Set of those few rules. Compiling one set of every rule
///   instead was most of a commit hook's CPU time, for a change of a few lines.
/// - The regex set (each rule by its `prefilter_regex` or regex; by its keywords only when it
///   says `prefilter = "keywords"` or is too large for a set, kMaxSetProgramSize), compiled once
///   the rules have scanned kRegexSetAfter bytes, or at the first scan when a caller announced
///   more than kRegexSetAfterLines lines (expect_lines): it finds few candidates where common
///   keywords ("key", "token") would find many, so a scan of a whole tree runs few rules per
///   file. Announcing saves the keyword pass over the first MiB.
///
/// Thread-safe: the regex set is compiled once, by the first scan that needs it.
class CandidateSets {
  public:
    /// Bytes scanned by keywords before the regex set is compiled: about what the extra rule
    /// runs of keywords cost in the time the regex set takes to compile.
    static constexpr std::size_t kRegexSetAfter = std::size_t{1} << 20;
    /// Lines a scan announces before the regex set serves from its start: kRegexSetAfter bytes
    /// at about 50 bytes a line of source.
    static constexpr std::size_t kRegexSetAfterLines = 20000;

    CandidateSets();
    ~CandidateSets();
    CandidateSets(const CandidateSets&) = delete;
    CandidateSets& operator=(const CandidateSets&) = delete;

    /// Adds the next rule (indices follow the calls). `embedded`: its regex was never compiled
    /// (RuleSource::embedded), so its size is not measured. Returns RE2's error for a pattern
    /// of a rule without keywords that a set cannot hold, empty when it is added.
    std::string add(const Rule& rule, bool embedded);
    /// Prepares the keyword pass; false when the rules without keywords are too large for a set.
    bool compile();

    /// The rules (indices, ascending) that may match `input`: every rule when a set's DFA gives
    /// up, as RE2 does on some huge adversarial inputs.
    std::vector<std::size_t> candidates(std::string_view input) const;
    /// A scan of about `lines` lines is coming (a run's added lines): when they are more than
    /// kRegexSetAfterLines, the regex set serves from the next call on. Changes the time of
    /// candidates(), never its answer. Thread-safe.
    void expect_lines(std::size_t lines) const;
    /// Whether rule `index` need only run on the lines holding one of its keywords (it finds the
    /// same matches there): for a rule whose keywords are rare where its regex's prefix is not.
    bool keyword_lines_only(std::size_t index) const { return regexGated_[index]; }

  private:
    struct Set;
    const Set* regex_set() const;
    std::vector<std::size_t> by_keywords(std::string_view input) const;

    KeywordIndex keywords_;                  ///< the rules with keywords
    std::unique_ptr<Set> unkeyed_;           ///< the rules without, by their regexes
    std::vector<std::size_t> unkeyedRules_;  ///< unkeyed_'s patterns' rules
    /// Per rule: its `prefilter_regex` when it has keywords too, else null.
    std::vector<std::unique_ptr<const LazyRegex>> prefilters_;
    std::vector<std::string> regexPatterns_;  ///< what the regex set holds, compiled later
    std::vector<bool> regexGated_;            ///< in the regex set by its keywords
    mutable std::atomic<std::size_t> scanned_{0};
    mutable std::atomic<bool> large_{false};  ///< expect_lines() announced a large scan
    mutable std::once_flag regexOnce_;
    mutable std::unique_ptr<const Set> regex_;  ///< null when it could not be compiled
};

}  // namespace qa::rules
