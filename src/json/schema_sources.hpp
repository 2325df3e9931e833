#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "json/schema_validator.hpp"

namespace qa::json {

/// Documents embedded in the binary are addressed as `qa-skill:///<path>`, so relative `$ref`s
/// between embedded schemas resolve with the ordinary URI rules.
inline constexpr std::string_view kEmbeddedScheme = "qa-skill:///";
/// The base URI of a schema given as text.
inline constexpr std::string_view kInlineUri = "qa-skill:///inline/schema.json";
inline constexpr std::string_view kEmbeddedSchemaDir = "schemas/v1/";
inline constexpr std::string_view kMetaschemaPath = "schemas/meta/draft-07.json";
inline constexpr std::array<std::string_view, 2> kMetaschemaUris = {
    "http://json-schema.org/draft-07/schema", "https://json-schema.org/draft-07/schema"};

/// The root schema being compiled and where the documents it refers to may come from.
struct DocumentSources {
    std::string root_uri;
    std::string root_text;
    std::optional<std::string> root_id;  ///< the root's `$id`, absolute, without fragment
    SchemaSources user;
};

/// The text of the document at `uri` (no fragment): the root itself, the embedded draft-07
/// metaschema, an embedded schema, a file, or a file under a user's URL mapping. nullopt when
/// there is none (the caller reports the URI).
std::optional<std::string> load_text(const DocumentSources& sources, std::string uri);

}  // namespace qa::json
