#pragma once

#include <string>
#include <string_view>

namespace qa::rules {

/// The form in which a secret may be shown or stored: never the secret itself. Reveals at most
/// its first 4 bytes (16 bytes or longer), 2 (8 to 15 bytes) or none (shorter, or when those
/// bytes are not printable ASCII), then "********" and the length: `AKIA********(20)`.
std::string mask_secret(std::string_view secret);

/// `text` with every occurrence of `secret` replaced by mask_secret(secret), for snippets and
/// evidence that show the line around a finding.
std::string redact(std::string_view text, std::string_view secret);

/// Below this many bits (length times Shannon entropy per byte) a secret counts as guessable:
/// a human-chosen password (`Winter2024`, 31 bits; four dictionary words, under 100) falls to a
/// dictionary, while a provider token of 32 random base-62 characters carries about 180.
inline constexpr double kGuessableBits = 128.0;

/// What of a secret the evidence hash (and so the baseline fingerprint and SARIF's
/// partialFingerprints, which are published) is computed from: the secret itself when it is
/// strong enough that a hash of it cannot be reversed by guessing, else only its masked form
/// (`Wi********(10)`), which every report shows anyway. A guessable secret is thus never exposed
/// to a dictionary attack on a committed baseline; the price is that two guessable secrets with
/// the same first characters and length, for the same rule and file, share a fingerprint.
std::string evidence_form(std::string_view secret);

/// Shannon entropy of `s` in bits per byte (0 for an empty string, at most 8).
double shannon_entropy(std::string_view s);

}  // namespace qa::rules
