#pragma once

#include <map>
#include <memory>
#include <string>

#include "json/schema_prepare.hpp"
#include "json/schema_sources.hpp"

namespace qa::json {

/// A schema and every document its `$ref`s reach, loaded and prepared before valijson reads
/// any of them, so the whole set can be checked first (json/ref_cycles.hpp) and valijson fetches
/// each document from memory.
class SchemaSet {
  public:
    /// Prepares the root schema `root_text` (URI `root_uri`) and, transitively, each document
    /// a `$ref` names (json/schema_sources.hpp says from where). A document that cannot be
    /// loaded is left out; valijson then reports its URI. Throws json::Error when a document is
    /// not JSON.
    static SchemaSet load(std::string_view root_text, const std::string& root_uri,
                          const SchemaSources& user);

    /// The document at `uri` (without fragment; the root also under its `$id`), or nullptr.
    const PreparedSchema* find(const std::string& uri) const;
    /// The URI under which the document at `uri` was loaded (the root's for its `$id`).
    std::string canonical_uri(const std::string& uri) const;

    const std::string& root_uri() const { return root_uri_; }
    const std::map<std::string, std::shared_ptr<const PreparedSchema>>& documents() const {
        return documents_;
    }

  private:
    std::string root_uri_;
    std::optional<std::string> root_id_;
    std::map<std::string, std::shared_ptr<const PreparedSchema>> documents_;
};

}  // namespace qa::json
