#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "contracts/enums.hpp"
#include "util/error.hpp"

namespace qa::rubric {

/// The schemaVersion of a rubric file (schemas/v1/consistency-rubric.v1.json).
inline constexpr std::string_view kSchemaVersion = "consistency-rubric.v1";

/// A rubric that cannot be used: unreadable, not a rubric, a draft where a frozen one is needed,
/// or a frozen file whose bytes no longer match its rubricHash. Exit 2, naming the file.
class RubricError : public util::Error {
  public:
    explicit RubricError(const std::string& message)
        : util::Error(util::kExitUsage, message, "rubric error") {}
};

/// Whether a person approved the rubric: a draft is never enforced.
enum class Status { draft, frozen };

std::string_view to_string(Status status);

/// How a deterministic rule is checked (each reads only the fields it names in Check).
enum class CheckKind {
    path_case,         ///< names of files (and folders) under `scope` match `pattern`
    declaration_case,  ///< names captured by `declaration` in `languages` match `pattern`
    forbidden_line,    ///< no line of `languages` (and `extensions`) matches `pattern`
    max_line_length,   ///< no line of `languages` is longer than `limit` code points
    required_header,   ///< a new file of `languages`/`extensions` holds `text` in its first
                       ///< `limit` lines (0: anywhere)
    namespace_folder,  ///< the first named namespace of a file under `scope`/<dir> is
                       ///< `prefix`::<dir, '/' as '::'>
    test_location,     ///< test files live under `scope`
    test_mirror,       ///< a test file under `scope`/<dir> has <dir> in `folders` (of `sourceRoot`)
};

std::string_view to_string(CheckKind kind);
std::optional<CheckKind> check_kind_from(std::string_view text);

/// A deterministic check: data, so that a frozen rubric keeps its behaviour whatever later
/// versions of qa-skill measure.
struct Check {
    CheckKind kind = CheckKind::forbidden_line;
    std::string scope;                    ///< a folder prefix ending in '/', "" for the whole tree
    std::vector<std::string> languages;   ///< plan::classify() languages; empty: any
    std::vector<std::string> extensions;  ///< file name suffixes (".hpp"); empty: any
    std::string pattern;                  ///< an RE2 pattern (names, lines)
    std::string declaration;  ///< declaration_case: RE2 with one group capturing the name
    std::string exempt;       ///< declaration_case/path_case: names this RE2 matches are not judged
    std::string text;         ///< required_header: the literal text
    std::int64_t limit = 0;   ///< max_line_length: columns; required_header: lines (0: any)
    std::string prefix;       ///< namespace_folder: the namespace above the folders ("qa")
    std::string sourceRoot;   ///< test_mirror: the folder the tests mirror ("src/")
    std::vector<std::string> folders;  ///< test_mirror: the folders of sourceRoot at the revision

    bool operator==(const Check&) const = default;
};

/// How many of the examined items (files, declarations, includes) follow a rule.
struct Evidence {
    std::int64_t follows = 0;
    std::int64_t total = 0;
    std::string text;                     ///< "37 of 40 files in src/ use snake_case"
    std::vector<std::string> exceptions;  ///< up to kMaxExceptions items that do not follow it

    bool operator==(const Evidence&) const = default;
};

inline constexpr std::size_t kMaxExceptions = 5;

/// One convention: what it checks, how (a deterministic check, or guidance for the model), the
/// evidence behind it and what a finding weighs.
struct Rule {
    std::string ruleId;          ///< "consistency-<what>[-<scope>]": lowercase letters, digits, '-'
    std::string summary;         ///< what the convention is, one line
    std::optional<Check> check;  ///< nullopt: a guidance rule, judged by the model
    std::string guidance;        ///< for the model (guidance rules), or why (checks)
    Evidence evidence;
    contracts::Severity severity = contracts::Severity::low;
    bool blocking = false;

    bool operator==(const Rule&) const = default;
};

/// A file shown to the model as what this repository's code looks like.
struct Exemplar {
    std::string path;
    std::string blob;  ///< its blob id at the rubric's revision
    std::string language;
    std::string reason;  ///< why the documented rule chose it
    std::string text;    ///< its content (a candidate holds no credential)

    bool operator==(const Exemplar&) const = default;
};

/// A consistency rubric (draft or frozen). Its file is rendered by document.hpp; rubricHash is
/// the sha256 of the canonical JSON of every other member.
struct Rubric {
    Status status = Status::draft;
    std::int64_t rubricVersion = 1;
    std::string revision;  ///< the commit whose tree was measured
    std::int64_t filesExamined = 0;
    std::vector<Rule> rules;   ///< sorted by ruleId
    std::string exemplarRule;  ///< how the exemplars were chosen, in words
    std::vector<Exemplar> exemplars;
    std::string promptTemplate;  ///< the instructions the guidance rules are sent with
    std::string promptTemplateHash;

    bool operator==(const Rubric&) const = default;
};

}  // namespace qa::rubric
