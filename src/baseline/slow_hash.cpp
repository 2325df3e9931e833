#include "baseline/slow_hash.hpp"

#include <openssl/evp.h>

#include <array>
#include <stdexcept>

#include "util/sha256.hpp"

namespace qa::baseline {
namespace {

std::string to_hex(const unsigned char* bytes, std::size_t n) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out;
    out.reserve(2 * n);
    for (std::size_t i = 0; i < n; ++i) {
        out.push_back(kDigits[bytes[i] >> 4]);
        out.push_back(kDigits[bytes[i] & 0xF]);
    }
    return out;
}

std::array<unsigned char, 16> salt_bytes(std::string_view hex) {
    std::array<unsigned char, 16> out{};
    const auto nibble = [](char c) {
        return static_cast<unsigned char>(c <= '9' ? c - '0' : c - 'a' + 10);
    };
    for (std::size_t i = 0; i < out.size() && 2 * i + 1 < hex.size(); ++i) {
        out[i] = static_cast<unsigned char>((nibble(hex[2 * i]) << 4) | nibble(hex[2 * i + 1]));
    }
    return out;
}

}  // namespace

std::string salt_for(std::string_view repo_id) {
    std::string key = "qa-skill baseline salt";
    key.push_back('\0');
    key.append(repo_id);
    return util::sha256_hex(key).substr(0, 32);
}

std::string slow_fingerprint(const Keying& keying, std::string_view rule_id, std::string_view path,
                             std::string_view exact) {
    std::string password;
    password.reserve(rule_id.size() + path.size() + exact.size() + 2);
    password.append(rule_id).push_back('\0');
    password.append(path).push_back('\0');
    password.append(exact);
    const auto salt = salt_bytes(keying.salt);
    std::array<unsigned char, 32> out{};
    if (PKCS5_PBKDF2_HMAC(password.data(), static_cast<int>(password.size()), salt.data(),
                          static_cast<int>(salt.size()), static_cast<int>(keying.iterations),
                          EVP_sha256(), static_cast<int>(out.size()), out.data()) != 1) {
        throw std::runtime_error("PBKDF2 failed");
    }
    return to_hex(out.data(), out.size());
}

}  // namespace qa::baseline
