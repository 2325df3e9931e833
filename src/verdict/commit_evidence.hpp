#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "contracts/types.hpp"

namespace qa::verdict {

/// The evidence member that names where a credential lies: "commit" (the sha) or, for a tag
/// message, "tag" (the tag's name).
struct CommitEvidence {
    std::string member;
    std::string value;
};

/// Which commit each blocking credential finding lies in, by file and start line: found in git
/// once decide has settled which findings block (orchestrator::locate_commits), and added to
/// them as evidence; decide never reads git. A location with no entry gets no member.
using FindingCommits = std::map<std::pair<std::string, std::int64_t>, CommitEvidence>;

/// A finding whose commit the report names (what the ways forward rewrite): a blocking
/// credential finding (security/secrets) whose evidence is an object without a commit yet.
bool wants_commit(const contracts::Finding& f);

/// Adds each wanted finding's entry of `commits` to its evidence.
void add_commits(const FindingCommits& commits, std::vector<contracts::LensResult>& results);
void add_commits(const FindingCommits& commits, std::vector<contracts::Finding>& findings);

}  // namespace qa::verdict
