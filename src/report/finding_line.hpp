#pragma once

#include <span>
#include <string>
#include <vector>

#include "contracts/types.hpp"
#include "report/palette.hpp"

namespace qa::report {

/// One location as a report lists it: a finding, and the other lenses that returned the same
/// one (same rule, file, lines and summary). Two model lenses often agree; the reader is told
/// once, with every lens named.
struct ListedFinding {
    const contracts::Finding* finding = nullptr;
    std::vector<std::string> alsoFrom;  ///< `lens` or `lens/sub-lens` of the identical others
    std::size_t count = 1;              ///< findings this line stands for
};

/// `findings` with identical findings of one location merged, in first-seen order.
std::vector<ListedFinding> merge_identical(std::span<const contracts::Finding* const> findings);

/// `file:line:col  severity  rule-id  summary`; a model's finding names its lens
/// (`performance/n-plus-one`, since a model's rule id means nothing alone). With `detail`, the
/// rule's fix or the model's rationale on the next line, and a failing command's last lines.
std::string finding_line(const ListedFinding& item, const Palette& p, bool detail);

}  // namespace qa::report
