#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rules/rule.hpp"
#include "rules/rule_error.hpp"
#include "rules/rule_match.hpp"

namespace qa::rules {

/// One rules file to compile, and the lens it belongs to.
struct RuleSource {
    std::string_view text;  ///< TOML
    std::string name;       ///< for messages: "lenses/security/rules.toml"
    std::string lens;       ///< copied into each Rule::lens; may be empty
    /// Compiled into the binary, every regex checked by the test suite (test_rule_set.cpp):
    /// regexes compile on first use instead of while read, and a rule that is too large for the
    /// shared regex set must say `prefilter = "keywords"` itself.
    bool embedded = false;
    /// The sub-lenses a rule of this file may name in `sub_lens` (its lens's rule sub-lenses);
    /// empty: any.
    std::vector<std::string> subLenses = {};
    /// The sub-lens of a rule that names none: a repository's own rules files need not name
    /// one. nullptr: the rule has none.
    std::string (*defaultSubLens)(const Rule& rule) = nullptr;
    /// false: the rules are read without their examples (without_example_tables()), for a run,
    /// which never checks them. Only for embedded files, whose examples the test suite checks.
    bool examples = true;
};

/// A rule whose program is larger than this does not put its regex into the shared regex set:
/// long counted repetitions (url-password's `{1,20}...{1,128}`) multiply the states of the set's
/// DFA, which then rebuilds its cache all the time and scans every rule several times slower.
/// Its keywords stand in for it, and its own regex runs where they occur (candidate_sets.hpp).
inline constexpr int kMaxSetProgramSize = 1000;

/// The compiled rules of one or more rules files. One RE2::Set pass over a buffer finds which rules
/// can match (CandidateSets: by their keywords for a small scan, by their regexes for a large
/// one); only those run their own regex, compiled on first use, to find positions and captures.
/// Every regex is RE2, so scanning is linear in the input whatever it contains. Scanning is
/// const and thread-safe.
class RuleSet {
  public:
    /// Reads `[[rules]]` tables. Throws RuleError naming file:line:col and the key at fault for
    /// TOML syntax errors, unknown keys, wrong types, bad values, bad regexes, duplicate ids.
    static RuleSet parse(std::string_view toml_text, const std::string& source_name);
    /// Several rules files compiled together, so one set pass serves all of them. Rule ids must
    /// be unique across the files; each rule records its file's lens.
    static RuleSet parse(std::span<const RuleSource> sources);

    /// The rules file compiled into the binary at `path` (e.g. "lenses/security/rules.toml").
    /// Throws RuleError when it is missing or invalid.
    static RuleSet from_embedded(std::string_view path);
    /// The embedded `lenses/<id>/rules.toml` of each lens, compiled together; without their
    /// examples when `examples` is false (RuleSource::examples).
    static RuleSet from_embedded_lenses(std::span<const std::string_view> lens_ids,
                                        bool examples = true);

    RuleSet(RuleSet&&) noexcept;
    RuleSet& operator=(RuleSet&&) noexcept;
    ~RuleSet();

    /// The rules in file order.
    std::span<const Rule> rules() const { return rules_; }
    /// The rule named `id`, or nullptr.
    const Rule* find(std::string_view id) const;
    /// The file name(s) the rules came from, joined by '+'.
    const std::string& source() const { return source_; }

    /// Every match in `input`, ordered by (line, column, rule id). When two rules capture the
    /// same secret bytes only the one earlier in the file reports it, so a provider rule wins
    /// over the generic ones listed after it.
    std::vector<RuleMatch> scan(const ScanInput& input) const;
    /// The same matches, handed one by one to `emit` in the same order.
    void scan(const ScanInput& input, const std::function<void(const RuleMatch&)>& emit) const;

    /// The rules (indices into rules(), ascending) that may match `input`: the one set pass of
    /// scan(), whose result callers may keep and share.
    std::vector<std::size_t> candidates(std::string_view input) const;
    /// About `lines` lines are coming to scan: a large scan gets the set that suits it from its
    /// first buffer (CandidateSets::expect_lines). Changes the time of a scan, never its matches.
    void expect_lines(std::size_t lines) const;
    /// scan() restricted to `to_run` (from candidates() on the same text, any subset of it):
    /// no set pass. A secret captured by several of these rules is reported by the first.
    void scan(const ScanInput& input, std::span<const std::size_t> to_run,
              const std::function<void(const RuleMatch&)>& emit) const;

  private:
    struct Compiled;
    RuleSet();

    std::string source_;
    std::vector<Rule> rules_;
    std::unique_ptr<const Compiled> compiled_;  ///< the candidate sets
};

}  // namespace qa::rules
