#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace qa::baseline {

/// How the fingerprints of a baseline file are computed: PBKDF2-HMAC-SHA256 (OpenSSL) with the
/// file's own salt. Every teammate checks an entry with what the file holds, no shared secret;
/// whoever reads the committed file pays `iterations` HMAC-SHA256 rounds per guess of a secret,
/// per entry (about 40 ms of one core of a 2020s x86 machine at the default).
struct Keying {
    std::string salt;  ///< 32 lowercase hex digits (16 bytes)
    std::int64_t iterations = 0;

    bool operator==(const Keying&) const = default;
};

inline constexpr std::string_view kKeyingAlgorithm = "pbkdf2-hmac-sha256";
/// The cost a new baseline file is written with.
inline constexpr std::int64_t kDefaultIterations = 100000;
/// What a file may state: fewer would make a guess cheap, more would make a run slow.
inline constexpr std::int64_t kMinIterations = 100000;
inline constexpr std::int64_t kMaxIterations = 10000000;

/// The salt of a new baseline file of the repository `repo_id`: derived from it, so that
/// `baseline create` writes the same bytes in every clone, yet no table of guesses computed for
/// one repository serves another.
std::string salt_for(std::string_view repo_id);

/// hex(PBKDF2-HMAC-SHA256(ruleId NUL path NUL exact, salt, iterations, 32 bytes)). `exact` is
/// what identifies the finding's content exactly: its evidenceHash, or for a secret whose
/// evidenceHash is only of its masked form, the hash of the secret itself (baseline::ExactKeys).
std::string slow_fingerprint(const Keying& keying, std::string_view rule_id, std::string_view path,
                             std::string_view exact);

}  // namespace qa::baseline
