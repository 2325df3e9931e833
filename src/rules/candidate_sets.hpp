#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "rules/rule.hpp"

namespace re2 {
class RE2;
}

namespace qa::rules {

/// Which rules may match a buffer, in one RE2::Set pass: a superset of the rules that report
/// there, the same whichever of its two sets answers.
///
/// - The keyword set, compiled while the rules are read: a rule with keywords is in it by its
///   keywords alone (gitleaks' keyword prefilter: a rule reports only on a line holding one of
///   its keywords), a rule with a `prefilter_regex` by that, any other by its regex. Literals
///   compile in a fraction of the time regexes take: compiling every rule's regex into one set
///   was most of a commit hook's CPU time, for a change of a few lines.
/// - The regex set (each rule by its `prefilter_regex` or regex; by its keywords only when it
///   says `prefilter = "keywords"` or is too large for a set, kMaxSetProgramSize), compiled once
///   the rules have scanned kRegexSetAfter bytes, or at the first scan when a caller announced
///   more than kRegexSetAfterLines lines (expect_lines): it finds few candidates where common
///   keywords ("key", "token") would find many, so a scan of a whole tree runs few rules per
///   file. Announcing saves the keyword set's first MiB, which costs more than the MiB after
///   it: each set's DFA builds most of its states on the first text it sees.
///
/// Thread-safe: the regex set is compiled once, by the first scan that needs it.
class CandidateSets {
  public:
    /// Bytes scanned with the keyword set before the regex set is compiled: about what the
    /// keyword set's extra rule runs cost in the time the regex set takes to compile.
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
    /// the keyword set cannot hold, empty when it is added.
    std::string add(const Rule& rule, bool embedded);
    /// Compiles the keyword set; false when it is too large.
    bool compile();

    /// The rules (indices, ascending) that may match `input`: every rule when the set's DFA
    /// gives up, as RE2 does on some huge adversarial inputs.
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
    const Set& regex_set() const;

    std::unique_ptr<Set> keywords_;
    std::vector<std::string> regexPatterns_;  ///< what the regex set holds, compiled later
    std::vector<bool> regexGated_;            ///< in the regex set by its keywords
    mutable std::atomic<std::size_t> scanned_{0};
    mutable std::atomic<bool> large_{false};  ///< expect_lines() announced a large scan
    mutable std::once_flag regexOnce_;
    mutable std::unique_ptr<const Set> regex_;  ///< null when it could not be compiled
};

}  // namespace qa::rules
