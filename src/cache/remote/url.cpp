#include "cache/remote/url.hpp"

#include <algorithm>
#include <cctype>

namespace qa::cache::remote {

std::optional<Url> parse_url(const std::string& text) {
    const auto sep = text.find("://");
    if (sep == std::string::npos || sep == 0) {
        return std::nullopt;
    }
    Url url;
    url.scheme = text.substr(0, sep);
    std::transform(url.scheme.begin(), url.scheme.end(), url.scheme.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    std::string rest = text.substr(sep + 3);
    const auto query = rest.find_first_of("?#");
    if (query != std::string::npos) {
        url.hasQuery = true;
        rest.resize(query);
    }
    const auto slash = rest.find('/');
    std::string authority = rest.substr(0, slash);
    url.path = slash == std::string::npos ? std::string() : rest.substr(slash);
    if (const auto at = authority.rfind('@'); at != std::string::npos) {
        const std::string info = authority.substr(0, at);
        const auto colon = info.find(':');
        url.hasPassword = colon != std::string::npos;
        url.user = info.substr(0, colon);
        authority = authority.substr(at + 1);
    }
    std::string port;
    if (authority.starts_with("[")) {
        const auto close = authority.find(']');
        if (close == std::string::npos) {
            return std::nullopt;
        }
        url.host = authority.substr(1, close - 1);
        const std::string after = authority.substr(close + 1);
        if (!after.empty()) {
            if (after.front() != ':') {
                return std::nullopt;
            }
            port = after.substr(1);
        }
    } else {
        const auto colon = authority.rfind(':');
        url.host = authority.substr(0, colon);
        if (colon != std::string::npos) {
            port = authority.substr(colon + 1);
        }
    }
    if (url.host.empty()) {
        return std::nullopt;
    }
    if (!port.empty() || authority.ends_with(":")) {
        if (port.empty() || port.size() > 5 ||
            !std::all_of(port.begin(), port.end(), [](char c) { return c >= '0' && c <= '9'; })) {
            return std::nullopt;
        }
        const int n = std::stoi(port);
        if (n < 1 || n > 65535) {
            return std::nullopt;
        }
        url.port = n;
    }
    return url;
}

}  // namespace qa::cache::remote
