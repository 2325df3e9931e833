#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "contracts/types.hpp"
#include "lenses/api/lens.hpp"
#include "lenses/model/secret_lines.hpp"

namespace qa::lenses::model {

/// Which lines of the new file a finding may land on, per the lens's `mode`.
struct AnchorLines {
    bool wholeFile = false;         ///< mode file / all: any line from 1 to lineCount
    std::uint32_t lineCount = 0;    ///< the new file's lines; 0 when the packet did not read it
    std::set<std::uint32_t> lines;  ///< mode added / diff_context
};

/// The bounded, masked text a model lens sends, and what it left out.
struct ContextPacket {
    std::string text;
    std::vector<std::string> includedFiles;  ///< sorted
    /// Files of the plan that did not fit in max_context_bytes (sorted); with the plan's own
    /// omittedFiles they make CONTEXT_BOUND_EXCEEDED.
    std::vector<std::string> omittedFiles;
    std::size_t maskedLines = 0;                 ///< lines a credential rule matched, masked whole
    std::size_t maskedValueLines = 0;            ///< lines with values masked (mask_values)
    std::map<std::string, AnchorLines> anchors;  ///< per included file
};

/// Builds the packet of `plan` from the change: per changed file (path order) its added lines in
/// runs ("hunks first"), with `diff_context` lines of context around them in that mode; the whole
/// file instead for plan.fullContextFiles and in modes file/all. Lines are numbered as in the new
/// file and marked '+' (added) or ' ' (context). Every line on which a credential rule matches
/// is replaced by kMaskedLine before anything else sees it; on the other lines, the values
/// mask_values() finds (of credential-like names, random-looking) read kMaskedValue. Bytes that
/// are not UTF-8 are written as `\xHH` (packet_text). A file section that would take the packet
/// past `max_bytes` is left out whole and listed in omittedFiles: never cut mid-file.
ContextPacket build_context_packet(const contracts::LensPlan& plan,
                                   const lenses::api::ChangeSource& changes,
                                   const input::LensInput& settings, std::size_t max_bytes,
                                   const SecretLines& secrets);

}  // namespace qa::lenses::model
