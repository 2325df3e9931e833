#pragma once

#include <cstddef>
#include <vector>

#include "contracts/types.hpp"
#include "json/value.hpp"
#include "lenses/api/lens.hpp"
#include "lenses/model/context_packet.hpp"

namespace qa::lenses::model {

/// The findings of a model-findings.v1 answer that land where the lens may report, as
/// Findings; the others are counted, never silently kept or lost.
struct AnchoredFindings {
    std::vector<contracts::Finding> findings;
    std::size_t droppedOffPlan = 0;   ///< on a file not in the packet
    std::size_t droppedOffLines = 0;  ///< on lines outside the lens's mode
    /// On impossible lines: before line 1, ending before it starts, past the file's last line
    /// or past 2^31 - 1.
    std::size_t droppedOffFile = 0;
};

/// Anchors `answer` (already valid against model-findings.v1) to `packet`: a finding is kept
/// when its file was sent, its line range lies within the new file (`changes` tells its length
/// when the packet did not read it) and touches a line the mode allows. `block_at`: the least
/// severe severity that blocks (critical..info).
AnchoredFindings anchor_findings(const contracts::LensPlan& plan, const json::Value& answer,
                                 const ContextPacket& packet,
                                 const lenses::api::ChangeSource& changes,
                                 contracts::Severity block_at);

}  // namespace qa::lenses::model
