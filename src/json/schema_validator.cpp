// The only translation unit that includes valijson (slow to compile): schema compilation,
// `$ref` resolution, format checks and validation over simdjson's DOM.
#include "json/schema_validator.hpp"

#include <arpa/inet.h>
#include <simdjson.h>
#include <valijson/constraint_builder.hpp>
#include <valijson/constraints/concrete_constraints.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <new>
#include <optional>
#include <regex>
#include <stdexcept>

#include "json/canonical.hpp"
#include "json/error.hpp"
#include "json/parse.hpp"
#include "json/simdjson_adapter.hpp"
#include "util/embedded_files.hpp"
#include "util/file.hpp"

namespace qa::json {
namespace {

namespace fs = std::filesystem;

/// Documents embedded in the binary are addressed as `qa-skill:///<path>`, so relative `$ref`s
/// between embedded schemas resolve with the ordinary URI rules.
constexpr std::string_view kEmbeddedScheme = "qa-skill:///";
/// The base URI of a schema given as text.
constexpr std::string_view kInlineUri = "qa-skill:///inline/schema.json";
constexpr std::string_view kEmbeddedSchemaDir = "schemas/v1/";
constexpr std::string_view kMetaschemaPath = "schemas/meta/draft-07.json";
constexpr std::array<std::string_view, 2> kMetaschemaUris = {
    "http://json-schema.org/draft-07/schema", "https://json-schema.org/draft-07/schema"};

/// valijson's own `format` check reads numbers and objects as strings and fails them; the
/// keyword is renamed to this one, which a custom constraint implements.
constexpr std::string_view kFormatKeyword = "x-qa-format";
/// valijson's `multipleOf` compares a float remainder with machine epsilon, which fails for large
/// quotients (12391239123 is a multiple of 1e-8); renamed to a custom constraint too.
constexpr std::string_view kMultipleOfKeyword = "x-qa-multipleOf";
/// Targets of `$ref` pointers valijson cannot follow (it drops empty reference tokens) are
/// copied under this root member and the `$ref` pointed at the copy.
constexpr std::string_view kRefCopiesKeyword = "x-qa-ref-targets";

// ---------------------------------------------------------------------------------------------
// URI references (RFC 3986 section 5). valijson joins a base and a reference by concatenation,
// so every `$ref` is made absolute here before valijson sees it.

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

std::string file_uri(const fs::path& path) {
    return "file://" + percent_encode_path(fs::absolute(path).lexically_normal().generic_string());
}

// ---------------------------------------------------------------------------------------------
// Schema preparation. valijson 1.0 reads `id` (draft 4) instead of `$id`, concatenates URIs, and
// resolves a `$ref` against whichever document it is reading. So before valijson sees a schema
// document, every `$ref` is rewritten to an absolute "<document URI>#<pointer>" (with `$id`s and
// plain-name fragments resolved here), and identifiers are renamed away so that valijson keeps no
// resolution scope of its own: it then fetches each referenced document by URI, exactly once.

enum class Shape { Single, List, Map };

struct SubschemaKeyword {
    std::string_view name;
    Shape shape;
};

/// Where a draft-07 schema holds subschemas; `items` may also be a list.
constexpr SubschemaKeyword kSubschemaKeywords[] = {
    {"additionalItems", Shape::Single},
    {"additionalProperties", Shape::Single},
    {"contains", Shape::Single},
    {"else", Shape::Single},
    {"if", Shape::Single},
    {"items", Shape::Single},
    {"not", Shape::Single},
    {"propertyNames", Shape::Single},
    {"then", Shape::Single},
    {"allOf", Shape::List},
    {"anyOf", Shape::List},
    {"oneOf", Shape::List},
    {"definitions", Shape::Map},
    {"dependencies", Shape::Map},
    {"patternProperties", Shape::Map},
    {"properties", Shape::Map},
};

Value* member(Object& object, std::string_view key) {
    for (auto& [k, v] : object) {
        if (k == key) {
            return &v;
        }
    }
    return nullptr;
}

/// The base URI inside `schema`, given the base around it. A `$ref` makes its siblings, `$id`
/// included, ignored (draft 7).
std::string base_inside(Object& schema, const std::string& outer) {
    const Value* ref = member(schema, "$ref");
    const Value* id = member(schema, "$id");
    if ((ref != nullptr && ref->is_string()) || id == nullptr || !id->is_string() ||
        id->as_string().starts_with('#')) {
        return outer;
    }
    return strip_fragment(resolve_uri(outer, id->as_string()));
}

/// Calls `visit(schema object, base URI around it, pointer)` on every schema object of the tree,
/// parents first.
template <class Visit>
void walk_schemas(Value& node, const std::string& outer_base, const std::string& pointer,
                  Visit& visit) {
    if (!node.is_object()) {
        return;
    }
    Object& schema = node.as_object();
    const std::string base = base_inside(schema, outer_base);
    visit(schema, outer_base, pointer);
    for (auto& [key, child] : schema) {
        const std::string& name = key;  // clang before 16 cannot capture a structured binding
        const auto* kw = std::find_if(std::begin(kSubschemaKeywords), std::end(kSubschemaKeywords),
                                      [&](const SubschemaKeyword& k) { return k.name == name; });
        if (kw == std::end(kSubschemaKeywords)) {
            continue;
        }
        const std::string here = pointer_append(pointer, key);
        if (kw->shape == Shape::Map) {
            if (child.is_object()) {
                for (auto& [name, sub] : child.as_object()) {
                    walk_schemas(sub, base, pointer_append(here, name), visit);
                }
            }
        } else if (child.is_array() && (kw->shape == Shape::List || key == "items")) {
            for (std::size_t i = 0; i < child.as_array().size(); ++i) {
                walk_schemas(child.as_array()[i], base, pointer_append(here, i), visit);
            }
        } else {
            walk_schemas(child, base, here, visit);
        }
    }
}

/// Where the identifiers of one document point: absolute URI (without fragment) or URI with a
/// plain-name fragment -> JSON pointer inside the document.
using IdMap = std::map<std::string, std::string>;

std::string ref_fragment_pointer(const std::string& pointer) {
    // The pointer comes from pointer_append (RFC 6901 escapes); add the %-escape valijson needs.
    std::string out;
    for (const char c : pointer) {
        out += c == '%' ? std::string("%25") : std::string(1, c);
    }
    return out;
}

void write_json(const Value& value, std::string& out);

void write_string(std::string_view s, std::string& out) {
    static constexpr char kHex[] = "0123456789abcdef";
    out += '"';
    for (const char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (u < 0x20) {
            out += "\\u00";
            out += kHex[u >> 4];
            out += kHex[u & 0xf];
        } else {
            out += c;
        }
    }
    out += '"';
}

/// Plain JSON text of a prepared schema (not the canonical writer: a schema may hold duplicate
/// keys or integers beyond 2^53, which that writer rightly refuses for artifacts).
void write_json(const Value& value, std::string& out) {
    switch (value.kind()) {
        case Value::Kind::Null:
            out += "null";
            return;
        case Value::Kind::Bool:
            out += value.as_bool() ? "true" : "false";
            return;
        case Value::Kind::Integer:
            out += std::to_string(value.as_integer());
            return;
        case Value::Kind::Number:
            out += format_number(value.as_double());
            return;
        case Value::Kind::String:
            write_string(value.as_string(), out);
            return;
        case Value::Kind::Array: {
            out += '[';
            bool first = true;
            for (const auto& item : value.as_array()) {
                out += first ? "" : ",";
                first = false;
                write_json(item, out);
            }
            out += ']';
            return;
        }
        case Value::Kind::Object: {
            out += '{';
            bool first = true;
            for (const auto& [k, v] : value.as_object()) {
                out += first ? "" : ",";
                first = false;
                write_string(k, out);
                out += ':';
                write_json(v, out);
            }
            out += '}';
            return;
        }
    }
}

/// True when an RFC 6901 pointer holds an empty reference token ("/a//b", "/a/").
bool has_empty_token(std::string_view pointer) {
    return pointer == "/" || pointer.find("//") != std::string_view::npos ||
           (!pointer.empty() && pointer.back() == '/');
}

/// The value at an (unescaped-%) RFC 6901 pointer inside `root`, or nullptr.
const Value* resolve_pointer(const Value& root, std::string_view pointer) {
    const Value* node = &root;
    while (!pointer.empty()) {
        if (pointer.front() != '/') {
            return nullptr;
        }
        pointer.remove_prefix(1);
        const auto end = std::min(pointer.find('/'), pointer.size());
        std::string token;
        for (std::size_t i = 0; i < end; ++i) {
            if (pointer[i] == '~' && i + 1 < end &&
                (pointer[i + 1] == '0' || pointer[i + 1] == '1')) {
                token += pointer[++i] == '0' ? '~' : '/';
            } else {
                token += pointer[i];
            }
        }
        pointer.remove_prefix(end);
        if (node->is_object()) {
            node = node->find(token);
        } else if (node->is_array()) {
            std::size_t index = 0;
            const auto [p, ec] = std::from_chars(token.data(), token.data() + token.size(), index);
            if (ec != std::errc() || p != token.data() + token.size() ||
                index >= node->as_array().size()) {
                return nullptr;
            }
            node = &node->as_array()[index];
        } else {
            return nullptr;
        }
        if (node == nullptr) {
            return nullptr;
        }
    }
    return node;
}

/// A schema document ready for valijson, and the `$id` of its root (absolute, no fragment).
struct PreparedDocument {
    std::unique_ptr<SimdjsonDocument> document;
    std::optional<std::string> root_id;
};

PreparedDocument prepare(std::string_view text, const std::string& uri) {
    Value schema = parse(text);
    IdMap ids{{uri, ""}};
    PreparedDocument prepared;

    auto collect = [&](Object& object, const std::string& outer, const std::string& pointer) {
        const Value* ref = member(object, "$ref");
        const Value* id = member(object, "$id");
        if ((ref != nullptr && ref->is_string()) || id == nullptr || !id->is_string()) {
            return;
        }
        const std::string target = resolve_uri(outer, id->as_string());
        const auto hash = target.find('#');
        if (hash != std::string::npos && hash + 1 < target.size() && target[hash + 1] != '/') {
            ids.emplace(target, pointer);  // a plain-name fragment ("#foo"): an anchor
        }
        if (!id->as_string().starts_with('#')) {
            ids.emplace(strip_fragment(target), pointer);
            if (pointer.empty()) {
                prepared.root_id = strip_fragment(target);
            }
        }
    };
    walk_schemas(schema, uri, "", collect);

    struct Unreachable {
        Value* ref;
        std::string pointer;
    };
    std::vector<Unreachable> unreachable;
    auto rewrite = [&](Object& object, const std::string& outer, const std::string&) {
        if (Value* ref = member(object, "$ref"); ref != nullptr && ref->is_string()) {
            const std::string target = resolve_uri(outer, ref->as_string());
            const auto hash = target.find('#');
            const std::string document = strip_fragment(target);
            const std::string fragment = hash == std::string::npos ? "" : target.substr(hash + 1);
            if (!fragment.empty() && fragment.front() != '/') {
                if (const auto it = ids.find(target); it != ids.end()) {
                    *ref = Value(uri + "#" + ref_fragment_pointer(it->second));
                } else {
                    *ref = Value(target);
                }
            } else if (const auto it = ids.find(document); it != ids.end()) {
                const std::string pointer = it->second + percent_decode(fragment);
                if (has_empty_token(pointer)) {
                    unreachable.push_back({ref, pointer});
                } else {
                    *ref = Value(uri + "#" + ref_fragment_pointer(it->second) + fragment);
                }
            } else {
                *ref = Value(document + "#" + fragment);
            }
        }
        for (auto& [key, value] : object) {
            if (key == "$id" || key == "id") {
                key = "x-qa-" + key;  // no resolution scope for valijson (see above)
            } else if (key == "format") {
                key = std::string(kFormatKeyword);
            } else if (key == "multipleOf") {
                key = std::string(kMultipleOfKeyword);
            }
        }
    };
    walk_schemas(schema, uri, "", rewrite);

    // Copies are made after every `$ref` was rewritten, so the refs inside a copy stay right.
    if (!unreachable.empty() && schema.is_object()) {
        Array copies;
        for (const auto& [ref, pointer] : unreachable) {
            const Value* target = resolve_pointer(schema, pointer);
            if (target == nullptr) {
                continue;  // left as it was: valijson reports the broken reference
            }
            copies.push_back(*target);
            *ref = Value(uri + "#/" + std::string(kRefCopiesKeyword) + "/" +
                         std::to_string(copies.size() - 1));
        }
        schema.as_object().emplace_back(std::string(kRefCopiesKeyword), std::move(copies));
    }

    std::string out;
    write_json(schema, out);
    prepared.document = SimdjsonDocument::parse(out);
    return prepared;
}

// ---------------------------------------------------------------------------------------------
// Formats. Checked for strings only; any other value passes, as draft 7 says.

bool digits(std::string_view s, std::size_t pos, std::size_t n, int& value) {
    if (pos + n > s.size()) {
        return false;
    }
    value = 0;
    for (std::size_t i = pos; i < pos + n; ++i) {
        if (s[i] < '0' || s[i] > '9') {
            return false;
        }
        value = value * 10 + (s[i] - '0');
    }
    return true;
}

bool is_date(std::string_view s) {
    int y = 0;
    int m = 0;
    int d = 0;
    if (s.size() != 10 || !digits(s, 0, 4, y) || s[4] != '-' || !digits(s, 5, 2, m) ||
        s[7] != '-' || !digits(s, 8, 2, d) || m < 1 || m > 12 || d < 1) {
        return false;
    }
    static constexpr int kDays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return d <= (m == 2 && !leap ? 28 : kDays[m - 1]);
}

bool is_time(std::string_view s) {
    int h = 0;
    int m = 0;
    int sec = 0;
    if (!digits(s, 0, 2, h) || s.size() < 9 || s[2] != ':' || !digits(s, 3, 2, m) || s[5] != ':' ||
        !digits(s, 6, 2, sec) || h > 23 || m > 59 || sec > 60) {
        return false;
    }
    std::size_t i = 8;
    if (i < s.size() && s[i] == '.') {
        const std::size_t start = ++i;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
            ++i;
        }
        if (i == start) {
            return false;
        }
    }
    int offset = 0;
    if (i < s.size() && (s[i] == 'Z' || s[i] == 'z')) {
        ++i;
    } else if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
        int oh = 0;
        int om = 0;
        if (!digits(s, i + 1, 2, oh) || i + 3 >= s.size() || s[i + 3] != ':' ||
            !digits(s, i + 4, 2, om) || oh > 23 || om > 59) {
            return false;
        }
        offset = (s[i] == '+' ? 1 : -1) * (oh * 60 + om);
        i += 6;
    } else {
        return false;
    }
    if (i != s.size()) {
        return false;
    }
    // A leap second is 23:59:60 in UTC only.
    const int utc_minutes = ((h * 60 + m - offset) % 1440 + 1440) % 1440;
    return sec != 60 || utc_minutes == 23 * 60 + 59;
}

bool is_date_time(std::string_view s) {
    return s.size() > 11 && (s[10] == 'T' || s[10] == 't') && is_date(s.substr(0, 10)) &&
           is_time(s.substr(11));
}

bool is_ipv4(std::string_view s) {
    int parts = 0;
    std::size_t i = 0;
    while (true) {
        const std::size_t start = i;
        int value = 0;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9' && i - start < 3) {
            value = value * 10 + (s[i++] - '0');
        }
        const std::size_t len = i - start;
        if (len == 0 || value > 255 || (len > 1 && s[start] == '0')) {
            return false;
        }
        if (++parts == 4) {
            return i == s.size();
        }
        if (i >= s.size() || s[i] != '.') {
            return false;
        }
        ++i;
    }
}

bool is_ipv6(std::string_view s) {
    if (s.size() > 45) {
        return false;
    }
    const std::string copy(s);
    in6_addr addr{};
    return inet_pton(AF_INET6, copy.c_str(), &addr) == 1;
}

bool is_hostname(std::string_view s) {
    if (s.empty() || s.size() > 253) {
        return false;
    }
    std::size_t start = 0;
    while (true) {
        const std::size_t dot = std::min(s.find('.', start), s.size());
        const std::string_view label = s.substr(start, dot - start);
        if (label.empty() || label.size() > 63 || label.front() == '-' || label.back() == '-') {
            return false;
        }
        for (const char c : label) {
            if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-') {
                return false;
            }
        }
        if (dot == s.size()) {
            return true;
        }
        start = dot + 1;
    }
}

bool is_email(std::string_view s) {
    const auto at = s.rfind('@');
    if (at == std::string_view::npos || at == 0 || at + 1 == s.size()) {
        return false;
    }
    const std::string_view local = s.substr(0, at);
    if (local.front() == '.' || local.back() == '.' || local.find("..") != std::string_view::npos ||
        local.find('@') != std::string_view::npos) {
        return false;
    }
    const std::string_view domain = s.substr(at + 1);
    if (domain.front() == '[' && domain.back() == ']') {
        const std::string_view literal = domain.substr(1, domain.size() - 2);
        return literal.starts_with("IPv6:") ? is_ipv6(literal.substr(5)) : is_ipv4(literal);
    }
    return is_hostname(domain);
}

bool is_json_pointer(std::string_view s) {
    if (!s.empty() && s.front() != '/') {
        return false;
    }
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '~' && (i + 1 == s.size() || (s[i + 1] != '0' && s[i + 1] != '1'))) {
            return false;
        }
    }
    return true;
}

bool is_relative_json_pointer(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
        ++i;
    }
    if (i == 0 || (i > 1 && s[0] == '0')) {
        return false;
    }
    const std::string_view rest = s.substr(i);
    return rest == "#" || is_json_pointer(rest);
}

bool is_regex(std::string_view s) {
    try {
        const std::regex re{std::string(s), std::regex::ECMAScript};
        return true;
    } catch (const std::regex_error&) {
        return false;
    }
}

/// True when `s` is valid for `format`; formats not known here are annotations only.
bool format_matches(std::string_view format, std::string_view s) {
    if (format == "date-time") {
        return is_date_time(s);
    }
    if (format == "date") {
        return is_date(s);
    }
    if (format == "time") {
        return is_time(s);
    }
    if (format == "ipv4") {
        return is_ipv4(s);
    }
    if (format == "ipv6") {
        return is_ipv6(s);
    }
    if (format == "hostname") {
        return is_hostname(s);
    }
    if (format == "email") {
        return is_email(s);
    }
    if (format == "json-pointer") {
        return is_json_pointer(s);
    }
    if (format == "relative-json-pointer") {
        return is_relative_json_pointer(s);
    }
    if (format == "regex") {
        return is_regex(s);
    }
    return true;
}

class FormatConstraint final : public valijson::constraints::PolyConstraint {
  public:
    explicit FormatConstraint(std::string format) : format_(std::move(format)) {}

    bool validate(const valijson::adapters::Adapter& target,
                  const std::vector<std::string>& context,
                  valijson::ValidationResults* results) const override {
        if (!target.isString() || format_matches(format_, target.getString())) {
            return true;
        }
        if (results != nullptr) {
            results->pushError(context, "String is not a valid " + format_ + ".");
        }
        return false;
    }

  private:
    valijson::constraints::Constraint* cloneInto(void* memory) const override {
        return new (memory) FormatConstraint(*this);
    }
    std::size_t sizeOf() const override { return sizeof(FormatConstraint); }

    std::string format_;
};

class FormatConstraintBuilder final : public valijson::ConstraintBuilder {
  public:
    valijson::constraints::Constraint* make(
        const valijson::adapters::Adapter& node) const override {
        // A non-string `format` is no format at all.
        return new FormatConstraint(node.isString() ? node.getString() : std::string());
    }
};

/// `multipleOf`: exact for integers; for other numbers, a multiple when the quotient is an
/// integer or the remainder is within machine epsilon (what valijson accepts: 0.0075 of 0.0001).
class MultipleOfConstraint final : public valijson::constraints::PolyConstraint {
  public:
    explicit MultipleOfConstraint(double divisor) : divisor_(divisor) {}

    bool validate(const valijson::adapters::Adapter& target,
                  const std::vector<std::string>& context,
                  valijson::ValidationResults* results) const override {
        if (!target.isNumber() || !(divisor_ > 0)) {
            return true;
        }
        const double value = target.getNumber();
        std::int64_t i = 0;
        const auto divisor_int = static_cast<std::int64_t>(divisor_);
        bool ok = false;
        if (target.getInteger(i) && std::trunc(divisor_) == divisor_ && divisor_ < 9.2e18) {
            ok = i % divisor_int == 0;
        } else {
            const double quotient = value / divisor_;
            // An integer is a multiple of any 1/n, even where value / divisor overflows.
            const double reciprocal = 1.0 / divisor_;
            const bool integral_over_unit_fraction =
                std::trunc(value) == value && std::trunc(reciprocal) == reciprocal;
            const bool integral_quotient =
                std::isfinite(quotient) && std::trunc(quotient) == quotient;
            const bool tiny_remainder = std::fabs(std::remainder(value, divisor_)) <=
                                        std::numeric_limits<double>::epsilon();
            ok = integral_over_unit_fraction || integral_quotient ||
                 (std::isfinite(quotient) && tiny_remainder);
        }
        if (!ok && results != nullptr) {
            results->pushError(context,
                               "Value should be a multiple of " + format_number(divisor_) + ".");
        }
        return ok;
    }

  private:
    valijson::constraints::Constraint* cloneInto(void* memory) const override {
        return new (memory) MultipleOfConstraint(*this);
    }
    std::size_t sizeOf() const override { return sizeof(MultipleOfConstraint); }

    double divisor_;
};

class MultipleOfConstraintBuilder final : public valijson::ConstraintBuilder {
  public:
    valijson::constraints::Constraint* make(
        const valijson::adapters::Adapter& node) const override {
        double divisor = 0;
        if (!node.getNumber(divisor) || !(divisor > 0)) {
            throw std::runtime_error("'multipleOf' must be a number greater than 0");
        }
        return new MultipleOfConstraint(divisor);
    }
};

// ---------------------------------------------------------------------------------------------
// Loading referenced documents. Nothing comes from the network.

struct Sources {
    std::string root_uri;
    std::string root_text;
    std::optional<std::string> root_id;
    SchemaSources user;
};

std::optional<std::string> load_text(const Sources& sources, std::string uri) {
    if (uri == sources.root_uri || (sources.root_id && uri == *sources.root_id)) {
        return sources.root_text;
    }
    if (std::find(kMetaschemaUris.begin(), kMetaschemaUris.end(), uri) != kMetaschemaUris.end()) {
        if (const auto meta = util::find_embedded(kMetaschemaPath)) {
            return std::string(*meta);
        }
        return std::nullopt;
    }
    try {
        for (const auto& [prefix, dir] : sources.user.url_directories) {
            if (!prefix.empty() && uri.starts_with(prefix)) {
                return util::read_file(dir / percent_decode(uri.substr(prefix.size())));
            }
        }
        // The directory of the root's `$id` maps onto the root's own directory, so a schema set
        // with `$id`s under one base works from the embedded copy or from disk alike.
        if (const std::string dir = sources.root_id ? directory_of(*sources.root_id) : "";
            !dir.empty() && sources.root_uri != kInlineUri && uri.starts_with(dir)) {
            uri = directory_of(sources.root_uri) + uri.substr(dir.size());
        }
        if (uri.starts_with(kEmbeddedScheme)) {
            if (const auto text = util::find_embedded(uri.substr(kEmbeddedScheme.size()))) {
                return std::string(*text);
            }
            return std::nullopt;
        }
        if (uri.starts_with("file://")) {
            return util::read_file(percent_decode(std::string_view(uri).substr(7)));
        }
    } catch (const util::IoError&) {
        return std::nullopt;  // valijson reports the URI it could not fetch
    }
    return std::nullopt;
}

}  // namespace

// ---------------------------------------------------------------------------------------------

struct SchemaValidator::Impl {
    valijson::Schema schema;

    /// Compiles the schema `text` whose URI is `uri`; `name` prefixes error messages.
    static std::unique_ptr<Impl> compile(std::string_view text, const std::string& uri,
                                         const SchemaSources& user, const std::string& name);
    std::vector<ValidationError> validate(simdjson::dom::element root) const;
};

std::unique_ptr<SchemaValidator::Impl> SchemaValidator::Impl::compile(std::string_view text,
                                                                      const std::string& uri,
                                                                      const SchemaSources& user,
                                                                      const std::string& name) {
    try {
        PreparedDocument root = prepare(text, uri);
        Sources sources{uri, std::string(text), root.root_id, user};
        auto impl = std::make_unique<SchemaValidator::Impl>();
        valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
        parser.addConstraintBuilder(std::string(kFormatKeyword), new FormatConstraintBuilder());
        parser.addConstraintBuilder(std::string(kMultipleOfKeyword),
                                    new MultipleOfConstraintBuilder());
        // The fetched documents are owned here, not by valijson: it frees them only when
        // populateSchema returns normally, so a schema that fails to compile would leak them.
        std::vector<std::unique_ptr<SimdjsonDocument>> fetched_documents;
        const auto fetch =
            [&sources, &fetched_documents](const std::string& fetched) -> const SimdjsonDocument* {
            const auto source = load_text(sources, strip_fragment(fetched));
            if (!source) {
                return nullptr;
            }
            fetched_documents.push_back(prepare(*source, strip_fragment(fetched)).document);
            return fetched_documents.back().get();
        };
        const auto free = [](const SimdjsonDocument*) {};
        parser.populateSchema(SimdjsonAdapter(root.document->root()), impl->schema, fetch, free);
        return impl;
    } catch (const Error& e) {
        throw Error(e.pointer(), name + ": " + e.what());
    } catch (const std::exception& e) {
        throw Error("", name + ": unsupported or invalid schema: " + e.what());
    }
}

namespace {

/// valijson's context ("<root>", "[items]", "[0]") as an RFC 6901 pointer ("/items/0").
std::string context_pointer(const std::vector<std::string>& context) {
    std::string pointer;
    for (std::size_t i = 1; i < context.size(); ++i) {
        std::string_view token = context[i];
        if (token.size() >= 2 && token.front() == '[' && token.back() == ']') {
            token = token.substr(1, token.size() - 2);
        }
        pointer = pointer_append(pointer, token);
    }
    return pointer;
}

/// valijson follows a failure in a property or item with a summary at the parent ("Failed to
/// validate against schema associated with property name 'x'"); the leaf error already says
/// where and why, so the summaries only add noise.
bool is_summary(const std::string& message) {
    return message.starts_with("Failed to validate against schema associated with property") ||
           message.starts_with("Failed to validate item #");
}

}  // namespace

std::vector<ValidationError> SchemaValidator::Impl::validate(simdjson::dom::element root) const {
    // A validator per call: it caches compiled regexes, so sharing one would need a lock.
    valijson::Validator validator(valijson::Validator::kStrongTypes);
    valijson::ValidationResults results;
    std::vector<ValidationError> errors;
    try {
        if (validator.validate(schema, SimdjsonAdapter(root), &results)) {
            return errors;
        }
    } catch (const std::exception& e) {
        errors.push_back({"", std::string("cannot validate: ") + e.what()});
        return errors;
    }
    std::vector<ValidationError> summaries;
    valijson::ValidationResults::Error error;
    while (results.popError(error)) {
        ValidationError out{context_pointer(error.context), error.description};
        (is_summary(error.description) ? summaries : errors).push_back(std::move(out));
    }
    if (errors.empty()) {
        errors = std::move(summaries);
    }
    if (errors.empty()) {
        errors.push_back({"", "document does not match the schema"});
    }
    return errors;
}

SchemaValidator::SchemaValidator(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
SchemaValidator::SchemaValidator(SchemaValidator&&) noexcept = default;
SchemaValidator& SchemaValidator::operator=(SchemaValidator&&) noexcept = default;
SchemaValidator::~SchemaValidator() = default;

SchemaValidator SchemaValidator::embedded(std::string_view schema_id) {
    const std::string path = std::string(kEmbeddedSchemaDir) + std::string(schema_id) + ".json";
    const auto text = util::find_embedded(path);
    if (!text) {
        throw Error("", "unknown schema id '" + std::string(schema_id) + "'");
    }
    return SchemaValidator(
        Impl::compile(*text, std::string(kEmbeddedScheme) + path, {}, std::string(schema_id)));
}

SchemaValidator SchemaValidator::from_file(const fs::path& path) {
    return from_file(path, SchemaSources{});
}

SchemaValidator SchemaValidator::from_file(const fs::path& path, const SchemaSources& sources) {
    const std::string text = util::read_file(path);
    return SchemaValidator(Impl::compile(text, file_uri(path), sources, path.string()));
}

SchemaValidator SchemaValidator::from_text(std::string_view schema_text,
                                           const SchemaSources& sources) {
    return SchemaValidator(Impl::compile(schema_text, std::string(kInlineUri), sources, "schema"));
}

std::vector<std::string> SchemaValidator::embedded_ids() {
    std::vector<std::string> ids;
    for (const auto& file : util::embedded_files()) {
        if (file.path.starts_with(kEmbeddedSchemaDir) && file.path.ends_with(".json") &&
            file.path.find('/', kEmbeddedSchemaDir.size()) == std::string_view::npos) {
            const std::string_view name = file.path.substr(kEmbeddedSchemaDir.size());
            ids.emplace_back(name.substr(0, name.size() - 5));
        }
    }
    return ids;
}

std::vector<ValidationError> SchemaValidator::validate(std::string_view document) const {
    simdjson::dom::parser parser;
    const simdjson::padded_string padded(document);
    simdjson::dom::element root;
    if (const auto error = parser.parse(padded).get(root); error != simdjson::SUCCESS) {
        throw Error("", std::string("not valid JSON: ") + simdjson::error_message(error));
    }
    return impl_->validate(root);
}

std::vector<ValidationError> SchemaValidator::validate(const Value& document) const {
    return validate(canonical(document));
}

std::vector<ValidationError> SchemaValidator::validate_file(const fs::path& path) const {
    simdjson::padded_string text;
    if (const auto error = simdjson::padded_string::load(path.string()).get(text);
        error != simdjson::SUCCESS) {
        // simdjson names no OS reason; read_file does (and throws IoError naming the path).
        (void)util::read_file(path);
        throw util::IoError(path.string() + ": cannot read: " + simdjson::error_message(error));
    }
    simdjson::dom::parser parser;
    simdjson::dom::element root;
    if (const auto error = parser.parse(text).get(root); error != simdjson::SUCCESS) {
        throw Error("", path.string() + ": not valid JSON: " + simdjson::error_message(error));
    }
    return impl_->validate(root);
}

}  // namespace qa::json
