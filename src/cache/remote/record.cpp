#include "cache/remote/record.hpp"

#include "util/hmac_sha256.hpp"

namespace qa::cache::remote {
namespace {

constexpr std::string_view kMacField = "qa-skill-hmac-sha256: ";
constexpr std::size_t kMacLine = kMacField.size() + 64 + 1;

}  // namespace

std::string_view to_string(Rejection r) {
    switch (r) {
        case Rejection::none:
            return "trusted";
        case Rejection::unsigned_record:
            return "no HMAC";
        case Rejection::bad_mac:
            return "HMAC mismatch";
        case Rejection::malformed:
            return "malformed entry";
        case Rejection::other_key:
            return "entry of another key";
        case Rejection::expired:
            return "expired";
    }
    return "rejected";
}

std::string seal(std::string_view entry_bytes, const std::optional<std::string>& hmac_key) {
    if (!hmac_key) {
        return std::string(entry_bytes);
    }
    std::string out;
    out.reserve(kMacLine + entry_bytes.size());
    out += kMacField;
    out += util::hmac_sha256_hex(*hmac_key, entry_bytes);
    out += '\n';
    out += entry_bytes;
    return out;
}

Opened open(std::string_view record, const CacheKey& key,
            const std::optional<std::string>& hmac_key, std::chrono::sys_seconds now) {
    Opened out;
    std::string_view entry_bytes = record;
    const bool has_mac =
        record.starts_with(kMacField) && record.size() >= kMacLine && record[kMacLine - 1] == '\n';
    if (has_mac) {
        entry_bytes = record.substr(kMacLine);
    }
    if (hmac_key) {
        if (!has_mac) {
            out.rejection = Rejection::unsigned_record;
            return out;
        }
        const std::string_view given = record.substr(kMacField.size(), 64);
        if (!util::equal_constant_time(given, util::hmac_sha256_hex(*hmac_key, entry_bytes))) {
            out.rejection = Rejection::bad_mac;
            return out;
        }
    }
    auto entry = parse_entry(entry_bytes);
    if (!entry) {
        out.rejection = Rejection::malformed;
        return out;
    }
    if (entry->key.name != key.name || entry->key.hash != key.hash) {
        out.rejection = Rejection::other_key;
        return out;
    }
    if (now >= entry->expires_at) {
        out.rejection = Rejection::expired;
        return out;
    }
    out.entry = std::move(entry);
    return out;
}

}  // namespace qa::cache::remote
