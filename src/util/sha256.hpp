#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace qa::util {

/// Incremental SHA-256 over OpenSSL's low-level SHA256_* functions (util/sha256.cpp says why not
/// EVP); the digest comes out as lowercase hex.
class Sha256 {
  public:
    Sha256();
    void update(std::string_view data);
    /// Finishes the hash; the object may not be updated afterwards.
    std::string hex_digest();

  private:
    struct CtxFree {
        void operator()(void* ctx) const;
    };
    std::unique_ptr<void, CtxFree> ctx_;
};

/// SHA-256 of `data` as 64 lowercase hex digits.
std::string sha256_hex(std::string_view data);

}  // namespace qa::util
