#pragma once

#include <string>
#include <vector>

#include "contracts/types.hpp"
#include "orchestrator/run.hpp"

namespace qa::orchestrator {

/// What a run of every tracked file (ChangeKind::all_files) found, and whether it stands for
/// the whole tree: a baseline written from a partial scan would make the findings it missed
/// look fixed later, and a check against one would call them new.
struct WholeScan {
    std::vector<contracts::Finding> findings;  ///< every lens result's, in report order
    /// Why the scan does not cover every file with every lens, one reason a line: files left
    /// out (DIFF_TOO_LARGE), a lens that did not complete or was degraded (with its codes), a
    /// required lens that did not run. Empty: the scan is complete.
    std::vector<std::string> incomplete;

    bool complete() const { return incomplete.empty(); }
};

/// The findings of `report` and the reasons it is incomplete, if it is.
WholeScan whole_scan_of(const RunReport& report);

}  // namespace qa::orchestrator
