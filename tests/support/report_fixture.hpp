#pragma once
/// Content for the report tests: fake AWS keys and files holding them.

#include <cstdint>
#include <string>

namespace qa::test {

/// A fake AWS access key id: "AK" "IA" then 16 characters of [A-Z2-7] from `seed`. The prefix is
/// split so this source holds no key-like literal.
inline std::string fake_aws_key(std::uint32_t seed) {
    static const char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    std::string body;
    std::uint32_t x = seed * 2654435761u + 7u;
    for (int i = 0; i < 16; ++i) {
        x = x * 1664525u + 1013904223u;
        body += kAlphabet[(x >> 24) % 32];
    }
    return std::string("AK") + "IA" + body;
}

/// config.py with the key on line 2, column 15 (after the 14 bytes of `AWS_KEY_ID = "`).
inline std::string config_py(const std::string& key) {
    return "import os\nAWS_KEY_ID = \"" + key + "\"\n";
}

}  // namespace qa::test
