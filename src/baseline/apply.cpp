#include "baseline/apply.hpp"

namespace qa::baseline {

std::size_t apply(const Baseline& baseline, const std::string& source,
                  std::vector<contracts::LensResult>& results, const ExactKeys& keys,
                  std::size_t* unverifiable_total) {
    std::size_t total = 0;
    if (baseline.entries().empty()) {
        return total;
    }
    for (auto& result : results) {
        std::size_t accepted = 0;
        std::size_t unverifiable = 0;
        for (auto& f : result.findings) {
            const Entry* entry = baseline.match(f, keys);
            if (entry == nullptr) {
                if (baseline.unverifiable(f, keys)) {
                    ++unverifiable;
                }
                continue;
            }
            f.blocking = false;
            if (f.evidence.is_object() && f.evidence.find("baselineFingerprint") == nullptr) {
                f.evidence.as_object().emplace_back("baselineFingerprint", entry->fingerprint);
            }
            ++accepted;
        }
        if (accepted > 0) {
            result.evidenceSummary.push_back(std::to_string(accepted) +
                                             " finding(s) accepted by the baseline " + source +
                                             ", not blocking");
            total += accepted;
        }
        if (unverifiable > 0 && unverifiable_total != nullptr) {
            *unverifiable_total += unverifiable;
        }
        if (unverifiable > 0) {
            // An entry of an older file names only the secret's shape: it accepts nothing.
            result.evidenceSummary.push_back(
                std::to_string(unverifiable) + " finding(s) match an entry of the baseline " +
                source +
                " that cannot be checked exactly (written before baselines were salted), so "
                "they still block; refresh it with 'qa-skill baseline create' and commit it");
        }
    }
    return total;
}

}  // namespace qa::baseline
