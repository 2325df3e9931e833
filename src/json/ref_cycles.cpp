#include "json/ref_cycles.hpp"

#include <map>
#include <string>
#include <vector>

#include "json/error.hpp"
#include "json/schema_keywords.hpp"
#include "json/uri.hpp"

namespace qa::json {
namespace {

/// A schema object: the canonical URI of its document and its RFC 6901 pointer there.
struct Node {
    std::string document;
    std::string pointer;

    std::string name() const { return document + "#" + pointer; }
};

/// The schemas `node` applies to its own value. Iterative callers keep the stack flat however
/// long a chain of `$ref`s is.
std::vector<Node> same_value_edges(const SchemaSet& set, const Node& node) {
    std::vector<Node> out;
    const PreparedSchema* doc = set.find(node.document);
    const Value* schema = doc == nullptr ? nullptr : resolve_pointer(doc->schema, node.pointer);
    if (schema == nullptr || !schema->is_object()) {
        return out;  // a boolean schema, or a target valijson reports as unresolvable
    }
    if (const Value* ref = schema->find("$ref"); ref != nullptr && ref->is_string()) {
        // Draft 7 ignores the siblings of `$ref`.
        const std::string& target = ref->as_string();
        const auto hash = target.find('#');
        const std::string fragment = hash == std::string::npos ? "" : target.substr(hash + 1);
        out.push_back({set.canonical_uri(strip_fragment(target)), percent_decode(fragment)});
        return out;
    }
    for (const auto& [key, child] : schema->as_object()) {
        const SubschemaKeyword* kw = subschema_keyword(key);
        if (kw == nullptr || !kw->sameValue) {
            continue;
        }
        const std::string here = pointer_append(node.pointer, key);
        if (kw->shape == Shape::Map && child.is_object()) {
            for (const auto& [name, sub] : child.as_object()) {
                if (sub.is_object()) {  // `dependencies` may also list property names
                    out.push_back({node.document, pointer_append(here, name)});
                }
            }
        } else if (kw->shape == Shape::List && child.is_array()) {
            for (std::size_t i = 0; i < child.as_array().size(); ++i) {
                out.push_back({node.document, pointer_append(here, i)});
            }
        } else if (kw->shape == Shape::Single) {
            out.push_back({node.document, here});
        }
    }
    return out;
}

/// Every schema object of one document (parents first), as nodes.
void collect_nodes(const Value& value, const std::string& document, const std::string& pointer,
                   std::vector<Node>& out) {
    if (!value.is_object()) {
        return;
    }
    out.push_back({document, pointer});
    for (const auto& [key, child] : value.as_object()) {
        const SubschemaKeyword* kw = subschema_keyword(key);
        if (kw == nullptr) {
            continue;
        }
        const std::string here = pointer_append(pointer, key);
        if (kw->shape == Shape::Map && child.is_object()) {
            for (const auto& [name, sub] : child.as_object()) {
                collect_nodes(sub, document, pointer_append(here, name), out);
            }
        } else if (child.is_array()) {
            for (std::size_t i = 0; i < child.as_array().size(); ++i) {
                collect_nodes(child.as_array()[i], document, pointer_append(here, i), out);
            }
        } else {
            collect_nodes(child, document, here, out);
        }
    }
}

/// How a node reads in the error: a pointer inside the root, or the full URI elsewhere.
std::string display(const SchemaSet& set, const Node& node) {
    return node.document == set.root_uri() ? "#" + node.pointer : node.name();
}

}  // namespace

void check_ref_cycles(const SchemaSet& set) {
    std::vector<Node> starts;
    for (const auto& [uri, doc] : set.documents()) {
        if (doc != nullptr) {
            collect_nodes(doc->schema, uri, "", starts);
        }
    }
    enum class Mark { open, done };
    std::map<std::string, Mark> marks;
    struct Frame {
        Node node;
        std::vector<Node> edges;
        std::size_t next = 0;
    };
    for (const auto& start : starts) {
        if (marks.count(start.name()) > 0) {
            continue;
        }
        // Depth first with an explicit stack; a node met again while open closes a cycle.
        std::vector<Frame> stack;
        stack.push_back({start, same_value_edges(set, start)});
        marks[start.name()] = Mark::open;
        while (!stack.empty()) {
            Frame& top = stack.back();
            if (top.next == top.edges.size()) {
                marks[top.node.name()] = Mark::done;
                stack.pop_back();
                continue;
            }
            Node next = top.edges[top.next++];
            const auto it = marks.find(next.name());
            if (it == marks.end()) {
                marks[next.name()] = Mark::open;
                auto edges = same_value_edges(set, next);
                stack.push_back({std::move(next), std::move(edges)});
            } else if (it->second == Mark::open) {
                std::string chain;
                bool in_cycle = false;
                for (const auto& frame : stack) {
                    in_cycle = in_cycle || frame.node.name() == next.name();
                    if (in_cycle) {
                        chain += display(set, frame.node) + " -> ";
                    }
                }
                chain += display(set, next);
                throw Error("", "$ref cycle: " + chain +
                                    " (each applies to the same value, so validation would "
                                    "never end)");
            }
        }
    }
}

}  // namespace qa::json
