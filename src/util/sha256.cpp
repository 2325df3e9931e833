#include "util/sha256.hpp"

#include <openssl/evp.h>

#include <stdexcept>

namespace qa::util {
namespace {

EVP_MD_CTX* as_ctx(void* p) {
    return static_cast<EVP_MD_CTX*>(p);
}

void check(int ok, const char* what) {
    if (ok != 1) {
        throw std::runtime_error(std::string("OpenSSL SHA-256: ") + what + " failed");
    }
}

/// SHA-256 fetched from the default provider once per process: EVP_sha256() makes every
/// EVP_DigestInit_ex look the algorithm up again, which cost more than hashing a short string.
/// Immutable once fetched, and never freed (it lives as long as the provider).
const EVP_MD* sha256_md() {
    static const EVP_MD* const md = [] {
        const EVP_MD* fetched = EVP_MD_fetch(nullptr, "SHA256", nullptr);
        return fetched != nullptr ? fetched : EVP_sha256();
    }();
    return md;
}

}  // namespace

void Sha256::CtxFree::operator()(void* ctx) const {
    EVP_MD_CTX_free(as_ctx(ctx));
}

Sha256::Sha256() : ctx_(EVP_MD_CTX_new()) {
    if (!ctx_) {
        throw std::runtime_error("OpenSSL SHA-256: out of memory");
    }
    check(EVP_DigestInit_ex2(as_ctx(ctx_.get()), sha256_md(), nullptr), "init");
}

void Sha256::update(std::string_view data) {
    check(EVP_DigestUpdate(as_ctx(ctx_.get()), data.data(), data.size()), "update");
}

std::string Sha256::hex_digest() {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    check(EVP_DigestFinal_ex(as_ctx(ctx_.get()), digest, &length), "final");
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    out.reserve(length * 2);
    for (unsigned int i = 0; i < length; ++i) {
        out.push_back(kHex[digest[i] >> 4]);
        out.push_back(kHex[digest[i] & 0xF]);
    }
    return out;
}

std::string sha256_hex(std::string_view data) {
    Sha256 hash;
    hash.update(data);
    return hash.hex_digest();
}

}  // namespace qa::util
