#include "baseline/exact_keys.hpp"

#include <algorithm>

namespace qa::baseline {

ExactKeys take_exact_keys(std::vector<contracts::LensResult>& results) {
    ExactKeys keys;
    for (auto& result : results) {
        for (auto& f : result.findings) {
            if (!f.evidence.is_object()) {
                continue;
            }
            auto& members = f.evidence.as_object();
            const auto it = std::find_if(members.begin(), members.end(),
                                         [](const auto& m) { return m.first == kExactHashMember; });
            if (it == members.end()) {
                continue;
            }
            if (it->second.is_string()) {
                keys.emplace(f.findingId, it->second.as_string());
            }
            members.erase(it);
        }
    }
    return keys;
}

std::string_view exact_of(const contracts::Finding& finding, const ExactKeys& keys) {
    const auto it = keys.find(finding.findingId);
    return it == keys.end() ? std::string_view(finding.evidenceHash) : std::string_view(it->second);
}

}  // namespace qa::baseline
