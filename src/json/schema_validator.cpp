// Compiles draft-07 schemas with valijson over simdjson's DOM and validates documents. The
// schema text is prepared first (json/schema_prepare.hpp), every referenced document loaded and
// checked for cycles (json/schema_set.hpp, json/ref_cycles.hpp), and `format`, `multipleOf`
// and `pattern` are qa-skill's own constraints (json/schema_constraints.hpp).
#include "json/schema_validator.hpp"

#include <simdjson.h>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

#include <map>
#include <stdexcept>

#include "json/big_integers.hpp"
#include "json/canonical.hpp"
#include "json/error.hpp"
#include "json/ref_cycles.hpp"
#include "json/schema_constraints.hpp"
#include "json/schema_set.hpp"
#include "json/schema_sources.hpp"
#include "json/simdjson_adapter.hpp"
#include "json/uri.hpp"
#include "util/embedded_files.hpp"
#include "util/file.hpp"

namespace qa::json {

namespace fs = std::filesystem;

struct SchemaValidator::Impl {
    /// Owns every subschema; shared by the validators of one embedded_with_definitions().
    std::shared_ptr<const valijson::Schema> schema;
    const valijson::Subschema* subschema = nullptr;  ///< what this one checks, in `schema`

    /// Compiles the schema `text` whose URI is `uri`; `name` prefixes error messages. `embedded`:
    /// the schema and all it refers to are built in, whose `$ref`s a test holds free of cycles
    /// (json/ref_cycles.hpp), so the check is not paid again on every run.
    static std::unique_ptr<Impl> compile(std::string_view text, const std::string& uri,
                                         const SchemaSources& user, const std::string& name,
                                         bool embedded = false);
    std::vector<ValidationError> validate(simdjson::dom::element root) const;
};

std::unique_ptr<SchemaValidator::Impl> SchemaValidator::Impl::compile(std::string_view text,
                                                                      const std::string& uri,
                                                                      const SchemaSources& user,
                                                                      const std::string& name,
                                                                      bool embedded) {
    try {
        const SchemaSet set = SchemaSet::load(text, uri, user);
        if (!embedded) {
            check_ref_cycles(set);
        }
        auto compiled = std::make_shared<valijson::Schema>();
        valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
        add_custom_constraints(parser);
        // The fetched documents are owned here, not by valijson: it frees them only when
        // populateSchema returns normally, so a schema that fails to compile would leak them.
        std::vector<std::unique_ptr<SimdjsonDocument>> fetched_documents;
        const auto fetch =
            [&set, &fetched_documents](const std::string& fetched) -> const SimdjsonDocument* {
            const PreparedSchema* doc = set.find(strip_fragment(fetched));
            if (doc == nullptr) {
                return nullptr;
            }
            fetched_documents.push_back(SimdjsonDocument::parse(doc->text));
            return fetched_documents.back().get();
        };
        const auto free = [](const SimdjsonDocument*) {};
        const auto root = SimdjsonDocument::parse(set.find(uri)->text);
        parser.populateSchema(SimdjsonAdapter(root->root()), *compiled, fetch, free);
        auto impl = std::make_unique<SchemaValidator::Impl>();
        impl->subschema = compiled.get();
        impl->schema = std::move(compiled);
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
        if (validator.validate(*subschema, SimdjsonAdapter(root), &results)) {
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
    return SchemaValidator(Impl::compile(*text, std::string(kEmbeddedScheme) + path, {},
                                         std::string(schema_id), true));
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

std::vector<SchemaValidator> SchemaValidator::embedded_with_definitions(
    std::string_view schema_id, const std::vector<std::string>& definitions) {
    const std::string path = std::string(kEmbeddedSchemaDir) + std::string(schema_id) + ".json";
    if (!util::find_embedded(path)) {
        throw Error("", "unknown schema id '" + std::string(schema_id) + "'");
    }
    // One schema whose properties are the parts wanted: "" the whole schema, each definition
    // under its name. valijson compiles each `$ref` target once and points the property at it,
    // so the parts come out of one compilation. The bundle sits beside the schema, so its
    // `$ref`s load the embedded document like any other.
    const std::string uri = std::string(kEmbeddedScheme) + path;
    Object parts{{"", Value(Object{{"$ref", Value(uri)}})}};
    for (const auto& name : definitions) {
        parts.emplace_back(
            name, Value(Object{{"$ref", Value(uri + "#" + pointer_append("/definitions", name))}}));
    }
    const std::string bundle = canonical(Value(Object{{"properties", Value(std::move(parts))}}));
    const auto compiled = Impl::compile(bundle, uri + ".parts", {}, std::string(schema_id), true);

    std::map<std::string, const valijson::Subschema*, std::less<>> roots;
    valijson::Subschema::ApplyFunction collect =
        [&roots](const valijson::constraints::Constraint& c) {
            if (const auto* properties =
                    dynamic_cast<const valijson::constraints::PropertiesConstraint*>(&c)) {
                properties->applyToProperties(
                    [&roots](const auto& name, const valijson::Subschema* sub) {
                        roots.emplace(std::string(name.begin(), name.end()), sub);
                        return true;
                    });
            }
            return true;
        };
    compiled->schema->apply(collect);

    std::vector<SchemaValidator> out;
    out.reserve(definitions.size() + 1);
    const auto part = [&](const std::string& name) {
        const auto it = roots.find(name);
        if (it == roots.end() || it->second == nullptr) {
            throw Error("", std::string(schema_id) + ": no definition '" + name + "'");
        }
        auto impl = std::make_unique<Impl>();
        impl->schema = compiled->schema;
        impl->subschema = it->second;
        return SchemaValidator(std::move(impl));
    };
    out.push_back(part(""));
    for (const auto& name : definitions) {
        out.push_back(part(name));
    }
    return out;
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
    simdjson::dom::element root;
    auto error = parser.parse(simdjson::padded_string(document)).get(root);
    if (error == simdjson::NUMBER_ERROR) {
        // An integer beyond simdjson's range (canonical() writes -2^63 so): read as a double.
        if (const auto widened = widen_big_integers(document)) {
            error = parser.parse(simdjson::padded_string(*widened)).get(root);
        }
    }
    if (error != simdjson::SUCCESS) {
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
    auto error = parser.parse(text).get(root);
    if (error == simdjson::NUMBER_ERROR) {
        if (const auto widened = widen_big_integers(std::string_view(text.data(), text.size()))) {
            error = parser.parse(simdjson::padded_string(*widened)).get(root);
        }
    }
    if (error != simdjson::SUCCESS) {
        throw Error("", path.string() + ": not valid JSON: " + simdjson::error_message(error));
    }
    return impl_->validate(root);
}

}  // namespace qa::json
