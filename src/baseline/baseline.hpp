#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

/// One accepted finding, identified by its content fingerprint (baseline/fingerprint.hpp).
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

    /// Every finding of `findings`, one entry per distinct fingerprint.
    static Baseline from_findings(const std::vector<contracts::Finding>& findings);

    /// Reads a baseline file's text. `source` names it in errors. Throws BaselineError for text
    /// that is not JSON, breaks the baseline.v1 schema, or repeats a fingerprint.
    static Baseline parse(std::string_view text, const std::string& source);

    const std::vector<Entry>& entries() const { return entries_; }
    /// The entry with this fingerprint, or nullptr.
    const Entry* find(std::string_view fingerprint) const;

    /// The file's bytes: canonical JSON (RFC 8785) with a line break after the opening of the
    /// entries array and after each entry, so that a review diff shows one line per entry.
    /// Removing those line breaks gives the canonical form exactly.
    std::string render() const;

    /// sha256 of the canonical JSON of the entries: formatting of the file does not change it.
    /// Runs fold it into configHash, so artifacts name the baseline they applied.
    std::string digest() const;

  private:
    explicit Baseline(std::vector<Entry> sorted_unique);

    std::vector<Entry> entries_;
    std::map<std::string, std::size_t, std::less<>> by_fingerprint_;
};

}  // namespace qa::baseline
