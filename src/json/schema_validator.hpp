#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "json/value.hpp"

namespace qa::json {

/// One way a document breaks a schema: where (RFC 6901 pointer into the document) and why.
struct ValidationError {
    std::string pointer;
    std::string message;
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

    SchemaValidator(SchemaValidator&&) noexcept;
    SchemaValidator& operator=(SchemaValidator&&) noexcept;
    ~SchemaValidator();

    /// Errors of the JSON text `document` (empty when valid). Throws json::Error when the text
    /// is not JSON at all.
    std::vector<ValidationError> validate(std::string_view document) const;
    /// Same, for an in-memory value (written canonically, then validated).
    std::vector<ValidationError> validate(const Value& document) const;

private:
    struct Impl;
    explicit SchemaValidator(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace qa::json
