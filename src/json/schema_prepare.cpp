// Schema preparation. valijson 1.0 reads `id` (draft 4) instead of `$id`, concatenates URIs, and
// resolves a `$ref` against whichever document it is reading. So before valijson sees a schema
// document, every `$ref` is rewritten to an absolute "<document URI>#<pointer>" (with `$id`s and
// plain-name fragments resolved here), and identifiers are renamed away so that valijson keeps no
// resolution scope of its own: it then fetches each referenced document by URI, exactly once.
#include "json/schema_prepare.hpp"

#include <algorithm>
#include <charconv>
#include <iterator>
#include <map>

#include "json/canonical.hpp"
#include "json/error.hpp"
#include "json/parse.hpp"
#include "json/schema_keywords.hpp"
#include "json/uri.hpp"

namespace qa::json {
namespace {

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
        const SubschemaKeyword* kw = subschema_keyword(key);
        if (kw == nullptr) {
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

}  // namespace

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

PreparedSchema prepare_schema(std::string_view text, const std::string& uri) {
    Value schema = parse(text);
    IdMap ids{{uri, ""}};
    PreparedSchema prepared;

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
            } else if (key == "pattern") {
                key = std::string(kPatternKeyword);
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

    write_json(schema, prepared.text);
    prepared.schema = std::move(schema);
    return prepared;
}

}  // namespace qa::json
