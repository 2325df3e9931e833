#pragma once

#include <optional>
#include <string_view>

namespace qa::rules {

/// A check of a value's own structure, made after a rule's regex matched: a checksum the token
/// format carries, or what an encoded value must decode to. A value that fails it is a look-alike
/// (a hand-typed or truncated example, an encoded placeholder), not a credential.
enum class Checksum {
    /// GitHub's (and npm's) token layout: after the last '_', 30 random base-62 characters and
    /// then the CRC-32 (IEEE) of those 30 written as 6 base-62 digits (0-9A-Za-z), zero-padded.
    githubCrc32,
    /// HTTP Basic credentials: base64 of `user:password`, where the password is neither empty,
    /// shorter than 4 bytes, the user name again, nor a word that stands for a password.
    basicAuth,
};

/// The checksum named `name` in a rules file ("github-crc32", "basic-auth"), or nullopt when
/// unknown.
std::optional<Checksum> checksum_named(std::string_view name);

/// The name of `kind` in a rules file.
std::string_view checksum_name(Checksum kind);

/// Whether `token` passes `kind`.
bool checksum_valid(Checksum kind, std::string_view token);

}  // namespace qa::rules
