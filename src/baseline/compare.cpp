#include "baseline/compare.hpp"

#include <set>
#include <string>

#include "baseline/fingerprint.hpp"
#include "contracts/finding_order.hpp"

namespace qa::baseline {

Comparison compare(const Baseline& baseline, const std::vector<contracts::Finding>& findings) {
    Comparison c;
    std::set<std::string, std::less<>> used;
    for (const auto& f : findings) {
        std::string fp = fingerprint(f);
        if (baseline.find(fp) != nullptr) {
            used.insert(std::move(fp));
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
