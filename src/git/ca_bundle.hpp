#pragma once

namespace qa::git {

/// While one is alive on a thread, libgit2's start-up on that thread loads no CA certificates.
///
/// Debian's libgit2 is built with mbedTLS, whose set-up in git_libgit2_init() parses the whole
/// system CA bundle (some 140 certificates, base64-decoded in constant time): a fifth of a
/// commit hook's CPU, and no libgit2 option turns it off. qa-skill never opens a network
/// connection through libgit2 (HTTP goes through libcurl), so the binaries define
/// mbedtls_x509_crt_parse_file() themselves (ca_bundle.cpp): inside this scope it loads nothing,
/// outside it calls mbedTLS's own. Should libgit2 ever open a TLS connection, it would find no
/// trusted certificate and refuse it: closed, never open.
class SkipCaBundle {
  public:
    SkipCaBundle();
    ~SkipCaBundle();
    SkipCaBundle(const SkipCaBundle&) = delete;
    SkipCaBundle& operator=(const SkipCaBundle&) = delete;

    /// Whether a scope is alive on this thread.
    static bool active();
    /// How many certificate loads this thread skipped so far (the tests' evidence).
    static int skipped_on_this_thread();
    /// Called by the interposed mbedTLS function when it skips a load.
    static void count_skip();
};

}  // namespace qa::git
