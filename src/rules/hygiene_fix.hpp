#pragma once

#include <cstddef>
#include <set>
#include <string>
#include <string_view>

#include "rules/hygiene.hpp"

namespace qa::rules {

/// What fix_hygiene() did to one file's content.
struct HygieneFix {
    std::string content;                 ///< the content with the fixes applied
    std::size_t trailingWhitespace = 0;  ///< lines whose trailing spaces and tabs were removed
    std::size_t crlf = 0;                ///< CRLF line endings made LF
    bool finalNewline = false;           ///< a line ending added at the end

    bool changed() const { return trailingWhitespace > 0 || crlf > 0 || finalNewline; }
    /// "trailing whitespace removed on 2 line(s), 120 CRLF line ending(s) made LF, final newline
    /// added": what changed, for `qa-skill fix` to print.
    std::string describe() const;
};

/// The safe fixes of exactly the hygiene findings check_hygiene() reports for `input` that no
/// inline directive suppresses (`qa-skill: allow <id> -- <reason>` on the line or the one above,
/// `allow-file` anywhere): `trailing-whitespace` removed (a CRLF line keeps its CR),
/// `crlf-in-lf-file` lines made LF, `missing-final-newline` given the file's own line ending
/// ("\r\n" in a file whose lines all end in CRLF). The other checks (`mixed-indentation`,
/// `oversize-file`, `build-output`) need a person. Content holding a NUL byte (binary) is
/// returned unchanged. The checks named in `disabled` (`[rules.<id>] enabled = false`) are left
/// as they are.
HygieneFix fix_hygiene(const HygieneInput& input, const std::set<std::string>& disabled = {});

}  // namespace qa::rules
