#include <catch2/catch.hpp>

#include <thread>

#include "git/ca_bundle.hpp"
#include "git/libgit2.hpp"

using qa::git::SkipCaBundle;

extern "C" {
struct mbedtls_x509_crt;
int mbedtls_x509_crt_parse_file(mbedtls_x509_crt* chain, const char* path);
}

TEST_CASE("libgit2 starts without loading the CA bundle", "[git]") {
    // A thread of its own, where no LibGit2 is alive yet: its start is a full one only if no
    // other test holds one, which Catch2's serial test cases guarantee.
    int skipped = 0;
    std::thread([&skipped] {
        const int before = SkipCaBundle::skipped_on_this_thread();
        { const qa::git::LibGit2 lib; }
        skipped = SkipCaBundle::skipped_on_this_thread() - before;
    }).join();
    CHECK(skipped == 1);
}

TEST_CASE("outside a SkipCaBundle scope mbedTLS loads certificate files itself", "[git]") {
    CHECK_FALSE(SkipCaBundle::active());
    // mbedTLS's own function fails to read a missing file; the scope makes the load a no-op.
    CHECK(mbedtls_x509_crt_parse_file(nullptr, "/nonexistent/ca-bundle.crt") < 0);
    {
        const SkipCaBundle scope;
        CHECK(SkipCaBundle::active());
        CHECK(mbedtls_x509_crt_parse_file(nullptr, "/nonexistent/ca-bundle.crt") == 0);
    }
    CHECK_FALSE(SkipCaBundle::active());
}
