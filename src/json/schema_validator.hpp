#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "json/value.hpp"

namespace qa::json {

/// One way a document breaks a schema: where (RFC 6901 pointer into the document) and why.
struct ValidationError {
    std::string pointer;
    std::string message;
};

/// Where `$ref`s to other documents may load them from, beyond what every validator knows (the
/// embedded draft-07 metaschema, embedded schemas, files beside a schema file). Nothing is ever
/// fetched from the network.
struct SchemaSources {
    /// URL prefix -> directory: `$ref` "<prefix>a/b.json" loads "<directory>/a/b.json". Used to
    /// mirror a remote schema set offline (the JSON Schema Test Suite's localhost:1234 remotes).
    std::vector<std::pair<std::string, std::filesystem::path>> url_directories;
};

/// A compiled draft-07 JSON Schema (valijson over a simdjson DOM adapter). Compile once,
/// validate many documents; validation is const and safe to call from several threads.
class SchemaValidator {
  public:
    /// The embedded schema `schemas/v1/<id>.json`, e.g. id "lens-result.v1". Throws json::Error
    /// for an unknown id.
    static SchemaValidator embedded(std::string_view schema_id);
    /// A schema file from disk; relative `$ref`s resolve against its directory.
    static SchemaValidator from_file(const std::filesystem::path& path);
    static SchemaValidator from_file(const std::filesystem::path& path,
                                     const SchemaSources& sources);
    /// A schema given as JSON text, e.g. one embedded in a test. Throws json::Error.
    static SchemaValidator from_text(std::string_view schema_text,
                                     const SchemaSources& sources = {});
    /// The embedded schema `schema_id`, then each of its `definitions` named in `definitions`
    /// ("LensPlan": `#/definitions/LensPlan`), compiled together: a subschema they share is
    /// compiled once, so this costs what `embedded(schema_id)` alone does. The validators share
    /// the compiled schema. Throws json::Error for an unknown id or definition.
    static std::vector<SchemaValidator> embedded_with_definitions(
        std::string_view schema_id, const std::vector<std::string>& definitions);
    /// The ids `embedded()` accepts, sorted ("lens-result.v1", ...).
    static std::vector<std::string> embedded_ids();

    SchemaValidator(SchemaValidator&&) noexcept;
    SchemaValidator& operator=(SchemaValidator&&) noexcept;
    ~SchemaValidator();

    /// Errors of the JSON text `document` (empty when valid). Throws json::Error when the text
    /// is not JSON at all.
    std::vector<ValidationError> validate(std::string_view document) const;
    /// Text overloads: without them a std::string or a literal would be ambiguous between the
    /// text and the Value overloads (Value converts from both).
    std::vector<ValidationError> validate(const std::string& document) const {
        return validate(std::string_view(document));
    }
    std::vector<ValidationError> validate(const char* document) const {
        return validate(std::string_view(document));
    }
    /// Same, for an in-memory value (written canonically, then validated).
    std::vector<ValidationError> validate(const Value& document) const;
    /// Same, for a JSON file, parsed straight into simdjson's padded buffer (no extra copy of a
    /// large document). Throws util::IoError when unreadable, json::Error when not JSON.
    std::vector<ValidationError> validate_file(const std::filesystem::path& path) const;

  private:
    struct Impl;
    explicit SchemaValidator(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace qa::json
