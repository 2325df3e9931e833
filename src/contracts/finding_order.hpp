#pragma once

#include <vector>

#include "contracts/types.hpp"

namespace qa::contracts {

/// Sorts findings by the seed's conflict-resolution key: severity DESC, lensId ASC, file ASC,
/// startLine ASC, ruleId ASC, then evidenceHash ASC as the final tie-break. Part of the contract
/// (every list of findings in an artifact is in this order), so the dispatcher, the baseline and
/// the verdict share it without depending on one another.
void sort_findings(std::vector<Finding>& findings);

}  // namespace qa::contracts
