#include "prepare/history_targets.hpp"

#include "git/history.hpp"
#include "git/messages.hpp"
#include "git/revisions.hpp"

namespace qa::prepare {
namespace {

std::string count_of(std::size_t n, const std::string& what) {
    return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

/// "(sha1, sha2, +3 more)": the first commits of a list, for a label.
std::string shas_of(const std::vector<std::string>& shas) {
    constexpr std::size_t kShown = 5;
    std::string out;
    for (std::size_t i = 0; i < shas.size() && i < kShown; ++i) {
        out += (i == 0 ? "" : ", ") + shas[i].substr(0, 12);
    }
    if (shas.size() > kShown) {
        out += ", +" + std::to_string(shas.size() - kShown) + " more";
    }
    return out;
}

std::vector<HistoryTarget> targets_of(git::History history, const std::string& label,
                                      const std::string& lines_label) {
    std::vector<HistoryTarget> out;
    if (!history.earlier.files.empty()) {
        out.push_back(
            HistoryTarget{label + ", " + lines_label + " (" + shas_of(history.earlier_shas) + ")",
                          std::move(history.earlier)});
    }
    if (auto m = messages_target(label, std::move(history.messages))) {
        out.push_back(std::move(*m));
    }
    return out;
}

}  // namespace

std::optional<HistoryTarget> messages_target(const std::string& label, git::ChangeSet messages) {
    if (messages.files.empty()) {
        return std::nullopt;
    }
    const std::size_t n = messages.files.size();
    return HistoryTarget{label + ", " + count_of(n, "message"), std::move(messages)};
}

std::vector<HistoryTarget> range_targets(const git::Repository& repo, const git::ChangeSet& net,
                                         const std::string& base, const std::string& head,
                                         const std::string& label) {
    return targets_of(git::range_history(repo, net, base, head), label,
                      "lines added by earlier commits");
}

HistoryTarget commit_message_target(const git::Repository& repo, const std::string& text) {
    const auto head = repo.head_sha();
    const std::string at = head ? *head : git::kEmptyTreeSha;
    std::vector<git::Message> one{git::Message{"COMMIT_EDITMSG", "", git::cleaned_message(text)}};
    return HistoryTarget{"commit message", git::message_changes(std::move(one), at, at)};
}

std::string history_tip(const std::string& revision) {
    if (revision == "--all") {
        return "HEAD";
    }
    const std::size_t dots = revision.find("..");
    if (dots == std::string::npos) {
        return revision;
    }
    const std::string tip = revision.substr(dots + 2);
    return tip.empty() ? "HEAD" : tip;
}

std::vector<HistoryTarget> audit_targets(const git::Repository& repo, const std::string& revision) {
    const auto commits = git::history_commits(repo.raw(), revision);
    const std::string tip = history_tip(revision);
    const std::string head = git::names_commit(repo.raw(), tip)
                                 ? git::to_hex(git::resolve_commit(repo.raw(), tip))
                                 : std::string(git::kEmptyTreeSha);
    const std::string label =
        "history of " + revision + " (" + count_of(commits.size(), "commit") + ")";
    return targets_of(git::audit_history(repo, commits, head), label, "lines added");
}

}  // namespace qa::prepare
