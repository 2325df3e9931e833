#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "baseline/baseline.hpp"
#include "contracts/types.hpp"

namespace qa::baseline {

/// Accepts the findings of `results` an entry of `baseline` matches (Baseline::match, with the
/// exact hashes `keys` of masked secrets): each such finding
/// stays in its result (artifacts and reports still show it) but no longer blocks, and its
/// evidence gains "baselineFingerprint" so a reader can find the entry. A result with accepted
/// findings says how many in its evidenceSummary, naming `source`, so nothing is accepted
/// silently; one whose findings match only an entry that cannot be checked exactly says so and
/// how to refresh the file (and adds their number to `*unverifiable` when given). Returns the
/// number of accepted findings.
std::size_t apply(const Baseline& baseline, const std::string& source,
                  std::vector<contracts::LensResult>& results, const ExactKeys& keys = {},
                  std::size_t* unverifiable = nullptr);

}  // namespace qa::baseline
