#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rules/checksum.hpp"
#include "rules/lazy_regex.hpp"

namespace qa::rules {

/// Where a rule deliberately does not report: files it cannot apply to, and values that are
/// known placeholders rather than secrets.
struct Allowlist {
    std::vector<std::string> paths;  ///< globs (util::glob_match); the rule skips these files
    std::vector<std::shared_ptr<const LazyRegex>> regexes;  ///< matched against the secret
    std::vector<std::string> regexSources;                  ///< the regexes as written
    std::vector<std::string> stopwords;  ///< lowercase; a secret containing one is ignored
    /// A capture group whose text, when equal to the secret, marks a placeholder
    /// (`postgres://postgres:postgres@`: the user name repeated as the password).
    std::optional<int> sameAsGroup;
};

/// A sample line that documents the rule and is checked by the unit tests: a positive example
/// must produce a match of its rule (with `secret` as the captured secret when given), a
/// negative one must not.
struct Example {
    std::string text;
    std::optional<std::string> secret;
    std::optional<std::string> path;      ///< defaults to a neutral file name
    std::optional<std::string> language;  ///< defaults to the rule's first language
};

/// The examples of one rule (`[rules.examples]`).
struct Examples {
    std::vector<Example> positive;
    std::vector<Example> negative;
};

/// One detection rule, read from a `[[rules]]` table of a lens's rules.toml. Rules are data:
/// adding one is editing TOML, never code. Immutable once parsed; the regexes are shared,
/// compiled on first use and safe to use from several threads.
struct Rule {
    std::string id;
    std::string description;
    std::string regex;                         ///< as written in the file
    std::shared_ptr<const LazyRegex> pattern;  ///< multi-line, never spans lines
    std::vector<std::string> keywords;  ///< lowercase; if any, one must occur on the match's line
    /// `prefilter = "keywords"`: the shared RE2::Set holds only the keywords, never the regex.
    /// For patterns without a fixed prefix (`[0-9a-f]{32}-us\d`), whose counted repetitions
    /// would make the set's DFA track a counter at every byte of ordinary text.
    bool keywordPrefilter = false;
    /// `prefilter_regex`: what the shared RE2::Set looks for instead of `regex`, a looser
    /// pattern that matches wherever `regex` does (the positive examples prove it) with fewer
    /// DFA states, e.g. without a leading `[a-z0-9_.-]*` that the set would track through every
    /// identifier. `regex` alone decides what is reported. Empty: the set uses `regex`.
    std::string prefilterRegex;
    std::optional<int> secretGroup;  ///< capture group holding a secret, masked everywhere
    double minEntropy = 0.0;         ///< Shannon bits per byte the secret must reach
    /// A checksum the secret carries (`checksum = "github-crc32"`); one that fails is dropped.
    std::optional<Checksum> checksum;
    /// When set and the match ends its line, the buffer line after it (if there is one) must
    /// match this: a PEM header counts only when a key body follows, not `***` or `...`.
    std::shared_ptr<const LazyRegex> nextLine;
    std::string nextLineSource;  ///< nextLine as written
    std::string severity;        ///< critical | high | medium | low | info
    bool blocking = false;
    /// Reports only on lines a change adds: a whole-tree audit (--all-files, where every line
    /// counts as added) skips the rule. For patterns that are ordinary in committed code and
    /// suspicious only when new, like console.log.
    bool changesOnly = false;
    std::string fix;  ///< a hint on how to fix or avoid the finding
    Allowlist allowlist;
    std::vector<std::string> languages;  ///< classify() languages; empty means every file
    Examples examples;
    std::string lens;  ///< the lens whose rules file defines it (RuleSource::lens)
    /// The sub-lens of `lens` that reports the rule (`sub_lens`), or RuleSource::defaultSubLens
    /// when the rule names none; empty: none (a lens without sub-lenses, or a file read alone).
    std::string subLens;
};

}  // namespace qa::rules
