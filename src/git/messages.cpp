#include "git/messages.hpp"

#include <algorithm>
#include <memory>

#include "git/error.hpp"
#include "git/revisions.hpp"
#include "git/text_content.hpp"

namespace qa::git {
namespace {

using TagHandle = Handle<git_tag, &git_tag_free>;

}  // namespace

std::vector<Message> commit_messages(git_repository* repo, const std::vector<git_oid>& commits) {
    std::vector<Message> out;
    out.reserve(commits.size());
    for (const git_oid& id : commits) {
        CommitHandle commit;
        check(git_commit_lookup(commit.out(), repo, &id), "look up commit " + to_hex(id));
        const char* raw = git_commit_message_raw(commit.get());
        out.push_back(Message{"commit:" + to_hex(id), to_hex(id), raw == nullptr ? "" : raw});
    }
    return out;
}

std::vector<Message> tag_messages(git_repository* repo, const std::string& ref,
                                  const std::string& sha) {
    std::vector<Message> out;
    git_oid id = parse_oid(sha);
    // A chain of tags is short; the bound only keeps a malformed repository from looping.
    for (int depth = 0; depth < 64; ++depth) {
        TagHandle tag;
        if (git_tag_lookup(tag.out(), repo, &id) != 0) {
            git_error_clear();  // not a tag object: a lightweight tag has no message
            break;
        }
        const char* text = git_tag_message(tag.get());
        out.push_back(Message{"tag:" + ref + (depth == 0 ? "" : "^" + std::to_string(depth)),
                              to_hex(id), text == nullptr ? "" : text});
        if (git_tag_target_type(tag.get()) != GIT_OBJECT_TAG) {
            break;
        }
        id = *git_tag_target_id(tag.get());
    }
    return out;
}

std::optional<std::string> object_message(git_repository* repo, const std::string& sha) {
    git_oid id{};
    if (sha.size() != GIT_OID_HEXSZ || git_oid_fromstr(&id, sha.c_str()) != 0) {
        git_error_clear();
        return std::nullopt;
    }
    CommitHandle commit;
    if (git_commit_lookup(commit.out(), repo, &id) == 0) {
        const char* raw = git_commit_message_raw(commit.get());
        return std::string(raw == nullptr ? "" : raw);
    }
    git_error_clear();
    TagHandle tag;
    if (git_tag_lookup(tag.out(), repo, &id) == 0) {
        const char* text = git_tag_message(tag.get());
        return std::string(text == nullptr ? "" : text);
    }
    git_error_clear();
    return std::nullopt;
}

std::string cleaned_message(std::string_view text) {
    std::string out;
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t nl = text.find('\n', at);
        const std::size_t end = nl == std::string_view::npos ? text.size() : nl + 1;
        const std::string_view line = text.substr(at, end - at);
        at = end;
        if (line.starts_with("# ------------------------ >8 ------------------------")) {
            break;
        }
        if (!line.starts_with('#')) {
            out.append(line);
        }
    }
    return out;
}

ChangeSet message_changes(std::vector<Message> messages, const std::string& base,
                          const std::string& head) {
    ChangeSet set;
    set.base = base;
    set.head = head;
    set.messages = true;
    for (auto& m : messages) {
        FileChange f;
        f.path = m.path;
        f.old_path = m.path;
        f.status = FileStatus::added;
        f.new_mode = GIT_FILEMODE_BLOB;
        f.new_oid = m.object;
        f.all_lines_added = true;
        f.added_lines = count_lines(m.text);
        f.new_size = m.text.size();
        if (f.added_lines == 0) {
            continue;  // an empty message holds nothing
        }
        Hunk hunk;
        hunk.new_start = 1;
        hunk.new_lines = static_cast<std::uint32_t>(f.added_lines);
        hunk.bytes = m.text.size();
        f.hunks.push_back(hunk);
        f.inline_text = std::make_shared<const std::string>(std::move(m.text));
        set.files.push_back(std::move(f));
    }
    std::sort(set.files.begin(), set.files.end(),
              [](const FileChange& a, const FileChange& b) { return a.path < b.path; });
    return set;
}

}  // namespace qa::git
