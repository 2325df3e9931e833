#pragma once

/// A deterministic generator of realistic source and configuration files with planted FAKE
/// credentials and unsafe code (the recall corpus), and of clean look-alike files (the
/// false-positive corpus), with the ground truth of every plant: file, line, family, raw value.
///
/// Every value is drawn at run time from a fixed-seed PRNG of our own (xoshiro256**), so the same
/// seed gives the same bytes on every platform and no source file of this repository holds a
/// credential-shaped literal: provider prefixes and PEM armour are assembled from pieces.
/// Header-only on purpose: tests/support/*.cpp is not globbed into the test executables.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace qa::test::corpus {

// ---------------------------------------------------------------------------------------------
// Randomness and encodings

/// xoshiro256** seeded through splitmix64. Only integer arithmetic, so the sequence is the same
/// everywhere (std::uniform_int_distribution is not: its algorithm is implementation-defined).
class Rng {
  public:
    explicit Rng(std::uint64_t seed) {
        for (auto& word : s_) {
            seed += 0x9e3779b97f4a7c15ULL;
            std::uint64_t z = seed;
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
            word = z ^ (z >> 31);
        }
    }

    std::uint64_t next() {
        const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const std::uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }

    /// Uniform in [0, n), by rejection (no modulo bias); n > 0.
    std::uint64_t below(std::uint64_t n) {
        const std::uint64_t limit = ~std::uint64_t{0} - (~std::uint64_t{0} % n);
        std::uint64_t x = next();
        while (x >= limit) {
            x = next();
        }
        return x % n;
    }
    /// Uniform in [lo, hi].
    std::size_t between(std::size_t lo, std::size_t hi) {
        return lo + static_cast<std::size_t>(below(hi - lo + 1));
    }
    bool chance(unsigned percent) { return below(100) < percent; }

    template <class T>
    const T& pick(const std::vector<T>& items) {
        return items[static_cast<std::size_t>(below(items.size()))];
    }

    /// `n` characters drawn uniformly from `alphabet`.
    std::string chars(std::string_view alphabet, std::size_t n) {
        std::string out;
        out.reserve(n);
        for (std::size_t i = 0; i < n; ++i) {
            out += alphabet[static_cast<std::size_t>(below(alphabet.size()))];
        }
        return out;
    }
    std::string bytes(std::size_t n) {
        std::string out;
        out.reserve(n);
        for (std::size_t i = 0; i < n; ++i) {
            out += static_cast<char>(below(256));
        }
        return out;
    }

  private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::array<std::uint64_t, 4> s_{};
};

inline constexpr std::string_view kUpper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
inline constexpr std::string_view kDigits = "0123456789";
inline constexpr std::string_view kHex = "0123456789abcdef";
inline constexpr std::string_view kBase62 =
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
inline constexpr std::string_view kBase64 =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
inline constexpr std::string_view kBase64Url =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/// The alphabet of the 16 characters after an AWS key-id prefix (RFC 4648 base32).
inline constexpr std::string_view kBase32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
/// Characters of generated passwords: no quote, backtick, '$', '#', ':', '/', '@' or space, so a
/// password can sit in any quoting, a URL, a .env line or a YAML plain scalar unchanged.
inline constexpr std::string_view kPasswordChars =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!*-_+=.~";

/// Base64 (RFC 4648 section 4) or base64url (section 5) of `bytes`, padded or not.
inline std::string base64(std::string_view bytes, bool url = false, bool pad = true) {
    const std::string_view alphabet = url ? kBase64Url : kBase64;
    std::string out;
    std::size_t i = 0;
    for (; i + 2 < bytes.size(); i += 3) {
        const std::size_t a = static_cast<unsigned char>(bytes[i]);
        const std::size_t b = static_cast<unsigned char>(bytes[i + 1]);
        const std::size_t c = static_cast<unsigned char>(bytes[i + 2]);
        out += alphabet[a >> 2];
        out += alphabet[((a & 3) << 4) | (b >> 4)];
        out += alphabet[((b & 15) << 2) | (c >> 6)];
        out += alphabet[c & 63];
    }
    if (bytes.size() - i == 1) {
        const std::size_t a = static_cast<unsigned char>(bytes[i]);
        out += alphabet[a >> 2];
        out += alphabet[(a & 3) << 4];
        if (pad) {
            out += "==";
        }
    } else if (bytes.size() - i == 2) {
        const std::size_t a = static_cast<unsigned char>(bytes[i]);
        const std::size_t b = static_cast<unsigned char>(bytes[i + 1]);
        out += alphabet[a >> 2];
        out += alphabet[((a & 3) << 4) | (b >> 4)];
        out += alphabet[(b & 15) << 2];
        if (pad) {
            out += "=";
        }
    }
    return out;
}

/// CRC-32 (IEEE 802.3, reflected, as zlib computes it).
inline std::uint32_t crc32(std::string_view data) {
    std::uint32_t crc = 0xffffffffu;
    for (const char ch : data) {
        crc ^= static_cast<unsigned char>(ch);
        for (int k = 0; k < 8; ++k) {
            crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
        }
    }
    return ~crc;
}

/// `value` in base 62 (0-9A-Za-z), left-padded with '0' to `width` digits.
inline std::string base62(std::uint64_t value, std::size_t width) {
    std::string out;
    while (value > 0) {
        out.insert(out.begin(), kBase62[value % 62]);
        value /= 62;
    }
    while (out.size() < width) {
        out.insert(out.begin(), '0');
    }
    return out;
}

/// Shannon entropy in bits per byte (the measure the rules' min_entropy uses).
inline double entropy(std::string_view s) {
    if (s.empty()) {
        return 0.0;
    }
    std::array<std::size_t, 256> counts{};
    for (const char c : s) {
        ++counts[static_cast<unsigned char>(c)];
    }
    double bits = 0.0;
    for (const std::size_t n : counts) {
        if (n > 0) {
            const double p = static_cast<double>(n) / static_cast<double>(s.size());
            bits -= p * std::log2(p);
        }
    }
    return bits;
}

inline std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) {
        if (c >= 'A' && c <= 'Z') {
            c = static_cast<char>(c - 'A' + 'a');
        }
    }
    return out;
}

/// Words that mark a value as a placeholder for the rules (their stopwords). A random value that
/// happens to contain one is drawn again, so the corpus never depends on such a coincidence.
inline bool looks_like_placeholder(std::string_view value) {
    static const std::vector<std::string> words = {
        "example", "placeholder", "changeme", "change_me", "dummy",  "test",  "xxxx",
        "your",    "redacted",    "sample",   "replace",   "insert", "fake",  "password",
        "passwd",  "secret",      "token",    "tiger",     "pass",   "admin", "user"};
    const std::string l = lower(value);
    return std::any_of(words.begin(), words.end(),
                       [&](const std::string& w) { return l.find(w) != std::string::npos; });
}

/// `make()` again until the value is no placeholder look-alike.
inline std::string draw(const std::function<std::string()>& make) {
    for (;;) {
        std::string v = make();
        if (!looks_like_placeholder(v)) {
            return v;
        }
    }
}

/// PEM armour built from pieces, so that this header holds no armour line.
inline std::string armour(std::string_view edge, std::string_view label) {
    return std::string(5, '-') + std::string(edge) + " " + std::string(label) + std::string(5, '-');
}

// ---------------------------------------------------------------------------------------------
// Ground truth

enum class PlantKind { credential, unsafe_code };

/// One planted credential or unsafe-code line, and where it sits.
struct Plant {
    PlantKind kind = PlantKind::credential;
    std::string family;  ///< "aws", "github", ... or "sql-injection", "tls-verification-off", ...
    std::string format;  ///< the finer format: "github-classic", "pem-openssh", "python-fstring"
    std::string file;    ///< repository-relative path
    std::uint32_t line = 0;  ///< 1-based; a multi-line block's BEGIN line
    std::string raw;         ///< the credential as written (a PEM block: all of it); unsafe: ""
    /// The parts that are secret (random), each at least 8 characters: no 8-character piece of
    /// one may appear in any output. A provider's fixed prefix is not secret and not listed.
    std::vector<std::string> hidden;
    std::string shape;  ///< the line with the credential replaced by <format>, for messages
    /// False for a line where a finding is acceptable but not required (the key id next to a
    /// service-account key): it does not count for recall, a finding there is no false positive,
    /// and its value must not leak either.
    bool required = true;
};

struct CorpusFile {
    std::string path;
    std::string content;
};

struct Corpus {
    std::vector<CorpusFile> files;
    std::vector<Plant> plants;

    std::size_t bytes() const {
        std::size_t n = 0;
        for (const auto& f : files) {
            n += f.content.size();
        }
        return n;
    }
    std::size_t lines() const {
        std::size_t n = 0;
        for (const auto& f : files) {
            n += static_cast<std::size_t>(std::count(f.content.begin(), f.content.end(), '\n'));
        }
        return n;
    }
};

/// The rule ids (by prefix) that count as finding a plant of each family.
inline const std::map<std::string, std::vector<std::string>>& family_rule_prefixes() {
    static const std::map<std::string, std::vector<std::string>> families = {
        {"aws", {"aws-"}},
        {"github", {"github-"}},
        {"gitlab", {"gitlab-"}},
        {"slack", {"slack-"}},
        {"stripe", {"stripe-"}},
        {"google", {"google-", "gcp-"}},
        {"azure", {"azure-"}},
        {"openai", {"openai-"}},
        {"anthropic", {"anthropic-"}},
        {"npm", {"npm-"}},
        {"pypi", {"pypi-"}},
        {"twilio", {"twilio-"}},
        {"sendgrid", {"sendgrid-"}},
        {"jwt", {"jwt"}},
        {"private-key", {"private-key"}},
        {"url-password", {"url-password"}},
        {"generic", {"generic-secret"}},
        {"sql-injection", {"sql-injection-"}},
        {"shell-injection", {"shell-injection-"}},
        {"eval", {"eval-"}},
        {"tls-verification-off", {"tls-verification-"}},
        {"weak-password-hash", {"weak-password-hash"}},
        {"unsafe-deserialization", {"unsafe-deserialization-"}},
    };
    return families;
}

/// True when a finding of `rule_id` counts as finding a plant of `family`.
inline bool family_accepts(const std::string& family, std::string_view rule_id) {
    const auto it = family_rule_prefixes().find(family);
    if (it == family_rule_prefixes().end()) {
        return false;
    }
    return std::any_of(it->second.begin(), it->second.end(),
                       [&](const std::string& p) { return rule_id.substr(0, p.size()) == p; });
}

// ---------------------------------------------------------------------------------------------
// Credentials of every format

/// A generated credential before it is placed: its value and how code names it.
struct Secret {
    std::string family;
    std::string format;
    std::string value;                ///< one line, except PEM blocks (lines joined by '\n')
    std::vector<std::string> hidden;  ///< see Plant::hidden
    std::vector<std::string> name;    ///< the words of a fitting variable name ({"github","token"})
    bool url = false;                 ///< the value is a URL (assign it, never use it as a header)
    bool bearer = false;              ///< may be sent as "Authorization: Bearer <value>"
    bool multiline = false;           ///< a PEM block
    /// For a Twilio auth token: the account SID that code passes next to it (not secret).
    std::string partner;
};

/// GitHub's token layout: prefix, 30 random base-62 characters, then the CRC-32 of those 30 in 6
/// base-62 digits (github.blog, "Behind GitHub's new authentication token formats", 2021).
inline std::string github_token(Rng& rng, std::string_view prefix) {
    const std::string random = rng.chars(kBase62, 30);
    return std::string(prefix) + random + base62(crc32(random), 6);
}

inline std::string base64_lines(const std::string& b64, std::size_t width,
                                std::vector<std::string>* lines) {
    std::string out;
    for (std::size_t at = 0; at < b64.size(); at += width) {
        const std::string line = b64.substr(at, width);
        lines->push_back(line);
        out += line + "\n";
    }
    return out;
}

/// A PEM private key block of `type`: "RSA", "EC", "DSA", "OPENSSH", "PGP", "PKCS8", "ENCRYPTED".
/// The body starts with the DER (or openssh-key-v1, or OpenPGP) header real keys of that type
/// start with, then random bytes; `hidden` gets the random lines.
inline Secret pem_key(Rng& rng, std::string_view type) {
    Secret s;
    s.family = "private-key";
    s.format = "pem-" + lower(type);
    s.multiline = true;
    std::string label;
    std::string header;  // decoded bytes every key of the type starts with
    std::size_t size = 0;
    std::size_t width = 64;
    const std::string key = "PRIV" + std::string("ATE KEY");
    if (type == "RSA") {
        label = "RSA " + key;
        header = std::string("\x30\x82\x04\xa4\x02\x01\x00\x02\x82\x01\x01\x00", 12);
        size = 1190;
        s.name = {"rsa", "private", "key"};
    } else if (type == "EC") {
        label = "EC " + key;
        header = std::string("\x30\x77\x02\x01\x01\x04\x20", 7);
        size = 121;
        s.name = {"ec", "signing", "key"};
    } else if (type == "DSA") {
        label = "DSA " + key;
        header = std::string("\x30\x82\x01\xbb\x02\x01\x00\x02\x81\x81\x00", 11);
        size = 447;
        s.name = {"dsa", "key"};
    } else if (type == "OPENSSH") {
        label = "OPENSSH " + key;
        header = std::string("openssh-key-v1\0\0\0\0\4none\0\0\0\4none\0\0\0\0\0\0\0\1", 39);
        size = 400;
        width = 70;
        s.name = {"deploy", "key"};
    } else if (type == "PGP") {
        label = "PGP " + key + " BLOCK";
        header = std::string("\x95\x03\x98\x04", 4);
        size = 920;
        s.name = {"release", "signing", "key"};
    } else if (type == "ENCRYPTED") {
        label = "ENCRYPTED " + key;
        header =
            std::string("\x30\x82\x05\x16\x30\x40\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x05\x0d", 17);
        size = 1306;
        s.name = {"tls", "key"};
    } else {
        label = key;
        header = std::string(
            "\x30\x82\x04\xbd\x02\x01\x00\x30\x0d\x06\x09\x2a\x86\x48\x86\xf7"
            "\x0d\x01\x01\x01\x05\x00\x04\x82\x04\xa7",
            26);
        size = 1217;
        s.name = {"service", "private", "key"};
    }
    std::string der = header + rng.bytes(size - header.size());
    while (looks_like_placeholder(base64(der).substr(header.size() * 4 / 3 + 4))) {
        der = header + rng.bytes(size - header.size());
    }
    std::vector<std::string> lines;
    std::string body = base64_lines(base64(der), width, &lines);
    if (type == "PGP") {
        // OpenPGP armour: a blank line after the armour header, a CRC-24 line before the tail.
        body = "\n" + body + "=" + base64(rng.bytes(3)) + "\n";
    }
    s.value = armour("BEGIN", label) + "\n" + body + armour("END", label);
    // The first line holds the fixed header; every line after it is random.
    for (std::size_t i = 1; i < lines.size(); ++i) {
        if (lines[i].size() >= 8) {
            s.hidden.push_back(lines[i]);
        }
    }
    s.hidden.push_back(lines.front().substr(header.size() * 4 / 3 + 4));
    return s;
}

/// A JSON Web Token: a real header, a payload with random claims, a random HS256 signature.
inline Secret jwt(Rng& rng) {
    Secret s;
    s.family = "jwt";
    s.format = "jwt";
    s.bearer = true;
    s.name = {rng.pick(std::vector<std::string>{"session", "access", "id", "service"}), "jwt"};
    const std::string header = rng.chars("01", 1) == "0" ? R"({"alg":"HS256","typ":"JWT"})"
                                                         : R"({"typ":"JWT","alg":"RS256"})";
    const std::string payload =
        "{\"sub\":\"" + rng.chars(kBase62, 12) + "\",\"iss\":\"" +
        rng.pick(
            std::vector<std::string>{"auth.internal", "accounts", "https://sso.corp.invalid"}) +
        "\",\"iat\":" + std::to_string(1700000000 + rng.below(40000000)) +
        ",\"exp\":" + std::to_string(1800000000 + rng.below(40000000)) + ",\"scope\":\"" +
        rng.pick(std::vector<std::string>{"read", "read write", "admin"}) + "\"}";
    const std::string p64 = base64(payload, true, false);
    const std::string sig = base64(rng.bytes(32), true, false);
    s.value = base64(header, true, false) + "." + p64 + "." + sig;
    s.hidden = {p64.substr(8), sig};
    return s;
}

/// Every credential format of the issue, one value each; `rep` varies the sub-format.
inline std::vector<Secret> credentials_round(Rng& rng, std::size_t rep) {
    std::vector<Secret> out;
    const auto add = [&](std::string family, std::string format, std::string value,
                         std::vector<std::string> hidden, std::vector<std::string> name,
                         bool bearer = false, bool url = false) {
        Secret s;
        s.family = std::move(family);
        s.format = std::move(format);
        s.value = std::move(value);
        s.hidden = std::move(hidden);
        s.name = std::move(name);
        s.bearer = bearer;
        s.url = url;
        out.push_back(std::move(s));
    };
    const auto tail = [](const std::string& v, std::size_t prefix) { return v.substr(prefix); };

    // AWS
    {
        const std::string prefix =
            rep % 3 == 2 ? "AS" + std::string("IA") : "AK" + std::string("IA");
        const std::string body = draw([&] { return rng.chars(kBase32, 16); });
        add("aws", "aws-access-key-id", prefix + body, {body}, {"aws", "access", "key", "id"});
        const std::string secret = draw([&] { return rng.chars(kBase64, 40); });
        add("aws", "aws-secret-access-key", secret, {secret}, {"aws", "secret", "access", "key"});
    }
    // GitHub: classic, fine-grained, app (user-to-server, installation), OAuth, refresh
    {
        const std::string p = "gh";
        const std::string classic = github_token(rng, p + "p_");
        add("github", "github-classic", classic, {tail(classic, 4)}, {"github", "token"}, true);
        const std::string fine =
            "github_" + std::string("pat_") + rng.chars(kBase62, 22) + "_" + rng.chars(kBase62, 59);
        add("github", "github-fine-grained", fine, {tail(fine, 11)}, {"gh", "release", "token"},
            true);
        const std::string app = github_token(rng, p + (rep % 2 == 0 ? "s_" : "u_"));
        add("github", "github-app", app, {tail(app, 4)}, {"installation", "token"}, true);
        const std::string oauth = github_token(rng, p + "o_");
        add("github", "github-oauth", oauth, {tail(oauth, 4)}, {"github", "oauth", "token"}, true);
        if (rep % 2 == 1) {
            const std::string refresh = github_token(rng, p + "r_");
            add("github", "github-refresh", refresh, {tail(refresh, 4)},
                {"github", "refresh", "token"});
        }
    }
    // GitLab
    {
        const std::string v =
            "glp" + std::string("at-") + draw([&] {
                return rng.chars(kBase62, 4) + rng.chars(kBase64Url, 15) + rng.chars(kBase62, 1);
            });
        add("gitlab", "gitlab-pat", v, {tail(v, 6)}, {"gitlab", "token"}, true);
    }
    // Slack: bot and user tokens, incoming webhooks
    {
        const std::string x = "xo";
        const std::string bot = x + "xb-" + std::to_string(rng.between(1, 9)) +
                                rng.chars(kDigits, rng.between(9, 12)) + "-" +
                                std::to_string(rng.between(1, 9)) + rng.chars(kDigits, 12) + "-" +
                                draw([&] { return rng.chars(kBase62, 24); });
        add("slack", "slack-bot-token", bot, {tail(bot, 5)}, {"slack", "bot", "token"}, true);
        const std::string user = x + "xp-" + std::to_string(rng.between(1, 9)) +
                                 rng.chars(kDigits, 11) + "-" + rng.chars(kDigits, 13) + "-" +
                                 rng.chars(kDigits, 13) + "-" + rng.chars(kHex, 32);
        add("slack", "slack-user-token", user, {tail(user, 5)}, {"slack", "user", "token"}, true);
        const std::string path = "T" + rng.chars(std::string(kUpper) + std::string(kDigits), 10) +
                                 "/B" + rng.chars(std::string(kUpper) + std::string(kDigits), 10) +
                                 "/";
        const std::string hook_secret = draw([&] { return rng.chars(kBase62, 24); });
        add("slack", "slack-webhook",
            "https://hooks.sl" + std::string("ack.com/services/") + path + hook_secret,
            {hook_secret}, {"slack", "webhook", "url"}, false, true);
    }
    // Stripe live secret and restricted keys
    {
        const std::string v = (rep % 2 == 0 ? "sk" : "rk") + std::string("_li") + "ve_" +
                              (rep % 3 == 0 ? "51" + rng.chars(kBase62, 97)
                                            : draw([&] { return rng.chars(kBase62, 24); }));
        add("stripe", "stripe-live-key", v, {tail(v, 8)}, {"stripe", "secret", "key"}, true);
    }
    // Google API key (service-account keys are separate files, see service_account_json)
    {
        const std::string v = "AI" + std::string("za") + draw([&] {
                                  return rng.chars(kBase64Url, 34) + rng.chars(kBase62, 1);
                              });
        add("google", "google-api-key", v, {tail(v, 4)}, {"google", "maps", "api", "key"});
    }
    // Azure storage connection string
    {
        const std::string account =
            rng.pick(std::vector<std::string>{"acmeprod", "billingstore", "mediaassets", "logs"}) +
            rng.chars("abcdefghijklmnopqrstuvwxyz0123456789", 6);
        const std::string key = base64(rng.bytes(64));
        add("azure", "azure-storage-connection-string",
            "DefaultEndpointsProtocol=https;AccountName=" + account + ";Account" + "Key=" + key +
                ";EndpointSuffix=core.windows.net",
            {key}, {"azure", "storage", "connection", "string"});
    }
    // OpenAI: project key, service-account key, legacy key
    {
        const std::string sk = "s" + std::string("k-");
        std::string v;
        if (rep % 3 == 0) {
            v = sk + "proj-" + rng.chars(kBase64Url, 74) + "T3Blbk" + "FJ" +
                rng.chars(kBase64Url, 74);
        } else if (rep % 3 == 1) {
            v = sk + "svcacct-" + rng.chars(kBase64Url, 58) + "T3Blbk" + "FJ" +
                rng.chars(kBase64Url, 57) + rng.chars(kBase62, 1);
        } else {
            v = sk + rng.chars(kBase62, 20) + "T3Blbk" + "FJ" + rng.chars(kBase62, 20);
        }
        add("openai", "openai-api-key", v, {v.substr(8)}, {"openai", "api", "key"}, true);
    }
    // Anthropic
    {
        const std::string v = "s" + std::string("k-ant-") + (rep % 4 == 3 ? "admin01-" : "api03-") +
                              rng.chars(kBase64Url, 93) + "AA";
        add("anthropic", "anthropic-api-key", v, {v.substr(14)}, {"anthropic", "api", "key"}, true);
    }
    // npm and PyPI
    {
        // npm adopted GitHub's layout: 30 random characters and their base-62 CRC-32.
        const std::string npm = github_token(rng, "np" + std::string("m_"));
        add("npm", "npm-token", npm, {tail(npm, 4)}, {"npm", "token"}, true);
        const std::string macaroon = base64(rng.bytes(rng.between(110, 160)), true, false);
        const std::string pypi = "pyp" + std::string("i-AgEIcHlwaS5vcmc") + macaroon;
        add("pypi", "pypi-token", pypi, {macaroon}, {"pypi", "token"});
    }
    // Twilio: API key SID, account SID with auth token, auth token by name
    {
        const std::string sid = "S" + std::string("K") + rng.chars(kHex, 32);
        add("twilio", "twilio-api-key", sid, {tail(sid, 2)}, {"twilio", "api", "key"});
        const std::string token = rng.chars(kHex, 32);
        add("twilio", "twilio-auth-token", token, {token}, {"twilio", "auth", "token"});
        out.back().partner = "A" + std::string("C") + rng.chars(kHex, 32);
    }
    // SendGrid
    {
        const std::string v = "S" + std::string("G.") + rng.chars(kBase64Url, 21) +
                              rng.chars(kBase62, 1) + "." + rng.chars(kBase64Url, 42) +
                              rng.chars(kBase62, 1);
        add("sendgrid", "sendgrid-api-key", v, {tail(v, 3)}, {"sendgrid", "api", "key"}, true);
    }
    // JWT
    out.push_back(jwt(rng));
    // Passwords in connection URLs
    {
        // scheme, user, host and the rest of the URL, as each kind of service is written
        static const std::vector<std::array<std::string, 4>> urls = {
            {"postgres", "orders_rw", "db.internal", ":5432/orders"},
            {"postgresql", "app", "pg-primary.prod.svc", ":5432/app?sslmode=require"},
            {"mysql", "shop", "10.0.12.7", ":3306/shop"},
            {"mongodb+srv", "analytics", "cluster0.mx3kq.mongodb.net",
             "/analytics?retryWrites=true&w=majority"},
            {"redis", "default", "cache.prod.svc", ":6379/0"},
            {"amqp", "svc-billing", "mq.corp.invalid", ":5672/%2F"},
            {"https", "deployer", "git.corp.invalid", "/group/project.git"},
            {"smtp", "mailer", "mail.corp.invalid", ":587"}};
        const auto& [scheme, user, host, rest] = urls[rep % urls.size()];
        const std::string password =
            draw([&] { return rng.chars(kPasswordChars, rng.between(14, 28)); });
        add("url-password", "url-password-" + scheme,
            scheme + "://" + user + ":" + password + "@" + host + rest, {password},
            {"database", "url"}, false, true);
    }
    // High-entropy values assigned to password / secret / token / api_key names
    {
        static const std::vector<std::vector<std::string>> names = {
            {"db", "password"},    {"password"},       {"client", "secret"}, {"session", "secret"},
            {"api", "key"},        {"auth", "token"},  {"access", "token"},  {"webhook", "secret"},
            {"smtp", "password"},  {"secret", "key"},  {"refresh", "token"}, {"admin", "password"},
            {"signing", "secret"}, {"private", "key"}, {"app", "secret"},    {"service", "token"}};
        for (int k = 0; k < 2; ++k) {
            const std::string v = draw([&] {
                for (;;) {
                    std::string candidate = k == 0 ? rng.chars(kPasswordChars, rng.between(18, 32))
                                                   : rng.chars(kBase62, rng.between(32, 48));
                    // High entropy by construction: a generated secret this short that repeats
                    // characters a lot is drawn again (it would not be a good secret either).
                    if (entropy(candidate) >= 3.8) {
                        return candidate;
                    }
                }
            });
            add("generic", k == 0 ? "generic-password" : "generic-token", v, {v},
                names[(rep * 2 + static_cast<std::size_t>(k)) % names.size()]);
        }
    }
    return out;
}

// ---------------------------------------------------------------------------------------------
// Names in each language's style

inline std::string snake(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) {
        out += (out.empty() ? "" : "_") + w;
    }
    return out;
}
inline std::string screaming(const std::vector<std::string>& words) {
    std::string out = snake(words);
    for (char& c : out) {
        if (c >= 'a' && c <= 'z') {
            c = static_cast<char>(c - 'a' + 'A');
        }
    }
    return out;
}
inline std::string camel(const std::vector<std::string>& words, bool first_upper = false) {
    std::string out;
    for (std::size_t i = 0; i < words.size(); ++i) {
        std::string w = words[i];
        if ((i > 0 || first_upper) && !w.empty() && w[0] >= 'a' && w[0] <= 'z') {
            w[0] = static_cast<char>(w[0] - 'a' + 'A');
        }
        out += w;
    }
    return out;
}

// ---------------------------------------------------------------------------------------------
// Files: filler code and placed plants

/// Builds one file line by line and records the plants placed in it.
class FileBuilder {
  public:
    FileBuilder(std::string path, std::vector<Plant>* plants)
        : path_(std::move(path)), plants_(plants) {}

    const std::string& path() const { return path_; }
    std::uint32_t next_line() const { return static_cast<std::uint32_t>(lines_.size() + 1); }

    /// Appends text (one or more lines, '\n'-separated, no trailing '\n' needed).
    void text(std::string_view block) {
        std::size_t start = 0;
        while (start <= block.size()) {
            const std::size_t end = block.find('\n', start);
            if (end == std::string_view::npos) {
                if (start < block.size()) {
                    lines_.emplace_back(block.substr(start));
                }
                break;
            }
            lines_.emplace_back(block.substr(start, end - start));
            start = end + 1;
        }
    }

    /// Appends `line_text` (which may hold '\n' for a block) with a plant on its first line
    /// holding `secret` (or, for a multi-line value, the line holding its first line).
    void plant(const std::string& line_text, const Secret& secret) {
        const std::string first = secret.value.substr(0, secret.value.find('\n'));
        std::uint32_t line = next_line();
        std::size_t at = line_text.find(first);
        if (at != std::string::npos) {
            line += static_cast<std::uint32_t>(
                std::count(line_text.begin(), line_text.begin() + static_cast<long>(at), '\n'));
        }
        Plant p;
        p.kind = PlantKind::credential;
        p.family = secret.family;
        p.format = secret.format;
        p.file = path_;
        p.line = line;
        p.raw = secret.value;
        p.hidden = secret.hidden;
        std::string shape = line_text;
        if (at != std::string::npos) {
            const std::size_t begin = line_text.rfind('\n', at);
            const std::size_t start = begin == std::string::npos ? 0 : begin + 1;
            shape = line_text.substr(start, line_text.find('\n', at) - start);
            const std::size_t s = shape.find(first);
            shape.replace(s, first.size(), "<" + secret.format + ">");
        }
        p.shape = shape;
        plants_->push_back(std::move(p));
        text(line_text);
    }

    /// Appends one line of unsafe code, recorded as a plant of `family`.
    void unsafe(const std::string& line_text, const std::string& family,
                const std::string& format) {
        Plant p;
        p.kind = PlantKind::unsafe_code;
        p.family = family;
        p.format = format;
        p.file = path_;
        p.line = next_line();
        p.shape = line_text.substr(0, line_text.find('\n'));  // the line the rule must flag
        plants_->push_back(std::move(p));
        text(line_text);
    }

    CorpusFile finish() const {
        std::string content;
        for (const auto& l : lines_) {
            content += l;
            content += '\n';
        }
        return CorpusFile{path_, content};
    }

  private:
    std::string path_;
    std::vector<Plant>* plants_;
    std::vector<std::string> lines_;
};

/// Replaces every `{name}` in `tmpl` by its value.
inline std::string fill(std::string tmpl, const std::map<std::string, std::string>& vars) {
    for (const auto& [k, v] : vars) {
        const std::string key = "{" + k + "}";
        for (std::size_t at = tmpl.find(key); at != std::string::npos;
             at = tmpl.find(key, at + v.size())) {
            tmpl.replace(at, key.size(), v);
        }
    }
    return tmpl;
}

/// Words for filler identifiers.
inline const std::vector<std::string>& nouns() {
    static const std::vector<std::string> n = {
        "order",   "invoice", "customer", "shipment", "report", "account", "ledger", "cart",
        "payment", "refund",  "profile",  "catalog",  "review", "coupon",  "stock",  "vendor"};
    return n;
}

/// Ordinary code of each language, in blocks that keep a file syntactically plausible.
/// `{n}`/`{N}` are a noun (lower / capitalized), `{k}` a small number.
inline const std::map<std::string, std::vector<std::string>>& filler_blocks() {
    static const std::map<std::string, std::vector<std::string>> blocks = {
        {"python",
         {R"~(

def list_{n}s(session, page=1, per_page=50):
    """Returns one page of {n}s, newest first."""
    query = session.query({N}).order_by({N}.created_at.desc())
    return query.offset((page - 1) * per_page).limit(per_page).all()
)~",
          R"~(

class {N}Service:
    """Reads and updates {n}s; the repository does the SQL."""

    def __init__(self, repository, clock=time.monotonic):
        self._repository = repository
        self._clock = clock

    def get(self, {n}_id: int):
        started = self._clock()
        item = self._repository.find({n}_id)
        log.debug("loaded {n} %s in %.3fs", {n}_id, self._clock() - started)
        return item
)~",
          R"~(

@dataclass(frozen=True)
class {N}Summary:
    id: int
    total_cents: int
    currency: str = "EUR"

    def total(self) -> Decimal:
        return Decimal(self.total_cents) / 100
)~",
          R"~(

def retry(times={k}, delay=0.5):
    def wrap(fn):
        @functools.wraps(fn)
        def inner(*args, **kwargs):
            for attempt in range(times):
                try:
                    return fn(*args, **kwargs)
                except ConnectionError:
                    time.sleep(delay * (attempt + 1))
            return fn(*args, **kwargs)
        return inner
    return wrap
)~",
          R"~(

def load_{n}_rows(cursor, ids):
    cursor.execute("SELECT id, status FROM {n}s WHERE id = ANY(%s)", (list(ids),))
    return {row[0]: row[1] for row in cursor.fetchall()}
)~"}},
        {"javascript",
         {R"~(

async function list{N}s(db, { page = 1, perPage = 50 } = {}) {
  const offset = (page - 1) * perPage;
  const { rows } = await db.query('SELECT * FROM {n}s ORDER BY id DESC LIMIT $1 OFFSET $2', [perPage, offset]);
  return rows;
}
)~",
          R"~(

router.get('/{n}s/:id', async (req, res, next) => {
  try {
    const item = await {n}Store.find(Number(req.params.id));
    if (!item) {
      return res.status(404).json({ error: 'not found' });
    }
    res.json(item);
  } catch (err) {
    next(err);
  }
});
)~",
          R"~(

function format{N}Total(cents, currency = 'EUR') {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(cents / 100);
}
)~",
          R"~(

const {n}Cache = new Map();
function cached{N}(id, loader) {
  if (!{n}Cache.has(id)) {
    {n}Cache.set(id, loader(id).finally(() => setTimeout(() => {n}Cache.delete(id), {k}000)));
  }
  return {n}Cache.get(id);
}
)~"}},
        {"typescript",
         {R"~(

export interface {N} {
  id: number;
  status: 'open' | 'closed';
  createdAt: string;
  tags: string[];
}
)~",
          R"~(

export async function fetch{N}(client: HttpClient, id: number): Promise<{N}> {
  const response = await client.get<{N}>(`/api/{n}s/${id}`);
  if (response.status !== 200) {
    throw new Error(`unexpected status ${response.status}`);
  }
  return response.data;
}
)~",
          R"~(

export class {N}Queue {
  private readonly items: {N}[] = [];

  push(item: {N}): void {
    this.items.push(item);
  }

  drain(limit = {k}): {N}[] {
    return this.items.splice(0, limit);
  }
}
)~"}},
        {"go",
         {R"~(

// {N}Handler serves /{n}s/{id}.
func (s *Server) {N}Handler(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil {
		http.Error(w, "bad id", http.StatusBadRequest)
		return
	}
	item, err := s.store.Find{N}(r.Context(), id)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	_ = json.NewEncoder(w).Encode(item)
}
)~",
          R"~(

func (s *Store) Find{N}(ctx context.Context, id int64) (*{N}, error) {
	row := s.db.QueryRowContext(ctx, "SELECT id, status FROM {n}s WHERE id = $1", id)
	var item {N}
	if err := row.Scan(&item.ID, &item.Status); err != nil {
		return nil, fmt.Errorf("find {n} %d: %w", id, err)
	}
	return &item, nil
}
)~",
          R"~(

type {N} struct {
	ID        int64     `json:"id"`
	Status    string    `json:"status"`
	CreatedAt time.Time `json:"created_at"`
}
)~"}},
        {"java",
         {R"~(

    public Optional<{N}> find{N}(long id) {
        String sql = "SELECT id, status FROM {n}s WHERE id = ?";
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(new {N}(rs.getLong(1), rs.getString(2))) : Optional.empty();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("find {n} " + id, e);
        }
    }
)~",
          R"~(

    public List<{N}> recent{N}s(int limit) {
        return repository.findAll().stream()
                .sorted(Comparator.comparing({N}::createdAt).reversed())
                .limit(limit)
                .collect(Collectors.toList());
    }
)~",
          R"~(

    private static int retries{N}(int attempts) {
        return Math.min(attempts * {k}, 30);
    }
)~"}},
        {"rust",
         {R"~(

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct {N} {
    pub id: i64,
    pub status: String,
    pub total_cents: i64,
}
)~",
          R"~(

impl {N} {
    pub fn is_open(&self) -> bool {
        self.status == "open"
    }

    pub fn total(&self) -> f64 {
        self.total_cents as f64 / 100.0
    }
}
)~",
          R"~(

pub async fn load_{n}(pool: &PgPool, id: i64) -> Result<{N}, sqlx::Error> {
    sqlx::query_as::<_, {N}>("SELECT id, status, total_cents FROM {n}s WHERE id = $1")
        .bind(id)
        .fetch_one(pool)
        .await
}
)~"}},
        {"c",
         {R"~(

static int {n}_compare(const void *a, const void *b)
{
    const struct {n} *x = a;
    const struct {n} *y = b;
    return (x->id > y->id) - (x->id < y->id);
}
)~",
          R"~(

size_t {n}_count_open(const struct {n} *items, size_t n)
{
    size_t open = 0;
    for (size_t i = 0; i < n; ++i) {
        if (items[i].status == STATUS_OPEN) {
            ++open;
        }
    }
    return open;
}
)~",
          R"~(

static size_t write_body(char *data, size_t size, size_t nmemb, void *userp)
{
    struct buffer *buf = userp;
    size_t len = size * nmemb;
    if (buffer_append(buf, data, len) != 0) {
        return 0;
    }
    return len;
}
)~"}},
        {"shell",
         {R"~(
log() {
  printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" >&2
}
)~",
          R"~(
for dir in build dist coverage; do
  rm -rf "./${dir:?}"
done
)~",
          R"~(
if ! command -v jq >/dev/null 2>&1; then
  log "jq is required"
  exit 1
fi
)~"}},
        {"yaml",
         {R"~(  replicas: {k}
  revisionHistoryLimit: 5
)~",
          R"~(  resources:
    limits:
      cpu: 500m
      memory: 512Mi
)~",
          R"~(  labels:
    app.kubernetes.io/name: {n}-api
    app.kubernetes.io/part-of: shop
)~"}},
    };
    return blocks;
}

/// A random filler block of `language` with fresh identifiers.
inline std::string filler(Rng& rng, const std::string& language) {
    const auto& list = filler_blocks().at(language);
    std::string n = rng.pick(nouns());
    std::string cap = n;
    cap[0] = static_cast<char>(cap[0] - 'a' + 'A');
    return fill(rng.pick(list), {{"n", n}, {"N", cap}, {"k", std::to_string(rng.between(2, 9))}});
}

/// How each language writes a credential into code. Returns the text (one or more lines); the
/// credential sits on the line holding the value's first line.
inline std::string place(Rng& rng, const std::string& language, const Secret& s) {
    const std::string& v = s.value;
    const auto& w = s.name;
    const unsigned form = static_cast<unsigned>(rng.below(4));
    if (!s.partner.empty() && form % 2 == 0) {
        // Account SID and auth token side by side, as the client libraries take them.
        const std::string& sid = s.partner;
        if (language == "python") {
            return "twilio_client = Client(\"" + sid + "\", \"" + v + "\")";
        }
        if (language == "javascript" || language == "typescript") {
            return "const twilioClient = twilio('" + sid + "', '" + v + "');";
        }
        if (language == "go") {
            return "\tclient := twilio.NewRestClientWithParams(twilio.ClientParams{Username: \"" +
                   sid + "\", Password: \"" + v + "\"})";
        }
        if (language == "java") {
            return "        Twilio.init(\"" + sid + "\", \"" + v + "\");";
        }
    }
    if (s.multiline) {
        std::string escaped;  // the block with "\n" escapes, on one line
        for (const char c : v) {
            escaped += c == '\n' ? std::string("\\n") : std::string(1, c);
        }
        if (language == "python") {
            return screaming(w) + " = \"\"\"" + v + "\n\"\"\"";
        }
        if (language == "javascript" || language == "typescript") {
            return "const " + camel(w) + " = `" + v + "\n`;";
        }
        if (language == "go") {
            return "const " + camel(w) + " = `" + v + "\n`";
        }
        if (language == "rust") {
            return "const " + screaming(w) + ": &str = r#\"" + v + "\n\"#;";
        }
        if (language == "java") {
            std::string block = "    private static final String " + screaming(w) + " = \"\"\"\n";
            std::size_t start = 0;
            while (start < v.size()) {
                const std::size_t end = std::min(v.find('\n', start), v.size());
                block += "            " + v.substr(start, end - start) + "\n";
                start = end + 1;
            }
            return block + "            \"\"\";";
        }
        if (language == "c") {
            std::string block = "static const char " + snake(w) + "_pem[] =\n";
            std::size_t start = 0;
            while (start < v.size()) {
                const std::size_t end = std::min(v.find('\n', start), v.size());
                block += "    \"" + v.substr(start, end - start) + "\\n\"\n";
                start = end + 1;
            }
            return block + "    ;";
        }
        if (language == "yaml") {
            std::string block = "  " + snake(w) + ": |\n";
            std::size_t start = 0;
            while (start < v.size()) {
                const std::size_t end = std::min(v.find('\n', start), v.size());
                block += "    " + v.substr(start, end - start) + "\n";
                start = end + 1;
            }
            block.pop_back();
            return block;
        }
        if (language == "shell") {
            return "cat > \"$HOME/.ssh/" + snake(w) + "\" <<'EOF'\n" + v + "\nEOF";
        }
        if (language == "env") {
            return screaming(w) + "=\"" + escaped + "\"";
        }
        if (language == "json") {
            return "  \"" + camel(w) + "\": \"" + escaped + "\\n\",";
        }
        return v;
    }
    if (language == "python") {
        switch (form) {
            case 0:
                return screaming(w) + " = \"" + v + "\"";
            case 1:
                return "    \"" + snake(w) + "\": \"" + v + "\",";
            case 2:
                return snake(w) + " = os.environ.get(\"" + screaming(w) + "\", \"" + v + "\")";
            default:
                return s.bearer ? "HEADERS = {\"Authorization\": \"Bearer " + v + "\"}"
                                : "settings." + snake(w) + " = '" + v + "'";
        }
    }
    if (language == "javascript") {
        switch (form) {
            case 0:
                return "const " + camel(w) + " = '" + v + "';";
            case 1:
                return "  " + camel(w) + ": \"" + v + "\",";
            case 2:
                return "process.env." + screaming(w) + " = process.env." + screaming(w) + " || '" +
                       v + "';";
            default:
                return s.bearer ? "const authHeaders = { Authorization: `Bearer " + v + "` };"
                                : "config." + camel(w) + " = \"" + v + "\";";
        }
    }
    if (language == "typescript") {
        switch (form) {
            case 0:
                return "export const " + screaming(w) + " = \"" + v + "\";";
            case 1:
                return "const " + camel(w) + ": string = '" + v + "';";
            case 2:
                return "  " + camel(w) + ": '" + v + "',";
            default:
                return "  private readonly " + camel(w) + " = \"" + v + "\";";
        }
    }
    if (language == "go") {
        switch (form) {
            case 0:
                return "const " + camel(w) + " = \"" + v + "\"";
            case 1:
                return "\t" + camel(w) + " := \"" + v + "\"";
            case 2:
                return "\t" + camel(w, true) + ": \"" + v + "\",";
            default:
                return s.bearer ? "\treq.Header.Set(\"Authorization\", \"Bearer " + v + "\")"
                                : "var " + camel(w) + " = \"" + v + "\"";
        }
    }
    if (language == "java") {
        switch (form) {
            case 0:
                return "    private static final String " + screaming(w) + " = \"" + v + "\";";
            case 1:
                return "        String " + camel(w) + " = \"" + v + "\";";
            case 2:
                return "        props.put(\"" + snake(w) + "\", \"" + v + "\");";
            default:
                return s.bearer ? "        conn.setRequestProperty(\"Authorization\", \"Bearer " +
                                      v + "\");"
                                : "    private String " + camel(w) + " = \"" + v + "\";";
        }
    }
    if (language == "rust") {
        switch (form) {
            case 0:
                return "const " + screaming(w) + ": &str = \"" + v + "\";";
            case 1:
                return "    let " + snake(w) + " = \"" + v + "\";";
            case 2:
                return "static " + screaming(w) + ": &str = \"" + v + "\";";
            default:
                return "    std::env::set_var(\"" + screaming(w) + "\", \"" + v + "\");";
        }
    }
    if (language == "c") {
        switch (form) {
            case 0:
                return "static const char *" + snake(w) + " = \"" + v + "\";";
            case 1:
                return "#define " + screaming(w) + " \"" + v + "\"";
            case 2:
                return "static const char " + snake(w) + "[] = \"" + v + "\";";
            default:
                return "    setenv(\"" + screaming(w) + "\", \"" + v + "\", 1);";
        }
    }
    if (language == "yaml") {
        switch (form) {
            case 0:
                return "  " + snake(w) + ": " + v;
            case 1:
                return "  " + snake(w) + ": \"" + v + "\"";
            case 2:
                return "  " + screaming(w) + ": '" + v + "'";
            default:
                return "  " + camel(w) + ": \"" + v + "\"";
        }
    }
    if (language == "env") {
        switch (form) {
            case 0:
            case 1:
                return screaming(w) + "=" + v;
            case 2:
                return screaming(w) + "=\"" + v + "\"";
            default:
                return "export " + screaming(w) + "=" + v;
        }
    }
    if (language == "json") {
        return form % 2 == 0 ? "  \"" + camel(w) + "\": \"" + v + "\","
                             : "  \"" + snake(w) + "\": \"" + v + "\",";
    }
    if (language == "shell") {
        switch (form) {
            case 0:
                return "export " + screaming(w) + "=\"" + v + "\"";
            case 1:
                return screaming(w) + "='" + v + "'";
            case 2:
                return s.bearer ? "curl -fsS -H \"Authorization: Bearer " + v +
                                      "\" https://api.corp.invalid/v1/deploys"
                                : "export " + screaming(w) + "=" + v;
            default:
                return screaming(w) + "=" + v;
        }
    }
    return v;
}

/// The unsafe-code lines of each language: (family, format, line). Identifiers vary per call.
inline std::vector<std::array<std::string, 3>> unsafe_lines(Rng& rng, const std::string& language) {
    const std::string n = rng.pick(nouns());
    const auto f = [&](std::string t) { return fill(std::move(t), {{"n", n}}); };
    if (language == "python") {
        return {
            {"sql-injection", "python-fstring",
             f("    cursor.execute(f\"SELECT * FROM {n}s WHERE owner = '{owner}'\")")},
            {"sql-injection", "python-percent",
             f("    cur.execute(\"DELETE FROM {n}s WHERE id = %s\" % {n}_id)")},
            {"sql-injection", "python-concat",
             f("    db.execute(\"UPDATE {n}s SET status = '\" + status + \"' WHERE id = 1\")")},
            {"sql-injection", "python-format",
             f("    cursor.execute(\"SELECT * FROM {n}s WHERE name = '{}'\".format(name))")},
            {"shell-injection", "python-shell-true",
             f("    subprocess.run(f\"tar czf /backups/{n}.tgz {path}\", shell=True, "
               "check=True)")},
            {"shell-injection", "python-os-system",
             "    os.system(\"convert \" + upload + \" out.png\")"},
            {"shell-injection", "python-popen",
             "    out = os.popen(\"ping -c 1 %s\" % host).read()"},
            {"eval", "python-eval", "    value = eval(request.args[\"expr\"])"},
            {"eval", "python-exec", "    exec(compile(source, \"<plugin>\", \"exec\"))"},
            {"tls-verification-off", "python-verify-false",
             "    resp = requests.get(url, timeout=10, verify=False)"},
            {"tls-verification-off", "python-unverified-context",
             "    ctx = ssl._create_unverified_context()"},
            {"tls-verification-off", "python-cert-none", "    context.verify_mode = ssl.CERT_NONE"},
            {"weak-password-hash", "python-md5",
             "    digest = hashlib.md5(password.encode(\"utf-8\")).hexdigest()"},
            {"weak-password-hash", "python-sha1",
             "    stored = hashlib.sha1(salt + user.password).hexdigest()"},
            {"unsafe-deserialization", "python-pickle", "    session = pickle.loads(cookie_bytes)"},
            {"unsafe-deserialization", "python-yaml-load", "    config = yaml.load(stream)"},
            {"unsafe-deserialization", "python-yaml-unsafe-loader",
             "    data = yaml.load(body, Loader=yaml.UnsafeLoader)"},
        };
    }
    if (language == "javascript" || language == "typescript") {
        return {
            {"sql-injection", language + "-template",
             f("  const rows = await db.query(`SELECT * FROM {n}s WHERE owner = "
               "'${req.query.owner}'`);")},
            {"sql-injection", language + "-concat",
             f("  await pool.query(\"DELETE FROM {n}s WHERE id = \" + req.params.id);")},
            {"shell-injection", language + "-exec-template",
             f("  exec(`git log --format=%H ${req.query.branch}`, (err, stdout) => done(err, "
               "stdout));")},
            {"shell-injection", language + "-execsync-concat",
             "  execSync(\"convert \" + file.path + \" thumb.png\");"},
            {"eval", language + "-eval", "  const result = eval(req.body.expression);"},
            {"eval", language + "-new-function", "  const rule = new Function('row', body.rule);"},
            {"tls-verification-off", language + "-reject-unauthorized",
             "  const agent = new https.Agent({ rejectUnauthorized: false });"},
            {"tls-verification-off", language + "-node-tls-env",
             "process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';"},
            {"weak-password-hash", language + "-md5",
             "  const hash = crypto.createHash('md5').update(password).digest('hex');"},
        };
    }
    if (language == "go") {
        return {
            {"shell-injection", "go-sh-concat",
             "\tout, err := exec.Command(\"sh\", \"-c\", \"git log \"+branch).Output()"},
            {"shell-injection", "go-bash-sprintf",
             f("\tcmd := exec.CommandContext(ctx, \"bash\", \"-c\", fmt.Sprintf(\"tar xzf %s -C "
               "/srv/{n}\", archive))")},
            {"tls-verification-off", "go-insecure-skip-verify",
             "\ttr := &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}"},
            {"sql-injection", "go-concat",
             f("\trows, err := db.Query(\"SELECT id FROM {n}s WHERE owner = '\" + owner + \"'\")")},
            {"sql-injection", "go-sprintf",
             f("\trow := db.QueryRowContext(ctx, fmt.Sprintf(\"SELECT status FROM {n}s WHERE id = "
               "%s\", id))")},
            {"weak-password-hash", "go-md5-sum", "\tsum := md5.Sum([]byte(salt + password))"},
        };
    }
    if (language == "java") {
        return {
            {"sql-injection", "java-execute-query-concat",
             f("            ResultSet rs = stmt.executeQuery(\"SELECT * FROM {n}s WHERE owner = "
               "'\" "
               "+ owner + \"'\");")},
            {"sql-injection", "java-string-sql-concat",
             f("        String sql = \"DELETE FROM {n}s WHERE id = \" + id;")},
            {"shell-injection", "java-runtime-exec",
             "        Process p = Runtime.getRuntime().exec(\"ping -c 1 \" + host);"},
            {"shell-injection", "java-process-builder-sh",
             f("        new ProcessBuilder(\"sh\", \"-c\", \"tar xzf /srv/{n}/\" + "
               "archive).start();")},
            {"tls-verification-off", "java-noop-hostname-verifier",
             "        CloseableHttpClient client = "
             "HttpClients.custom().setSSLHostnameVerifier(NoopHostnameVerifier.INSTANCE).build();"},
            {"tls-verification-off", "java-hostname-verifier-lambda",
             "        conn.setHostnameVerifier((hostname, session) -> true);"},
            {"unsafe-deserialization", "java-object-input-stream",
             "        ObjectInputStream in = new ObjectInputStream(socket.getInputStream());"},
            {"weak-password-hash", "java-md5",
             "        byte[] hash = "
             "MessageDigest.getInstance(\"MD5\").digest(password.getBytes(UTF_8));"},
            {"weak-password-hash", "java-sha1",
             "        String stored = hex(MessageDigest.getInstance(\"SHA-1\").digest((salt + "
             "password).getBytes()));"},
        };
    }
    if (language == "c") {
        return {
            {"tls-verification-off", "c-curl-verifypeer",
             "    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 0L);"},
            {"tls-verification-off", "c-curl-verifyhost",
             "    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 0L);"},
            {"shell-injection", "c-system",
             "    if (system(cmd) != 0) {\n        return -1;\n    }"},
            {"shell-injection", "c-popen", "    FILE *out = popen(command, \"r\");"},
        };
    }
    if (language == "shell") {
        return {
            {"tls-verification-off", "shell-curl-k",
             "curl -k -fsSL https://artifacts.corp.invalid/tool.tgz -o /tmp/tool.tgz"},
            {"tls-verification-off", "shell-curl-insecure",
             "curl --insecure -X POST https://hooks.corp.invalid/deploy -d @payload.json"},
            {"tls-verification-off", "shell-curl-combined-flags",
             "curl -fsSLk -o /tmp/agent.deb https://apt.corp.invalid/pool/agent.deb"},
        };
    }
    if (language == "rust") {
        return {
            {"tls-verification-off", "rust-danger-accept-invalid-certs",
             "    let client = "
             "reqwest::Client::builder().danger_accept_invalid_certs(true).build()?;"},
            {"sql-injection", "rust-sqlx-format",
             f("    let rows = sqlx::query(&format!(\"SELECT id FROM {n}s WHERE owner = '{}'\", "
               "owner)).fetch_all(&pool).await?;")},
            {"shell-injection", "rust-sh-format",
             "    let out = Command::new(\"sh\").arg(\"-c\").arg(format!(\"tar xzf {}\", "
             "path)).output()?;"},
        };
    }
    return {};
}

// ---------------------------------------------------------------------------------------------
// The planted corpus

/// Languages a credential can be placed in, with a file path stem and extension each.
struct Host {
    std::string language;  ///< the key of place() and filler_blocks()
    std::string path;      ///< relative to the service folder
    std::string header;    ///< first lines
    std::string footer;    ///< last lines
};

inline std::vector<Host> hosts(const std::string& svc) {
    return {
        {"python", "app/settings.py",
         "\"\"\"Settings of the " + svc +
             " service.\"\"\"\n\nimport functools\nimport logging\nimport os\nimport time\nfrom "
             "dataclasses import dataclass\nfrom decimal import Decimal\n\nlog = "
             "logging.getLogger(__name__)\nsettings = type(\"Settings\", (), {})()\n",
         "\n\nif __name__ == \"__main__\":\n    print(\"settings loaded\")\n"},
        {"javascript", "web/src/config.js",
         "'use strict';\n\nconst express = require('express');\nconst router = "
         "express.Router();\nconst config = {};\n",
         "\nmodule.exports = { router, config };\n"},
        {"typescript", "web/src/client.ts",
         "import { HttpClient } from './http';\n\n// Client of the " + svc + " API.\n",
         "\nexport default {};\n"},
        {"go", "internal/config/config.go",
         "package config\n\nimport "
         "(\n\t\"context\"\n\t\"encoding/json\"\n\t\"fmt\"\n\t\"net/http\"\n\t"
         "\"os\"\n\t\"strconv\"\n\t\"time\"\n)\n",
         "\n"},
        {"java", "src/main/java/com/acme/" + svc + "/AppConfig.java",
         "package com.acme." + svc +
             ";\n\nimport java.sql.*;\nimport java.util.*;\nimport java.util.stream.*;\n\npublic "
             "final class AppConfig {\n\n    private final Connection connection;\n",
         "}\n"},
        {"rust", "src/config.rs",
         "//! Configuration of the " + svc +
             " service.\n\nuse serde::{Deserialize, Serialize};\nuse sqlx::PgPool;\n",
         "\n"},
        {"c", "src/upload.c",
         "/* Uploads reports of the " + svc +
             " service. */\n#include <curl/curl.h>\n#include <stdlib.h>\n#include "
             "<string.h>\n\n#include "
             "\"buffer.h\"\n",
         "\n"},
        {"yaml", "deploy/values.yaml",
         "# Helm values of the " + svc + " service.\nimage:\n  repository: registry.corp.invalid/" +
             svc + "\n  tag: \"1.4.2\"\nconfig:\n",
         ""},
        {"env", ".env.production", "# " + svc + " production environment\nNODE_ENV=production\n",
         "LOG_LEVEL=info\n"},
        {"json", "config/credentials.json",
         "{\n  \"service\": \"" + svc + "\",\n  \"region\": \"eu-west-1\",\n",
         "  \"timeoutMs\": 5000\n}\n"},
        {"shell", "scripts/deploy.sh",
         "#!/usr/bin/env bash\n# Deploys the " + svc + " service.\nset -euo pipefail\n",
         "\nlog done\n"},
    };
}

/// The planted corpus: `services` service folders, each with one file per host language, every
/// credential format placed in each service (spread over the languages), every unsafe-code line
/// of each language, plus key files, a service-account JSON, .npmrc and .pypirc per service.
inline Corpus planted_corpus(std::uint64_t seed, std::size_t services = 8) {
    Rng rng(seed);
    Corpus corpus;
    static const std::vector<std::string> names = {"billing", "catalog",  "checkout", "shipping",
                                                   "search",  "identity", "media",    "reports"};
    static const std::vector<std::string> key_types = {"RSA", "EC",        "DSA",  "OPENSSH",
                                                       "PGP", "ENCRYPTED", "PKCS8"};
    std::size_t key_turn = 0;
    for (std::size_t svc_index = 0; svc_index < services; ++svc_index) {
        const std::string svc = names[svc_index % names.size()] +
                                (svc_index >= names.size() ? std::to_string(svc_index) : "");
        const std::string dir = "services/" + svc + "/";
        const auto host_list = hosts(svc);
        std::vector<std::vector<Secret>> assigned(host_list.size());
        // Every format once per service, spread over the languages.
        std::vector<Secret> secrets = credentials_round(rng, svc_index);
        for (int k = 0; k < 2; ++k) {
            secrets.push_back(pem_key(rng, key_types[key_turn++ % key_types.size()]));
        }
        for (std::size_t i = 0; i < secrets.size(); ++i) {
            assigned[(i + svc_index * 5) % host_list.size()].push_back(secrets[i]);
        }
        for (std::size_t h = 0; h < host_list.size(); ++h) {
            const Host& host = host_list[h];
            FileBuilder file(dir + host.path, &corpus.plants);
            file.text(host.header);
            const bool code = filler_blocks().count(host.language) > 0;
            // Forms that only make sense inside a block get one.
            for (const Secret& s : assigned[h]) {
                if (code && rng.chars("01", 1) == "1") {
                    file.text(filler(rng, host.language));
                }
                std::string text = place(rng, host.language, s);
                if (host.language == "python" && text.rfind("    \"", 0) == 0) {
                    file.text("\nCONFIG = {");
                    file.plant(text, s);
                    file.text("}");
                    continue;
                }
                if ((host.language == "javascript" || host.language == "typescript") &&
                    text.rfind("  ", 0) == 0 &&
                    text.find("private readonly") == std::string::npos) {
                    file.text("\nconst options = {");
                    file.plant(text, s);
                    file.text("};");
                    continue;
                }
                if (host.language == "typescript" &&
                    text.find("private readonly") != std::string::npos) {
                    file.text("\nexport class ApiClient {");
                    file.plant(text, s);
                    file.text("}");
                    continue;
                }
                if (host.language == "go" && text.rfind('\t', 0) == 0) {
                    const bool field = text.find(": \"") != std::string::npos &&
                                       text.find(":=") == std::string::npos;
                    file.text(field ? "\nvar defaults = Options{" : "\nfunc init() {");
                    file.plant(text, s);
                    file.text("}");
                    continue;
                }
                if (host.language == "java" && text.rfind("        ", 0) == 0) {
                    file.text("\n    static void configure(Properties props) {");
                    file.plant(text, s);
                    file.text("    }");
                    continue;
                }
                if (host.language == "rust" && text.rfind("    ", 0) == 0) {
                    file.text("\npub fn configure() {");
                    file.plant(text, s);
                    file.text("}");
                    continue;
                }
                if (host.language == "c" && text.rfind("    ", 0) == 0) {
                    file.text("\nstatic void configure(void)\n{");
                    file.plant(text, s);
                    file.text("}");
                    continue;
                }
                if (code && host.language != "yaml" && host.language != "shell") {
                    file.text("");
                }
                file.plant(text, s);
            }
            // Unsafe code (source files only), each inside a function of its language.
            for (const auto& [family, format, line] : unsafe_lines(rng, host.language)) {
                if (!rng.chance(70)) {
                    continue;
                }
                if (host.language == "python") {
                    std::string fn = format.substr(7);
                    std::replace(fn.begin(), fn.end(), '-', '_');
                    file.text("\n\ndef handle_" + fn + "(request, cursor):");
                } else if (host.language == "javascript" || host.language == "typescript") {
                    file.text("\nasync function handler" + std::to_string(rng.below(1000)) +
                              "(req, res) {");
                } else if (host.language == "go") {
                    file.text("\nfunc run" + std::to_string(rng.below(1000)) +
                              "(ctx context.Context) error {");
                } else if (host.language == "java") {
                    file.text("\n    void run" + std::to_string(rng.below(1000)) +
                              "() throws Exception {");
                } else if (host.language == "c") {
                    file.text("\nstatic void prepare_" + std::to_string(rng.below(1000)) +
                              "(CURL *curl)\n{");
                } else if (host.language == "rust") {
                    file.text("\npub async fn client_" + std::to_string(rng.below(1000)) +
                              "() -> Result<(), reqwest::Error> {");
                }
                file.unsafe(line, family, format);
                if (host.language == "python") {
                    file.text("    return None");
                } else if (host.language == "go") {
                    file.text("\treturn nil\n}");
                } else if (host.language == "java") {
                    file.text("    }");
                } else if (host.language == "rust") {
                    file.text("    Ok(())\n}");
                } else if (host.language != "shell") {
                    file.text("}");
                }
            }
            if (code && host.language != "yaml") {
                file.text(filler(rng, host.language));
            }
            file.text(host.footer);
            corpus.files.push_back(file.finish());
        }

        // Key files: a PEM file, an OpenSSH private key, a PGP secret key export.
        {
            const Secret pem = pem_key(rng, key_types[key_turn++ % key_types.size()]);
            FileBuilder f(dir + "deploy/keys/" + snake(pem.name) + ".pem", &corpus.plants);
            f.plant(pem.value, pem);
            corpus.files.push_back(f.finish());
        }
        // A Google service-account key file.
        {
            const Secret pk = pem_key(rng, "PKCS8");
            std::string escaped;
            for (const char c : pk.value) {
                escaped += c == '\n' ? std::string("\\n") : std::string(1, c);
            }
            escaped += "\\n";
            Secret s = pk;
            s.family = "google";
            s.format = "gcp-service-account-key";
            s.value = escaped;
            s.multiline = false;
            const std::string project = svc + "-prod-" + rng.chars(kDigits, 6);
            FileBuilder f(dir + "deploy/gcp/service-account.json", &corpus.plants);
            f.text("{\n  \"type\": \"service_account\",\n  \"project_id\": \"" + project + "\",");
            // The key id is not secret, but a generic rule may take it for one: tolerated.
            Secret key_id;
            key_id.family = "google";
            key_id.format = "gcp-private-key-id";
            key_id.value = rng.chars(kHex, 40);
            key_id.hidden = {key_id.value};
            f.plant("  \"private_key_id\": \"" + key_id.value + "\",", key_id);
            corpus.plants.back().required = false;
            f.plant("  \"private_key\": \"" + escaped + "\",", s);
            f.text("  \"client_email\": \"deployer@" + project +
                   ".iam.gserviceaccount.com\",\n  \"client_id\": \"" + rng.chars(kDigits, 21) +
                   "\",\n  \"auth_uri\": \"https://accounts.google.com/o/oauth2/auth\",\n  "
                   "\"token_uri\": \"https://oauth2.googleapis.com/token\"\n}");
            corpus.files.push_back(f.finish());
        }
        // .npmrc and .pypirc with registry tokens.
        {
            const auto round = credentials_round(rng, svc_index + 1);
            for (const Secret& s : round) {
                if (s.family == "npm") {
                    FileBuilder f(dir + "web/.npmrc", &corpus.plants);
                    f.text("registry=https://registry.npmjs.org/\nsave-exact=true");
                    f.plant("//registry.npmjs.org/:_authToken=" + s.value, s);
                    corpus.files.push_back(f.finish());
                }
                if (s.family == "pypi") {
                    FileBuilder f(dir + ".pypirc", &corpus.plants);
                    f.text(
                        "[distutils]\nindex-servers =\n    pypi\n\n[pypi]\nusername = __token__");
                    f.plant("password = " + s.value, s);
                    corpus.files.push_back(f.finish());
                }
            }
        }
    }
    return corpus;
}

// ---------------------------------------------------------------------------------------------
// Provider formats: one generator per documented token format, and its look-alikes

inline constexpr std::string_view kAlpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
inline constexpr std::string_view kLowerAlnum = "0123456789abcdefghijklmnopqrstuvwxyz";
inline constexpr std::string_view kUpperAlnum = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
inline constexpr std::string_view kUpperHex = "0123456789ABCDEF";
inline constexpr std::string_view kBech32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";

/// One piece of a token: a fixed text, or `n` characters drawn from `alphabet`.
struct Piece {
    std::string text;           ///< fixed text (when alphabet is empty)
    std::string_view alphabet;  ///< random characters from here
    std::size_t n = 0;
    bool upper = false;  ///< upper-case the drawn characters (bech32 in upper case)
};
inline Piece fixed(std::string text) {
    return Piece{std::move(text), {}, 0};
}
inline Piece random(std::string_view alphabet, std::size_t n) {
    return Piece{{}, alphabet, n};
}

/// A provider's documented format: how a value is built, which rule must report it, the setting
/// name code gives it, and whether a rule can only find it by that name (no distinctive prefix).
struct ProviderFormat {
    std::string family;
    std::string rule;  ///< the rule of its own type
    std::string name;  ///< e.g. HF_TOKEN
    std::vector<Piece> pieces;
    bool namedOnly = false;
    bool githubChecksum = false;  ///< the last 6 characters are the base-62 CRC-32 of the 30 before
};

/// A Discord bot token: the bot's 19-digit id in base64 (each place of a four-character group
/// has its own alphabet when the bytes are ASCII digits), a 6-character timestamp, a 38-character
/// HMAC.
inline std::vector<Piece> discord_bot_token() {
    std::vector<Piece> out;
    for (int group = 0; group < 6; ++group) {
        out.push_back(random("MNO", 1));
        out.push_back(random("DTjz", 1));
        out.push_back(random("AEIMQUYcgk", 1));
        out.push_back(random("wxyz012345", 1));
    }
    out.push_back(random("MNO", 1));  // the 19th digit: two characters
    out.push_back(random("AQgw", 1));
    out.push_back(fixed("."));
    out.push_back(random(kBase64Url, 6));
    out.push_back(fixed("."));
    out.push_back(random(kBase64Url, 38));
    return out;
}

/// Every format of the issue, written from the providers' documentation: prefixes are assembled
/// from pieces so that this header holds no token-shaped literal.
inline const std::vector<ProviderFormat>& provider_formats() {
    const auto P = [](std::string family, std::string rule, std::string name,
                      std::vector<Piece> pieces, bool named_only = false, bool gh = false) {
        return ProviderFormat{std::move(family), std::move(rule), std::move(name),
                              std::move(pieces), named_only,      gh};
    };
    const auto F = [](const std::string& a, const std::string& b) { return fixed(a + b); };
    static const std::vector<ProviderFormat> formats = {
        P("aws", "aws-access-key-id", "AWS_ACCESS_KEY_ID", {F("AK", "IA"), random(kBase32, 16)}),
        P("github", "github-pat", "GITHUB_TOKEN", {F("gh", "p_"), random(kBase62, 30)}, false,
          true),
        P("github", "github-oauth-token", "GH_OAUTH_TOKEN", {F("gh", "o_"), random(kBase62, 30)},
          false, true),
        P("github", "github-app-token", "GH_INSTALLATION_TOKEN",
          {F("gh", "s_"), random(kBase62, 30)}, false, true),
        P("github", "github-refresh-token", "GH_REFRESH_TOKEN",
          {F("gh", "r_"), random(kBase62, 30)}, false, true),
        P("github", "github-fine-grained-pat", "GH_PAT",
          {F("github_", "pat_"), random(kBase62, 22), fixed("_"), random(kBase62, 59)}),
        P("gitlab", "gitlab-pat", "GITLAB_TOKEN", {F("glp", "at-"), random(kBase64Url, 20)}),
        P("gitlab", "gitlab-routable-token", "GITLAB_TOKEN",
          {F("glp", "at-"), random(kBase64Url, 27), fixed("."), random(kLowerAlnum, 9)}),
        P("gitlab", "gitlab-token", "RUNNER_TOKEN", {F("gl", "rt-"), random(kBase64Url, 20)}),
        P("gitlab", "gitlab-token", "DEPLOY_TOKEN", {F("gl", "dt-"), random(kBase64Url, 20)}),
        P("gitlab", "gitlab-token", "SERVICE_TOKEN", {F("gl", "soat-"), random(kBase64Url, 20)}),
        P("gitlab", "gitlab-pipeline-trigger-token", "TRIGGER_TOKEN",
          {F("gl", "ptt-"), random(kHex, 40)}),
        P("gitlab", "gitlab-runner-registration-token", "REGISTRATION_TOKEN",
          {F("GR13", "48941"), random(kBase64Url, 20)}),
        P("slack", "slack-token", "SLACK_BOT_TOKEN",
          {F("xo", "xb-"), random(kDigits, 12), fixed("-"), random(kDigits, 13), fixed("-"),
           random(kBase62, 24)}),
        P("slack", "slack-token", "SLACK_USER_TOKEN",
          {F("xo", "xp-"), random(kDigits, 12), fixed("-"), random(kDigits, 13), fixed("-"),
           random(kDigits, 13), fixed("-"), random(kHex, 32)}),
        P("slack", "slack-token", "SLACK_CONFIG_TOKEN",
          {F("xo", "xe.xoxp-1-"), random(kBase62, 60)}),
        P("slack", "slack-token", "SLACK_REFRESH_TOKEN", {F("xo", "xe-1-"), random(kBase62, 140)}),
        P("slack", "slack-app-token", "SLACK_APP_TOKEN",
          {F("xa", "pp-1-A"), random(kUpperAlnum, 10), fixed("-"), random(kDigits, 13), fixed("-"),
           random(kHex, 64)}),
        P("slack", "slack-webhook", "SLACK_WEBHOOK_URL",
          {F("https://hooks.sl", "ack.com/services/T"), random(kUpperAlnum, 10), fixed("/B"),
           random(kUpperAlnum, 10), fixed("/"), random(kBase62, 24)}),
        P("stripe", "stripe-live-key", "STRIPE_SECRET_KEY",
          {F("sk_li", "ve_"), random(kBase62, 99)}),
        P("stripe", "stripe-live-key", "STRIPE_RESTRICTED_KEY",
          {F("rk_li", "ve_"), random(kBase62, 24)}),
        P("stripe", "stripe-test-key", "STRIPE_SECRET_KEY",
          {F("sk_te", "st_"), random(kBase62, 99)}),
        P("stripe", "stripe-test-key", "STRIPE_RESTRICTED_KEY",
          {F("rk_te", "st_"), random(kBase62, 24)}),
        P("stripe", "stripe-webhook-secret", "STRIPE_WEBHOOK_SECRET",
          {F("whs", "ec_"), random(kBase62, 32)}),
        P("google", "google-api-key", "MAPS_API_KEY", {F("AI", "za"), random(kBase64Url, 35)}),
        P("google", "google-oauth-client-secret", "GOOGLE_CLIENT_SECRET",
          {F("GOC", "SPX-"), random(kBase64Url, 28)}),
        P("openai", "openai-api-key", "OPENAI_API_KEY",
          {F("s", "k-proj-"), random(kBase64Url, 74), F("T3Blbk", "FJ"), random(kBase64Url, 74)}),
        P("anthropic", "anthropic-api-key", "ANTHROPIC_API_KEY",
          {F("s", "k-ant-api03-"), random(kBase64Url, 93), fixed("AA")}),
        P("npm", "npm-token", "NPM_TOKEN", {F("np", "m_"), random(kBase62, 30)}, false, true),
        P("pypi", "pypi-token", "PYPI_TOKEN",
          {F("pyp", "i-AgEIcHlwaS5vcmc"), random(kBase64Url, 150)}),
        P("twilio", "twilio-api-key", "TWILIO_API_KEY", {F("S", "K"), random(kHex, 32)}),
        P("sendgrid", "sendgrid-api-key", "SENDGRID_API_KEY",
          {F("S", "G."), random(kBase64Url, 22), fixed("."), random(kBase64Url, 43)}),
        P("huggingface", "huggingface-token", "HF_TOKEN", {F("h", "f_"), random(kAlpha, 34)}),
        P("shopify", "shopify-token", "SHOPIFY_ACCESS_TOKEN", {F("shp", "at_"), random(kHex, 32)}),
        P("grafana", "grafana-token", "GRAFANA_TOKEN",
          {F("gl", "sa_"), random(kBase62, 32), fixed("_"), random(kHex, 8)}),
        P("grafana", "grafana-token", "GRAFANA_CLOUD_TOKEN", {F("gl", "c_"), random(kBase64, 120)}),
        P("tailscale", "tailscale-key", "TS_AUTHKEY",
          {F("tsk", "ey-auth-k"), random(kBase62, 11), fixed("-"), random(kBase62, 33)}),
        P("databricks", "databricks-token", "DATABRICKS_TOKEN", {F("da", "pi"), random(kHex, 32)}),
        P("digitalocean", "digitalocean-token", "DIGITALOCEAN_TOKEN",
          {F("do", "p_v1_"), random(kHex, 64)}),
        P("cloudflare", "cloudflare-api-token", "CLOUDFLARE_API_TOKEN", {random(kBase64Url, 40)},
          true),
        P("cloudflare", "cloudflare-token", "CLOUDFLARE_API_TOKEN",
          {F("cf", "ut_"), random(kBase62, 40), random(kBase62, 6)}),
        P("cloudflare", "cloudflare-token", "CLOUDFLARE_ACCOUNT_TOKEN",
          {F("cf", "at_"), random(kBase62, 40), random(kBase62, 6)}),
        P("cloudflare", "cloudflare-token", "CLOUDFLARE_API_KEY",
          {F("cf", "k_"), random(kBase62, 40), random(kBase62, 6)}),
        P("cloudflare", "cloudflare-api-token", "CLOUDFLARE_API_KEY", {random(kHex, 37)}, true),
        P("cloudflare", "cloudflare-origin-ca-key", "CF_ORIGIN_CA_KEY",
          {F("v1", ".0-"), random(kHex, 24), fixed("-"), random(kHex, 146)}),
        P("sentry", "sentry-token", "SENTRY_AUTH_TOKEN", {F("sntr", "yu_"), random(kHex, 64)}),
        P("discord", "discord-bot-token", "DISCORD_TOKEN", discord_bot_token()),
        P("discord", "discord-webhook", "DISCORD_WEBHOOK_URL",
          {F("https://discord.com/api/web", "hooks/"), random(kDigits, 19), fixed("/"),
           random(kBase64Url, 68)}),
        P("atlassian", "atlassian-api-token", "JIRA_API_TOKEN",
          {F("ATA", "TT3xFfGF0"), random(kBase64Url, 170), fixed("="), random(kUpperHex, 8)}),
        P("bitbucket", "bitbucket-access-token", "BITBUCKET_ACCESS_TOKEN",
          {F("ATC", "TT3xFfGN0"), random(kBase64Url, 170), fixed("="), random(kUpperHex, 8)}),
        P("bitbucket", "bitbucket-app-password", "BITBUCKET_APP_PASSWORD",
          {F("AT", "BB"), random(kBase62, 32)}),
        P("newrelic", "newrelic-key", "NEW_RELIC_API_KEY",
          {F("NR", "AK-"), random(kUpperAlnum, 27)}),
        P("1password", "onepassword-service-account-token", "OP_SERVICE_ACCOUNT_TOKEN",
          {F("op", "s_eyJ"), random(kBase64, 300)}),
        P("jfrog", "jfrog-token", "ARTIFACTORY_API_KEY", {F("AK", "Cp"), random(kBase62, 69)}),
        P("azure", "azure-ad-client-secret", "AZURE_CLIENT_SECRET",
          {random(kBase62, 3), fixed("8Q~"), random(kBase62, 31)}),
        P("vault", "vault-token", "VAULT_TOKEN", {F("hv", "s."), random(kBase64Url, 90)}),
        P("vault", "vault-token", "VAULT_BATCH_TOKEN", {F("hv", "b."), random(kBase64Url, 138)}),
        P("vault", "vault-token-legacy", "VAULT_TOKEN",
          {fixed("s."), random(kBase62, 20), random(kDigits, 1), random(kBase62, 3)}, true),
        P("terraform", "terraform-cloud-token", "TFE_TOKEN",
          {random(kBase62, 14), F(".atla", "sv1."), random(kBase64Url, 67)}),
        P("flyio", "flyio-token", "FLY_API_TOKEN", {F("fo", "1_"), random(kBase64Url, 43)}),
        P("planetscale", "planetscale-token", "DATABASE_PASSWORD",
          {F("pscale", "_pw_"), random(kBase64Url, 43)}),
        P("doppler", "doppler-token", "DOPPLER_TOKEN", {F("dp", ".pt."), random(kBase62, 43)}),
        P("linear", "linear-api-key", "LINEAR_API_KEY", {F("lin", "_api_"), random(kBase62, 40)}),
        P("postman", "postman-api-key", "POSTMAN_API_KEY",
          {F("PM", "AK-"), random(kHex, 24), fixed("-"), random(kHex, 34)}),
        P("telegram", "telegram-bot-token", "TELEGRAM_BOT_TOKEN",
          {random(kDigits, 10), fixed(":AA"), random(kBase64Url, 33)}),
        P("twitter", "twitter-bearer-token", "TWITTER_BEARER_TOKEN",
          {fixed(std::string(22, 'A')), random(kBase62, 90)}),
        P("facebook", "facebook-access-token", "FB_ACCESS_TOKEN",
          {F("EA", "AC"), random(kBase62, 160)}),
        P("heroku", "heroku-api-key", "HEROKU_API_KEY", {F("HR", "KU-AA"), random(kBase64Url, 58)}),
        P("mailgun", "mailgun-api-key", "MAILGUN_API_KEY", {F("ke", "y-"), random(kHex, 32)}),
        P("mailchimp", "mailchimp-api-key", "MAILCHIMP_API_KEY",
          {random(kHex, 32), fixed("-us14")}),
        P("okta", "okta-api-token", "OKTA_API_TOKEN", {fixed("00"), random(kBase64Url, 40)}, true),
        P("dropbox", "dropbox-token", "DROPBOX_ACCESS_TOKEN",
          {F("s", "l.u."), random(kBase64Url, 140)}),
        P("asana", "asana-token", "ASANA_TOKEN",
          {fixed("2/"), random(kDigits, 16), fixed("/"), random(kDigits, 16), fixed(":"),
           random(kHex, 32)},
          true),
        P("sonarqube", "sonarqube-token", "SONAR_TOKEN", {F("sq", "p_"), random(kHex, 40)}),
        P("snyk", "snyk-token", "SNYK_TOKEN",
          {random(kHex, 8), fixed("-"), random(kHex, 4), fixed("-4"), random(kHex, 3), fixed("-a"),
           random(kHex, 3), fixed("-"), random(kHex, 12)},
          true),
        P("pulumi", "pulumi-access-token", "PULUMI_ACCESS_TOKEN",
          {F("pu", "l-"), random(kHex, 40)}),
        P("vercel", "vercel-token", "VERCEL_TOKEN", {F("vc", "p_"), random(kBase62, 56)}),
        P("vercel", "vercel-token", "VERCEL_API_KEY", {F("vc", "k_"), random(kBase62, 56)}),
        P("netlify", "netlify-token", "NETLIFY_AUTH_TOKEN", {F("nf", "p_"), random(kBase62, 36)}),
        P("netlify", "netlify-token", "NETLIFY_BUILD_TOKEN", {F("nf", "b_"), random(kBase62, 36)}),
        P("supabase", "supabase-token", "SUPABASE_ACCESS_TOKEN", {F("sb", "p_"), random(kHex, 40)}),
        P("docker", "docker-hub-token", "DOCKER_TOKEN",
          {F("dckr", "_pat_"), random(kBase64Url, 27)}),
        P("age", "age-secret-key", "AGE_KEY",
          {F("AGE-SECRET", "-KEY-1"), Piece{{}, kBech32, 58, true}}),
        P("huggingface", "huggingface-token", "HF_ORG_TOKEN",
          {F("api", "_org_"), random(kAlpha, 34)}),
        P("groq", "groq-api-key", "GROQ_API_KEY", {F("gs", "k_"), random(kBase62, 52)}),
        P("square", "square-token", "SQUARE_ACCESS_TOKEN",
          {F("sq0", "atp-"), random(kBase64Url, 22)}),
        P("notion", "notion-token", "NOTION_TOKEN",
          {F("nt", "n_"), random(kDigits, 11), random(kBase62, 35)}),
        P("airtable", "airtable-token", "AIRTABLE_TOKEN",
          {F("pa", "t"), random(kBase62, 14), fixed("."), random(kHex, 64)}),
        P("rubygems", "rubygems-api-key", "GEM_HOST_API_KEY",
          {F("ruby", "gems_"), random(kHex, 48)}),
        P("alibaba", "alibaba-access-key-id", "ALIBABA_ACCESS_KEY_ID",
          {F("LT", "AI"), random(kBase62, 20)}),
    };
    return formats;
}

/// A value of `format`: its pieces drawn, and for GitHub-style formats the 6-character checksum.
inline std::string provider_value(Rng& rng, const ProviderFormat& format) {
    std::string out;
    std::string random_part;
    for (const Piece& p : format.pieces) {
        if (p.alphabet.empty()) {
            out += p.text;
            continue;
        }
        std::string drawn = draw([&] { return rng.chars(p.alphabet, p.n); });
        if (p.upper) {
            for (char& c : drawn) {
                c = c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
            }
        }
        random_part += drawn;
        out += drawn;
    }
    if (format.githubChecksum) {
        out += base62(crc32(random_part), 6);
    }
    return out;
}

/// A value that looks like a credential of some format and is not one.
struct Lookalike {
    std::string value;
    std::string kind;  ///< x-filled, sequence, stub, bad-checksum, short
    /// False for a random value of the wrong length: under a secret-like name it is a secret for
    /// the generic rules (rightly), so it is placed only where no name says so.
    bool named = true;
};

/// Values that look like `format` and are not credentials: every random piece as x's, as a
/// typed sequence, a documentation stub, cut short, and (for checksummed formats) a value
/// whose checksum is wrong.
inline std::vector<Lookalike> provider_lookalikes(Rng& rng, const ProviderFormat& format) {
    std::vector<Lookalike> out;
    const auto build = [&](const std::function<std::string(const Piece&)>& fill) {
        std::string v;
        for (const Piece& p : format.pieces) {
            v += p.alphabet.empty() ? p.text : fill(p);
        }
        return v;
    };
    out.push_back({build([](const Piece& p) { return std::string(p.n, 'x'); }), "x-filled"});
    out.push_back({build([](const Piece& p) {
                       std::string s;
                       for (std::size_t i = 0; i < p.n; ++i) {
                           s += p.alphabet[i % p.alphabet.size()];
                       }
                       return s;
                   }),
                   "sequence"});
    out.push_back(
        {build([](const Piece& p) { return p.n > 8 ? std::string("...") : std::string(p.n, '0'); }),
         "stub"});
    // cut short, as documentation abbreviates a value (sk_live_4eC39H): six characters at most
    out.push_back({build([&](const Piece& p) {
                       return rng.chars(
                           p.alphabet, std::min<std::size_t>(6, std::max<std::size_t>(1, p.n / 2)));
                   }),
                   "short", false});
    if (format.githubChecksum) {
        std::string v = build([&](const Piece& p) { return rng.chars(p.alphabet, p.n); });
        v += rng.chars(kBase62, 6);
        out.push_back({v, "bad-checksum"});
    }
    return out;
}

/// The lines code and configuration write a value in: (file name, line). `name` is the setting.
inline std::vector<std::pair<std::string, std::string>> provider_contexts(const std::string& name,
                                                                          const std::string& value,
                                                                          bool named_only) {
    std::string lower_name = lower(name);
    std::vector<std::pair<std::string, std::string>> out = {
        {".env", name + "=" + value},
        {"settings.py", lower_name + " = \"" + value + "\""},
        {"config.json", "  \"" + lower_name + "\": \"" + value + "\","},
        {"values.yaml", "  " + lower_name + ": " + value},
        {"deploy.sh", "export " + name + "='" + value + "'"},
    };
    if (!named_only) {
        out.emplace_back("client.js", "const client = new Client(\"" + value + "\");");
    }
    return out;
}

/// The lines that hold a value without naming it a secret: a call argument, a table cell.
inline std::vector<std::pair<std::string, std::string>> unnamed_contexts(const std::string& value) {
    return {{"client.js", "const client = new Client(\"" + value + "\");"},
            {"notes.md", "| " + value + " | the value from the previous step |"}};
}

// ---------------------------------------------------------------------------------------------
// Clean look-alikes: values that resemble credentials and are not

/// Generated files full of hashes, UUIDs, base64 data, documented example keys, placeholders and
/// environment references: all ordinary, none a credential. `lines` is roughly the size.
inline Corpus clean_lookalikes(std::uint64_t seed, std::size_t entries = 150) {
    Rng rng(seed);
    Corpus corpus;
    const auto uuid = [&] {
        return rng.chars(kHex, 8) + "-" + rng.chars(kHex, 4) + "-4" + rng.chars(kHex, 3) + "-" +
               rng.pick(std::vector<std::string>{"8", "9", "a", "b"}) + rng.chars(kHex, 3) + "-" +
               rng.chars(kHex, 12);
    };
    // package-lock.json: integrity hashes, resolved URLs
    {
        std::string s =
            "{\n  \"name\": \"storefront\",\n  \"version\": \"2.3.0\",\n  "
            "\"lockfileVersion\": 3,\n  \"requires\": true,\n  \"packages\": {\n";
        for (std::size_t i = 0; i < entries; ++i) {
            const std::string pkg = rng.pick(nouns()) + "-" +
                                    rng.pick(std::vector<std::string>{
                                        "utils", "core", "parser", "cli", "types", "client",
                                        "token-store", "secret-scanner", "auth-helpers"});
            const std::string version = std::to_string(rng.below(12)) + "." +
                                        std::to_string(rng.below(30)) + "." +
                                        std::to_string(rng.below(20));
            s += "    \"node_modules/" + pkg + std::to_string(i) + "\": {\n      \"version\": \"" +
                 version + "\",\n      \"resolved\": \"https://registry.npmjs.org/" + pkg + "/-/" +
                 pkg + "-" + version + ".tgz\",\n      \"integrity\": \"sha512-" +
                 base64(rng.bytes(64)) + "\",\n      \"license\": \"MIT\"\n    }" +
                 (i + 1 < entries ? "," : "") + "\n";
        }
        s += "  }\n}\n";
        corpus.files.push_back({"web/package-lock.json", s});
    }
    // Cargo.lock and go.sum: hex and base64 checksums
    {
        std::string cargo = "# This file is automatically @generated by Cargo.\nversion = 3\n";
        std::string gosum;
        for (std::size_t i = 0; i < entries / 2; ++i) {
            const std::string crate = rng.pick(nouns()) + "-" + std::to_string(i);
            cargo += "\n[[package]]\nname = \"" + crate + "\"\nversion = \"0." +
                     std::to_string(rng.below(20)) +
                     ".3\"\nsource = "
                     "\"registry+https://github.com/rust-lang/crates.io-index\"\nchecksum = \"" +
                     rng.chars(kHex, 64) + "\"\n";
            const std::string mod = "github.com/acme/" + rng.pick(nouns()) + std::to_string(i);
            gosum += mod + " v1." + std::to_string(rng.below(9)) +
                     ".0 h1:" + base64(rng.bytes(32)) + "\n" + mod + " v1." +
                     std::to_string(rng.below(9)) + ".0/go.mod h1:" + base64(rng.bytes(32)) + "\n";
        }
        corpus.files.push_back({"Cargo.lock", cargo});
        corpus.files.push_back({"go.sum", gosum});
    }
    // Fixtures full of git SHAs, UUIDs, sha256 digests and base64 image data
    {
        std::string py = "\"\"\"Fixtures for the release tooling.\"\"\"\n\nRELEASES = [\n";
        for (std::size_t i = 0; i < entries / 3; ++i) {
            py += "    {\"commit\": \"" + rng.chars(kHex, 40) + "\", \"id\": \"" + uuid() +
                  "\", \"sha256\": \"" + rng.chars(kHex, 64) + "\", \"request_id\": \"" + uuid() +
                  "\"},\n";
        }
        py += "]\n\nPIXEL = \"data:image/png;base64," + base64(rng.bytes(300)) + "\"\n";
        py += "SPRITE = (\n";
        const std::string sprite = base64(rng.bytes(1200));
        for (std::size_t at = 0; at < sprite.size(); at += 76) {
            py += "    \"" + sprite.substr(at, 76) + "\"\n";
        }
        py += ")\n";
        corpus.files.push_back({"tools/release/fixtures.py", py});

        std::string js =
            "// Recorded API responses for the offline demo.\nexport const events = [\n";
        for (std::size_t i = 0; i < entries / 3; ++i) {
            js += "  { id: '" + uuid() + "', sha: '" + rng.chars(kHex, 40) + "', etag: 'W/\"" +
                  rng.chars(kHex, 32) + "\"', avatar: 'data:image/gif;base64," +
                  base64(rng.bytes(45)) + "' },\n";
        }
        js += "];\n";
        corpus.files.push_back({"web/src/demo/events.js", js});
    }
    // Placeholders, documented examples and environment references in every config style
    {
        const std::string ak = "AK" + std::string("IAIOSFODNN7EXAMPLE");
        const std::string sk = "wJalrXUtnFEMI/K7MDENG/bPxRfiCY" + std::string("EXAMPLEKEY");
        std::string env = "# Copy to .env and fill in; never commit the real values.\n";
        std::string yaml = "# Example configuration; the real values come from the vault.\n";
        std::string sh = "#!/bin/sh\nset -eu\n";
        const std::vector<std::string> placeholders = {
            "changeme",        "<your-api-key>",
            "${API_KEY}",      "xxxxxxxxxxxxxxxxxxxxxxxx",
            "your_token_here", "REPLACE_ME",
            "<redacted>",      "{{ vault_secret }}",
            "sample-value",    "dummy-password-for-local-dev",
            "__SET_IN_CI__",   "TODO"};
        const std::vector<std::vector<std::string>> names = {
            {"db", "password"},          {"api", "key"},
            {"client", "secret"},        {"auth", "token"},
            {"stripe", "secret", "key"}, {"github", "token"},
            {"slack", "token"},          {"openai", "api", "key"},
            {"session", "secret"}};
        for (std::size_t i = 0; i < entries / 3; ++i) {
            const auto& name = names[i % names.size()];
            const std::string& ph = placeholders[rng.below(placeholders.size())];
            env += screaming(name) + "=" + ph + "\n";
            yaml += snake(name) + ": \"" + ph + "\"\n";
            sh += "export " + screaming(name) + "=\"${" + screaming(name) + ":?set " +
                  screaming(name) + " in the CI secrets}\"\n";
        }
        env += "AWS_ACCESS_KEY_ID=" + ak + "\nAWS_SECRET_ACCESS_KEY=" + sk + "\n";
        env += "DATABASE_URL=postgres://app:${DB_PASSWORD}@db:5432/app\n";
        yaml += "aws_access_key_id: " + ak + "\n";
        sh += "aws configure set aws_access_key_id \"$AWS_ACCESS_KEY_ID\"\n";
        corpus.files.push_back({".env.example", env});
        corpus.files.push_back({"config/example.yaml", yaml});
        corpus.files.push_back({"scripts/ci-env.sh", sh});
    }
    return corpus;
}

}  // namespace qa::test::corpus
