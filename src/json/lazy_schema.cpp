#include "json/lazy_schema.hpp"

#include <utility>

namespace qa::json {

LazySchema::LazySchema(std::string schema_id) : id_(std::move(schema_id)) {}

LazySchema::~LazySchema() = default;

const SchemaValidator& LazySchema::get() const {
    // call_once runs the lambda again after one that threw: an unknown id throws every time.
    std::call_once(once_, [this] {
        compiled_ = std::make_unique<const SchemaValidator>(SchemaValidator::embedded(id_));
    });
    return *compiled_;
}

}  // namespace qa::json
