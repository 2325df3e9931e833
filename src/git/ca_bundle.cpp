#include "git/ca_bundle.hpp"

#include <dlfcn.h>

namespace qa::git {
namespace {

/// Scopes alive on this thread (they nest as LibGit2 scopes do). Per thread, so that another
/// thread's certificate loading (none today) is never skipped.
thread_local int scopes = 0;  // NOLINT(cppcoreguidelines-avoid-non-const-global-variables)
/// Loads skipped on this thread, for the tests.
thread_local int skipped = 0;  // NOLINT(cppcoreguidelines-avoid-non-const-global-variables)

}  // namespace

SkipCaBundle::SkipCaBundle() {
    ++scopes;
}

SkipCaBundle::~SkipCaBundle() {
    --scopes;
}

bool SkipCaBundle::active() {
    return scopes > 0;
}

int SkipCaBundle::skipped_on_this_thread() {
    return skipped;
}

void SkipCaBundle::count_skip() {
    ++skipped;
}

}  // namespace qa::git

extern "C" {

struct mbedtls_x509_crt;
int mbedtls_x509_crt_parse_file(mbedtls_x509_crt* chain, const char* path);

/// Interposes mbedTLS's function of this name for the whole process (the executable's definition
/// comes first in symbol lookup; CMake exports it, see qa_git's link options): within a
/// SkipCaBundle scope, the CA bundle libgit2 loads as it starts; anywhere else, mbedTLS's own.
int mbedtls_x509_crt_parse_file(mbedtls_x509_crt* chain, const char* path) {
    if (qa::git::SkipCaBundle::active()) {
        qa::git::SkipCaBundle::count_skip();
        return 0;  // an empty chain: nothing is trusted
    }
    using Parse = int (*)(mbedtls_x509_crt*, const char*);
    // POSIX guarantees that a dlsym result converts to a function pointer.
    static const auto real =
        reinterpret_cast<Parse>(dlsym(RTLD_NEXT, "mbedtls_x509_crt_parse_file"));
    constexpr int kFileIoError = -0x2900;  // MBEDTLS_ERR_X509_FILE_IO_ERROR
    return real != nullptr ? real(chain, path) : kFileIoError;
}

}  // extern "C"
