#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "contracts/types.hpp"

namespace qa::baseline {

/// The evidence member in which a rule lens hands over the exact hash of a guessable secret:
/// sha256(ruleId NUL secret), where the finding's evidenceHash is of the masked form only
/// (rules::evidence_form). It lives from the lens to take_exact_keys(), in memory: a plain hash
/// of a guessable secret falls to a dictionary, so it is never written anywhere.
inline constexpr std::string_view kExactHashMember = "exactHash";

/// findingId -> exact hash, for the findings whose evidenceHash does not identify their secret.
using ExactKeys = std::map<std::string, std::string, std::less<>>;

/// Removes kExactHashMember from every finding of `results` and returns what it held.
ExactKeys take_exact_keys(std::vector<contracts::LensResult>& results);

/// What identifies `finding`'s content exactly: its exact hash when `keys` holds one, else its
/// evidenceHash.
std::string_view exact_of(const contracts::Finding& finding, const ExactKeys& keys);

}  // namespace qa::baseline
