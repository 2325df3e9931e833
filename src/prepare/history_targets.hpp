#pragma once

#include <optional>
#include <string>
#include <vector>

#include "git/change_set.hpp"
#include "git/repository.hpp"

namespace qa::prepare {

/// A change judged for credentials only, beside a run's net change: the lines earlier commits
/// added, commit and tag messages, a history audit's lines. A credential anywhere in history
/// stays in every clone for good, whereas style, architecture and the model and execution lenses
/// judge what a change leaves behind.
struct HistoryTarget {
    std::string label;
    git::ChangeSet changes;
    std::vector<std::string> lensIds{"security"};
};

/// The messages a push sends (git::PushChangeSet::messages) under `label` (the ref's), nullopt
/// when it sends none.
std::optional<HistoryTarget> messages_target(const std::string& label, git::ChangeSet messages);

/// The commits of CI's `--base B --head H` each judged on its own, as the push gate judges a
/// push of H to a remote holding B: the lines earlier commits added that the net change `net`
/// does not show, and every commit's message. `label` is the net change's.
std::vector<HistoryTarget> range_targets(const git::Repository& repo, const git::ChangeSet& net,
                                         const std::string& base, const std::string& head,
                                         const std::string& label);

/// The commit-msg hook: the message the commit being made will carry (comments dropped).
HistoryTarget commit_message_target(const git::Repository& repo, const std::string& text);

/// The revision whose tree an audit of `revision` applies the configuration and baseline of:
/// B for "A..B" (HEAD when B is empty), HEAD for "--all", else `revision` itself.
std::string history_tip(const std::string& revision);

/// `qa-skill audit REVISION`: every line each commit reachable from it added (each distinct
/// line of a path and each pair of blobs once), and every commit's message.
std::vector<HistoryTarget> audit_targets(const git::Repository& repo, const std::string& revision);

}  // namespace qa::prepare
