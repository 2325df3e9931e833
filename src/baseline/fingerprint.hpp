#pragma once

#include <string>
#include <string_view>

#include "contracts/types.hpp"

namespace qa::baseline {

/// The content fingerprint that identifies a finding in a baseline:
/// sha256_hex(ruleId + '\0' + path + '\0' + evidenceHash).
///
/// evidenceHash is sha256(ruleId + '\0' + the raw secret, or the raw match of a rule without a
/// secret), so the fingerprint is keyed by (rule, path, matched content) and never by line: code
/// that moves within its file keeps its fingerprint, and a different secret on an old line gets
/// a new one. It is built from the hash rather than the match because a finding never carries
/// the raw secret after its lens ran, and a baseline must not hold it either.
std::string fingerprint(std::string_view rule_id, std::string_view path,
                        std::string_view evidence_hash);

/// fingerprint() of a finding's ruleId, file and evidenceHash.
std::string fingerprint(const contracts::Finding& finding);

}  // namespace qa::baseline
