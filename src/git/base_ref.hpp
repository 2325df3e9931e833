#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "git/repository.hpp"

namespace qa::git {

/// The seed-002 error codes of base-ref resolution, spelled exactly as the seed's ErrorCode.
inline constexpr const char* kBaseRefConfiguredNotFound = "BASE_REF_CONFIGURED_NOT_FOUND";
inline constexpr const char* kBaseRefOriginHeadUnavailable =
    "BASE_REF_FALLBACK_ORIGIN_HEAD_UNAVAILABLE";
inline constexpr const char* kBaseRefOriginMain = "BASE_REF_FALLBACK_ORIGIN_MAIN";
inline constexpr const char* kBaseRefOriginMaster = "BASE_REF_FALLBACK_ORIGIN_MASTER";
inline constexpr const char* kBaseRefResolutionFailed = "BASE_REF_RESOLUTION_FAILED";

struct BaseRefResolution {
    /// The chain step that resolved, as the user would spell it: the configured text verbatim,
    /// or "origin/HEAD", "origin/main", "origin/master". nullopt when resolution failed.
    std::optional<std::string> ref;
    /// The full reference name behind `ref` ("refs/remotes/origin/main" for an origin/HEAD that
    /// points there); nullopt when the configured text is not a reference (a sha, "HEAD~3").
    std::optional<std::string> full_ref;
    /// The commit it names (peeled through tags), 40 lowercase hex digits.
    std::optional<std::string> sha;
    /// Codes in the order the chain met them, e.g. {CONFIGURED_NOT_FOUND,
    /// FALLBACK_ORIGIN_HEAD_UNAVAILABLE, FALLBACK_ORIGIN_MAIN}.
    std::vector<std::string> codes;

    bool resolved() const { return sha.has_value(); }
};

/// Resolves the base in the seed's order: `configured` (config baseRef or --base) ->
/// refs/remotes/origin/HEAD -> refs/remotes/origin/main -> refs/remotes/origin/master -> fail.
///
/// Codes, exactly:
/// - no configured value (nullopt or empty text): no code, the chain starts at origin/HEAD;
/// - configured given but not a commit here: BASE_REF_CONFIGURED_NOT_FOUND, chain continues;
/// - origin/HEAD missing, dangling or not a commit: BASE_REF_FALLBACK_ORIGIN_HEAD_UNAVAILABLE
///   (emitted even when a configured value was tried before it);
/// - resolved through origin/main: BASE_REF_FALLBACK_ORIGIN_MAIN; through origin/master:
///   BASE_REF_FALLBACK_ORIGIN_MASTER (origin/main missing needs no code of its own);
/// - nothing resolved: BASE_REF_RESOLUTION_FAILED as the last code, ref and sha nullopt.
/// Resolving via origin/HEAD or the configured value adds no code of its own.
///
/// The configured text is any revision git accepts (`main`, `origin/main`, `refs/heads/x`, a sha,
/// `v1.2^{}`), peeled to a commit. The fallbacks are exact reference names, with no DWIM, so a
/// local branch called "origin/main" cannot shadow the remote-tracking one.
/// Only unexpected repository failures (I/O, corruption) throw GitError.
BaseRefResolution resolve_base_ref(const Repository& repo,
                                   const std::optional<std::string>& configured);

}  // namespace qa::git
