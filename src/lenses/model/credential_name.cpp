#include "lenses/model/credential_name.hpp"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <string>
#include <vector>

namespace qa::lenses::model {

namespace {

constexpr std::string_view kStrong[] = {
    "password", "passwd",  "passphrase", "pass",        "pwd",  "pw",    "passcode",
    "secret",   "secrets", "credential", "credentials", "cred", "creds", "apikey"};

constexpr std::string_view kWeak[] = {"token",         "tokens", "tok",   "auth",
                                      "authorization", "bearer", "cookie"};

/// Words that make a following "key" a credential's name.
constexpr std::string_view kKeyQualifiers[] = {
    "api", "access", "secret", "private", "signing", "encryption", "client", "master",
    "app", "auth",   "shared", "hmac",    "session", "consumer",   "license"};

/// Last words of names that hold something about a credential, not the credential.
constexpr std::string_view kNotTheValue[] = {
    "name",     "names",    "id",       "ids",       "type",        "types",       "kind",
    "len",      "length",   "size",     "count",     "num",         "number",      "max",
    "min",      "file",     "filename", "path",      "dir",         "url",         "uri",
    "endpoint", "host",     "hint",     "prompt",    "label",       "message",     "msg",
    "text",     "title",    "field",    "fields",    "header",      "param",       "env",
    "var",      "variable", "regex",    "re",        "pattern",     "format",      "fmt",
    "policy",   "error",    "err",      "errors",    "placeholder", "description", "desc",
    "help",     "required", "enabled",  "expiry",    "expires",     "expiration",  "ttl",
    "timeout",  "scope",    "scopes",   "prefix",    "suffix",      "column",      "attr",
    "property", "index",    "mode",     "style",     "icon",        "input",       "button",
    "form",     "rate",     "limit",    "used",      "status",      "state",       "result",
    "version",  "char",     "chars",    "separator", "delimiter",   "class",       "method",
    "info",     "mgr",      "manager",  "handler",   "stmt",        "statement",   "keyword",
    "node",     "reset",    "changed",  "check",     "validator"};

template <std::size_t N>
bool in(const std::string_view (&set)[N], std::string_view word) {
    return std::find(std::begin(set), std::end(set), word) != std::end(set);
}

}  // namespace

std::vector<std::string> name_words(std::string_view name) {
    std::vector<std::string> out;
    std::string word;
    const auto flush = [&] {
        if (!word.empty()) {
            out.push_back(word);
            word.clear();
        }
    };
    for (std::size_t i = 0; i < name.size(); ++i) {
        const auto c = static_cast<unsigned char>(name[i]);
        if (std::isalnum(c) == 0) {
            flush();
            continue;
        }
        if (!word.empty()) {
            const auto prev = static_cast<unsigned char>(name[i - 1]);
            const bool lower_to_upper = std::isupper(c) != 0 && std::isupper(prev) == 0;
            const bool acronym_end = std::isupper(c) != 0 && std::isupper(prev) != 0 &&
                                     i + 1 < name.size() &&
                                     std::islower(static_cast<unsigned char>(name[i + 1])) != 0;
            const bool digit_change = (std::isdigit(c) != 0) != (std::isdigit(prev) != 0);
            if (lower_to_upper || acronym_end || digit_change) {
                flush();
            }
        }
        word += static_cast<char>(std::tolower(c));
    }
    flush();
    return out;
}

CredentialName credential_name(std::string_view name) {
    const std::vector<std::string> words = name_words(name);
    if (words.empty() || in(kNotTheValue, words.back())) {
        return CredentialName::none;
    }
    CredentialName kind = CredentialName::none;
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string& w = words[i];
        const bool qualified_key = w == "key" && i > 0 && in(kKeyQualifiers, words[i - 1]);
        if (in(kStrong, w) || qualified_key || w == "privatekey" || w == "accesskey" ||
            w == "secretkey") {
            return CredentialName::strong;
        }
        if (in(kWeak, w)) {
            kind = CredentialName::weak;
        }
    }
    return kind;
}

bool is_credential_word(std::string_view value) {
    std::string lower;
    for (const char c : value) {
        lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return in(kStrong, lower) || in(kWeak, lower);
}

}  // namespace qa::lenses::model
