#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "util/error.hpp"

namespace qa::git {

/// One line of the pre-push hook's stdin:
/// `<local ref> SP <local sha> SP <remote ref> SP <remote sha> LF`.
struct PushUpdate {
    std::string local_ref;  ///< "(delete)" when the remote ref is being deleted
    std::string local_sha;  ///< all zeros for a deletion
    std::string remote_ref;
    std::string remote_sha;       ///< all zeros when the remote ref does not exist yet
    std::size_t line_number = 0;  ///< 1-based, in the hook's input

    bool is_deletion() const;  ///< local sha is all zeros
    bool is_new_ref() const;   ///< remote sha is all zeros (and it is not a deletion)
};

/// A pre-push input line that does not have the documented shape; the message names the line.
/// What git gave the hook is bad input: exit 2.
class PushLineError : public util::InputError {
  public:
    PushLineError(std::size_t line_number, const std::string& message)
        : util::InputError("pre-push input line " + std::to_string(line_number) + ": " + message),
          line_number_(line_number) {}

    std::size_t line_number() const { return line_number_; }

  private:
    std::size_t line_number_;
};

/// Parses the whole pre-push stdin, keeping the input order. Empty lines are skipped (git writes
/// none, but a trailing newline or a hand-fed input may leave one); a trailing "\r" is dropped.
/// Each line must have exactly four fields separated by single spaces, and both shas 40 lowercase
/// hex digits (libgit2 1.5 reads SHA-1 repositories only). Throws PushLineError otherwise.
std::vector<PushUpdate> parse_push_lines(std::string_view input);

/// Parses a pre-receive hook's stdin (`<old sha> SP <new sha> SP <ref name> LF` per ref) into
/// the pre-push form: local ref = remote ref = <ref name>, local sha = <new>, remote sha = <old>.
/// The same rules as parse_push_lines; throws PushLineError.
std::vector<PushUpdate> parse_receive_lines(std::string_view input);

/// True for 40 hex digits that are all '0' (git's "no object").
bool is_zero_sha(std::string_view sha);

}  // namespace qa::git
