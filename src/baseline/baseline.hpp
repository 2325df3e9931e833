#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "baseline/exact_keys.hpp"
#include "baseline/slow_hash.hpp"
#include "contracts/types.hpp"
#include "util/file.hpp"

namespace qa::baseline {

/// The schemaVersion of a baseline file (schemas/v1/baseline.v1.json).
inline constexpr std::string_view kSchemaVersion = "baseline.v1";

/// A baseline file that cannot be used. The message reads "<file>: <json-pointer>: <problem>".
/// It is an IoError (unreadable input), so both binaries end with exit 2 on it.
class BaselineError : public util::IoError {
  public:
    BaselineError(std::string file, std::string pointer, const std::string& problem);
    const std::string& file() const { return file_; }
    const std::string& pointer() const { return pointer_; }

  private:
    std::string file_;
    std::string pointer_;
};

/// One accepted finding, identified by its content fingerprint: slow_fingerprint() of its exact
/// content in a file with a Keying, the older sha256 one (baseline/fingerprint.hpp) otherwise.
/// ruleId and path repeat what the fingerprint hashes, for reviewers; the note is the finding's
/// summary, in which a secret only ever appears masked. Matching uses the fingerprint alone.
struct Entry {
    std::string fingerprint;
    std::string ruleId;
    std::string path;
    std::optional<std::string> note;

    bool operator==(const Entry&) const = default;
};

/// The findings a repository has accepted, committed as `.qa-skill-baseline.json`. Entries are
/// kept sorted by (path, ruleId, fingerprint) with one entry per fingerprint, so equal sets of
/// findings give equal files.
class Baseline {
  public:
    Baseline() = default;

    /// Every finding of `findings`, one entry per distinct fingerprint: slow fingerprints of
    /// their exact content (`keys`: see exact_keys.hpp) with `keying`, or without one the older
    /// sha256 fingerprints (which cannot tell two guessable secrets of one shape apart).
    static Baseline from_findings(const std::vector<contracts::Finding>& findings,
                                  const ExactKeys& keys = {},
                                  const std::optional<Keying>& keying = std::nullopt);

    /// Reads a baseline file's text. `source` names it in errors. Throws BaselineError for text
    /// that is not JSON, breaks the baseline.v1 schema, or repeats a fingerprint.
    static Baseline parse(std::string_view text, const std::string& source);

    const std::vector<Entry>& entries() const { return entries_; }
    /// The entry with this fingerprint, or nullptr.
    const Entry* find(std::string_view fingerprint) const;

    /// How this file's fingerprints are computed; nullopt for a file written before baselines
    /// were salted (its entries are sha256 fingerprints).
    const std::optional<Keying>& keying() const { return keying_; }

    /// The entry that accepts `finding`, or nullptr. An entry accepts exactly the content it was
    /// made from: with a keying, the slow fingerprint of the finding's exact content (computed
    /// only when an entry names its rule and path); without one, the sha256 fingerprint, and
    /// never for a finding whose evidenceHash is of a masked secret (`keys` holds its exact
    /// hash): such an entry can no longer be checked exactly, see unverifiable().
    const Entry* match(const contracts::Finding& finding, const ExactKeys& keys) const;

    /// Whether an entry of an older file (no keying) matches `finding` only by the masked form of
    /// its secret, so it cannot tell whether the secret is the one accepted: it accepts nothing,
    /// and the user is told to refresh the file with `qa-skill baseline create`.
    bool unverifiable(const contracts::Finding& finding, const ExactKeys& keys) const;

    /// The file's bytes: canonical JSON (RFC 8785) with a line break after the opening of the
    /// entries array and after each entry, so that a review diff shows one line per entry.
    /// Removing those line breaks gives the canonical form exactly.
    std::string render() const;

    /// sha256 of the canonical JSON of the entries: formatting of the file does not change it.
    /// Runs fold it into configHash, so artifacts name the baseline they applied.
    std::string digest() const;

  private:
    Baseline(std::vector<Entry> sorted_unique, std::optional<Keying> keying);

    std::vector<Entry> entries_;
    std::optional<Keying> keying_;
    /// ruleId NUL path of every entry: which findings a slow fingerprint is computed for.
    std::set<std::string, std::less<>> rule_paths_;
    std::map<std::string, std::size_t, std::less<>> by_fingerprint_;
};

}  // namespace qa::baseline
