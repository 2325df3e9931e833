#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "lenses/api/lens.hpp"
#include "rules/hygiene.hpp"
#include "rules/rule_set.hpp"

/// One pass of a rule set over one changed file: what the rule lenses and their sub-lenses read
/// their findings from.
namespace qa::lenses {

/// One rule match in a file, as every lens and sub-lens reports it: nothing in it points into the
/// content, and a secret is already masked (`shown`) and hashed.
struct ScannedMatch {
    const rules::Rule* rule = nullptr;
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    std::uint32_t endColumn = 0;              ///< one past the match's last byte (SARIF region)
    bool suppressed = false;                  ///< by an inline directive; nothing else is kept
    std::string shown;                        ///< the masked secret, or the snippet, secrets masked
    std::optional<std::size_t> secretLength;  ///< set when the match is a secret
    bool checksumFailed = false;              ///< rules::RuleMatch::checksumFailed
    std::string evidenceHash;
    /// For a secret whose evidenceHash is of its masked form: the hash of the secret itself,
    /// handed to the baseline in memory only (baseline/exact_keys.hpp); empty otherwise.
    std::string exactHash;
};

/// What one pass over a file found for every lens whose rules are compiled together (the
/// built-in security and style lenses share one RuleSet). The first plan to reach the file
/// computes it and every other plan scanning the same buffer shares it (ChangeSource::shared),
/// so a file is read and scanned once however many lenses, sub-lenses and shards there are.
struct FileScan {
    std::vector<ScannedMatch> matches;  ///< ordered by (line, column, rule id)
    /// The hygiene checks but oversize-file, whose threshold is a lens setting: computed for
    /// every scan of a run with a hygiene sub-lens (ScanSpec::hygiene), as the lens that needs
    /// them may not be the one that scans first.
    std::vector<rules::HygieneFinding> hygiene;
    std::uint64_t size = 0;  ///< of the file's content
    bool directive = false;  ///< the scanned text holds `qa-skill: allow`
    /// The scanned text holds `qa-skill` at all: only then can an added line hold a directive
    /// to check (the text holds every added line), and the lines are not read again.
    bool mentionsTool = false;
    /// Hygiene findings an inline directive suppressed (their line, or `allow-file`).
    std::size_t hygieneSuppressed = 0;
    std::set<std::string> fileAllowed;  ///< the rule ids of the file's `allow-file` directives

    /// Nothing but the size: no match, hygiene finding or directive.
    bool found_nothing() const {
        return matches.empty() && hygiene.empty() && !directive && !mentionsTool &&
               hygieneSuppressed == 0 && fileAllowed.empty();
    }
};

/// How a lens scans a file: its rules and its settings.
struct ScanSpec {
    const rules::RuleSet& rules;
    const rules::RuleSet& credentials;
    /// The lenses whose rules run: those the configuration enables (a disabled lens's rules
    /// cost nothing even though they are compiled with the others).
    std::vector<std::string> lenses;
    bool wholeFile = false;    ///< mode file or all
    bool withContext = false;  ///< mode diff_context
    std::int64_t diffContext = 0;
    /// Run the hygiene checks too: a hygiene sub-lens may read this scan. Otherwise they would
    /// cost a pass over every file for nothing.
    bool hygiene = true;
};

/// Reads `path` once (the hygiene checks look at the whole file) and runs the rules of the
/// enabled lenses over the scanned buffer, and the hygiene checks over the file.
FileScan scan_file(const ScanSpec& spec, const std::string& path,
                   const lenses::api::ChangedFileView& view,
                   const lenses::api::ChangeSource& changes);

}  // namespace qa::lenses
