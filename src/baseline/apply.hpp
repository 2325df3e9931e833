#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "baseline/baseline.hpp"
#include "contracts/types.hpp"

namespace qa::baseline {

/// Accepts the findings of `results` whose fingerprint is in `baseline`: each such finding
/// stays in its result (artifacts and reports still show it) but no longer blocks, and its
/// evidence gains "baselineFingerprint" so a reader can find the entry. A result with accepted
/// findings says how many in its evidenceSummary, naming `source`, so nothing is accepted
/// silently. Returns the number of accepted findings.
std::size_t apply(const Baseline& baseline, const std::string& source,
                  std::vector<contracts::LensResult>& results);

}  // namespace qa::baseline
