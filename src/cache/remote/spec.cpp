#include "cache/remote/spec.hpp"

#include <stdexcept>

#include "cache/remote/http.hpp"
#include "cache/remote/redis.hpp"
#include "cache/remote/url.hpp"

namespace qa::cache::remote {

const std::vector<Scheme>& schemes() {
    static const std::vector<Scheme> table{
        {"redis", "a Redis server or Redis Cluster node: redis://[user@]host[:port][/db]"},
        {"http", "an HTTP object store (WebDAV PUT, S3-style): http://host[:port]/path/"},
        {"https", "the same over TLS: https://host[:port]/path/"},
    };
    return table;
}

std::string url_problem(const std::string& text) {
    const auto url = parse_url(text);
    if (!url) {
        return "\"" + redact_url(text) + "\" is not a URL of the form scheme://host[:port][/path]";
    }
    if (url->hasPassword) {
        return "a remote URL must not hold a password: name the variable that holds it with "
               "credential_env";
    }
    bool known = false;
    for (const auto& s : schemes()) {
        known = known || url->scheme == s.scheme;
    }
    if (!known) {
        return "unknown scheme \"" + url->scheme + "\" (known: redis, http, https)";
    }
    if (url->scheme == "redis") {
        const std::string& path = url->path;
        const bool db_ok =
            path.empty() || path == "/" ||
            (path.size() <= 6 && path.find_first_not_of("0123456789", 1) == std::string::npos);
        if (!db_ok || url->hasQuery) {
            return "a redis URL's path is a database number (redis://host:6379/0)";
        }
    } else if (!url->user.empty() || url->hasQuery) {
        return "an HTTP remote takes no user or query: name the token's variable with "
               "credential_env";
    }
    return {};
}

std::unique_ptr<Backend> make_backend(const Spec& spec, const Options& options) {
    if (const std::string problem = url_problem(spec.url); !problem.empty()) {
        throw std::invalid_argument(problem);
    }
    const Url url = *parse_url(spec.url);
    if (url.scheme == "redis") {
        return make_redis_backend(spec, url, options);
    }
    return make_http_backend(spec, options);
}

std::string redact_url(const std::string& text) {
    const auto sep = text.find("://");
    if (sep == std::string::npos) {
        // Not a URL: show no more than its scheme-like head, it may be a mistyped secret.
        return text.size() > 12 ? text.substr(0, 12) + "..." : text;
    }
    const auto slash = text.find('/', sep + 3);
    const auto at = text.rfind('@', slash == std::string::npos ? text.size() : slash);
    if (at == std::string::npos || at < sep) {
        return text;
    }
    return text.substr(0, sep + 3) + text.substr(at + 1);
}

}  // namespace qa::cache::remote
