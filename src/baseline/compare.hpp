#pragma once

#include <cstddef>
#include <vector>

#include "baseline/baseline.hpp"
#include "contracts/types.hpp"

namespace qa::baseline {

/// A baseline held against the findings of a scan of every file (`qa-skill baseline check`).
struct Comparison {
    std::vector<Entry> stale;  ///< entries no finding matches any more, in baseline order
    std::vector<contracts::Finding> unbaselined;  ///< findings without an entry, conflict order
    std::size_t matchedFindings = 0;              ///< findings with an entry
};

/// Which entries are unused and which findings are new. Pure: same inputs, same output.
Comparison compare(const Baseline& baseline, const std::vector<contracts::Finding>& findings,
                   const ExactKeys& keys = {});

}  // namespace qa::baseline
