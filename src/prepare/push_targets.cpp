#include "prepare/push_targets.hpp"

#include "git/revisions.hpp"
#include "util/error.hpp"

namespace qa::prepare {

std::optional<EarlierTarget> earlier_commits_target(const git::PushChangeSet& push) {
    if (push.earlier.files.empty()) {
        return std::nullopt;
    }
    constexpr std::size_t kShown = 5;
    std::string shas;
    for (std::size_t i = 0; i < push.earlier_shas.size() && i < kShown; ++i) {
        shas += (i == 0 ? "" : ", ") + push.earlier_shas[i].substr(0, 12);
    }
    if (push.earlier_shas.size() > kShown) {
        shas += ", +" + std::to_string(push.earlier_shas.size() - kShown) + " more";
    }
    return EarlierTarget{push.update.local_ref + " -> " + push.update.remote_ref +
                             ", lines added by earlier commits (" + shas + ")",
                         {"security"}};
}

void require_revisions(const git::Repository& repo, const std::optional<std::string>& base,
                       const std::optional<std::string>& head) {
    for (const auto& [option, value] : {std::pair{"--base", &base}, std::pair{"--head", &head}}) {
        if (*value && !git::names_commit(repo.raw(), **value)) {
            throw util::InputError(std::string(option) + " " + **value +
                                   ": does not name a commit in this repository");
        }
    }
}

}  // namespace qa::prepare
