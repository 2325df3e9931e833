#include "baseline/fingerprint.hpp"

#include "util/sha256.hpp"

namespace qa::baseline {

std::string fingerprint(std::string_view rule_id, std::string_view path,
                        std::string_view evidence_hash) {
    std::string key;
    key.reserve(rule_id.size() + path.size() + evidence_hash.size() + 2);
    key.append(rule_id).push_back('\0');
    key.append(path).push_back('\0');
    key.append(evidence_hash);
    return util::sha256_hex(key);
}

std::string fingerprint(const contracts::Finding& finding) {
    return fingerprint(finding.ruleId, finding.file, finding.evidenceHash);
}

}  // namespace qa::baseline
