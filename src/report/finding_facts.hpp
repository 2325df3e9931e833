#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "contracts/types.hpp"
#include "input/lens_kind.hpp"

namespace qa::report {

/// What the reports read from a finding's lens-specific evidence, when the lens recorded it.
struct FindingFacts {
    std::optional<std::int64_t> column;     ///< 1-based byte column of the match
    std::optional<std::int64_t> endColumn;  ///< 1-based, one past the match's last byte
    std::string fix;                        ///< the rule's fix text
    bool baselined = false;                 ///< accepted by the baseline (not blocking)
    /// A hygiene problem on several lines of the file, reported once at the first: how many.
    std::optional<std::int64_t> count;
    /// The last lines of a failing command's output (execution lenses), masked.
    std::vector<std::string> outputTail;
};

FindingFacts facts_of(const contracts::Finding& f);

/// Where `f` is, as the reports name it: `file:line`, and `:col` when the lens recorded one.
std::string position(const contracts::Finding& f);

/// The inline directive that suppresses `f` on its line, in the comment syntax of its file:
/// `# qa-skill: allow <id> -- <reason>` for Python, shell, TOML, YAML...; `//` otherwise.
std::string suppression_directive(const contracts::Finding& f);

/// Whether an inline directive can suppress `f`: findings of the rule, layering and external
/// lenses, judged on a line; not those of model or execution lenses (a test failing, a model's
/// review), which only the baseline accepts, nor those in a file that has no comments (a PEM
/// key, a certificate, JSON). `lens_kinds` are the run's (RunReport::lensKinds); a lens it does
/// not know is judged on a line.
bool inline_suppressible(const contracts::Finding& f,
                         const std::map<std::string, input::LensKind, std::less<>>& lens_kinds);

/// Whether the file `path` can hold a comment, judged by its name: false for keys and
/// certificates (`.pem`, `.key`, `id_rsa`...) and JSON.
bool holds_comments(std::string_view path);

}  // namespace qa::report
