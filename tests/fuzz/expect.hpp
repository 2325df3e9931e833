#pragma once

// What a fuzz target may see: the entry point under test either returns or throws one of the
// error types its header documents for bad input. Anything else (another exception type, a
// crash, a sanitizer report, a hang) is a bug that libFuzzer reports with the input that caused it.

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string_view>

namespace qa::fuzz {

template <class... Allowed, class Body>
void expect_only(Body&& body) {
    try {
        body();
    } catch (const std::exception& e) {
        if (!(dynamic_cast<const Allowed*>(&e) || ...)) {
            std::fprintf(stderr, "undocumented exception: %s\n", e.what());
            std::abort();
        }
    }
}

/// The fuzz input as text.
inline std::string_view as_text(const unsigned char* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

/// Stops the run with a message when an invariant of the code under test does not hold.
inline void require(bool holds, const char* what) {
    if (!holds) {
        std::fprintf(stderr, "invariant broken: %s\n", what);
        std::abort();
    }
}

}  // namespace qa::fuzz
