#include "cache/entry.hpp"

#include <cstdio>
#include <ctime>
#include <vector>

#include "util/sha256.hpp"

namespace qa::cache {
namespace {

constexpr std::string_view kDelimiter = "---\n";

std::optional<long long> parse_count(std::string_view text) {
    if (text.empty() || text.size() > 18) {
        return std::nullopt;
    }
    long long n = 0;
    for (const char c : text) {
        if (c < '0' || c > '9') {
            return std::nullopt;
        }
        n = n * 10 + (c - '0');
    }
    return n;
}

}  // namespace

std::string short_hash(const CacheKey& key) {
    return key.hash.substr(0, 12);
}

std::string format_utc(std::chrono::sys_seconds t) {
    const std::time_t seconds = static_cast<std::time_t>(t.time_since_epoch().count());
    std::tm tm{};
    ::gmtime_r(&seconds, &tm);
    char buffer[32];
    std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buffer;
}

std::optional<std::chrono::sys_seconds> parse_utc(std::string_view text) {
    if (text.size() != 20) {
        return std::nullopt;
    }
    std::tm tm{};
    const std::string copy(text);
    char z = 0;
    if (std::sscanf(copy.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d%c", &tm.tm_year, &tm.tm_mon, &tm.tm_mday,
                    &tm.tm_hour, &tm.tm_min, &tm.tm_sec, &z) != 7 ||
        z != 'Z') {
        return std::nullopt;
    }
    tm.tm_year -= 1900;
    tm.tm_mon -= 1;
    const auto t = std::chrono::sys_seconds(std::chrono::seconds(::timegm(&tm)));
    // Rejects out-of-range fields that timegm would silently normalise.
    if (format_utc(t) != text) {
        return std::nullopt;
    }
    return t;
}

std::string render_entry(const Entry& entry) {
    const std::string shorter = short_hash(entry.key);
    std::string out;
    out.reserve(entry.body.size() + 512);
    out += kDelimiter;
    out += "entity_name: session.current.cache." + entry.key.name + "." + shorter + "\n";
    out += "namespace: session.current\n";
    out += "category: cache\n";
    out += "status: accepted\n";
    out += "tags: [cache, " + entry.key.name + "]\n";
    out += "created_at: " + format_utc(entry.created_at) + "\n";
    out += "cache_key: " + entry.key.text() + "\n";
    out += "cache_ttl_minutes: " + std::to_string(entry.ttl_minutes) + "\n";
    out += "expires_at: " + format_utc(entry.expires_at) + "\n";
    out += "content_length: " + std::to_string(entry.body.size()) + "\n";
    out += "content_sha256: " + util::sha256_hex(entry.body) + "\n";
    out += kDelimiter;
    out += entry.body;
    return out;
}

std::optional<Entry> parse_entry(std::string_view text) {
    const std::string_view text_whole = text;
    if (!text.starts_with(kDelimiter)) {
        return std::nullopt;
    }
    text.remove_prefix(kDelimiter.size());
    const auto end = text.find("\n---\n");
    if (end == std::string_view::npos) {
        return std::nullopt;
    }
    std::string_view header = text.substr(0, end + 1);
    const std::string_view body = text.substr(end + 5);

    std::vector<std::pair<std::string_view, std::string_view>> fields;
    while (!header.empty()) {
        const auto eol = header.find('\n');
        const std::string_view line = header.substr(0, eol);
        header.remove_prefix(eol + 1);
        const auto colon = line.find(": ");
        if (colon == std::string_view::npos) {
            return std::nullopt;
        }
        fields.emplace_back(line.substr(0, colon), line.substr(colon + 2));
    }
    const auto field = [&](std::string_view name) -> std::optional<std::string_view> {
        for (const auto& [k, v] : fields) {
            if (k == name) {
                return v;
            }
        }
        return std::nullopt;
    };

    const auto key_text = field("cache_key");
    const auto created = field("created_at");
    const auto expires = field("expires_at");
    const auto ttl = field("cache_ttl_minutes");
    const auto length = field("content_length");
    const auto digest = field("content_sha256");
    if (!key_text || !created || !expires || !ttl || !length || !digest) {
        return std::nullopt;
    }
    Entry entry;
    const auto key = parse_key(*key_text);
    const auto created_at = parse_utc(*created);
    const auto expires_at = parse_utc(*expires);
    const auto ttl_minutes = parse_count(*ttl);
    const auto content_length = parse_count(*length);
    if (!key || !created_at || !expires_at || !ttl_minutes || !content_length ||
        static_cast<std::size_t>(*content_length) != body.size() ||
        util::sha256_hex(body) != *digest) {
        return std::nullopt;
    }
    entry.key = *key;
    entry.created_at = *created_at;
    entry.expires_at = *expires_at;
    entry.ttl_minutes = *ttl_minutes;
    entry.body = std::string(body);
    // Exactly what render_entry writes, or nothing: a reordered, extended or re-spelled header
    // (an edit, or another tool's file) is not trusted.
    if (render_entry(entry) != text_whole) {
        return std::nullopt;
    }
    return entry;
}

}  // namespace qa::cache
