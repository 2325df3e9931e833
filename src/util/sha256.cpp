#include "util/sha256.hpp"

// SHA256_Init and friends are deprecated in OpenSSL 3 in favour of EVP, but kept (same assembly,
// same speed). The first EVP digest of a process starts the provider machinery (loading
// openssl.cnf, the builtin engines, copying every legacy algorithm name into the name map):
// about 4.4 million instructions, more than a commit hook's whole hashing. The low-level
// functions hash without it.
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/sha.h>

#include <stdexcept>

namespace qa::util {
namespace {

SHA256_CTX* as_ctx(void* p) {
    return static_cast<SHA256_CTX*>(p);
}

void check(int ok, const char* what) {
    if (ok != 1) {
        throw std::runtime_error(std::string("OpenSSL SHA-256: ") + what + " failed");
    }
}

}  // namespace

void Sha256::CtxFree::operator()(void* ctx) const {
    delete as_ctx(ctx);  // NOLINT(cppcoreguidelines-owning-memory): the one owner is ctx_
}

Sha256::Sha256() : ctx_(new SHA256_CTX) {
    check(SHA256_Init(as_ctx(ctx_.get())), "init");
}

void Sha256::update(std::string_view data) {
    check(SHA256_Update(as_ctx(ctx_.get()), data.data(), data.size()), "update");
}

std::string Sha256::hex_digest() {
    unsigned char digest[SHA256_DIGEST_LENGTH];
    check(SHA256_Final(digest, as_ctx(ctx_.get())), "final");
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    out.reserve(2 * SHA256_DIGEST_LENGTH);
    for (const unsigned char byte : digest) {
        out.push_back(kHex[byte >> 4]);
        out.push_back(kHex[byte & 0xF]);
    }
    return out;
}

std::string sha256_hex(std::string_view data) {
    Sha256 hash;
    hash.update(data);
    return hash.hex_digest();
}

}  // namespace qa::util
