#include "cache/key.hpp"

#include <stdexcept>

#include "json/canonical.hpp"
#include "util/sha256.hpp"

namespace qa::cache {
namespace {

bool is_lower_hex(std::string_view s) {
    for (const char c : s) {
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
            return false;
        }
    }
    return true;
}

}  // namespace

bool is_valid_key_name(std::string_view name) {
    if (name.empty() || name.size() > 64 || name == "." || name == "..") {
        return false;
    }
    for (const char c : name) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                        (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
        if (!ok) {
            return false;
        }
    }
    return true;
}

CacheKey make_key(std::string_view name, const json::Value& inputs) {
    if (!is_valid_key_name(name)) {
        throw std::invalid_argument("cache key name '" + std::string(name) +
                                    "' is not 1-64 of [A-Za-z0-9._-]");
    }
    return CacheKey{std::string(name), util::sha256_hex(json::canonical(inputs))};
}

std::optional<CacheKey> parse_key(std::string_view text) {
    const auto colon = text.rfind(':');
    if (colon == std::string_view::npos) {
        return std::nullopt;
    }
    const std::string_view name = text.substr(0, colon);
    const std::string_view hash = text.substr(colon + 1);
    if (!is_valid_key_name(name) || hash.size() != 64 || !is_lower_hex(hash)) {
        return std::nullopt;
    }
    return CacheKey{std::string(name), std::string(hash)};
}

}  // namespace qa::cache
