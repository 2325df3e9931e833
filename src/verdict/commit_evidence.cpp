#include "verdict/commit_evidence.hpp"

#include <optional>

namespace qa::verdict {

bool wants_commit(const contracts::Finding& f) {
    return f.blocking && f.lensId == "security" &&
           f.subLensId == std::optional<std::string>("secrets") && f.evidence.is_object() &&
           f.evidence.find("commit") == nullptr;
}

void add_commits(const FindingCommits& commits, std::vector<contracts::Finding>& findings) {
    if (commits.empty()) {
        return;
    }
    for (auto& f : findings) {
        if (!wants_commit(f)) {
            continue;
        }
        if (const auto it = commits.find({f.file, f.startLine}); it != commits.end()) {
            f.evidence.as_object().emplace_back(it->second.member, it->second.value);
        }
    }
}

void add_commits(const FindingCommits& commits, std::vector<contracts::LensResult>& results) {
    for (auto& result : results) {
        add_commits(commits, result.findings);
    }
}

}  // namespace qa::verdict
