#include "util/sha1.hpp"

// Deprecated in OpenSSL 3 but kept; EVP would start the provider machinery (util/sha256.cpp).
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/sha.h>

#include <stdexcept>

namespace qa::util {

std::array<unsigned char, 20> sha1(std::initializer_list<std::string_view> parts) {
    static_assert(SHA_DIGEST_LENGTH == 20);
    SHA_CTX ctx;
    bool ok = SHA1_Init(&ctx) == 1;
    for (const std::string_view part : parts) {
        ok = ok && SHA1_Update(&ctx, part.data(), part.size()) == 1;
    }
    std::array<unsigned char, 20> digest{};
    if (!(ok && SHA1_Final(digest.data(), &ctx) == 1)) {
        throw std::runtime_error("OpenSSL SHA-1 failed");
    }
    return digest;
}

}  // namespace qa::util
