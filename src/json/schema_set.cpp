#include "json/schema_set.hpp"

#include <deque>
#include <vector>

#include "json/schema_keywords.hpp"
#include "json/uri.hpp"

namespace qa::json {
namespace {

/// Every `$ref` string of the schema objects of `node`: after preparation, absolute URIs.
void collect_refs(const Value& node, std::vector<std::string>& out) {
    if (!node.is_object()) {
        return;
    }
    for (const auto& [key, child] : node.as_object()) {
        if (key == "$ref" && child.is_string()) {
            out.push_back(child.as_string());
            continue;
        }
        const SubschemaKeyword* kw = subschema_keyword(key);
        if (kw == nullptr) {
            continue;
        }
        if (kw->shape == Shape::Map && child.is_object()) {
            for (const auto& [name, sub] : child.as_object()) {
                collect_refs(sub, out);
            }
        } else if (child.is_array()) {
            for (const auto& sub : child.as_array()) {
                collect_refs(sub, out);
            }
        } else {
            collect_refs(child, out);
        }
    }
}

}  // namespace

SchemaSet SchemaSet::load(std::string_view root_text, const std::string& root_uri,
                          const SchemaSources& user) {
    SchemaSet set;
    set.root_uri_ = root_uri;
    auto root = std::make_shared<PreparedSchema>(prepare_schema(root_text, root_uri));
    set.root_id_ = root->root_id;
    const DocumentSources sources{root_uri, std::string(root_text), root->root_id, user};
    std::deque<const PreparedSchema*> pending{root.get()};
    set.documents_.emplace(root_uri, std::move(root));
    // Breadth first, each URI once; the number of documents is bounded by what load_text finds.
    while (!pending.empty()) {
        std::vector<std::string> refs;
        collect_refs(pending.front()->schema, refs);
        pending.pop_front();
        for (const auto& ref : refs) {
            const std::string uri = set.canonical_uri(strip_fragment(ref));
            if (set.documents_.count(uri) > 0) {
                continue;
            }
            const auto text = load_text(sources, uri);
            if (!text) {
                set.documents_.emplace(uri, nullptr);  // tried once; valijson names it
                continue;
            }
            auto doc = std::make_shared<PreparedSchema>(prepare_schema(*text, uri));
            pending.push_back(doc.get());
            set.documents_.emplace(uri, std::move(doc));
        }
    }
    return set;
}

std::string SchemaSet::canonical_uri(const std::string& uri) const {
    return root_id_ && uri == *root_id_ ? root_uri_ : uri;
}

const PreparedSchema* SchemaSet::find(const std::string& uri) const {
    const auto it = documents_.find(canonical_uri(uri));
    return it == documents_.end() ? nullptr : it->second.get();
}

}  // namespace qa::json
