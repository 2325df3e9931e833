#pragma once
/// Content shared by the baseline tests (unit and integration): a fake token and the file that
/// holds it.

#include <cstdint>
#include <string>

#include "secret_corpus.hpp"

namespace qa::test {

/// A fake GitHub token: the prefix is split so this source holds no token-like literal. Its
/// last 6 characters are the base-62 CRC-32 of the 30 before them, as in a real token (the
/// github-pat rule drops tokens that fail the check).
inline std::string fake_github_token(std::uint32_t seed) {
    static const char kAlphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    std::string body;
    std::uint32_t x = seed;
    for (int i = 0; i < 30; ++i) {
        x = x * 1664525u + 1013904223u;
        body += kAlphabet[(x >> 24) % 62];
    }
    return std::string("gh") + "p_" + body + corpus::base62(corpus::crc32(body), 6);
}

/// settings.py with the token on line 2, or `moved` to line 5 below three other lines (so that
/// git's diff removes the token line and adds it again, rather than moving the others).
inline std::string settings_py(const std::string& token, bool moved = false) {
    const std::string line = "TOKEN = \"" + token + "\"\n";
    const std::string rest = "DEBUG = False\nVERBOSE = True\nLEVEL = 3\n";
    return "import os\n" + (moved ? rest + line : line + rest);
}

}  // namespace qa::test
