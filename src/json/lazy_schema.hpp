#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "json/schema_validator.hpp"

namespace qa::json {

/// An embedded schema compiled the first time it is used, once, whichever thread asks first.
/// A lens that may validate an answer holds one: most runs never ask (a commit without a model
/// lens), and compiling a schema is far dearer than validating a small document with it.
class LazySchema {
  public:
    /// `schema_id` as SchemaValidator::embedded() takes it ("model-findings.v1").
    explicit LazySchema(std::string schema_id);
    ~LazySchema();
    LazySchema(const LazySchema&) = delete;
    LazySchema& operator=(const LazySchema&) = delete;

    /// The compiled schema. Throws json::Error for an unknown id, on every call.
    const SchemaValidator& get() const;

  private:
    std::string id_;
    mutable std::once_flag once_;
    mutable std::unique_ptr<const SchemaValidator> compiled_;
};

}  // namespace qa::json
