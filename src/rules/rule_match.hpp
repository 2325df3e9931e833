#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "rules/rule.hpp"

namespace qa::rules {

/// What one scan looks at: a whole file, or the added lines of a file joined with '\n'.
struct ScanInput {
    std::string_view path;      ///< repository-relative, for path allowlists
    std::string_view language;  ///< classify() language; empty when unknown
    std::string_view text;      ///< the buffer to scan
    /// lineNumbers[i] is the file line of the buffer's i-th line (0-based i). Empty means the
    /// buffer is the whole file (line i+1); lines past the end continue from the last entry.
    std::span<const std::uint32_t> lineNumbers;
};

/// One place where a rule matched. The views point into the ScanInput's text and the RuleSet,
/// so a match lives no longer than both. Show `secret` only through mask_secret().
struct RuleMatch {
    const Rule* rule = nullptr;
    std::uint32_t line = 0;                  ///< line number in the file (1-based)
    std::uint32_t column = 0;                ///< byte column of the match in that line (1-based)
    std::string_view match;                  ///< the whole match
    std::optional<std::string_view> secret;  ///< the secret group, when the rule has one
    std::string_view lineText;               ///< the buffer line holding the match, without '\n'
    /// The secret fails its rule's checksum: a hand-made example of the format rather than a
    /// credential. Reported (the format is recognised) at low severity and never blocking.
    bool checksumFailed = false;
};

}  // namespace qa::rules
