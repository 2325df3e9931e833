#include "baseline/compare.hpp"

#include <set>
#include <string>

#include "contracts/finding_order.hpp"

namespace qa::baseline {

Comparison compare(const Baseline& baseline, const std::vector<contracts::Finding>& findings,
                   const ExactKeys& keys) {
    Comparison c;
    std::set<std::string, std::less<>> used;
    for (const auto& f : findings) {
        if (const Entry* e = baseline.match(f, keys)) {
            used.insert(e->fingerprint);
            ++c.matchedFindings;
        } else {
            c.unbaselined.push_back(f);
        }
    }
    for (const auto& e : baseline.entries()) {
        if (used.count(e.fingerprint) == 0) {
            c.stale.push_back(e);
        }
    }
    contracts::sort_findings(c.unbaselined);
    return c;
}

}  // namespace qa::baseline
