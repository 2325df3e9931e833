#include "baseline/apply.hpp"

#include "baseline/fingerprint.hpp"

namespace qa::baseline {

std::size_t apply(const Baseline& baseline, const std::string& source,
                  std::vector<contracts::LensResult>& results) {
    std::size_t total = 0;
    if (baseline.entries().empty()) {
        return total;
    }
    for (auto& result : results) {
        std::size_t accepted = 0;
        for (auto& f : result.findings) {
            std::string fp = fingerprint(f);
            if (baseline.find(fp) == nullptr) {
                continue;
            }
            f.blocking = false;
            if (f.evidence.is_object() && f.evidence.find("baselineFingerprint") == nullptr) {
                f.evidence.as_object().emplace_back("baselineFingerprint", std::move(fp));
            }
            ++accepted;
        }
        if (accepted > 0) {
            result.evidenceSummary.push_back(std::to_string(accepted) +
                                             " finding(s) accepted by the baseline " + source +
                                             ", not blocking");
            total += accepted;
        }
    }
    return total;
}

}  // namespace qa::baseline
