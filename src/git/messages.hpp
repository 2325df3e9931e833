#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "git/change_set.hpp"
#include "git/handle.hpp"
#include "git/repository.hpp"

namespace qa::git {

/// A commit or annotated tag message: text that reaches the remote with the push and stays in
/// its history, so it is judged for credentials like a file.
struct Message {
    /// Where a finding in it is located: "commit:<sha>", "tag:<ref name>", or the name given to
    /// a message that has no object yet (the commit-msg hook's COMMIT_EDITMSG).
    std::string path;
    std::string object;  ///< the commit or tag object's sha; empty before the commit exists
    std::string text;
};

/// The message of each of `commits`, in their order.
std::vector<Message> commit_messages(git_repository* repo, const std::vector<git_oid>& commits);

/// The messages of the annotated tag `sha` pushed as `ref`, and of the tags it points to in
/// turn (a tag of a tag); none when `sha` names no tag object.
std::vector<Message> tag_messages(git_repository* repo, const std::string& ref,
                                  const std::string& sha);

/// The message of the commit or annotated tag `sha` as commit_messages and tag_messages read it;
/// nullopt when `sha` names neither.
std::optional<std::string> object_message(git_repository* repo, const std::string& sha);

/// A message as git commits it from the text an editor left: comment lines (core.commentChar
/// '#') and everything from the `git commit -v` scissors line on are dropped.
std::string cleaned_message(std::string_view text);

/// The messages as a change set of one file each (Message::path), every line added, content held
/// in the change itself (FileChange::inline_text). base and head name the change they belong to;
/// `messages` is set.
ChangeSet message_changes(std::vector<Message> messages, const std::string& base,
                          const std::string& head);

}  // namespace qa::git
