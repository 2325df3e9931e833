// URI references (RFC 3986 section 5). valijson joins a base and a reference by concatenation,
// so every `$ref` is made absolute here before valijson sees it.
#include "json/uri.hpp"

#include <charconv>
#include <optional>

namespace qa::json {
namespace {
struct Uri {
    std::optional<std::string> scheme;
    std::optional<std::string> authority;
    std::string path;
    std::optional<std::string> query;
    std::optional<std::string> fragment;
};

Uri split_uri(std::string_view s) {
    Uri u;
    const auto colon = s.find(':');
    const auto delimiter = s.find_first_of("/?#");
    if (colon != std::string_view::npos && colon > 0 &&
        (delimiter == std::string_view::npos || colon < delimiter) &&
        std::isalpha(static_cast<unsigned char>(s[0]))) {
        u.scheme = std::string(s.substr(0, colon));
        s.remove_prefix(colon + 1);
    }
    if (s.starts_with("//")) {
        s.remove_prefix(2);
        const auto end = std::min(s.find_first_of("/?#"), s.size());
        u.authority = std::string(s.substr(0, end));
        s.remove_prefix(end);
    }
    if (const auto hash = s.find('#'); hash != std::string_view::npos) {
        u.fragment = std::string(s.substr(hash + 1));
        s = s.substr(0, hash);
    }
    if (const auto q = s.find('?'); q != std::string_view::npos) {
        u.query = std::string(s.substr(q + 1));
        s = s.substr(0, q);
    }
    u.path = std::string(s);
    return u;
}

std::string join_uri(const Uri& u) {
    std::string out;
    if (u.scheme) {
        out += *u.scheme + ":";
    }
    if (u.authority) {
        out += "//" + *u.authority;
    }
    out += u.path;
    if (u.query) {
        out += "?" + *u.query;
    }
    if (u.fragment) {
        out += "#" + *u.fragment;
    }
    return out;
}

std::string remove_dot_segments(std::string_view in) {
    std::string out;
    while (!in.empty()) {
        if (in.starts_with("../")) {
            in.remove_prefix(3);
        } else if (in.starts_with("./")) {
            in.remove_prefix(2);
        } else if (in.starts_with("/./")) {
            in.remove_prefix(2);
        } else if (in == "/.") {
            in = "/";
        } else if (in.starts_with("/../") || in == "/..") {
            in = in.size() == 3 ? std::string_view("/") : in.substr(3);
            const auto slash = out.rfind('/');
            out.erase(slash == std::string::npos ? 0 : slash);
        } else if (in == "." || in == "..") {
            in = {};
        } else {
            const auto next = in.find('/', in.front() == '/' ? 1 : 0);
            const auto len = next == std::string_view::npos ? in.size() : next;
            out.append(in.substr(0, len));
            in.remove_prefix(len);
        }
    }
    return out;
}

std::string percent_encode_path(std::string_view path) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    for (const char c : path) {
        const auto u = static_cast<unsigned char>(c);
        if (u <= 0x20 || c == '%' || c == '#' || c == '?' || u >= 0x7f) {
            out += '%';
            out += kHex[u >> 4];
            out += kHex[u & 0xf];
        } else {
            out += c;
        }
    }
    return out;
}

}  // namespace

/// The target of reference `ref` against `base` (RFC 3986 section 5.2.2).
std::string resolve_uri(std::string_view base, std::string_view ref) {
    const Uri r = split_uri(ref);
    const Uri b = split_uri(base);
    Uri t;
    if (r.scheme) {
        t = r;
        t.path = remove_dot_segments(r.path);
    } else if (r.authority) {
        t = r;
        t.scheme = b.scheme;
        t.path = remove_dot_segments(r.path);
    } else {
        t.scheme = b.scheme;
        t.authority = b.authority;
        t.fragment = r.fragment;
        if (r.path.empty()) {
            t.path = b.path;
            t.query = r.query ? r.query : b.query;
        } else {
            t.query = r.query;
            if (r.path.front() == '/') {
                t.path = remove_dot_segments(r.path);
            } else if (b.authority && b.path.empty()) {
                t.path = remove_dot_segments("/" + r.path);
            } else {
                const auto slash = b.path.rfind('/');
                const std::string merged =
                    (slash == std::string::npos ? std::string() : b.path.substr(0, slash + 1)) +
                    r.path;
                t.path = remove_dot_segments(merged);
            }
        }
    }
    return join_uri(t);
}

std::string strip_fragment(std::string_view uri) {
    return std::string(uri.substr(0, std::min(uri.find('#'), uri.size())));
}

/// "http://x/a/b.json" -> "http://x/a/": the base that sibling documents share.
std::string directory_of(std::string_view uri) {
    const std::string plain = strip_fragment(uri.substr(0, std::min(uri.find('?'), uri.size())));
    const auto slash = plain.rfind('/');
    return slash == std::string::npos ? std::string() : plain.substr(0, slash + 1);
}

std::string percent_decode(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        unsigned value = 0;
        if (s[i] == '%' && i + 2 < s.size() &&
            std::from_chars(s.data() + i + 1, s.data() + i + 3, value, 16).ptr ==
                s.data() + i + 3) {
            out += static_cast<char>(value);
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

std::string file_uri(const std::filesystem::path& path) {
    return "file://" +
           percent_encode_path(std::filesystem::absolute(path).lexically_normal().generic_string());
}

}  // namespace qa::json
