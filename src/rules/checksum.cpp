#include "rules/checksum.hpp"

#include <array>
#include <cstdint>
#include <string>

namespace qa::rules {
namespace {

constexpr std::string_view kBase62 =
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// CRC-32 as zlib computes it (reflected polynomial 0xEDB88320), table-driven.
std::uint32_t crc32(std::string_view data) {
    static constexpr auto table = [] {
        std::array<std::uint32_t, 256> t{};
        for (std::uint32_t i = 0; i < 256; ++i) {
            std::uint32_t c = i;
            for (int k = 0; k < 8; ++k) {
                c = (c & 1u) != 0 ? 0xedb88320u ^ (c >> 1) : c >> 1;
            }
            t[i] = c;
        }
        return t;
    }();
    std::uint32_t crc = 0xffffffffu;
    for (const char ch : data) {
        crc = table[(crc ^ static_cast<unsigned char>(ch)) & 0xffu] ^ (crc >> 8);
    }
    return ~crc;
}

bool github_crc32_valid(std::string_view token) {
    const std::size_t underscore = token.rfind('_');
    const std::string_view body =
        underscore == std::string_view::npos ? token : token.substr(underscore + 1);
    if (body.size() != 36) {
        return false;
    }
    std::uint32_t value = crc32(body.substr(0, 30));
    for (std::size_t i = 36; i > 30; --i) {
        if (body[i - 1] != kBase62[value % 62]) {
            return false;
        }
        value /= 62;
    }
    return value == 0;
}

/// The bytes `text` encodes in base64 (padding optional), or nullopt when it is not base64.
std::optional<std::string> base64_decode(std::string_view text) {
    while (!text.empty() && text.back() == '=') {
        text.remove_suffix(1);
    }
    std::string out;
    std::uint32_t bits = 0;
    int count = 0;
    for (const char c : text) {
        std::uint32_t v = 0;
        if (c >= 'A' && c <= 'Z') {
            v = static_cast<std::uint32_t>(c - 'A');
        } else if (c >= 'a' && c <= 'z') {
            v = static_cast<std::uint32_t>(c - 'a' + 26);
        } else if (c >= '0' && c <= '9') {
            v = static_cast<std::uint32_t>(c - '0' + 52);
        } else if (c == '+' || c == '-') {
            v = 62;
        } else if (c == '/' || c == '_') {
            v = 63;
        } else {
            return std::nullopt;
        }
        bits = (bits << 6) | v;
        count += 6;
        if (count >= 8) {
            count -= 8;
            out.push_back(static_cast<char>((bits >> count) & 0xffu));
        }
    }
    return out;
}

bool is_placeholder_password(std::string_view password) {
    static constexpr std::array<std::string_view, 12> words = {
        "password", "passwd",  "pass",  "secret", "changeme", "pwd",
        "test",     "example", "admin", "xxxx",   "****",     "<password>"};
    std::string lower(password);
    for (char& c : lower) {
        c = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    }
    for (const std::string_view w : words) {
        if (lower == w) {
            return true;
        }
    }
    return false;
}

bool basic_auth_valid(std::string_view value) {
    const auto decoded = base64_decode(value);
    if (!decoded) {
        return false;
    }
    const std::size_t colon = decoded->find(':');
    if (colon == std::string::npos) {
        return false;
    }
    const std::string_view user = std::string_view(*decoded).substr(0, colon);
    const std::string_view password = std::string_view(*decoded).substr(colon + 1);
    for (const char c : *decoded) {
        if (static_cast<unsigned char>(c) < 0x20) {
            return false;  // binary: some other base64 value, not credentials
        }
    }
    return password.size() >= 4 && password != user && !is_placeholder_password(password);
}

}  // namespace

std::optional<Checksum> checksum_named(std::string_view name) {
    for (const Checksum kind : {Checksum::githubCrc32, Checksum::basicAuth}) {
        if (name == checksum_name(kind)) {
            return kind;
        }
    }
    return std::nullopt;
}

std::string_view checksum_name(Checksum kind) {
    switch (kind) {
        case Checksum::githubCrc32:
            return "github-crc32";
        case Checksum::basicAuth:
            return "basic-auth";
    }
    return {};
}

bool checksum_valid(Checksum kind, std::string_view token) {
    switch (kind) {
        case Checksum::githubCrc32:
            return github_crc32_valid(token);
        case Checksum::basicAuth:
            return basic_auth_valid(token);
    }
    return false;
}

}  // namespace qa::rules
